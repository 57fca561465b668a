/**
 * Tool tables registered by another module: an imported object iterated into a registration
 * (`for (const [name, def] of Object.entries(defs)) server.registerTool(name, ...)`,
 * `Object.values(defs).forEach((tool) => server.addTool(tool))`) reaches it, and each of its
 * entries is a tool (forms/tool-table.ts, `tableCounts`).
 */
import { Node } from 'web-tree-sitter';
import { FileContext } from './context';
import { ImportBinding } from './imports';
import { SDK_METHODS } from './forms/sdk-calls';
import { callArguments, calleeProperty, namedChildrenOf, unwrapExpression } from './syntax';

const ITERATIONS = new Set(['entries', 'values']);
const CALLBACK_METHODS = new Set(['forEach', 'map', 'flatMap']);

/** Whether a registration call (by its method's name) is made inside `node`. */
function registersInside(node: Node | null | undefined): boolean {
  return !!node && node.descendantsOfType('call_expression').some((call) => !!call && SDK_METHODS.includes(calleeProperty(call)?.text ?? ''));
}

/** What consumes an iteration's result: a `for ... of` loop's body, or the callback of `.forEach` / `.map`. */
function consumerOf(iteration: Node): Node | undefined {
  const parent = iteration.parent;
  if (parent?.type === 'for_in_statement' && parent.childForFieldName('right')?.equals(iteration)) return parent.childForFieldName('body') ?? undefined;
  const method = parent?.type === 'member_expression' && parent.childForFieldName('object')?.equals(iteration) ? parent.childForFieldName('property')?.text : undefined;
  const call = parent?.parent;
  if (!method || !CALLBACK_METHODS.has(method) || call?.type !== 'call_expression') return undefined;
  return callArguments(call)[0];
}

/** The imported bindings this module iterates into a registration. */
export function registeredTableImports(calls: readonly Node[], context: FileContext): ImportBinding[] {
  const bindings = context.importBindings?.();
  if (!bindings) return [];
  const used = new Map<string, ImportBinding>();
  const use = (node: Node | undefined): void => {
    const expression = node && unwrapExpression(node);
    const binding = expression?.type === 'identifier' ? bindings.get(expression.text) : undefined;
    if (binding && binding.name !== '*') used.set(binding.local, binding);
  };
  for (const call of calls) {
    const callee = call.childForFieldName('function');
    const object = callee?.type === 'member_expression' ? callee.childForFieldName('object') : undefined;
    const property = callee?.childForFieldName('property')?.text;
    if (object?.text === 'Object' && property && ITERATIONS.has(property) && registersInside(consumerOf(call))) use(callArguments(call)[0]);
  }
  return [...used.values()];
}

/** The name a module-level `const` binds to this object literal (through `as const`, `satisfies`), if any. */
export function boundTableName(object: Node): string | undefined {
  // Only a statement's own object can be bound at the top level: no walk up from nested literals (a node's parent is found from the root).
  if (!boundAtTopLevel(object)) return undefined;
  let site = object.parent;
  while (site && ['as_expression', 'satisfies_expression', 'parenthesized_expression', 'non_null_expression'].includes(site.type)) site = site.parent;
  if (site?.type !== 'variable_declarator') return undefined;
  const declaration = site.parent;
  const statement = declaration?.parent?.type === 'export_statement' ? declaration.parent : declaration;
  if (statement?.parent?.type !== 'program') return undefined;
  const name = site.childForFieldName('name');
  return name?.type === 'identifier' ? name.text : undefined;
}

/** Whether `node` is the value of a declarator of a top-level `const`/`let`/`var` (through `as const`, `satisfies`). */
function boundAtTopLevel(node: Node): boolean {
  for (const statement of node.tree.rootNode.namedChildren) {
    if (!statement || statement.startIndex > node.startIndex || statement.endIndex < node.endIndex) continue;
    const declaration = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if (declaration?.type !== 'lexical_declaration' && declaration?.type !== 'variable_declaration') return false;
    return namedChildrenOf(declaration).some((declarator) => {
      const value = declarator.type === 'variable_declarator' ? declarator.childForFieldName('value') : null;
      return !!value && unwrapExpression(value).equals(node);
    });
  }
  return false;
}

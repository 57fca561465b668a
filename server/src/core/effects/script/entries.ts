/**
 * Where a TS/JS tool's body is (issue 27, "Where a tool's body is"): the `registerTool` / `tool`
 * callback (or the function it names), FastMCP `addTool`'s `execute`, a tool object's or tool
 * table entry's `execute` / `handler`, a tool class's handler method; for a tool listed by a
 * low-level server, the `case` of the `tools/call` handler that matches its name, or the function a
 * handlers object maps the name to.
 */
import { Node } from 'web-tree-sitter';
import { namedChildrenOf, rangeOf, stringValue } from '../../frontends/typescript/syntax';
import { ToolDeclaration } from '../../model';
import { nodeAtRange, ToolEntry } from '../entry';
import { ScriptEffects } from './summarise';
import { callArgumentNodes, isFunctionNode, isProjectSpecifier, objectProperty, unwrap } from './syntax';
import { branchSummary, dispatchKey, dispatchNames, dispatchOf } from './dispatch';

const HANDLER_KEYS = ['execute', 'handler', 'run', 'callback', 'handle', 'invoke', 'fn'];
const CLASS_HANDLERS = ['execute', 'handler', 'run', 'call', '_call', 'invoke', 'handle'];

export function scriptEntry(effects: ScriptEffects, declaration: ToolDeclaration): ToolEntry | undefined {
  const node = nodeAtRange(effects.root, declaration.range);
  if (!node) return undefined;
  const name = declaration.name ?? 'tool';
  switch (declaration.form) {
    case 'ts-register-tool':
    case 'ts-server-tool': {
      const callback = [...callArgumentNodes(node)].reverse().find((argument) => isFunctionNode(unwrap(argument)) || unwrap(argument).type === 'identifier');
      return callback ? functionValueEntry(effects, unwrap(callback), name) : undefined;
    }
    case 'fastmcp-add-tool': {
      const object = callArgumentNodes(node).map(unwrap).find((argument) => argument.type === 'object');
      return object ? objectEntry(effects, object, name, declaration) : undefined;
    }
    case 'ts-class': {
      const body = node.childForFieldName('body');
      const method = namedChildrenOf(body ?? node).find((member) => (member.type === 'method_definition' || member.type === 'public_field_definition') && CLASS_HANDLERS.includes(member.childForFieldName('name')?.text ?? ''));
      const fn = method?.type === 'method_definition' ? method : method && unwrap(method.childForFieldName('value') ?? method);
      return fn && isFunctionOrMethod(fn) ? summaryEntry(effects, fn, method!.childForFieldName('name')!.text, node.childForFieldName('name')?.text) : undefined;
    }
    case 'ts-object-literal': {
      const object = node.type === 'pair' ? unwrap(node.childForFieldName('value') ?? node) : node;
      return object.type === 'object' ? objectEntry(effects, object, name, declaration) : undefined;
    }
    default:
      return undefined;
  }
}

function isFunctionOrMethod(node: Node): boolean {
  return node.type === 'method_definition' || isFunctionNode(node);
}

function summaryEntry(effects: ScriptEffects, fn: Node, name: string, className?: string): ToolEntry {
  const summary = effects.summariseFunction(fn, name, className);
  return { kind: 'summary', summary, toolParameters: new Set(summary.parameters.map((parameter) => parameter.name)) };
}

/** A function written inline, or one named: of this module, or imported from another. */
function functionValueEntry(effects: ScriptEffects, value: Node, name: string): ToolEntry | undefined {
  if (isFunctionNode(value)) return summaryEntry(effects, value, name);
  if (value.type !== 'identifier') return undefined;
  const local = effects.values.functions.get(value.text);
  if (local) return summaryEntry(effects, local, value.text);
  const imported = effects.values.imports.get(value.text);
  if (imported && isProjectSpecifier(imported.specifier)) return { kind: 'callee', callee: { kind: 'function', module: imported.specifier, name: imported.name === '*' ? value.text : imported.name } };
  return undefined;
}

/** A tool object's `execute` / `handler` (a property or a method); without one, the low-level `tools/call` handler's branch. */
function objectEntry(effects: ScriptEffects, object: Node, name: string, declaration: ToolDeclaration): ToolEntry | undefined {
  const method = namedChildrenOf(object).find((member) => member.type === 'method_definition' && HANDLER_KEYS.includes(member.childForFieldName('name')?.text ?? ''));
  if (method) return summaryEntry(effects, method, name);
  const property = objectProperty(object, HANDLER_KEYS);
  if (property) return functionValueEntry(effects, unwrap(property), name);
  return lowLevelEntry(effects, object, declaration);
}

/**
 * A tool a low-level server lists: the branch of this module's `tools/call` handler that matches its
 * name, the function a handlers object maps it to, or else the branch of a handler in a module that
 * imports the object (`export const toolSchema = {...}` dispatched in the server's module).
 */
function lowLevelEntry(effects: ScriptEffects, object: Node, declaration: ToolDeclaration): ToolEntry | undefined {
  const names = dispatchNames(declaration);
  if (!names.length) return undefined;
  const dispatch = dispatchOf(effects);
  if (dispatch.handlers.length) {
    const summary = branchSummary(effects, names);
    if (summary) return { kind: 'summary', summary, toolParameters: new Set(summary.parameters.map((parameter) => parameter.name)) };
    // A handlers object mapping the names to functions (`const handlers = { search: handleSearch }`).
    const value = names.map((text) => dispatch.mapped.get(text)).find(Boolean);
    return value && functionValueEntry(effects, value, declaration.name ?? value.text);
  }
  const binding = exportedBinding(object);
  return binding ? { kind: 'dispatched', binding, key: dispatchKey(names) } : undefined;
}

/** The exported module-level name an object is bound to (`export const kubectlContextSchema = {...}`). */
function exportedBinding(object: Node): string | undefined {
  let declarator = object.parent;
  while (declarator && ['as_expression', 'satisfies_expression', 'parenthesized_expression'].includes(declarator.type)) declarator = declarator.parent;
  const declaration = declarator?.parent;
  if (declarator?.type !== 'variable_declarator' || declaration?.parent?.type !== 'export_statement') return undefined;
  const name = declarator.childForFieldName('name');
  return name?.type === 'identifier' ? name.text : undefined;
}

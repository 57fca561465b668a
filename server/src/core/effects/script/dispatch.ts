/**
 * A low-level server's `tools/call` handler (`server.setRequestHandler(CallToolRequestSchema, async
 * (request) => { switch (request.params.name) { case "x": ... } })`): the handlers of a module, the
 * branch that runs for one tool's name, and the functions a handlers object maps names to. The
 * module that lists a tool may be another than the one whose handler dispatches it: that module's
 * summaries answer for the branch by its key (`tools/call["name"]`, ScriptEffects.moduleEffects).
 */
import { Node } from 'web-tree-sitter';
import { namedChildrenOf, rangeOf, stringValue } from '../../frontends/typescript/syntax';
import { ToolDeclaration } from '../../model';
import { FunctionSummary } from '../summary';
import type { ScriptEffects } from './summarise';
import { callArgumentNodes, isFunctionNode, unwrap } from './syntax';
import { ScriptScope } from './values';

/** A file's `tools/call` handlers and the functions objects map names to: read once per file (a file may list hundreds of tools). */
export interface Dispatch {
  handlers: Node[];
  /** `"name"` (as JSON) or the key as written, to the function it maps to. */
  mapped: Map<string, Node>;
}

const DISPATCH = new WeakMap<ScriptEffects, Dispatch>();

export function dispatchOf(effects: ScriptEffects): Dispatch {
  let dispatch = DISPATCH.get(effects);
  if (dispatch) return dispatch;
  dispatch = { handlers: callToolHandlers(effects.root), mapped: new Map() };
  if (dispatch.handlers.length) {
    for (const pair of effects.root.descendantsOfType('pair')) {
      const key = pair?.childForFieldName('key');
      const value = pair && unwrap(pair.childForFieldName('value') ?? pair);
      if (!key || value?.type !== 'identifier' || (!effects.values.functions.has(value.text) && !effects.values.imports.has(value.text))) continue;
      const text = key.type === 'string' ? JSON.stringify(stringValue(key)) : JSON.stringify(key.text);
      if (!dispatch.mapped.has(text)) dispatch.mapped.set(text, value);
    }
  }
  DISPATCH.set(effects, dispatch);
  return dispatch;
}

/** How a branch may test for the tool: its name as a string in any quotes, or the constant the declaration names it by. */
export function dispatchNames(declaration: ToolDeclaration): string[] {
  const texts: string[] = declaration.name !== undefined ? quotedForms(declaration.name) : [];
  const value = declaration.nameValue;
  if (value?.kind === 'unknown' && value.text) texts.push(value.text);
  return texts;
}

function quotedForms(name: string): string[] {
  return [JSON.stringify(name), `'${name}'`, `\`${name}\``];
}

/** The key a branch's summary has in its module's function table (and the path names it by). */
export function dispatchKey(names: readonly string[]): string {
  return `tools/call[${names[0]}]`;
}

/** The names a branch key stands for; undefined for any other key. */
export function namesOfKey(key: string): string[] | undefined {
  const inner = /^tools\/call\[(.+)\]$/.exec(key)?.[1];
  if (inner === undefined) return undefined;
  try {
    const name: unknown = JSON.parse(inner);
    return typeof name === 'string' ? quotedForms(name) : [inner];
  } catch {
    return [inner];
  }
}

/** The summary of the branch of the module's handlers that runs for a tool tested as one of `names`. */
export function branchSummary(effects: ScriptEffects, names: readonly string[]): FunctionSummary | undefined {
  for (const handler of dispatchOf(effects).handlers) {
    const branch = findBranch(handler, names);
    if (!branch) continue;
    const parameters = effects.values.parameterNodes(handler);
    const scope: ScriptScope = { locals: new Map() };
    for (const parameter of parameters) scope.locals.set(parameter.name, parameter.known);
    for (const statement of handler.childForFieldName('body')?.descendantsOfType(['lexical_declaration', 'variable_declaration']) ?? []) {
      if (statement && statement.endIndex <= branch.statements[0]?.startIndex) effects.values.declare(statement, scope);
    }
    return effects.summariseBody(dispatchKey(names), rangeOf(branch.at), parameters, branch.statements, scope);
  }
  return undefined;
}

/** The callbacks given to `setRequestHandler(CallToolRequestSchema, ...)` (or `"tools/call"`). */
function callToolHandlers(root: Node): Node[] {
  if (!/CallToolRequestSchema|tools\/call/.test(root.text)) return [];
  return root.descendantsOfType('call_expression').flatMap((call) => {
    const callee = call?.childForFieldName('function');
    if (!call || callee?.type !== 'member_expression' || callee.childForFieldName('property')?.text !== 'setRequestHandler') return [];
    const [schema, handler] = callArgumentNodes(call);
    if (!schema || !/CallToolRequestSchema|tools\/call/.test(schema.text)) return [];
    const fn = handler && handlerFunction(unwrap(handler));
    return fn ? [fn] : [];
  });
}

/** The handler function, also when a wrapper is given it (`withTelemetry(async (request) => ...)`, a wrapper of a wrapper). */
function handlerFunction(node: Node, depth = 0): Node | undefined {
  if (isFunctionNode(node)) return node;
  if (node.type !== 'call_expression' || depth >= 2) return undefined;
  for (const argument of callArgumentNodes(node)) {
    const fn = handlerFunction(unwrap(argument), depth + 1);
    if (fn) return fn;
  }
  return undefined;
}

/** The statements of a `case` matching the tool's name (until the case ends), or of an `if (name === "x")`. */
function findBranch(handler: Node, names: readonly string[]): { at: Node; statements: Node[] } | undefined {
  for (const clause of handler.descendantsOfType('switch_case')) {
    const value = clause?.childForFieldName('value');
    if (!clause || !value || !names.includes(value.text)) continue;
    const statements: Node[] = [];
    // Fall-through: a case without statements runs the next one's.
    for (let current: Node | null = clause; current; current = current.nextNamedSibling) {
      statements.push(...namedChildrenOf(current).filter((child) => child.id !== current!.childForFieldName('value')?.id));
      if (statements.length) break;
    }
    return { at: clause, statements };
  }
  for (const branch of handler.descendantsOfType('if_statement')) {
    const condition = branch && unwrap(branch.childForFieldName('condition') ?? branch);
    if (!branch || condition?.type !== 'binary_expression') continue;
    const sides = [condition.childForFieldName('left'), condition.childForFieldName('right')];
    if (!sides.some((side) => side && names.includes(side.text)) || !sides.some((side) => side && /name$/i.test(side.text))) continue;
    const consequence = branch.childForFieldName('consequence');
    return { at: branch, statements: consequence?.type === 'statement_block' ? namedChildrenOf(consequence) : consequence ? [consequence] : [] };
  }
  return undefined;
}

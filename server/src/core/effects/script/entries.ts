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
import { ScriptScope } from './values';

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
  return lowLevelEntry(effects, declaration);
}

/** `server.setRequestHandler(CallToolRequestSchema, async (request) => { switch (request.params.name) { case "x": ... } })`. */
function lowLevelEntry(effects: ScriptEffects, declaration: ToolDeclaration): ToolEntry | undefined {
  const names = nameTexts(declaration);
  const dispatch = dispatchOf(effects);
  if (!names.length || !dispatch.handlers.length) return undefined;
  for (const handler of dispatch.handlers) {
    const parameters = effects.values.parameterNodes(handler);
    const branch = findBranch(handler, names);
    if (branch) {
      const scope: ScriptScope = { locals: new Map() };
      for (const parameter of parameters) scope.locals.set(parameter.name, parameter.known);
      for (const statement of handler.childForFieldName('body')?.descendantsOfType(['lexical_declaration', 'variable_declaration']) ?? []) {
        if (statement && statement.endIndex <= branch.statements[0]?.startIndex) effects.values.declare(statement, scope);
      }
      const summary = effects.summariseBody(`tools/call[${names[0]}]`, rangeOf(branch.at), parameters, branch.statements, scope);
      return { kind: 'summary', summary, toolParameters: new Set(parameters.map((parameter) => parameter.name)) };
    }
  }
  // A handlers object mapping the names to functions (`const handlers = { search: handleSearch }`).
  const value = names.map((text) => dispatch.mapped.get(text)).find(Boolean);
  return value && functionValueEntry(effects, value, declaration.name ?? value.text);
}

/** A file's `tools/call` handlers and the functions objects map names to: read once per file (a file may list hundreds of tools). */
interface Dispatch {
  handlers: Node[];
  /** `"name"` (as JSON) or the key as written, to the function it maps to. */
  mapped: Map<string, Node>;
}

const DISPATCH = new WeakMap<ScriptEffects, Dispatch>();

function dispatchOf(effects: ScriptEffects): Dispatch {
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

function nameTexts(declaration: ToolDeclaration): string[] {
  const texts: string[] = [];
  if (declaration.name !== undefined) texts.push(JSON.stringify(declaration.name), `'${declaration.name}'`, `\`${declaration.name}\``);
  const value = declaration.nameValue;
  if (value?.kind === 'unknown' && value.text) texts.push(value.text);
  return texts;
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

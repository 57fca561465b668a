/**
 * Which server object a TS/JS registration call is made on (design.md, "Server identity"), and
 * whether the call counts as a registration: in a file importing an MCP server module; on a
 * server object made here or imported from another module; on a receiver of unknown type when
 * the project's manifest depends on an MCP SDK and the call has the SDK's shape.
 */
import { Node } from 'web-tree-sitter';
import { ServerFramework, ServerRef, symbolKey } from '../../project/view';
import { FileContext } from './context';
import { callArguments, calleeProperty, literalKeyName, namedChildrenOf, rangeOf, stringValue, unwrapExpression } from './syntax';

/** Server classes by name: `Server` (the SDK's low-level class) only when imported from a server module. */
const SERVER_CLASSES: Record<string, ServerFramework> = { McpServer: 'sdk', FastMCP: 'sdk', MCPServer: 'sdk', Server: 'lowlevel' };

export type ScriptReceiver =
  | { kind: 'server'; server: ServerRef }
  | { kind: 'not-server' }
  | { kind: 'unknown'; key: string };

const FUNCTION_TYPES = new Set(['function_declaration', 'generator_function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition']);

/** A name for a function that stays the same while the file is edited around it (`Registry.register`, `setup`). */
function functionName(definition: Node): string {
  const own = definition.childForFieldName('name')?.text
    ?? (definition.parent?.type === 'variable_declarator' ? definition.parent.childForFieldName('name')?.text : undefined)
    ?? (definition.parent?.type === 'pair' ? definition.parent.childForFieldName('key')?.text : undefined);
  const owner = enclosing(definition, ['class_declaration', 'class', 'abstract_class_declaration'])?.childForFieldName('name')?.text;
  const outer = enclosingFunction(definition);
  const base = own ?? (outer ? `${functionName(outer)}/callback` : 'callback');
  return owner && definition.type === 'method_definition' ? `${owner}.${base}` : base;
}

function enclosing(node: Node, types: readonly string[]): Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (types.includes(current.type)) return current;
  return undefined;
}

function enclosingFunction(node: Node): Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (FUNCTION_TYPES.has(current.type)) return current;
  return undefined;
}

/** A function's parameters in order: each one's name (undefined when destructured) and its type's name when annotated. */
export function parametersOf(definition: Node): Array<{ name?: string; typeName?: string }> {
  const single = definition.childForFieldName('parameter');
  if (single) return [{ name: single.text }];
  const parameters = definition.childForFieldName('parameters');
  return (parameters ? namedChildrenOf(parameters) : []).filter((parameter) => parameter.type !== 'comment').map((parameter) => {
    const pattern = parameter.childForFieldName('pattern') ?? parameter;
    const annotation = parameter.childForFieldName('type');
    const type = annotation ? namedChildrenOf(annotation)[0] : undefined;
    const typeNode = type?.type === 'generic_type' ? type.childForFieldName('name') : type;
    const typeName = typeNode?.type === 'nested_type_identifier' ? typeNode.childForFieldName('name')?.text : typeNode?.text;
    return { name: pattern.type === 'identifier' ? pattern.text : undefined, typeName };
  });
}

/** The parameter `name` of a function, with its type's name when annotated. */
function parameterOf(definition: Node, name: string): { typeName?: string } | undefined {
  return parametersOf(definition).find((parameter) => parameter.name === name);
}

/** The framework of a server class: by name, `Server` only when `importedFromServerModule` says the name is the SDK's. */
export function serverClassFramework(name: string | undefined, importedFromServerModule: (name: string) => boolean): ServerFramework | undefined {
  if (!name) return undefined;
  const framework = SERVER_CLASSES[name];
  if (framework !== 'lowlevel') return framework;
  return importedFromServerModule(name) ? framework : undefined;
}

function serverClass(name: string | undefined, context: FileContext): ServerFramework | undefined {
  return serverClassFramework(name, (local) => {
    const binding = context.importBindings?.().get(local);
    return !!binding && context.isServerModule?.(binding.specifier) === true;
  });
}

/** `new McpServer({ name: "x", ... })`: the server it makes, when it is one. */
function constructed(value: Node, key: string, variable: string, context: FileContext): ScriptReceiver {
  const expression = unwrapExpression(value);
  if (expression.type !== 'new_expression') return { kind: 'unknown', key };
  const constructor = expression.childForFieldName('constructor');
  const framework = serverClass(constructor?.type === 'identifier' ? constructor.text : constructor?.childForFieldName('property')?.text, context);
  if (!framework) return { kind: 'not-server' };
  const file = context.project?.file ?? '';
  return { kind: 'server', server: { key, framework, variable, name: serverNameOf(expression), file, range: rangeOf(value) } };
}

/** The `name` of `new McpServer({ name: "x" })` or `new FastMCP({ name: "x" })`. */
export function serverNameOf(construction: Node): string | undefined {
  const args = construction.childForFieldName('arguments');
  const first = args ? namedChildrenOf(args).find((child) => child.type !== 'comment') : undefined;
  if (first?.type !== 'object') return undefined;
  for (const pair of namedChildrenOf(first)) {
    const key = pair.type === 'pair' ? pair.childForFieldName('key') : undefined;
    const value = pair.childForFieldName('value');
    if (key && literalKeyName(key) === 'name' && value) return stringValue(value);
  }
  return undefined;
}

/** What the receiver of `receiver.registerTool(...)` is. */
export function scriptReceiverOf(receiver: Node, context: FileContext): ScriptReceiver {
  const file = context.project?.file ?? '';
  if (receiver.type === 'identifier') {
    const name = receiver.text;
    for (let definition = enclosingFunction(receiver); definition; definition = enclosingFunction(definition)) {
      const parameter = parameterOf(definition, name);
      if (!parameter) continue;
      const key = symbolKey(file, `${functionName(definition)}/${name}`);
      const framework = serverClass(parameter.typeName, context);
      if (framework) return { kind: 'server', server: { key, framework, variable: name, file, range: rangeOf(receiver) } };
      return { kind: 'unknown', key };
    }
    const binding = context.importBindings?.().get(name);
    if (binding) {
      const symbol = context.project?.scriptSymbol(binding.specifier, binding.name);
      if (symbol?.kind === 'server') return { kind: 'server', server: symbol.server };
      return { kind: 'unknown', key: symbolKey(file, name) };
    }
    // In a file importing a server module every receiver counts: its construction is not read (nor recorded as read).
    if (context.imports.server) return { kind: 'unknown', key: symbolKey(file, name) };
    const initializer = context.reader.scope.constInitializer(name);
    if (initializer) return constructed(initializer, symbolKey(file, name), name, context);
    return { kind: 'unknown', key: symbolKey(file, scoped(receiver, name)) };
  }
  if (receiver.type === 'member_expression') {
    const object = receiver.childForFieldName('object');
    const property = receiver.childForFieldName('property');
    const binding = object?.type === 'identifier' ? context.importBindings?.().get(object.text) : undefined;
    if (binding?.name === '*' && property) {
      const symbol = context.project?.scriptSymbol(binding.specifier, property.text);
      if (symbol?.kind === 'server') return { kind: 'server', server: symbol.server };
    }
  }
  return { kind: 'unknown', key: symbolKey(file, scoped(receiver, receiver.text)) };
}

/** The receiver's text qualified by the function it is used in: each function's own receivers are its own. */
function scoped(receiver: Node, text: string): string {
  const definition = enclosingFunction(receiver);
  return definition ? `${functionName(definition)}/${text}` : text;
}

function isFunction(node: Node | undefined): boolean {
  const type = node && unwrapExpression(node).type;
  return type === 'arrow_function' || type === 'function_expression' || type === 'function' || type === 'identifier' || type === 'member_expression';
}

/**
 * The SDK's shapes, for receivers whose type is unknown (rules.md): `x.registerTool(name, {...}, cb)`,
 * `x.tool(name, ..., cb)`, `x.addTool({ name, ... })`.
 */
export function hasSdkShape(method: string, args: readonly Node[]): boolean {
  const first = args[0] && unwrapExpression(args[0]);
  switch (method) {
    case 'registerTool':
      return args.length >= 2 && unwrapExpression(args[1]).type === 'object';
    case 'tool':
      return args.length >= 2 && (first?.type === 'string' || first?.type === 'template_string' || first?.type === 'identifier') && isFunction(args[args.length - 1]);
    case 'addTool':
      return first?.type === 'object' && namedChildrenOf(first).some((pair) => {
        const key = pair.type === 'pair' ? pair.childForFieldName('key') : pair.type === 'shorthand_property_identifier' ? pair : undefined;
        return !!key && (key.type === 'shorthand_property_identifier' ? key.text : literalKeyName(key)) === 'name';
      });
    default:
      return false;
  }
}

/** Whether every argument of a call is a parameter of the function it is made in. */
function passesOnlyParameters(call: Node): boolean {
  const args = callArguments(call);
  const definition = enclosingFunction(call);
  return !!definition && args.length > 0 && args.every((argument) => argument.type === 'identifier' && parameterOf(definition, argument.text) !== undefined);
}

/** Whether an SDK-named method call registers a tool, and on which server (undefined: the file's own receivers). */
export function registrationOf(call: Node, context: FileContext, asWrapperBody = false): { counts: boolean; receiver?: ScriptReceiver } {
  // A wrapper's own body (`function add(name, config, cb) { server.registerTool(name, config, cb) }`): its uses are the tools.
  if (!asWrapperBody && passesOnlyParameters(call)) return { counts: false };
  const callee = call.childForFieldName('function');
  const object = callee?.type === 'member_expression' ? callee.childForFieldName('object') : undefined;
  const receiver = object ? scriptReceiverOf(object, context) : undefined;
  if (context.imports.server) return { counts: true, receiver };
  if (receiver?.kind === 'server') return { counts: true, receiver };
  const method = calleeProperty(call)?.text ?? '';
  const counts = receiver?.kind === 'unknown' && context.project?.dependsOnSdk === true && hasSdkShape(method, callArguments(call));
  return { counts, receiver };
}

/**
 * Which server object a Python registration's receiver is (design.md, "Server identity"): one
 * made in this module (`mcp = FastMCP("x")`), one imported from another module of the project,
 * or one of a function's own (a parameter annotated with a server class, or made inside it).
 */
import { Node } from 'web-tree-sitter';
import { ServerFramework, ServerRef, symbolKey } from '../../project/view';
import { namedChildren, rangeOf } from '../syntax';
import { PythonModule } from './module';

/** Constructors that make a server, by name; `Server` only from the `mcp` package (the name is common). */
const SERVER_CONSTRUCTORS: Record<string, ServerFramework> = { FastMCP: 'sdk', MCPServer: 'sdk', MCPApp: 'arcade', Server: 'lowlevel' };

/** Frameworks whose `@x.tool` is not an MCP tool (rules.md: look-alikes stay quiet). */
const LOOK_ALIKE_PACKAGES = ['pydantic_ai', 'langchain', 'langchain_core', 'crewai', 'smolagents', 'llama_index', 'autogen'];

/** The framework a constructor's dotted path (after import aliases) makes a server of. */
export function serverFramework(path: string | undefined): ServerFramework | undefined {
  if (!path) return undefined;
  const name = path.slice(path.lastIndexOf('.') + 1);
  const framework = SERVER_CONSTRUCTORS[name];
  if (framework === 'lowlevel' && !(path.startsWith('mcp.') || path === 'Server')) return undefined;
  return framework;
}

/** What a registration's receiver is known to be. */
export type Receiver =
  | { kind: 'server'; server: ServerRef }
  /** Made by a constructor that is not a server's (`agent = Agent(...)`), or a look-alike framework's. */
  | { kind: 'not-server' }
  | { kind: 'unknown'; key: string };

/** The enclosing function definitions of a node, innermost first. */
function enclosingFunctions(node: Node): Node[] {
  const functions: Node[] = [];
  for (let current = node.parent; current; current = current.parent) if (current.type === 'function_definition') functions.push(current);
  return functions;
}

/** `Outer.method` for a method, `factory` for a function: a stable name for a function's own servers. */
function qualifiedName(definition: Node): string {
  const names: string[] = [];
  for (let current: Node | null = definition; current; current = current.parent) {
    if (current.type === 'function_definition' || current.type === 'class_definition') names.unshift(current.childForFieldName('name')?.text ?? '?');
  }
  return names.join('.');
}

/** The parameter `name` of a function, with its annotation when it has one. */
function parameterOf(definition: Node, name: string): { annotation?: Node } | undefined {
  const parameters = definition.childForFieldName('parameters');
  for (const parameter of parameters ? namedChildren(parameters) : []) {
    if (parameter.type === 'identifier' && parameter.text === name) return {};
    const identifier = parameter.childForFieldName('name') ?? namedChildren(parameter).find((child) => child.type === 'identifier');
    if (identifier?.text === name) return { annotation: parameter.childForFieldName('type') ?? undefined };
  }
  return undefined;
}

/** Whether an identifier names a parameter of the function it is used in (the innermost one). */
export function isParameterOfEnclosingFunction(identifier: Node): boolean {
  const definition = enclosingFunctions(identifier)[0];
  return !!definition && parameterOf(definition, identifier.text) !== undefined;
}

/** The values assigned to `name` in the function's own body (not in nested functions or classes). */
function localAssignments(definition: Node, name: string): Node[] {
  const values: Node[] = [];
  const body = definition.childForFieldName('body');
  const visit = (node: Node): void => {
    for (const child of namedChildren(node)) {
      if (child.type === 'function_definition' || child.type === 'class_definition' || child.type === 'decorated_definition') continue;
      if (child.type === 'assignment' && child.childForFieldName('left')?.text === name) {
        const right = child.childForFieldName('right');
        if (right) values.push(right);
      }
      visit(child);
    }
  };
  if (body) visit(body);
  return values;
}

function constructorPath(value: Node | undefined, module: PythonModule): string | undefined {
  const callee = value?.type === 'call' ? value.childForFieldName('function') : undefined;
  return callee ? module.resolvePath(callee) : undefined;
}

/** The literal name given to a server's constructor: `FastMCP("jira")`, `MCPApp(name="jira")`. */
export function constructorName(value: Node): string | undefined {
  const argumentList = value.childForFieldName('arguments');
  if (!argumentList) return undefined;
  for (const argument of namedChildren(argumentList)) {
    if (argument.type === 'keyword_argument' && argument.childForFieldName('name')?.text === 'name') return stringText(argument.childForFieldName('value'));
    if (argument.type === 'string') return stringText(argument);
  }
  return undefined;
}

/** A string literal's text, or undefined for an f-string or any other expression. */
export function stringText(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'string' || namedChildren(node).some((child) => child.type === 'interpolation')) return undefined;
  return namedChildren(node).filter((child) => child.type === 'string_content').map((child) => child.text).join('');
}

function constructed(path: string | undefined, value: Node, key: string, variable: string, file: string): Receiver {
  const framework = serverFramework(path);
  if (!framework) return { kind: 'not-server' };
  return { kind: 'server', server: { key, framework, variable, name: constructorName(value), file, range: rangeOf(value) } };
}

function isLookAlike(path: string | undefined): boolean {
  return !!path && LOOK_ALIKE_PACKAGES.some((name) => path === name || path.startsWith(`${name}.`));
}

/** What the receiver of `@receiver.tool` / `receiver.add_tool(...)` is. */
export function receiverOf(receiver: Node, module: PythonModule): Receiver {
  const file = module.project?.file ?? '';
  if (receiver.type === 'identifier') {
    const name = receiver.text;
    for (const definition of enclosingFunctions(receiver)) {
      const scope = `${qualifiedName(definition)}/${name}`;
      const parameter = parameterOf(definition, name);
      if (parameter) {
        const annotationPath = parameter.annotation ? module.resolvePath(parameter.annotation) : undefined;
        const framework = serverFramework(annotationPath);
        if (framework) return { kind: 'server', server: { key: symbolKey(file, scope), framework, variable: name, file, range: rangeOf(receiver) } };
        return isLookAlike(annotationPath) ? { kind: 'not-server' } : { kind: 'unknown', key: symbolKey(file, scope) };
      }
      const assigned = localAssignments(definition, name);
      if (assigned.length === 1) return constructed(constructorPath(assigned[0], module), assigned[0], symbolKey(file, scope), name, file);
      if (assigned.length > 1) return { kind: 'unknown', key: symbolKey(file, scope) };
    }
    const value = module.constantValue(name);
    if (value) {
      const path = constructorPath(value, module);
      return path === undefined ? { kind: 'unknown', key: symbolKey(file, name) } : constructed(path, value, symbolKey(file, name), name, file);
    }
  }
  const path = receiver.type === 'identifier' || receiver.type === 'attribute' ? module.resolvePath(receiver) : undefined;
  if (path && (path !== receiver.text || path.includes('.'))) {
    const symbol = module.project?.pythonSymbol(path);
    if (symbol?.kind === 'server') return { kind: 'server', server: symbol.server };
  }
  if (isLookAlike(path) || LOOK_ALIKE_PACKAGES.some((name) => module.importsAny([name]))) return { kind: 'not-server' };
  const scope = enclosingFunctions(receiver)[0];
  return { kind: 'unknown', key: symbolKey(file, scope ? `${qualifiedName(scope)}/${receiver.text}` : receiver.text) };
}

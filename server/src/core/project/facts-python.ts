/**
 * What a Python module offers other modules, read from its syntax alone: the servers it makes at
 * the top level, the names it imports (a re-export is an import), the functions it defines.
 * Kept per module in the project index instead of its tree.
 */
import { Node, Tree } from 'web-tree-sitter';
import { memberPath, PythonModule } from '../frontends/python/module';
import { constructorName, serverFramework } from '../frontends/python/servers';
import { namedChildren, rangeOf } from '../frontends/syntax';
import { SourceText } from '../source-text';
import { PythonValues } from '../frontends/python/values';
import { Value } from '../model';
import { isPresetShaped, mayBePresetShaped, writtenIn } from './presets';
import { ServerRef, symbolKey } from './view';

export interface PythonFacts {
  kind: 'python';
  /** Module-level servers by variable: `mcp = FastMCP("jira")`. */
  servers: Map<string, ServerRef>;
  /** Names bound by imports, to the dotted path they stand for (`mcp` → `.server.mcp`). */
  imports: Map<string, string>;
  /** Names bound at the top level by anything else (functions, classes, other assignments). */
  others: Set<string>;
  /**
   * Compositions on module-level servers: `host.mount(sub, prefix="ro")`, `host.import_server(sub, prefix=...)`,
   * `app.add_tools_from_module(m)`, at the top level or in a function (a `setup()` that `main` calls).
   */
  compositions: PythonComposition[];
  /** `server.add_tool(fn)` on a module-level server with no annotations or metadata of its own: maybe a tool declared elsewhere, registered again. */
  registrations: Array<{ receiver: string; function: string }>;
  /** Module-level constants shaped like annotations or metadata (presets.ts), as written here. */
  presets: Map<string, Value>;
}

/** A server's tools put on another one: the names as the module writes them (resolved by the index). */
export interface PythonComposition {
  method: 'mount' | 'import_server' | 'add_tools_from_module';
  /** The host server's expression (`mcp`, `pkg.mcp`). */
  host: string;
  /** The sub-server's (or, for `add_tools_from_module`, the module's) expression. */
  sub: string;
  /** The prefix given (FastMCP lists the sub-server's tools as `${prefix}_${name}`): a string or a module constant. */
  prefix?: string;
  /** A prefix is given but not known statically (`prefix=settings.prefix`): the names listed are unknown. */
  prefixUnknown?: boolean;
}

/** How a composed tool's name shows its unknown prefix in the preview. */
export const UNKNOWN_PREFIX = '<prefix>';

const COMPOSITIONS = new Set<string>(['mount', 'import_server', 'add_tools_from_module']);

export function pythonFacts(tree: Tree, text: SourceText, file: string): PythonFacts {
  const module = new PythonModule(tree.rootNode, text);
  const facts: PythonFacts = { kind: 'python', servers: new Map(), imports: new Map(), others: new Set(), compositions: [], registrations: [], presets: new Map() };
  const values = new PythonValues(module);
  for (const statement of namedChildren(tree.rootNode)) readStatement(statement, module, values, file, facts);
  return facts;
}

function readStatement(statement: Node, module: PythonModule, values: PythonValues, file: string, facts: PythonFacts): void {
  switch (statement.type) {
    case 'import_from_statement': {
      const from = statement.childForFieldName('module_name')?.text;
      for (const name of statement.childrenForFieldName('name')) {
        const original = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
        const local = name?.type === 'aliased_import' ? name.childForFieldName('alias')?.text : original;
        if (from && original && local) facts.imports.set(local, memberPath(from, original));
      }
      break;
    }
    case 'import_statement':
      for (const name of namedChildren(statement)) {
        if (name.type === 'aliased_import') {
          const original = name.childForFieldName('name')?.text;
          const alias = name.childForFieldName('alias')?.text;
          if (original && alias) facts.imports.set(alias, original);
        } else if (name.type === 'dotted_name') {
          const first = name.text.split('.')[0];
          facts.imports.set(first, first);
        }
      }
      break;
    case 'expression_statement': {
      const assignment = namedChildren(statement)[0];
      if (assignment?.type === 'call') {
        readCall(assignment, values, facts);
        break;
      }
      const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
      const right = assignment?.childForFieldName('right');
      if (left?.type !== 'identifier') break;
      const callee = right?.type === 'call' ? right.childForFieldName('function') : undefined;
      const framework = callee ? serverFramework(module.resolvePath(callee)) : undefined;
      if (framework && right && module.constantValue(left.text)?.id === right.id) {
        facts.servers.set(left.text, { key: symbolKey(file, left.text), framework, variable: left.text, name: constructorName(right), file, range: rangeOf(left) });
      } else {
        facts.others.add(left.text);
        if (right && (right.type === 'dictionary' || right.type === 'call') && module.constantValue(left.text)?.id === right.id) readPreset(left.text, right, values, file, facts);
      }
      break;
    }
    case 'function_definition':
    case 'class_definition':
    case 'decorated_definition': {
      const definition = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
      const name = definition?.childForFieldName('name')?.text;
      if (name) facts.others.add(name);
      if (definition?.type === 'function_definition') readFunctionCalls(definition, values, facts);
      break;
    }
  }
}

function readPreset(name: string, right: Node, values: PythonValues, file: string, facts: PythonFacts): void {
  if (!mayBePresetShaped(values.shapeOf(right))) return;
  const value = values.valueOf(right);
  if (isPresetShaped(value)) facts.presets.set(name, writtenIn(value, file));
}

/** A dotted name (`mcp`, `pkg.server.mcp`) as written, or undefined for any other expression. */
function dottedName(node: Node | null | undefined): string | undefined {
  return node?.type === 'identifier' || (node?.type === 'attribute' && dottedName(node.childForFieldName('object')) !== undefined) ? node.text : undefined;
}

const BLOCKS = new Set(['block', 'if_statement', 'elif_clause', 'else_clause', 'with_statement', 'try_statement', 'except_clause', 'finally_clause', 'for_statement', 'while_statement']);

/**
 * The compositions and registrations a function makes on module-level names: its statements, into
 * nested blocks (not nested functions). A host or sub-server the function binds itself (a parameter,
 * an assignment) is its own, as servers built in functions are: left out.
 */
function readFunctionCalls(definition: Node, values: PythonValues, facts: PythonFacts): void {
  const body = definition.childForFieldName('body');
  if (!body) return;
  const locals = new Set<string>();
  for (const parameter of definition.childForFieldName('parameters')?.descendantsOfType('identifier') ?? []) if (parameter) locals.add(parameter.text);
  const calls: Node[] = [];
  const visit = (node: Node): void => {
    for (const child of namedChildren(node)) {
      if (child.type === 'expression_statement') {
        const expression = namedChildren(child)[0];
        if (expression?.type === 'call') calls.push(expression);
        if (expression?.type === 'assignment') for (const target of expression.childForFieldName('left')?.descendantsOfType('identifier') ?? []) if (target) locals.add(target.text);
      } else if (BLOCKS.has(child.type)) {
        for (const target of child.type === 'for_statement' ? child.childForFieldName('left')?.descendantsOfType('identifier') ?? [] : []) if (target) locals.add(target.text);
        visit(child);
      }
    }
  };
  visit(body);
  const global = (node: Node) => !locals.has(node.text.split('.')[0]);
  for (const call of calls) readCall(call, values, facts, global);
}

/** `host.mount(...)`, `host.import_server(...)`, `app.add_tools_from_module(m)`, `server.add_tool(fn)`, where `visible` says its names are the module's. */
function readCall(call: Node, values: PythonValues, facts: PythonFacts, visible: (name: Node) => boolean = () => true): void {
  const callee = call.childForFieldName('function');
  const argumentList = call.childForFieldName('arguments');
  const method = callee?.type === 'attribute' ? callee.childForFieldName('attribute')?.text : undefined;
  const hostNode = callee?.childForFieldName('object');
  const host = dottedName(hostNode);
  if (!method || !host || !hostNode || !visible(hostNode) || argumentList?.type !== 'argument_list') return;
  const positional = namedChildren(argumentList).filter((argument) => argument.type !== 'keyword_argument' && argument.type !== 'comment');
  const keywords = new Map(namedChildren(argumentList).filter((argument) => argument.type === 'keyword_argument')
    .map((argument) => [argument.childForFieldName('name')?.text ?? '', argument.childForFieldName('value')] as const));
  if (method === 'add_tool') {
    const registered = dottedName(positional[0]);
    if (registered && visible(positional[0]) && positional.length === 1 && !keywords.has('annotations') && !keywords.has('metadata')) facts.registrations.push({ receiver: host, function: registered });
    return;
  }
  if (!COMPOSITIONS.has(method)) return;
  // FastMCP 2.x: `mount(server, prefix=None)`; before 2.9: `mount(prefix, server)`; 3.x also names it `namespace`.
  const prefixNode = keywords.get('prefix') ?? keywords.get('namespace') ?? positional.find((argument) => argument.type === 'string');
  const subNode = keywords.get('server') ?? keywords.get('module') ?? positional.find((argument) => dottedName(argument) !== undefined);
  const sub = dottedName(subNode);
  if (!sub || !subNode || !visible(subNode)) return;
  const prefixValue = prefixNode && prefixNode.type !== 'none' ? values.valueOf(prefixNode) : undefined;
  const prefix = prefixValue?.kind === 'string' ? prefixValue.value : undefined;
  facts.compositions.push({ method: method as PythonComposition['method'], host, sub, prefix, ...(prefixValue && prefix === undefined ? { prefixUnknown: true } : {}) });
}

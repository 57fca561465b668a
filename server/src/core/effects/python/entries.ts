/**
 * Where a Python tool's body is (issue 27, "Where a tool's body is"): the decorated function; the
 * function given to `add_tool` / `Tool.from_function` / `mcp.tool()(fn)`, in this module or
 * imported; for a low-level server, the branch of the `call_tool` handler that matches the tool's
 * name (`match name:` / `if name == ...:`), or the function a dict of handlers maps the name to.
 */
import { Node } from 'web-tree-sitter';
import { namedChildren, rangeOf } from '../../frontends/syntax';
import { ToolDeclaration } from '../../model';
import { nodeAtRange, ToolEntry } from '../entry';
import { decoratorsOf, enclosingFunctions, PythonEffects } from './summarise';
import { Scope } from './values';
import { lastSegment, parentPath } from '../dotted-paths';

/** Parameters the framework fills, not the client: a context, the tool context. */
const INJECTED_ANNOTATIONS = /(^|\.)(Context|ToolContext|RequestContext|ServerSession)\b/;

export function pythonEntry(effects: PythonEffects, declaration: ToolDeclaration): ToolEntry | undefined {
  const node = nodeAtRange(effects.root, declaration.range);
  if (!node) return undefined;
  if (declaration.form === 'python-lowlevel-tool') return lowLevelEntry(effects, declaration);
  if (node.type === 'decorated_definition') {
    const definition = node.childForFieldName('definition');
    return definition?.type === 'function_definition' ? functionEntry(effects, definition) : undefined;
  }
  if (node.type !== 'call') return undefined;
  const outer = node.childForFieldName('function')?.type === 'call' ? node : undefined;
  const argumentList = (outer ?? node).childForFieldName('arguments');
  const registered = namedChildren(argumentList ?? node).find((argument) => argument.type !== 'keyword_argument' && argument.type !== 'comment');
  if (registered?.type !== 'identifier') return undefined;
  const nested = enclosingFunctions(node)[0]?.childForFieldName('body')?.descendantsOfType('function_definition').find((definition) => definition?.childForFieldName('name')?.text === registered.text);
  const local = nested ?? effects.values.functions.get(registered.text);
  if (local) return functionEntry(effects, local);
  const path = effects.values.module.resolvePath(registered);
  if (!path || path === registered.text) return undefined;
  return { kind: 'callee', callee: { kind: 'function', module: parentPath(path), name: lastSegment(path) } };
}

function functionEntry(effects: PythonEffects, definition: Node): ToolEntry {
  const summary = effects.summariseFunction(definition);
  return { kind: 'summary', summary, toolParameters: new Set(toolParameterNames(definition)) };
}

/** The parameters the client fills: every one but `self` and the injected context. */
function toolParameterNames(definition: Node): string[] {
  const names: string[] = [];
  for (const parameter of namedChildren(definition.childForFieldName('parameters') ?? definition)) {
    const name = parameter.type === 'identifier' ? parameter : parameter.childForFieldName('name') ?? namedChildren(parameter).find((child) => child.type === 'identifier');
    const annotation = parameter.childForFieldName('type')?.text ?? '';
    if (!name || name.text === 'self' || name.text === 'cls' || INJECTED_ANNOTATIONS.test(annotation)) continue;
    names.push(name.text);
  }
  return names;
}

const HANDLERS = new WeakMap<PythonEffects, Node[]>();

/** The `@server.call_tool()` handlers of the module (at any depth: servers are often made inside a function), read once per module. */
function callToolHandlers(effects: PythonEffects): Node[] {
  let handlers = HANDLERS.get(effects);
  if (!handlers) HANDLERS.set(effects, (handlers = readCallToolHandlers(effects.root)));
  return handlers;
}

function readCallToolHandlers(root: Node): Node[] {
  if (!root.text.includes('call_tool')) return [];
  return root.descendantsOfType('decorated_definition').flatMap((holder) => {
    const definition = holder?.childForFieldName('definition');
    if (definition?.type !== 'function_definition') return [];
    return decoratorsOf(definition).some((decorator) => decorator.called && decorator.name === 'call_tool') ? [definition] : [];
  });
}

/** The statements of a handler that run for one tool's name, or the function a dict maps the name to. */
function lowLevelEntry(effects: PythonEffects, declaration: ToolDeclaration): ToolEntry | undefined {
  const names = nameTexts(declaration);
  if (!names.length) return undefined;
  for (const handler of callToolHandlers(effects)) {
    const parameters = effects.values.parameterNodes(handler);
    const nameParameter = parameters[0]?.name;
    const argumentsParameter = parameters[1]?.name;
    if (!nameParameter) continue;
    const branch = findBranch(handler, nameParameter, names);
    if (branch) {
      const scope: Scope = { locals: new Map() };
      for (const parameter of parameters) scope.locals.set(parameter.name, parameter.known);
      for (const assignment of handler.childForFieldName('body')?.descendantsOfType('assignment') ?? []) {
        if (assignment && assignment.endIndex <= branch.statements[0].startIndex && enclosingFunctions(assignment)[0]?.id === handler.id) effects.values.assign(assignment, scope);
      }
      const summary = effects.summariseBody(`${handler.childForFieldName('name')?.text ?? 'call_tool'}[${names[0]}]`, rangeOf(branch.at), parameters, branch.statements, scope);
      return { kind: 'summary', summary, toolParameters: new Set(argumentsParameter ? [argumentsParameter] : []) };
    }
  }
  return callToolHandlers(effects).length ? dispatchTarget(effects, names) : undefined;
}

/** How a branch may name the tool: its name as a string, or the expression written for it (`GitTools.STATUS`). */
function nameTexts(declaration: ToolDeclaration): string[] {
  const texts: string[] = [];
  if (declaration.name !== undefined) texts.push(JSON.stringify(declaration.name), `'${declaration.name}'`);
  const value = declaration.nameValue;
  if (value?.kind === 'unknown' && value.text) texts.push(value.text);
  // A constant the name was read through (`case GitTools.STATUS:` tests the enum member).
  if (value?.viaName) texts.push(value.viaName);
  return texts;
}

/** `match name: case "x":` or `if name == "x":` / `elif`: the statements run for the tool's name. */
function findBranch(handler: Node, nameParameter: string, names: readonly string[]): { at: Node; statements: Node[] } | undefined {
  const matches = (node: Node | null | undefined) => !!node && names.includes(node.text);
  for (const match of handler.descendantsOfType('match_statement')) {
    if (match?.childForFieldName('subject')?.text !== nameParameter) continue;
    for (const clause of namedChildren(match.childForFieldName('body') ?? match)) {
      const pattern = namedChildren(clause).find((child) => child.type === 'case_pattern');
      const alternatives = pattern ? [pattern, ...namedChildren(pattern), ...pattern.descendantsOfType(['string', 'dotted_name'])] : [];
      if (clause.type === 'case_clause' && alternatives.some((alternative) => matches(alternative))) return { at: clause, statements: namedChildren(clause.childForFieldName('consequence') ?? clause) };
    }
  }
  for (const branch of handler.descendantsOfType(['if_statement', 'elif_clause'])) {
    const condition = branch?.childForFieldName('condition');
    if (!branch || condition?.type !== 'comparison_operator') continue;
    const operands = namedChildren(condition);
    if (operands.length !== 2 || !operands.some((operand) => operand.text === nameParameter) || !operands.some((operand) => matches(operand))) continue;
    return { at: branch, statements: namedChildren(branch.childForFieldName('consequence') ?? branch) };
  }
  return undefined;
}

/** `HANDLERS = {"x": handle_x}` (in the module or the handler): the function mapped to the tool's name. */
function dispatchTarget(effects: PythonEffects, names: readonly string[]): ToolEntry | undefined {
  for (const pair of effects.root.descendantsOfType('pair')) {
    if (!pair || !names.includes(pair.childForFieldName('key')?.text ?? '')) continue;
    const value = pair.childForFieldName('value');
    if (value?.type !== 'identifier') continue;
    const local = effects.values.functions.get(value.text);
    if (local) return functionEntry(effects, local);
    const path = effects.values.module.resolvePath(value);
    if (path && path !== value.text) return { kind: 'callee', callee: { kind: 'function', module: parentPath(path), name: lastSegment(path) } };
  }
  return undefined;
}

/**
 * Where a Go tool's body is (issue 27): the handler registered with it. go-sdk's
 * `mcp.AddTool(server, &mcp.Tool{...}, handler)` and mcp-go's `s.AddTool(mcp.NewTool(...), handler)`
 * give it after the tool; `server.ServerTool{Tool: ..., Handler: h}` by key; a tool constructor's
 * `return mcp.NewTool(...), handler` after it; a tool bound to a variable (`tool := mcp.NewTool(...)`)
 * where that variable is registered. The handler is a func literal, a function of the package
 * (`listIssues`, `handlers.ListIssues`), a method value (`s.handleSearch`), or the first of these
 * inside a wrapping call (`mcp.NewTypedToolHandler(h)`).
 */
import { Node } from 'web-tree-sitter';
import { unwrapParens } from '../../frontends/go/syntax';
import { namedChildren } from '../../frontends/syntax';
import { ToolDeclaration } from '../../model';
import { nodeAtRange, ToolEntry } from '../entry';
import { GoEffects, enclosingFunctions } from './summarise';
import { GoScope } from './values';

const HANDLER_KEYS = new Set(['Handler', 'handler', 'Handle']);

export function goEntry(effects: GoEffects, declaration: ToolDeclaration): ToolEntry | undefined {
  if (declaration.form !== 'go-sdk-tool' && declaration.form !== 'mcp-go-new-tool') return undefined;
  const node = nodeAtRange(effects.root, declaration.range);
  if (!node) return undefined;
  const tool = node.parent?.type === 'unary_expression' ? node.parent : node;
  const handler = handlerNode(tool, effects.root, effects.values.functions);
  return handler && handlerEntry(effects, handler, declaration.name ?? 'handler', 0);
}

/** The expression given as the tool's handler. */
function handlerNode(tool: Node, root: Node, functions: ReadonlyMap<string, Node>): Node | undefined {
  // A project wrapper given the handler with the tool's fields (`mcpdash.MustTool(name, description, handler, opts...)`).
  if (tool.type === 'call_expression') {
    const own = namedChildren(tool.childForFieldName('arguments') ?? tool).find((argument) => argument.type === 'func_literal' || (argument.type === 'identifier' && functions.has(argument.text)));
    if (own) return own;
  }
  const parent = tool.parent;
  if (!parent) return undefined;
  if (parent.type === 'argument_list' || (parent.type === 'expression_list' && parent.parent?.type === 'return_statement')) return handlerAfter(tool);
  if (parent.type === 'literal_element' && parent.parent?.type === 'keyed_element') {
    const literal = parent.parent.parent;
    for (const element of literal ? namedChildren(literal) : []) {
      const [key, value] = namedChildren(element);
      if (element.type === 'keyed_element' && key && HANDLER_KEYS.has(key.text)) return value && (namedChildren(value)[0] ?? value);
    }
    return undefined;
  }
  // `tool := mcp.NewTool(...)`: where the variable is registered.
  const declaration = parent.type === 'expression_list' ? parent.parent : undefined;
  if (!declaration || parent.namedChildren.length !== 1) return undefined;
  const left = declaration.childForFieldName('left') ?? declaration.childForFieldName('name');
  const name = left?.type === 'expression_list' ? namedChildren(left)[0]?.text : left?.text;
  if (!name) return undefined;
  const searched = enclosingFunctions(tool)[0] ?? root;
  for (const use of searched.descendantsOfType('identifier')) {
    if (use?.text !== name || use.startIndex <= tool.endIndex || use.parent?.type !== 'argument_list') continue;
    const next = handlerAfter(use);
    if (next) return next;
  }
  return undefined;
}

/** The handler among the arguments after the tool: a func literal, else the first function-like one (`[]scopes.Scope{...}` is not). */
function handlerAfter(tool: Node): Node | undefined {
  const following: Node[] = [];
  for (let next = tool.nextNamedSibling; next; next = next.nextNamedSibling) if (next.type !== 'comment') following.push(next);
  return following.find((node) => node.type === 'func_literal') ?? following.find((node) => ['identifier', 'selector_expression', 'call_expression', 'parenthesized_expression'].includes(node.type));
}

function handlerEntry(effects: GoEffects, handler: Node, name: string, depth: number): ToolEntry | undefined {
  const bare = unwrapParens(handler);
  if (bare.type === 'func_literal') return summaryEntry(effects, bare, name);
  if (bare.type === 'identifier') {
    const local = effects.values.functions.get(bare.text);
    if (local) return summaryEntry(effects, local, bare.text);
    return { kind: 'callee', callee: { kind: 'function', name: bare.text } };
  }
  if (bare.type === 'selector_expression') {
    const operand = bare.childForFieldName('operand');
    const field = bare.childForFieldName('field')?.text;
    if (!operand || !field) return undefined;
    const scope: GoScope = { locals: new Map() };
    const outer = enclosingFunctions(bare)[0];
    if (outer?.type === 'method_declaration') {
      const receiver = effects.values.receiverOf(outer);
      if (receiver?.name) scope.locals.set(receiver.name, { cls: { name: receiver.type } });
    }
    for (const parameter of outer ? effects.values.parameters(outer) : []) scope.locals.set(parameter.name, parameter.known);
    const path = effects.values.pathOf(bare, scope);
    if (path !== undefined) return { kind: 'callee', callee: { kind: 'function', module: path.slice(0, path.lastIndexOf('.')), name: field } };
    const value = effects.values.valueOf(operand, scope);
    if (!value.cls) return undefined;
    const method = value.cls.module === undefined ? effects.values.classes.get(value.cls.name)?.methods.get(field) : undefined;
    if (method) return summaryEntry(effects, method, field, value.cls.name);
    return { kind: 'callee', callee: { kind: 'method', class: value.cls, method: field } };
  }
  if (bare.type === 'call_expression' && depth < 2) {
    // `mcp.NewTypedToolHandler(handler)`, `withAuth(handler)`: the handler it wraps.
    const args = namedChildren(bare.childForFieldName('arguments') ?? bare);
    const inner = args.find((argument) => ['func_literal', 'identifier', 'selector_expression'].includes(unwrapParens(argument).type) && (unwrapParens(argument).type === 'func_literal' || /^[a-z_]|^handle|Handler$/i.test(argument.text)));
    return inner && handlerEntry(effects, inner, name, depth + 1);
  }
  return undefined;
}

function summaryEntry(effects: GoEffects, fn: Node, name: string, className?: string): ToolEntry {
  const summary = effects.summariseFunction(fn, name, className);
  const contexts = new Set(effects.values.parameters(fn).filter((parameter) => parameter.context).map((parameter) => parameter.name));
  return { kind: 'summary', summary, toolParameters: new Set(summary.parameters.map((parameter) => parameter.name).filter((parameter) => !contexts.has(parameter))) };
}

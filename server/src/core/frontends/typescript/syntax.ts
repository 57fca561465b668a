/** Small helpers over tree-sitter nodes of the TypeScript and JavaScript grammars. */
import { Node } from 'web-tree-sitter';
import { Position, Range } from '../../model';

export function positionOf(point: { row: number; column: number }): Position {
  return { line: point.row, character: point.column };
}

export function rangeOf(node: Node): Range {
  return { start: positionOf(node.startPosition), end: positionOf(node.endPosition) };
}

export function rangeFromTo(start: Node, end: Node): Range {
  return { start: positionOf(start.startPosition), end: positionOf(end.endPosition) };
}

export function childrenOf(node: Node): Node[] {
  return node.children.filter((child): child is Node => child !== null);
}

export function namedChildrenOf(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child !== null);
}

/** A token the parser invented to recover from an error (`}` the author has not typed yet). */
export function isRealToken(node: Node | null | undefined): node is Node {
  return !!node && !node.isMissing;
}

const WRAPPERS = new Set(['parenthesized_expression', 'as_expression', 'satisfies_expression', 'type_assertion', 'non_null_expression']);

/**
 * The expression under parentheses, `as const`, `as T`, `satisfies T`, `<T>x`, `x!` and
 * `Object.freeze(x)`, none of which change the value.
 */
export function unwrapExpression(node: Node): Node {
  let current = node;
  for (;;) {
    if (WRAPPERS.has(current.type)) {
      const inner = namedChildrenOf(current).find((child) => !isTypeNode(child));
      if (!inner) return current;
      current = inner;
    } else if (isObjectFreeze(current)) {
      current = callArguments(current)[0];
    } else {
      return current;
    }
  }
}

function isTypeNode(node: Node): boolean {
  return node.type === 'type_arguments' || node.type.endsWith('_type') || node.type === 'type_identifier'
    || node.type === 'predefined_type' || node.type === 'generic_type' || node.type === 'comment';
}

function isObjectFreeze(node: Node): boolean {
  if (node.type !== 'call_expression') return false;
  const callee = node.childForFieldName('function');
  return callee?.type === 'member_expression' && callee.text.replace(/\s/g, '') === 'Object.freeze' && callArguments(node).length === 1;
}

/** The argument expressions of a call, without punctuation and comments. */
export function callArguments(call: Node): Node[] {
  const args = call.childForFieldName('arguments');
  if (!args || args.type !== 'arguments') return [];
  return namedChildrenOf(args).filter((child) => child.type !== 'comment');
}

/** The property name of a callee `a.b.registerTool` (the `registerTool` node), if the callee is a member access. */
export function calleeProperty(call: Node): Node | undefined {
  const callee = call.childForFieldName('function');
  if (!callee || callee.type !== 'member_expression') return undefined;
  return callee.childForFieldName('property') ?? undefined;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function decodeEscape(escape: string): string {
  const body = escape.slice(1);
  if (body in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[body];
  if (/^x[0-9a-fA-F]{2}$/.test(body)) return String.fromCharCode(parseInt(body.slice(1), 16));
  if (/^u[0-9a-fA-F]{4}$/.test(body)) return String.fromCharCode(parseInt(body.slice(1), 16));
  if (/^u\{[0-9a-fA-F]+\}$/.test(body)) {
    const code = parseInt(body.slice(2, -1), 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  }
  if (body.startsWith('\r') || body.startsWith('\n') || body.startsWith('\u2028') || body.startsWith('\u2029')) return '';
  return body;
}

/** The value of a string literal or of a template string without substitutions; undefined otherwise. */
export function stringValue(node: Node): string | undefined {
  if (node.type !== 'string' && node.type !== 'template_string') return undefined;
  let value = '';
  for (const child of namedChildrenOf(node)) {
    if (child.type === 'string_fragment') value += child.text;
    else if (child.type === 'escape_sequence') value += decodeEscape(child.text);
    else if (child.type === 'template_substitution') return undefined;
  }
  return value;
}

/** The text of a number literal as a number (`60_000`, `0x10`, `1e3`). */
export function numberValue(text: string): number {
  const digits = text.replace(/_/g, '');
  if (/n$/.test(digits)) return Number(digits.slice(0, -1));
  if (/^0[0-7]+$/.test(digits)) return parseInt(digits, 8);
  return Number(digits);
}

/** `name`, `"name"`, `'name'`, `1` as a property key; undefined for computed keys. */
export function literalKeyName(key: Node): string | undefined {
  switch (key.type) {
    case 'property_identifier':
    case 'identifier':
    case 'private_property_identifier':
      return key.text;
    case 'string':
      return stringValue(key);
    case 'number':
      return String(numberValue(key.text));
    default:
      return undefined;
  }
}

/** The nearest ancestor (or the node itself) of one of the given types. */
export function closestAncestor(node: Node, types: readonly string[]): Node | undefined {
  for (let current: Node | null = node; current; current = current.parent) {
    if (types.includes(current.type)) return current;
  }
  return undefined;
}

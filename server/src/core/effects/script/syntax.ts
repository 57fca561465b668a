/** The TS/JS syntax the effect summaries read: wrappers, functions, calls' arguments, object properties, literals, module names. */
import { Node } from 'web-tree-sitter';
import { namedChildrenOf, stringValue } from '../../frontends/typescript/syntax';

const FUNCTION_TYPES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const WRAPPERS = new Set(['parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression', 'type_assertion', 'await_expression']);

/** `node:fs/promises` -> `fs`: the module name the tables use. */
export function canonicalModule(specifier: string): string {
  const bare = specifier.replace(/^node:/, '');
  if (bare === 'fs/promises' || bare === 'graceful-fs') return 'fs';
  return bare;
}

/** The node without the wrappers that do not change its value (`(x)`, `x as T`, `x!`, `await x`). */
export function unwrap(node: Node): Node {
  let current = node;
  while (WRAPPERS.has(current.type)) {
    const inner = namedChildrenOf(current).find((child) => !child.type.endsWith('_type') && child.type !== 'type_identifier' && child.type !== 'type_arguments');
    if (!inner) return current;
    current = inner;
  }
  return current;
}

export function isFunctionNode(node: Node | null | undefined): boolean {
  return !!node && FUNCTION_TYPES.has(node.type);
}

/** A specifier of the project's own modules: relative, absolute, or a path alias (`@/lib/db`, `~/db`). */
export function isProjectSpecifier(specifier: string): boolean {
  return specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('@/') || specifier.startsWith('~/') || specifier.startsWith('#');
}

/** `require("fs")`: the module required; undefined for any other expression. */
export function requiredModule(node: Node): string | undefined {
  if (node.type !== 'call_expression') return undefined;
  const callee = node.childForFieldName('function');
  if (callee?.type !== 'identifier' || callee.text !== 'require') return undefined;
  const first = callArgumentNodes(node)[0];
  return first ? stringValue(first) : undefined;
}

/** The argument nodes of a call or `new` (a tagged template's template is its one argument). */
export function callArgumentNodes(call: Node): Node[] {
  const args = call.childForFieldName('arguments');
  if (!args) return [];
  if (args.type === 'template_string') return [args];
  return namedChildrenOf(args).filter((child) => child.type !== 'comment');
}

/** The value of the first of `keys` in an object literal. */
export function objectProperty(object: Node, keys: readonly string[]): Node | undefined {
  for (const member of namedChildrenOf(object)) {
    if (member.type !== 'pair') continue;
    const key = member.childForFieldName('key');
    const name = key?.type === 'string' ? stringValue(key) : key?.text;
    if (name && keys.includes(name)) return member.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

/** The truth of a literal, or undefined for any other expression. */
export function literalTruth(node: Node): boolean | undefined {
  const bare = unwrap(node);
  switch (bare.type) {
    case 'true':
      return true;
    case 'false':
    case 'null':
    case 'undefined':
      return false;
    case 'number':
      return Number(bare.text.replace(/_/g, '')) !== 0;
    case 'string': {
      const value = stringValue(bare);
      return value === undefined ? undefined : value.length > 0;
    }
    default:
      return undefined;
  }
}

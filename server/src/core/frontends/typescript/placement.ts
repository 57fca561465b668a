/** Where an object literal sits: the type it is declared with, and whether a tools/list handler returns it. */
import { Node } from 'web-tree-sitter';
import { callArguments, calleeProperty, namedChildrenOf, stringValue, unwrapExpression } from './syntax';

const WRAPPERS = new Set(['parenthesized_expression', 'as_expression', 'satisfies_expression', 'type_assertion', 'non_null_expression']);

/** `types.Tool` → `Tool`, `readonly Tool[]` / `Array<Tool>` → `Tool[]` (one type node's text). */
function typeName(typeNode: Node): string {
  let text = typeNode.text.replace(/\s+/g, '');
  if (text.startsWith(':')) text = text.slice(1);
  text = text.replace(/^readonly/, '');
  const generic = /^(?:Readonly)?Array<(.*)>$/.exec(text);
  if (generic) text = `${generic[1]}[]`;
  return text.split('.').pop() ?? text;
}

function typeOfWrapper(wrapper: Node): string | undefined {
  const named = namedChildrenOf(wrapper).filter((child) => child.type !== 'comment');
  if (wrapper.type === 'type_assertion') {
    const type = named[0]?.type === 'type_arguments' ? namedChildrenOf(named[0])[0] : undefined;
    return type ? typeName(type) : undefined;
  }
  if (wrapper.type !== 'as_expression' && wrapper.type !== 'satisfies_expression') return undefined;
  return named.length >= 2 ? typeName(named[named.length - 1]) : undefined;
}

/**
 * The type an object literal is declared with: `const x: T = {...}`, `{...} satisfies T`,
 * `{...} as T`, or `T[]` for an element of an array declared with that type.
 */
export function declaredType(object: Node): string | undefined {
  let current = object;
  let inArray = false;
  for (let parent = current.parent; parent; current = parent, parent = parent.parent) {
    if (WRAPPERS.has(parent.type)) {
      const type = typeOfWrapper(parent);
      if (type) return inArray ? (type.endsWith('[]') ? type.slice(0, -2) : undefined) : type;
      continue;
    }
    if (parent.type === 'array' && !inArray) {
      inArray = true;
      continue;
    }
    if (parent.type === 'variable_declarator' || parent.type === 'public_field_definition') {
      const annotation = parent.childForFieldName('type');
      if (!annotation) return undefined;
      const type = typeName(annotation);
      if (!inArray) return type;
      return type.endsWith('[]') ? type.slice(0, -2) : undefined;
    }
    return undefined;
  }
  return undefined;
}

function isToolsListSelector(node: Node): boolean {
  const inner = unwrapExpression(node);
  if (stringValue(inner) === 'tools/list') return true;
  const text = inner.text;
  return text === 'ListToolsRequestSchema' || text.endsWith('.ListToolsRequestSchema');
}

/** Inside the handler of `x.setRequestHandler(ListToolsRequestSchema, ...)` (or `'tools/list'`). */
export function inToolsListHandler(node: Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type !== 'call_expression') continue;
    const property = calleeProperty(current);
    const callee = current.childForFieldName('function');
    const name = property?.text ?? (callee?.type === 'identifier' ? callee.text : undefined);
    if (name !== 'setRequestHandler' && name !== 'onRequest') continue;
    const [selector] = callArguments(current);
    if (selector && isToolsListSelector(selector) && !selector.equals(node) && node.startIndex >= selector.endIndex) return true;
  }
  return false;
}

const SCHEMA_KEYS = new Set(['inputSchema', 'outputSchema', 'parameters', 'properties', 'shape']);
const SCHEMA_BUILDERS = new Set(['object', 'strictObject', 'looseObject', 'extend', 'merge']);

/** A key whose object value is never a tool table: a schema's, or the annotations'. */
export function holdsNoTable(key: string): boolean {
  return key === 'annotations' || SCHEMA_KEYS.has(key);
}

/** An object literal that is not a tool table: a schema (`inSchemaPosition`) or an `annotations` value (`as const` included). */
export function inNoTablePosition(object: Node): boolean {
  if (inSchemaPosition(object)) return true;
  let parent = object.parent;
  while (parent && WRAPPERS.has(parent.type)) parent = parent.parent;
  const key = parent?.type === 'pair' ? parent.childForFieldName('key') : null;
  return !!key && holdsNoTable(stringValue(key) ?? key.text);
}

/**
 * A schema rather than a tool: the value of `inputSchema` / `parameters` / `properties`, or the
 * shape given to `z.object(...)` (a tool whose parameters are called `name` and `parameters`).
 */
export function inSchemaPosition(object: Node): boolean {
  const parent = object.parent;
  if (!parent) return false;
  if (parent.type === 'pair') {
    const key = parent.childForFieldName('key');
    return !!key && SCHEMA_KEYS.has(stringValue(key) ?? key.text);
  }
  if (parent.type === 'arguments' && parent.parent?.type === 'call_expression') {
    const method = calleeProperty(parent.parent)?.text;
    return !!method && SCHEMA_BUILDERS.has(method);
  }
  return false;
}

/** Where a binding keeps its value: `const x = ...`, a class field, `x = ...` / `module.exports = ...`, `export default ...`. */
const BOUND_VALUE_FIELDS: Readonly<Record<string, string>> = {
  variable_declarator: 'value', public_field_definition: 'value', field_definition: 'value', assignment_expression: 'right', export_statement: 'value',
};

/**
 * An object literal bound to a name or exported (`export const tools = {...} satisfies T`,
 * `Object.freeze({...})`, a class field, `module.exports = {...}`, `export default {...}`), not
 * one written as an argument or returned.
 */
export function isBoundValue(object: Node): boolean {
  let site = object.parent;
  while (site && (WRAPPERS.has(site.type) || site.type === 'arguments' || site.type === 'call_expression')) site = site.parent;
  const field = site ? BOUND_VALUE_FIELDS[site.type] : undefined;
  const value = field ? site?.childForFieldName(field) : undefined;
  return !!value && unwrapExpression(value).equals(object);
}

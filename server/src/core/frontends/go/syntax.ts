/** Small readers over tree-sitter-go nodes, shared by the Go front end and the project index. */
import { Node } from 'web-tree-sitter';
import { namedChildren } from '../syntax';

export const GO_SDK_PATH = 'github.com/modelcontextprotocol/go-sdk/mcp';
export const MCP_GO_PATH = 'github.com/mark3labs/mcp-go/mcp';

/** The text of a string literal (interpreted or raw); undefined for any other node. */
export function goString(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'raw_string_literal') return node.text.slice(1, -1).replace(/\r/g, '');
  if (node.type !== 'interpreted_string_literal') return undefined;
  return unquote(node.text);
}

/** A double-quoted Go string's text (escapes read as JSON reads them, close enough for text). */
export function unquote(quoted: string): string {
  const inner = quoted.slice(1, -1);
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return inner;
  }
}

/** `pkg.Name` as two identifiers (a selector whose operand is a plain identifier, or a qualified type). */
export function qualifiedName(node: Node | null | undefined): { qualifier: string; name: string } | undefined {
  if (node?.type === 'selector_expression') {
    const operand = node.childForFieldName('operand');
    const field = node.childForFieldName('field');
    return operand?.type === 'identifier' && field ? { qualifier: operand.text, name: field.text } : undefined;
  }
  if (node?.type === 'qualified_type') {
    const qualifier = node.childForFieldName('package');
    const name = node.childForFieldName('name');
    return qualifier && name ? { qualifier: qualifier.text, name: name.text } : undefined;
  }
  return undefined;
}

/** The expression inside parentheses. */
export function unwrapParens(node: Node): Node {
  let current = node;
  while (current.type === 'parenthesized_expression') {
    const inner = namedChildren(current)[0];
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** The arguments of a call, as written (comments left out). */
export function callArguments(call: Node): Node[] {
  const list = call.childForFieldName('arguments');
  return list ? namedChildren(list).filter((argument) => argument.type !== 'comment') : [];
}

/** A function's parameters in order, one per name (`a, b string` is two), with whether each is variadic and its type. */
export function parametersOf(declaration: Node): Array<{ name: string; type: Node | null; variadic: boolean }> {
  const list = declaration.childForFieldName('parameters');
  if (!list) return [];
  const parameters: Array<{ name: string; type: Node | null; variadic: boolean }> = [];
  for (const parameter of namedChildren(list)) {
    const variadic = parameter.type === 'variadic_parameter_declaration';
    if (!variadic && parameter.type !== 'parameter_declaration') continue;
    const type = parameter.childForFieldName('type');
    const names = parameter.childrenForFieldName('name').filter((name): name is Node => !!name);
    if (names.length === 0) parameters.push({ name: '', type, variadic });
    for (const name of names) parameters.push({ name: name.text, type, variadic });
  }
  return parameters;
}

/** The name and value node of each name a `var` or `const` declaration binds (a value only where names and values pair up). */
export function specBindings(declaration: Node): Array<{ name: Node; value?: Node }> {
  const specs = namedChildren(declaration).flatMap((child) => (child.type === 'var_spec_list' || child.type === 'const_spec_list' ? namedChildren(child) : [child]));
  const bindings: Array<{ name: Node; value?: Node }> = [];
  for (const spec of specs) {
    if (spec.type !== 'var_spec' && spec.type !== 'const_spec') continue;
    const names = spec.childrenForFieldName('name').filter((name): name is Node => !!name);
    const list = spec.childForFieldName('value');
    const values = list ? namedChildren(list) : [];
    names.forEach((name, index) => bindings.push({ name, value: values.length === names.length ? values[index] : undefined }));
  }
  return bindings;
}

/** The package name an import path binds when it is not renamed: its last element, without a `/vN` major version or a `.vN` suffix. */
export function defaultPackageName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts[parts.length - 1] ?? importPath;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2];
  return last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/-/g, '_');
}

/** The imports of a file's top-level `import` declarations: local name to import path (`_` and `.` imports left out). */
export function importsOf(topLevel: Iterable<Node>): Map<string, string> {
  const imports = new Map<string, string>();
  for (const declaration of topLevel) {
    if (declaration.type !== 'import_declaration') continue;
    const specs = namedChildren(declaration).flatMap((child) => (child.type === 'import_spec_list' ? namedChildren(child) : [child]));
    for (const spec of specs) {
      if (spec.type !== 'import_spec') continue;
      const importPath = goString(spec.childForFieldName('path'));
      if (importPath === undefined) continue;
      const name = spec.childForFieldName('name');
      if (name && name.type !== 'package_identifier') continue;
      imports.set(name?.text ?? defaultPackageName(importPath), importPath);
    }
  }
  return imports;
}

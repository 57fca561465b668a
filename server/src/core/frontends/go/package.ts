/**
 * What a Go file's top-level declarations bind for the rest of its package: constants and
 * variables with their value, functions (some of them pointer helpers or tool wrappers), types.
 * Read from the syntax alone; the front end and the project index both use it.
 */
import { Node } from 'web-tree-sitter';
import { namedChildren } from '../syntax';
import { callArguments, parametersOf, qualifiedName, specBindings, unwrapParens } from './syntax';
import { withFields } from '../../with-fields';

export type GoBinding =
  /** A `var` or `const` whose value is written next to its name. */
  | { kind: 'value'; name: Node; value: Node }
  | { kind: 'function'; declaration: Node }
  /** A type: its `type_spec` (`GetInput struct {...}`), whose fields a go-sdk tool's input schema lists. */
  | { kind: 'type'; spec: Node }
  | { kind: 'other' };

/**
 * A function that forwards `...mcp.ToolOption` to mcp-go's `NewTool` (grafana's `MustTool(name,
 * description, handler, options...)`): its calls declare tools. Indexes are its parameters'.
 */
export interface GoWrapper {
  name: string;
  /** The parameter holding the tool's name; -1 when not known. */
  nameIndex: number;
  /** The parameter holding the description (passed to `WithDescription`); -1 when none. */
  descriptionIndex: number;
  /** The variadic parameter taking the options. */
  optionsIndex: number;
}

/** The package-level names one top-level declaration binds, and what each is. */
export function bindingsOf(declaration: Node): Array<[string, GoBinding]> {
  switch (declaration.type) {
    case 'var_declaration':
    case 'const_declaration':
      return specBindings(declaration).map(({ name, value }): [string, GoBinding] => [name.text, value ? { kind: 'value', name, value } : { kind: 'other' }]);
    case 'function_declaration': {
      const name = declaration.childForFieldName('name')?.text;
      return name ? [[name, { kind: 'function', declaration }]] : [];
    }
    case 'type_declaration':
      return namedChildren(declaration).flatMap((spec): Array<[string, GoBinding]> => {
        const name = spec.childForFieldName('name')?.text;
        return name ? [[name, spec.type === 'type_spec' ? { kind: 'type', spec } : { kind: 'other' }]] : [];
      });
    default:
      return [];
  }
}

/** The names a top-level declaration binds (without reading their values). */
export function namesOf(declaration: Node): string[] {
  return bindingsOf(declaration).map(([name]) => name);
}

/** The one statement of a function body, when it has exactly one. */
function onlyStatement(declaration: Node): Node | undefined {
  const body = declaration.childForFieldName('body');
  const list = body ? namedChildren(body).find((child) => child.type === 'statement_list') : undefined;
  const statements = list ? namedChildren(list).filter((statement) => statement.type !== 'comment') : [];
  return statements.length === 1 ? statements[0] : undefined;
}

/**
 * `func boolPtr(b bool) *bool { return &b }`, `func Ptr[T any](v T) *T { return &v }` or with
 * `return new(b)`: a function returning a pointer to its one argument.
 */
export function isPointerHelper(declaration: Node): boolean {
  if (declaration.type !== 'function_declaration' || declaration.childForFieldName('result')?.type !== 'pointer_type') return false;
  const parameters = parametersOf(declaration);
  if (parameters.length !== 1 || parameters[0].variadic || !parameters[0].name) return false;
  const statement = onlyStatement(declaration);
  if (statement?.type !== 'return_statement') return false;
  const results = namedChildren(statement).flatMap((child) => (child.type === 'expression_list' ? namedChildren(child) : [child]));
  if (results.length !== 1) return false;
  const result = unwrapParens(results[0]);
  const name = parameters[0].name;
  if (result.type === 'unary_expression') return result.childForFieldName('operator')?.text === '&' && result.childForFieldName('operand')?.text === name;
  if (result.type === 'call_expression' && result.childForFieldName('function')?.text === 'new') {
    const argument = callArguments(result);
    return argument.length === 1 && argument[0].text === name;
  }
  return false;
}

/** The wrapper a function declaration is, given the local names of the mcp-go package in its file. */
export function wrapperOf(declaration: Node, mcpGo: ReadonlySet<string>): GoWrapper | undefined {
  if (declaration.type !== 'function_declaration' || mcpGo.size === 0) return undefined;
  const name = declaration.childForFieldName('name')?.text;
  const parameters = parametersOf(declaration);
  const last = parameters[parameters.length - 1];
  const optionType = last?.variadic ? qualifiedName(last.type) : undefined;
  if (!name || !optionType || optionType.name !== 'ToolOption' || !mcpGo.has(optionType.qualifier)) return undefined;
  const indexOf = (parameter: Node | undefined) => (parameter?.type === 'identifier' ? parameters.findIndex((candidate) => candidate.name === parameter.text) : -1);
  let nameIndex = -1;
  let descriptionIndex = -1;
  const body = declaration.childForFieldName('body');
  for (const call of body ? body.descendantsOfType('call_expression') : []) {
    if (!call) continue;
    const callee = qualifiedName(call.childForFieldName('function'));
    if (!callee || !mcpGo.has(callee.qualifier)) continue;
    if (callee.name === 'NewTool' && nameIndex < 0) nameIndex = indexOf(callArguments(call)[0]);
    if (callee.name === 'WithDescription' && descriptionIndex < 0) descriptionIndex = indexOf(callArguments(call)[0]);
  }
  // Forwarded through another function: the first string parameter names the tool, one called description describes it.
  const strings = parameters.map((parameter, index) => withFields(parameter, { index })).filter((parameter) => parameter.type?.text === 'string');
  if (nameIndex < 0) nameIndex = strings[0]?.index ?? -1;
  if (descriptionIndex < 0) descriptionIndex = strings.find((parameter) => parameter.index !== nameIndex && /^desc(ription)?$/i.test(parameter.name))?.index ?? -1;
  return { name, nameIndex, descriptionIndex, optionsIndex: parameters.length - 1 };
}

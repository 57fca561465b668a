/**
 * The input parameters of an `[McpServerTool]` method with their `[Description("...")]` (MTL403,
 * the preview), read as the C# SDK builds the tool's input schema:
 *
 * - Parameters the SDK fills in are not input: `CancellationToken`, `IServiceProvider`,
 *   `McpServer` / `IMcpServer`, `RequestContext<...>`, `IProgress<...>`, `ClaimsPrincipal`,
 *   `AIFunctionArguments`, and those marked `[FromKeyedServices]` / `[FromServices]`.
 * - Any other parameter the app's dependency injection can resolve (an `HttpClient`, an
 *   `ILogger<T>`, a service class of the app) is left out of the schema too, and which types are
 *   services is decided at run time. So a parameter counts as input only when its type is one the
 *   SDK reads from the JSON arguments: the built-in types (`string`, `int`, `bool`, ...), `DateTime`,
 *   `Guid`, `Uri` and the like, an enum or record of the tool's own class, and arrays, nullables
 *   and collections of those. The rest is unknown: the rules stay silent on it.
 * - A `partial` method with an XML doc comment gets its descriptions from the SDK's source
 *   generator (`<summary>`, `<param>`): those the linter does not read, so they are unknown.
 */
import { Node } from 'web-tree-sitter';
import { ParameterDoc, Value } from '../../model';
import { namedChildren, rangeOf } from '../syntax';

const INJECTED = new Set(['CancellationToken', 'IServiceProvider', 'McpServer', 'IMcpServer', 'RequestContext', 'IProgress', 'ClaimsPrincipal', 'AIFunctionArguments']);
const INJECTING_ATTRIBUTES = new Set(['FromKeyedServices', 'FromServices']);
const INPUT_TYPES = new Set([
  'string', 'bool', 'byte', 'sbyte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal', 'char',
  'String', 'Boolean', 'Byte', 'SByte', 'Int16', 'UInt16', 'Int32', 'UInt32', 'Int64', 'UInt64', 'Single', 'Double', 'Decimal', 'Char',
  'DateTime', 'DateTimeOffset', 'DateOnly', 'TimeOnly', 'TimeSpan', 'Guid', 'Uri', 'JsonElement', 'JsonNode', 'JsonObject', 'JsonArray',
]);
const COLLECTIONS = new Set([
  'List', 'IList', 'IEnumerable', 'IReadOnlyList', 'IReadOnlyCollection', 'ICollection', 'HashSet', 'ISet', 'IReadOnlySet',
  'Dictionary', 'IDictionary', 'IReadOnlyDictionary', 'Nullable',
]);
const DESCRIPTION_NAMESPACE = 'System.ComponentModel';

/** An attribute's name without its namespace and `Attribute` suffix. */
export function attributeName(attribute: Node): string {
  const name = attribute.childForFieldName('name');
  const last = name?.type === 'qualified_name' ? name.childForFieldName('name') : name;
  const text = last?.text ?? '';
  return text.endsWith('Attribute') ? text.slice(0, -'Attribute'.length) : text;
}

/** The attributes of a declaration (a method, a parameter), from all its attribute lists. */
export function attributesOf(node: Node): Node[] {
  return namedChildren(node).filter((child) => child.type === 'attribute_list').flatMap((list) => namedChildren(list).filter((child) => child.type === 'attribute'));
}

/** The first argument of `[Description(...)]` among a declaration's attributes, when it has one. */
export function descriptionArgument(node: Node): Node | undefined {
  const attribute = attributesOf(node).find((candidate) => attributeName(candidate) === 'Description');
  const list = attribute && namedChildren(attribute).find((child) => child.type === 'attribute_argument_list');
  const first = list && namedChildren(list).find((child) => child.type === 'attribute_argument');
  return first ? namedChildren(first).pop() : undefined;
}

/** Whether the SDK's source generator describes the method from its XML doc comment (a `partial` method with `///`). */
export function describedByDocComment(method: Node): boolean {
  const partial = namedChildren(method).some((child) => child.type === 'modifier' && child.text === 'partial');
  const before = method.previousNamedSibling;
  return partial && before?.type === 'comment' && before.text.startsWith('///');
}

export function csharpParameters(method: Node, owner: Node | undefined, imported: boolean, read: (node: Node) => Value): ParameterDoc[] {
  const list = method.childForFieldName('parameters');
  const generated = describedByDocComment(method);
  const parameters: ParameterDoc[] = [];
  for (const parameter of list ? namedChildren(list) : []) {
    const name = parameter.childForFieldName('name');
    if (parameter.type !== 'parameter' || !name) continue;
    const doc: ParameterDoc = { name: name.text, range: rangeOf(name) };
    const type = parameter.childForFieldName('type');
    const argument = descriptionArgument(parameter);
    if (isInjected(parameter, type)) doc.injected = true;
    else if (argument) {
      const value = read(argument);
      if (value.kind === 'string') doc.description = value.value;
      else doc.unknown = true;
    } else if (!type || !isInput(type, owner)) {
      doc.unknown = true;
      doc.mayBeInjected = true;
    } else if (generated) doc.unknown = true;
    else doc.describeAt = describeEdit(parameter, imported);
    parameters.push(doc);
  }
  return parameters;
}

function isInjected(parameter: Node, type: Node | null): boolean {
  if (attributesOf(parameter).some((attribute) => INJECTING_ATTRIBUTES.has(attributeName(attribute)))) return true;
  return !!type && INJECTED.has(typeName(type));
}

/** `string` for `string`, `List` for `List<int>` or `System.Collections.Generic.List<int>`. */
function typeName(type: Node): string {
  const named = type.type === 'qualified_name' ? type.childForFieldName('name') ?? type : type;
  if (named.type === 'generic_name') return namedChildren(named).find((child) => child.type === 'identifier')?.text ?? '';
  return named.text;
}

/** A type the SDK reads from the tool's JSON arguments (see the file's comment). */
function isInput(type: Node, owner: Node | undefined): boolean {
  switch (type.type) {
    case 'predefined_type':
      return type.text !== 'object' && type.text !== 'dynamic';
    case 'nullable_type':
    case 'array_type': {
      const inner = type.childForFieldName('type');
      return !!inner && isInput(inner, owner);
    }
    case 'generic_name':
    case 'qualified_name': {
      const name = typeName(type);
      if (!COLLECTIONS.has(name)) return type.type === 'qualified_name' && INPUT_TYPES.has(name);
      const generic = type.type === 'generic_name' ? type : type.childForFieldName('name');
      const list = generic && namedChildren(generic).find((child) => child.type === 'type_argument_list');
      const args = list ? namedChildren(list) : [];
      return args.length > 0 && args.every((argument) => isInput(argument, owner));
    }
    case 'identifier':
      return INPUT_TYPES.has(type.text) || declaredIn(owner, type.text);
    default:
      return false;
  }
}

/** An enum or record of the tool's own class: the model sends its values. */
function declaredIn(owner: Node | undefined, name: string): boolean {
  const body = owner?.childForFieldName('body');
  return !!body && namedChildren(body).some((member) => (member.type === 'enum_declaration' || member.type === 'record_declaration') && member.childForFieldName('name')?.text === name);
}

/**
 * `[Description("")] ` before the parameter; spelled out as `[System.ComponentModel.Description("")]`
 * where the file does not import the namespace (the attribute would not compile otherwise).
 */
function describeEdit(parameter: Node, imported: boolean): ParameterDoc['describeAt'] {
  const attribute = `[${imported || importedAround(parameter) ? '' : `${DESCRIPTION_NAMESPACE}.`}Description("")] `;
  return { offset: parameter.startIndex, text: attribute, cursor: attribute.indexOf('""') + 1 };
}

/** Whether a top-level declaration imports `System.ComponentModel` (an edit of one re-reads the whole file). */
export function importsDescription(topLevel: readonly Node[]): boolean {
  return topLevel.some(isDescriptionUsing);
}

function isDescriptionUsing(node: Node): boolean {
  return node.type === 'using_directive' && namedChildren(node).some((child) => child.text === DESCRIPTION_NAMESPACE);
}

/** A `using System.ComponentModel;` in a block namespace around the parameter. */
function importedAround(parameter: Node): boolean {
  for (let node = parameter.parent; node; node = node.parent) {
    const body = node.type === 'namespace_declaration' ? node.childForFieldName('body') : null;
    if (body && namedChildren(body).some(isDescriptionUsing)) return true;
  }
  return false;
}

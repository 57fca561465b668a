/**
 * What a C# expression's value is, as far as effects go (known.ts): receivers typed by
 * construction (`new HttpClient()`, `new SqlConnection(...)`), by the declared types of fields,
 * properties, parameters (constructor-injected ones included) and locals; the literal text of
 * strings, interpolations and concatenations; the parameters that flow in. Types are named by
 * their simple name (`System.IO.File` is `File`), as the tables name them.
 */
import { Node } from 'web-tree-sitter';
import { CSHARP_EFFECTS } from '../../data/effects/csharp';
import { READ_ONLY_SQL_MARKERS, SHELL_PROGRAMS } from '../../data/effects/shared';
import { LibraryTypeRow } from '../../data/effects/types';
import { namedChildren } from '../../frontends/syntax';
import { hostOf } from '../classify';
import { binaryValue, derived, joinTexts, Known, NOTHING, UNKNOWN_PART } from '../known';
import { memberOf } from '../library';
import { matchesPath } from '../dotted-paths';
import { Scope } from '../python/values';
import { PackageClass } from '../package-summariser';
import { ParameterInfo } from '../summary';
import { withFields } from '../../with-fields';

const TABLES = CSHARP_EFFECTS;
const CLASS_TYPES = new Set(['class_declaration', 'record_declaration', 'struct_declaration']);
const SCALARS = new Set(['bool', 'int', 'long', 'short', 'byte', 'uint', 'ulong', 'double', 'float', 'decimal', 'char', 'DateTime', 'DateTimeOffset', 'TimeSpan', 'Guid']);
/** Types the framework fills (never a tool argument, never a project class). */
const FRAMEWORK_TYPES = new Set([
  'string', 'object', 'Task', 'ValueTask', 'CancellationToken', 'IMcpServer', 'McpServer', 'RequestContext', 'IProgress', 'IServiceProvider', 'IConfiguration',
  'IHttpClientFactory', 'IOptions', 'IEnumerable', 'List', 'Dictionary', 'IReadOnlyList', 'IList', 'JsonElement', 'CommandContext', 'ParseResult', 'Uri', 'Stream',
  'ProgressNotificationValue', 'IMemoryCache', 'IWebHostEnvironment', 'IHostEnvironment', 'TokenCredential', 'DefaultAzureCredential',
]);
const WRAPPERS = new Set(['parenthesized_expression', 'await_expression', 'cast_expression', 'postfix_unary_expression', 'checked_expression']);
const HTTP_METHODS: Readonly<Record<string, string>> = { Get: 'GET', Head: 'HEAD', Post: 'POST', Put: 'PUT', Patch: 'PATCH', Delete: 'DELETE', Options: 'OPTIONS' };

export type CSharpScope = Scope;
export type CSharpClass = PackageClass & { node: Node };

export type CSharpParameter = ParameterInfo & { known: Known; injected?: boolean };

/** The node without what does not change its value (`(x)`, `await x`, `(T)x`, `x!`). */
export function unwrap(node: Node): Node {
  let current = node;
  while (WRAPPERS.has(current.type)) {
    const inner = current.type === 'cast_expression' ? current.childForFieldName('value') : namedChildren(current).at(-1);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

/** A type's simple name (`System.IO.File` -> `File`, `DbSet<Note>` -> `DbSet`, `HttpClient?` -> `HttpClient`). */
export function simpleTypeName(type: Node | null | undefined): string | undefined {
  if (!type) return undefined;
  switch (type.type) {
    case 'identifier':
    case 'predefined_type':
      return type.text;
    case 'generic_name':
      return namedChildren(type)[0]?.text;
    case 'qualified_name':
      return simpleTypeName(type.childForFieldName('name'));
    case 'nullable_type':
      return simpleTypeName(type.childForFieldName('type') ?? namedChildren(type)[0]);
    case 'alias_qualified_name':
      return simpleTypeName(type.childForFieldName('name'));
    default:
      return undefined;
  }
}

/** A member access's path by simple names: `File.WriteAllText`, `System.IO.File.Delete` -> `File.Delete`. */
export function memberPath(node: Node): string | undefined {
  const bare = unwrap(node);
  if (bare.type === 'identifier') return bare.text;
  if (bare.type === 'generic_name') return namedChildren(bare)[0]?.text;
  if (bare.type !== 'member_access_expression') return undefined;
  const object = bare.childForFieldName('expression');
  const name = simpleTypeName(bare.childForFieldName('name'));
  const head = object && memberPath(object);
  if (!head || !name) return undefined;
  return `${head.slice(head.lastIndexOf('.') + 1)}.${name}`;
}

export class CSharpValues {
  readonly classes = new Map<string, CSharpClass>();

  constructor(readonly root: Node) {
    for (const node of root.descendantsOfType([...CLASS_TYPES])) if (node) this.readClass(node);
    for (const info of this.classes.values()) this.readConstructors(info);
  }

  private readClass(node: Node): void {
    const name = node.childForFieldName('name')?.text;
    if (!name || this.classes.has(name)) return;
    const info: CSharpClass = { attributes: new Map(), bases: [], methods: new Map(), node };
    this.classes.set(name, info);
    const baseList = namedChildren(node).find((child) => child.type === 'base_list');
    for (const base of baseList ? namedChildren(baseList) : []) {
      const baseName = simpleTypeName(base.type === 'primary_constructor_base_type' ? namedChildren(base)[0] : base);
      if (baseName) info.bases.push({ name: baseName });
    }
    // A primary constructor's parameters are fields of the class.
    const primary = namedChildren(node).find((child) => child.type === 'parameter_list');
    for (const parameter of primary ? namedChildren(primary) : []) {
      const parameterName = parameter.childForFieldName('name')?.text;
      const typed = this.typed(parameter.childForFieldName('type'));
      if (parameterName && typed) info.attributes.set(parameterName, typed);
    }
    for (const member of namedChildren(node.childForFieldName('body') ?? node)) {
      if (member.type === 'method_declaration') {
        const method = member.childForFieldName('name')?.text;
        if (method && !info.methods.has(method)) info.methods.set(method, member);
      } else if (member.type === 'field_declaration' || member.type === 'event_field_declaration') {
        const declaration = namedChildren(member).find((child) => child.type === 'variable_declaration');
        const typed = this.typed(declaration?.childForFieldName('type'));
        for (const declarator of declaration ? namedChildren(declaration).filter((child) => child.type === 'variable_declarator') : []) {
          const field = declarator.childForFieldName('name')?.text;
          const value = initialValue(declarator);
          const known = value ? this.valueOf(value, { locals: new Map(), className: name }) : NOTHING;
          if (field) info.attributes.set(field, known.lib || known.cls ? known : typed ?? known);
        }
      } else if (member.type === 'property_declaration') {
        const property = member.childForFieldName('name')?.text;
        const typed = this.typed(member.childForFieldName('type'));
        if (property && typed) info.attributes.set(property, typed);
      }
    }
  }

  /** Fields assigned from constructor parameters (`_store = store;`) take the parameters' declared types. */
  private readConstructors(info: CSharpClass): void {
    for (const constructor of (info.node.childForFieldName('body') ?? info.node).descendantsOfType('constructor_declaration')) {
      if (!constructor) continue;
      const scope: CSharpScope = { locals: new Map() };
      for (const parameter of this.parameters(constructor)) scope.locals.set(parameter.name, parameter.known);
      for (const assignment of constructor.childForFieldName('body')?.descendantsOfType('assignment_expression') ?? []) {
        const left = assignment?.childForFieldName('left');
        const right = assignment?.childForFieldName('right');
        if (!left || !right) continue;
        const field = left.type === 'identifier' ? left.text : left.type === 'member_access_expression' && left.child(0)?.type === 'this' ? left.childForFieldName('name')?.text : undefined;
        const value = this.valueOf(right, scope);
        const current = field ? info.attributes.get(field) : undefined;
        if (field && (value.lib || value.cls) && !current?.lib && !current?.cls) info.attributes.set(field, { lib: value.lib, cls: value.cls, module: value.module, host: value.host });
      }
    }
  }

  /** The value a declared type gives: a library type from the tables, or a project class. */
  typed(type: Node | null | undefined): Known | undefined {
    const name = simpleTypeName(type);
    if (!name || SCALARS.has(name) || FRAMEWORK_TYPES.has(name) || type?.type === 'predefined_type') return undefined;
    const row = typeRowOf(name, 'annotations');
    if (row) return { lib: row.type, module: row.type === 'sdk' ? name : undefined };
    return /^[A-Z]/.test(name) ? { cls: { name } } : undefined;
  }

  parameters(fn: Node): CSharpParameter[] {
    const list = fn.childForFieldName('parameters') ?? namedChildren(fn).find((child) => child.type === 'parameter_list');
    const found: CSharpParameter[] = [];
    for (const parameter of list ? namedChildren(list) : []) {
      const name = parameter.childForFieldName('name')?.text;
      if (parameter.type !== 'parameter' || !name) continue;
      const type = parameter.childForFieldName('type');
      const typed = this.typed(type);
      const typeName = simpleTypeName(type) ?? '';
      const info: CSharpParameter = { name, known: withFields(typed, { params: new Set([name]) }) };
      const nameId = parameter.childForFieldName('name')?.id;
      const defaultNode = namedChildren(parameter).find((child) => child.id !== type?.id && child.id !== nameId && child.type !== 'attribute_list' && child.type !== 'modifier' && child.type !== 'parameter_modifier');
      if (defaultNode) info.default = literalTruth(defaultNode) ?? 'unknown';
      if (SCALARS.has(typeName) || typeName === 'CancellationToken') info.scalar = true;
      if (typed?.lib || (FRAMEWORK_TYPES.has(typeName) && typeName !== 'string' && typeName !== 'object' && typeName !== 'JsonElement' && typeName !== 'ParseResult' && typeName !== 'CommandContext' && !/^(List|IEnumerable|Dictionary|IReadOnlyList|IList)$/.test(typeName))) info.injected = true;
      found.push(info);
    }
    return found;
  }

  /** `var x = v;`, `T x = v;` into the scope. */
  declare(declaration: Node, scope: CSharpScope): void {
    const typed = this.typed(declaration.childForFieldName('type'));
    for (const declarator of namedChildren(declaration).filter((child) => child.type === 'variable_declarator')) {
      const name = declarator.childForFieldName('name')?.text;
      const value = initialValue(declarator);
      const known = value ? this.valueOf(value, scope) : NOTHING;
      if (name) scope.locals.set(name, typed && !known.lib && !known.cls ? withFields(known, typed) : known);
    }
  }

  valueOf(node: Node | null | undefined, scope: CSharpScope): Known {
    if (!node) return NOTHING;
    const bare = unwrap(node);
    switch (bare.type) {
      case 'identifier':
        return this.identifierValue(bare.text, scope);
      case 'string_literal':
      case 'raw_string_literal':
        return { text: namedChildren(bare).filter((child) => child.type === 'string_literal_content' || child.type === 'raw_string_content' || child.type === 'escape_sequence').map((child) => child.text).join('') };
      case 'verbatim_string_literal':
        return { text: bare.text.replace(/^@"|"$/g, '').replace(/""/g, '"') };
      case 'interpolated_string_expression':
        return this.interpolated(bare, scope);
      case 'boolean_literal':
        return { truth: bare.text === 'true' };
      case 'null_literal':
        return { truth: false };
      case 'binary_expression':
        return binaryValue(this.valueOf(bare.childForFieldName('left'), scope), this.valueOf(bare.childForFieldName('right'), scope), bare.childForFieldName('operator')?.text);
      case 'member_access_expression':
        return this.memberValue(bare, scope);
      case 'invocation_expression':
        return this.callValue(bare, scope);
      case 'object_creation_expression':
      case 'implicit_object_creation_expression':
        return this.created(bare, scope);
      case 'this_expression':
      case 'this':
        return scope.className ? { cls: { name: scope.className } } : NOTHING;
      case 'lambda_expression':
      case 'anonymous_method_expression':
        return NOTHING;
      default:
        return derived(namedChildren(bare).map((child) => this.valueOf(child, scope)));
    }
  }

  private identifierValue(name: string, scope: CSharpScope): Known {
    const local = scope.locals.get(name);
    if (local) return local;
    const attribute = scope.className ? this.attributeOf(scope.className, name) : undefined;
    if (attribute) return attribute;
    if (TABLES.configObjects.includes(name)) return { switch: { text: name, config: true }, fromConfig: true };
    return NOTHING;
  }

  private interpolated(node: Node, scope: CSharpScope): Known {
    const parts: Known[] = [];
    for (const child of namedChildren(node)) {
      if (child.type === 'string_content' || child.type === 'escape_sequence') parts.push({ text: child.text });
      else if (child.type === 'interpolation') parts.push(this.valueOf(namedChildren(child).find((part) => part.type !== 'interpolation_brace' && !part.type.startsWith('interpolation_')), scope));
    }
    return derived(parts, joinTexts(parts));
  }

  private memberValue(node: Node, scope: CSharpScope): Known {
    const object = node.childForFieldName('expression');
    const name = node.childForFieldName('name')?.text ?? '';
    const path = memberPath(node);
    if (path?.startsWith('HttpMethod.')) return HTTP_METHODS[name] ? { text: HTTP_METHODS[name] } : NOTHING;
    if (!object || node.child(0)?.type === 'this') return scope.className ? this.attributeOf(scope.className, name) ?? NOTHING : NOTHING;
    const value = this.valueOf(object, scope);
    if (value.switch) return { switch: { text: node.text, config: value.switch.config }, fromConfig: true };
    if (value.cls) {
      const attribute = value.cls.module === undefined && this.classes.has(value.cls.name) ? this.attributeOf(value.cls.name, name) : undefined;
      return attribute ?? { member: { class: value.cls, members: [name] } };
    }
    if (value.member) return { member: withFields(value.member, { members: [...value.member.members, name] }) };
    return memberOf(TABLES, value, name) ?? (value.lib === 'orm' ? value : derived([value]));
  }

  attributeOf(className: string, attribute: string, seen = new Set<string>()): Known | undefined {
    const info = this.classes.get(className);
    if (!info || seen.has(className)) return undefined;
    seen.add(className);
    return info.attributes.get(attribute) ?? info.bases.map((base) => this.attributeOf(base.name, attribute, seen)).find(Boolean);
  }

  private callValue(node: Node, scope: CSharpScope): Known {
    const callee = node.childForFieldName('function');
    const args = argumentNodes(node);
    const argValues = () => args.map((argument) => this.valueOf(argument, scope));
    if (!callee) return NOTHING;
    const path = memberPath(callee);
    if (path) {
      if (matchesPath(path, TABLES.temporaryPaths)) return { tmp: true };
      if (path === 'Path.Combine' || path === 'Path.Join') {
        const values = argValues();
        return withFields(derived(values), { tmp: values[0]?.tmp });
      }
      if (TABLES.environmentReads.includes(path) || path === 'Environment.GetEnvironmentVariable') return { switch: { text: node.text, config: false }, fromConfig: true };
      if (path === 'string.Format' || path === 'String.Format') {
        const values = argValues();
        return derived(values, values[0]?.text?.replace(/\{\d+[^}]*\}/g, UNKNOWN_PART));
      }
      const row = typeRowOf(path, 'constructors');
      if (row) return { lib: row.type };
    }
    const bare = unwrap(callee);
    if (bare.type === 'member_access_expression') {
      const receiver = this.valueOf(bare.childForFieldName('expression'), scope);
      const method = simpleTypeName(bare.childForFieldName('name')) ?? '';
      if (receiver.switch && /^(GetValue|GetSection|GetConnectionString)$/.test(method)) return { switch: { text: node.text, config: true }, fromConfig: true };
      const member = memberOf(TABLES, receiver, method);
      if (member) return member;
      if (receiver.lib === 'orm' && !TABLES.storeMethods.some((row) => row.methods.includes(method))) return receiver;
      return derived([receiver, ...argValues()]);
    }
    return derived(argValues());
  }

  /** `new HttpClient { BaseAddress = new Uri("https://...") }`, `new SqlConnection(cs)`, `new NoteStore(...)`, `new ProcessStartInfo(...)`. */
  private created(node: Node, scope: CSharpScope): Known {
    const name = simpleTypeName(node.childForFieldName('type'));
    const args = argumentNodes(node);
    const initializer = node.childForFieldName('initializer');
    const initialised = (key: string): Node | undefined => namedChildren(initializer ?? node).find((child) => child.type === 'assignment_expression' && child.childForFieldName('left')?.text === key)?.childForFieldName('right') ?? undefined;
    if (!name) return derived(args.map((argument) => this.valueOf(argument, scope)));
    if (name === 'Uri') return this.valueOf(args[0], scope);
    if (name === 'ProcessStartInfo') return this.commandLine(args[0] ?? initialised('FileName'), args[1] ?? initialised('Arguments'), scope);
    const row = typeRowOf(name, 'constructors');
    if (row) {
      const known: Known = { lib: row.type };
      if (row.type === 'sdk') known.module = name;
      const base = initialised('BaseAddress');
      const baseText = base && this.valueOf(base, scope).text;
      if (baseText !== undefined && !baseText.startsWith(UNKNOWN_PART)) known.host = hostOf(baseText);
      if (row.type === 'sql' && args.some((argument) => READ_ONLY_SQL_MARKERS.some((marker) => argument.text.includes(marker)))) known.readOnly = true;
      return known;
    }
    if (this.classes.has(name) || (/^[A-Z]/.test(name) && !FRAMEWORK_TYPES.has(name) && !TABLES.pureModules.includes(name))) return { cls: { name } };
    return derived(args.map((argument) => this.valueOf(argument, scope)));
  }

  /** A process's command line: the program's words and the arguments' (a shell's arguments count as its command). */
  commandLine(program: Node | undefined, argumentsNode: Node | undefined, scope: CSharpScope): Known {
    const file = this.valueOf(program, scope);
    const rest = this.valueOf(argumentsNode, scope);
    const shell = file.text !== undefined && SHELL_PROGRAMS.includes(file.text.toLowerCase());
    const params = new Set([...file.params ?? [], ...(shell ? rest.params ?? [] : [])]);
    const text = file.text === undefined ? undefined : `${file.text}${rest.text !== undefined ? ` ${rest.text}` : argumentsNode ? ` ${UNKNOWN_PART}` : ''}`;
    return withFields((params.size ? { params } : {}), (text !== undefined && !file.params ? { text } : {}));
  }
}

function typeRowOf(name: string, field: 'constructors' | 'annotations'): LibraryTypeRow | undefined {
  return TABLES.types.find((row) => matchesPath(name, row[field] ?? []));
}

/** A declarator's initial value (after `=`). */
export function initialValue(declarator: Node): Node | undefined {
  const children = namedChildren(declarator).filter((child) => child.id !== declarator.childForFieldName('name')?.id && child.type !== 'bracketed_argument_list');
  const value = children.at(-1);
  return value?.type === 'equals_value_clause' ? namedChildren(value)[0] : value;
}

/** The argument expressions of a call or `new` (a named argument's value). */
export function argumentNodes(call: Node): Node[] {
  const list = call.childForFieldName('arguments') ?? namedChildren(call).find((child) => child.type === 'argument_list');
  return (list ? namedChildren(list) : []).filter((argument) => argument.type === 'argument').map((argument) => namedChildren(argument).at(-1)!).filter(Boolean);
}

/** The truth of a literal, or undefined for any other expression. */
export function literalTruth(node: Node): boolean | undefined {
  switch (node.type) {
    case 'boolean_literal':
      return node.text === 'true';
    case 'null_literal':
      return false;
    case 'integer_literal':
      return Number(node.text.replace(/[_a-zA-Z]+$/, '').replace(/_/g, '')) !== 0;
    case 'string_literal':
      return node.text.length > 2;
    default:
      return undefined;
  }
}

/**
 * What a Go expression's value is, as far as effects go (known.ts): receivers typed by
 * construction (`db, err := sql.Open(...)`, `&http.Client{}`, `&Store{}`), by the declared types of
 * parameters, struct fields and package-level variables; the literal text of strings,
 * concatenations and `fmt.Sprintf`; the parameters that flow in. Calls are named by import path
 * (`os.WriteFile`, `database/sql.Open`) whatever the package is called locally.
 */
import { Node } from 'web-tree-sitter';
import { GO_EFFECTS } from '../../data/effects/go';
import { READ_ONLY_SQL_MARKERS } from '../../data/effects/shared';
import { LibraryTypeRow } from '../../data/effects/types';
import { goString, importsOf, unwrapParens } from '../../frontends/go/syntax';
import { namedChildren } from '../../frontends/syntax';
import { binaryValue, derived, Known, NOTHING, UNKNOWN_PART } from '../known';
import { memberOf } from '../library';
import { matchesPath } from '../dotted-paths';
import { Scope } from '../python/values';
import { PackageClass } from '../package-summariser';
import { ClassRef, ParameterInfo } from '../summary';
import { withFields } from '../../with-fields';

const TABLES = GO_EFFECTS;
const SCALAR_TYPES = new Set(['bool', 'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64', 'byte', 'rune', 'uintptr']);
const HTTP_METHODS: Readonly<Record<string, string>> = { MethodGet: 'GET', MethodHead: 'HEAD', MethodPost: 'POST', MethodPut: 'PUT', MethodPatch: 'PATCH', MethodDelete: 'DELETE', MethodOptions: 'OPTIONS' };

/** A function's locals and parameters, and in a method the receiver's type. */
export type GoScope = Scope;
/** A type of the package: its fields' declared types' values, its embedded types, its methods. */
export type GoClass = PackageClass;

export type GoParameter = ParameterInfo & { known: Known; context?: boolean };

/** The type a type node names, without pointers, slices and generic arguments (`*sql.DB` -> `sql.DB`). */
export function baseType(type: Node | null | undefined): Node | undefined {
  let current = type ?? undefined;
  while (current && ['pointer_type', 'parenthesized_type', 'generic_type'].includes(current.type)) current = current.type === 'generic_type' ? current.childForFieldName('type') ?? undefined : namedChildren(current)[0];
  return current;
}

export class GoValues {
  /** Local package name to import path. */
  readonly imports: Map<string, string>;
  readonly functions = new Map<string, Node>();
  readonly classes = new Map<string, GoClass>();
  readonly globals = new Map<string, Known>();

  constructor(readonly root: Node) {
    const topLevel = namedChildren(root);
    this.imports = importsOf(topLevel);
    for (const declaration of topLevel) {
      if (declaration.type === 'function_declaration') {
        const name = declaration.childForFieldName('name')?.text;
        if (name) this.functions.set(name, declaration);
      } else if (declaration.type === 'type_declaration') this.readTypes(declaration);
    }
    for (const declaration of topLevel) {
      if (declaration.type === 'method_declaration') {
        const receiver = this.receiverOf(declaration);
        const name = declaration.childForFieldName('name')?.text;
        if (receiver && name) this.classOf(receiver.type).methods.set(name, declaration);
      }
    }
    const scope: GoScope = { locals: this.globals };
    for (const declaration of topLevel) if (declaration.type === 'var_declaration') this.declare(declaration, scope);
  }

  private classOf(name: string): GoClass {
    let info = this.classes.get(name);
    if (!info) this.classes.set(name, (info = { attributes: new Map(), bases: [], methods: new Map() }));
    return info;
  }

  private readTypes(declaration: Node): void {
    for (const spec of declaration.descendantsOfType('type_spec')) {
      const name = spec?.childForFieldName('name')?.text;
      const struct = spec?.childForFieldName('type');
      if (!name || struct?.type !== 'struct_type') continue;
      const info = this.classOf(name);
      for (const field of struct.descendantsOfType('field_declaration')) {
        if (!field || field.parent?.parent?.id !== struct.id) continue;
        const type = field.childForFieldName('type');
        const names = field.childrenForFieldName('name').filter((node): node is Node => !!node);
        if (!names.length) {
          const base = this.classRefOf(type);
          if (base) info.bases.push(base);
          continue;
        }
        const value = this.typed(type);
        if (value) for (const fieldName of names) info.attributes.set(fieldName.text, value);
      }
    }
  }

  /** The receiver's name and type of a method (`func (s *Server) ...`). */
  receiverOf(method: Node): { name?: string; type: string } | undefined {
    const receiver = method.childForFieldName('receiver');
    const parameter = receiver && namedChildren(receiver).find((child) => child.type === 'parameter_declaration');
    const type = baseType(parameter?.childForFieldName('type'));
    if (type?.type !== 'type_identifier') return undefined;
    return { name: parameter?.childForFieldName('name')?.text, type: type.text };
  }

  /** A project type a type node names: of this package (`Store`), or of an imported one (`storage.Store`). */
  classRefOf(type: Node | null | undefined): ClassRef | undefined {
    const base = baseType(type);
    if (base?.type === 'type_identifier' && !SCALAR_TYPES.has(base.text) && base.text !== 'string' && base.text !== 'error' && base.text !== 'any') return { name: base.text };
    if (base?.type === 'qualified_type') {
      const module = this.imports.get(base.childForFieldName('package')?.text ?? '');
      const name = base.childForFieldName('name')?.text;
      if (module && name) return { module, name };
    }
    return undefined;
  }

  /** The value a declared type gives: a library type from the tables, or a project type. */
  typed(type: Node | null | undefined): Known | undefined {
    const ref = this.classRefOf(type);
    if (!ref) return undefined;
    if (ref.module !== undefined) {
      const path = `${ref.module}.${ref.name}`;
      const row = typeRowOf(path, 'annotations');
      if (row) return { lib: row.type, module: row.type === 'sdk' ? sdkModule(ref.module) : undefined };
      if (matchesPath(path, ['context.Context'])) return undefined;
    }
    return { cls: ref };
  }

  /** A function's (or func literal's) parameters, one per name. */
  parameters(fn: Node): GoParameter[] {
    const list = fn.childForFieldName('parameters');
    const found: GoParameter[] = [];
    for (const declaration of list ? namedChildren(list) : []) {
      if (declaration.type !== 'parameter_declaration' && declaration.type !== 'variadic_parameter_declaration') continue;
      const type = declaration.childForFieldName('type');
      const typeText = type?.text ?? '';
      const context = typeText === 'context.Context';
      const typed = context ? undefined : this.typed(type);
      for (const name of declaration.childrenForFieldName('name')) {
        if (!name) continue;
        const parameter: GoParameter = { name: name.text, known: withFields(typed?.lib ? typed : {}, typed?.cls ? { cls: typed.cls, params: new Set([name.text]) } : { params: new Set([name.text]) }) };
        if (context || SCALAR_TYPES.has(typeText) || typeText === 'time.Duration') parameter.scalar = true;
        if (context) parameter.context = true;
        found.push(parameter);
      }
    }
    return found;
  }

  /** `x := v`, `var x = v`, `x = v`, `a, err := f()` (the first name gets the call's value). */
  declare(statement: Node, scope: GoScope): void {
    if (statement.type === 'var_declaration') {
      for (const spec of statement.descendantsOfType('var_spec')) {
        if (!spec) continue;
        const names = spec.childrenForFieldName('name').filter((node): node is Node => !!node);
        const valueList = spec.childForFieldName('value');
        const values = valueList ? namedChildren(valueList) : [];
        const typed = this.typed(spec.childForFieldName('type'));
        names.forEach((name, index) => {
          const value = values.length === names.length ? this.valueOf(values[index], scope) : index === 0 && values[0] ? this.valueOf(values[0], scope) : NOTHING;
          scope.locals.set(name.text, typed && !value.lib && !value.cls ? withFields(value, typed) : value);
        });
      }
      return;
    }
    const left = statement.childForFieldName('left');
    const right = statement.childForFieldName('right');
    if (!left || !right) return;
    const names = namedChildren(left);
    const values = namedChildren(right);
    names.forEach((name, index) => {
      if (name.type !== 'identifier' || name.text === '_') return;
      const value = values.length === names.length ? this.valueOf(values[index], scope) : index === 0 && values[0] ? this.valueOf(values[0], scope) : NOTHING;
      if (statement.type === 'assignment_statement' && !scope.locals.has(name.text) && this.globals.has(name.text)) return;
      scope.locals.set(name.text, value);
    });
  }

  /** The import path and member a selector names (`os.WriteFile` -> `os.WriteFile`, `sql.Open` -> `database/sql.Open`). */
  pathOf(node: Node, scope: GoScope): string | undefined {
    const bare = unwrapParens(node);
    if (bare.type !== 'selector_expression') return undefined;
    const operand = bare.childForFieldName('operand');
    const field = bare.childForFieldName('field')?.text;
    if (!operand || !field) return undefined;
    if (operand.type === 'identifier') {
      if (scope.locals.has(operand.text) || this.globals.has(operand.text)) return undefined;
      const module = this.imports.get(operand.text);
      return module === undefined ? undefined : `${module}.${field}`;
    }
    const inner = this.pathOf(operand, scope);
    return inner === undefined ? undefined : `${inner}.${field}`;
  }

  valueOf(node: Node | null | undefined, scope: GoScope): Known {
    if (!node) return NOTHING;
    const bare = unwrapParens(node);
    switch (bare.type) {
      case 'identifier':
        return this.identifierValue(bare.text, scope);
      case 'interpreted_string_literal':
      case 'raw_string_literal':
        return { text: goString(bare) ?? '' };
      case 'true':
      case 'false':
        return { truth: bare.type === 'true' };
      case 'int_literal':
        return { truth: Number(bare.text.replace(/_/g, '')) !== 0 };
      case 'nil':
        return { truth: false };
      case 'binary_expression':
        return binaryValue(this.valueOf(bare.childForFieldName('left'), scope), this.valueOf(bare.childForFieldName('right'), scope), bare.childForFieldName('operator')?.text);
      case 'unary_expression':
        return this.valueOf(bare.childForFieldName('operand'), scope);
      case 'selector_expression':
        return this.selectorValue(bare, scope);
      case 'call_expression':
        return this.callValue(bare, scope);
      case 'composite_literal':
        return this.compositeValue(bare, scope);
      case 'type_assertion_expression':
        return this.valueOf(bare.childForFieldName('operand'), scope);
      case 'index_expression':
        return derived([this.valueOf(bare.childForFieldName('operand'), scope), this.valueOf(bare.childForFieldName('index'), scope)]);
      case 'slice_expression':
        return derived([this.valueOf(bare.childForFieldName('operand'), scope)]);
      case 'func_literal':
        return NOTHING;
      default:
        return derived(namedChildren(bare).map((child) => this.valueOf(child, scope)));
    }
  }

  private identifierValue(name: string, scope: GoScope): Known {
    const local = scope.locals.get(name) ?? this.globals.get(name);
    if (local) return local;
    if (this.imports.has(name) || this.functions.has(name) || this.classes.has(name)) return NOTHING;
    if (TABLES.configObjects.includes(name)) return { switch: { text: name, config: true }, fromConfig: true };
    // A package-level variable of another file of the package: read there at propagation.
    return /^[A-Za-z_]\w*$/.test(name) && name !== '_' ? { singleton: { module: '', name } } : NOTHING;
  }

  private selectorValue(node: Node, scope: GoScope): Known {
    const operand = node.childForFieldName('operand');
    const field = node.childForFieldName('field')?.text ?? '';
    const path = this.pathOf(node, scope);
    if (path !== undefined) {
      if (path.startsWith('net/http.Method')) return HTTP_METHODS[field] ? { text: HTTP_METHODS[field] } : NOTHING;
      const module = path.slice(0, path.lastIndexOf('.'));
      // A package-level variable of an imported package of the project (`storage.Default`).
      return /^[A-Z]/.test(field) && !TABLES.pureModules.some((pure) => module === pure || module.startsWith(`${pure}/`)) ? { singleton: { module, name: field } } : NOTHING;
    }
    const value = this.valueOf(operand, scope);
    if (value.switch) return { switch: { text: node.text, config: value.switch.config }, fromConfig: true };
    if (value.cls && value.cls.module === undefined) {
      const info = this.classes.get(value.cls.name);
      const attribute = info && this.attributeOf(value.cls.name, field);
      if (attribute) return attribute;
      // A field of the tool's arguments (`in.SQL`): what the client sent.
      if (value.params) return { params: value.params };
      return info?.attributes.size ? NOTHING : { member: { class: value.cls, members: [field] } };
    }
    if (value.cls && value.params) return { params: value.params };
    if (value.member) return { member: withFields(value.member, { members: [...value.member.members, field] }) };
    if (value.singleton) return { singleton: withFields(value.singleton, { members: [...value.singleton.members ?? [], field] }) };
    return memberOf(TABLES, value, field) ?? derived([value]);
  }

  attributeOf(className: string, attribute: string, seen = new Set<string>()): Known | undefined {
    const info = this.classes.get(className);
    if (!info || seen.has(className)) return undefined;
    seen.add(className);
    return info.attributes.get(attribute) ?? info.bases.filter((base) => base.module === undefined).map((base) => this.attributeOf(base.name, attribute, seen)).find(Boolean);
  }

  private callValue(node: Node, scope: GoScope): Known {
    const callee = node.childForFieldName('function');
    const args = argumentNodes(node);
    const argValues = () => args.map((argument) => this.valueOf(argument, scope));
    if (!callee) return NOTHING;
    const path = this.pathOf(callee, scope);
    if (path !== undefined) {
      if (path === 'fmt.Sprintf' || path === 'fmt.Errorf') return this.formatted(args, scope);
      if (matchesPath(path, TABLES.temporaryPaths)) return { tmp: true };
      if (path === 'path/filepath.Join' || path === 'path.Join') {
        const values = argValues();
        return withFields(derived(values), { tmp: values[0]?.tmp });
      }
      if (TABLES.environmentReads.includes(path)) return { switch: { text: node.text, config: !path.startsWith('os.') }, fromConfig: true };
      const row = typeRowOf(path, 'constructors');
      if (row) return this.constructed(row, path, args);
      return derived(argValues());
    }
    const bare = unwrapParens(callee);
    if (bare.type === 'selector_expression') {
      const receiver = this.valueOf(bare.childForFieldName('operand'), scope);
      const method = bare.childForFieldName('field')?.text ?? '';
      const member = memberOf(TABLES, receiver, method);
      if (member) return member;
      // mcp-go's `request.GetBool("dry_run", true)`: a flag with its default.
      if (method === 'GetBool' && receiver.params && args[1]) return { params: receiver.params, flagDefault: this.valueOf(args[1], scope).truth === true };
      return derived([receiver, ...argValues()]);
    }
    return derived(argValues());
  }

  /** `fmt.Sprintf("DELETE FROM %s", table)`: the format's text with each verb unknown, the arguments' parameters. */
  private formatted(args: readonly Node[], scope: GoScope): Known {
    const values = args.map((argument) => this.valueOf(argument, scope));
    const format = values[0]?.text;
    return derived(values, format === undefined ? undefined : format.replace(/%[-+# 0-9.*]*[a-zA-Z%]/g, (verb) => (verb === '%%' ? '%' : UNKNOWN_PART)));
  }

  /** `&Store{...}`, `&http.Client{...}`, `Server{store: s}`. */
  private compositeValue(node: Node, scope: GoScope): Known {
    const type = node.childForFieldName('type');
    const ref = this.classRefOf(type);
    if (ref?.module !== undefined) {
      const row = typeRowOf(`${ref.module}.${ref.name}`, 'constructors') ?? typeRowOf(`${ref.module}.${ref.name}`, 'annotations');
      if (row) return { lib: row.type };
    }
    if (ref && (ref.module !== undefined || this.classes.has(ref.name) || /^[A-Za-z]/.test(ref.name))) return { cls: ref };
    return derived(namedChildren(node.childForFieldName('body') ?? node).map((child) => this.valueOf(child, scope)));
  }

  private constructed(row: LibraryTypeRow, path: string, args: readonly Node[]): Known {
    const known: Known = { lib: row.type };
    if (row.type === 'sdk') known.module = sdkModule(path.slice(0, path.lastIndexOf('.')));
    if (row.type === 'sql' && args.some((argument) => READ_ONLY_SQL_MARKERS.some((marker) => argument.text.includes(marker)))) known.readOnly = true;
    return known;
  }
}

function typeRowOf(path: string, field: 'constructors' | 'annotations'): LibraryTypeRow | undefined {
  return TABLES.types.find((row) => matchesPath(path, row[field] ?? []));
}

/** The SDK module a client's import path belongs to (`github.com/aws/aws-sdk-go-v2/service/s3`). */
function sdkModule(importPath: string): string {
  return importPath;
}

/** The argument nodes of a call, comments left out (a variadic `args...` is its inner expression). */
export function argumentNodes(call: Node): Node[] {
  const list = call.childForFieldName('arguments');
  return list ? namedChildren(list).filter((child) => child.type !== 'comment').map((child) => (child.type === 'variadic_argument' ? namedChildren(child)[0] ?? child : child)) : [];
}

/**
 * What a Python expression's value is, as far as effects go (known.ts): read from the module's
 * syntax with the receiver typing the issue allows (constructor assignment, annotations, imported
 * module-level objects), the literal text of strings and f-strings, and the parameters that flow in.
 */
import { Node } from 'web-tree-sitter';
import { PYTHON_EFFECTS } from '../../data/effects/python';
import { READ_ONLY_SQL_MARKERS } from '../../data/effects/shared';
import { LibraryTypeRow } from '../../data/effects/types';
import { memberOf } from '../library';
import { PythonModule } from '../../frontends/python/module';
import { namedChildren } from '../../frontends/syntax';
import { derived, joinTexts, Known, NOTHING, paramsOf } from '../known';
import { ClassRef, ParameterInfo } from '../summary';
import { attributeOf } from '../walk';
import { hostOf } from '../classify';
import { lastSegment, matchesPath, parentPath } from '../dotted-paths';
import { argumentsOf, CallArguments, literalTruth } from './call-syntax';
import { withFields } from '../../with-fields';

const TABLES = PYTHON_EFFECTS;

function typeRowOf(path: string, rows: readonly LibraryTypeRow[], field: 'constructors' | 'annotations'): LibraryTypeRow | undefined {
  return rows.find((row) => matchesPath(path, row[field] ?? []));
}

const isClassName = (name: string) => /^_?[A-Z]/.test(name);

/** A class of the module: its attributes' values (from `__init__` and the class body), its bases, its methods. */
export interface ClassInfo {
  name: string;
  attributes: Map<string, Known>;
  bases: ClassRef[];
  methods: Map<string, Node>;
}

/** The names visible in a function body: its locals and parameters, and the class it is a method of. */
export interface Scope {
  locals: Map<string, Known>;
  className?: string;
}

/** What the module binds at its top level, read once per summary. */
export class PythonValues {
  readonly classes = new Map<string, ClassInfo>();
  readonly functions = new Map<string, Node>();
  /** Module-level names' values: typed objects, constant strings, environment switches. */
  readonly globals = new Map<string, Known>();

  constructor(readonly module: PythonModule, root: Node) {
    const statements = namedChildren(root);
    for (const statement of statements) {
      const definition = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
      const name = definition?.childForFieldName('name')?.text;
      if (!definition || !name) continue;
      if (definition.type === 'function_definition') this.functions.set(name, definition);
      if (definition.type === 'class_definition') this.classes.set(name, { name, attributes: new Map(), bases: [], methods: new Map() });
    }
    const moduleScope: Scope = { locals: this.globals };
    for (const statement of statements) {
      if (statement.type === 'expression_statement') this.assignAll(statement, moduleScope);
      else if (statement.type === 'if_statement' || statement.type === 'try_statement') this.assignAll(statement, moduleScope, true);
    }
    for (const statement of statements) {
      const definition = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
      if (definition?.type === 'class_definition') this.readClass(definition);
    }
  }

  /** Reads the assignments of a statement into the scope (`conditional`: names bound in a branch keep no text). */
  private assignAll(statement: Node, scope: Scope, conditional = false): void {
    for (const assignment of statement.type === 'expression_statement' ? namedChildren(statement) : statement.descendantsOfType('assignment')) {
      if (assignment?.type === 'assignment') this.assign(assignment, scope, conditional);
    }
  }

  /** `x = value`, `x: T = value`, `x: T`, `a, b = ...`, `self.x = value` into the scope (or the class's attributes). */
  assign(assignment: Node, scope: Scope, conditional = false): void {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    const annotation = assignment.childForFieldName('type');
    let value = right ? this.valueOf(right.type === 'assignment' ? right.childForFieldName('right') ?? right : right, scope) : NOTHING;
    const typed = annotation ? this.annotated(annotation) : undefined;
    if (typed && !value.lib && !value.cls) value = withFields(value, typed);
    if (conditional) value = withFields(value, { text: undefined });
    if (right?.type === 'assignment') this.assign(right, scope, conditional);
    if (left?.type === 'identifier') scope.locals.set(left.text, value);
    else if (left?.type === 'attribute' && left.childForFieldName('object')?.text === 'self' && scope.className) {
      const attribute = left.childForFieldName('attribute')?.text;
      const info = this.classes.get(scope.className);
      if (attribute && info && !info.attributes.has(attribute)) info.attributes.set(attribute, value);
    } else if (left && (left.type === 'pattern_list' || left.type === 'tuple_pattern')) {
      for (const target of namedChildren(left)) if (target.type === 'identifier') scope.locals.set(target.text, derived([value]));
    }
  }

  private readClass(definition: Node): void {
    const info = this.classes.get(definition.childForFieldName('name')?.text ?? '');
    if (!info) return;
    for (const base of namedChildren(definition.childForFieldName('superclasses') ?? definition).filter((node) => node.type === 'identifier' || node.type === 'attribute')) {
      const ref = this.classRef(base);
      if (ref) info.bases.push(ref);
    }
    const scope: Scope = { locals: new Map(), className: info.name };
    for (const statement of namedChildren(definition.childForFieldName('body') ?? definition)) {
      const member = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
      if (member?.type === 'function_definition') {
        const name = member.childForFieldName('name')?.text;
        if (name) info.methods.set(name, member);
      } else if (statement.type === 'expression_statement') {
        const assignment = namedChildren(statement)[0];
        const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
        if (assignment && left?.type === 'identifier') {
          this.assign(assignment, scope);
          info.attributes.set(left.text, scope.locals.get(left.text) ?? NOTHING);
        }
      }
    }
    const init = info.methods.get('__init__');
    if (init) {
      const initScope: Scope = { locals: new Map(), className: info.name };
      for (const parameter of this.parameterNodes(init)) initScope.locals.set(parameter.name, parameter.known);
      for (const assignment of init.childForFieldName('body')?.descendantsOfType('assignment') ?? []) if (assignment) this.assign(assignment, initScope);
    }
  }

  /** A class named by an expression: one of this module, or an imported one (by its import path). */
  classRef(node: Node): ClassRef | undefined {
    if (node.type === 'identifier' && this.classes.has(node.text)) return { name: node.text };
    const path = this.module.resolvePath(node);
    if (!path || path === node.text && node.type === 'identifier') return undefined;
    const name = lastSegment(path);
    return isClassName(name) ? { module: parentPath(path), name } : undefined;
  }

  /** The value an annotation gives a parameter or attribute: a library type, or a class of the project. */
  annotated(annotation: Node): Known | undefined {
    const inner = unwrapAnnotation(annotation);
    if (!inner) return undefined;
    const path = this.module.resolvePath(inner);
    if (path) {
      const row = typeRowOf(path, TABLES.types, 'annotations');
      if (row) return { lib: row.type, module: row.type === 'sdk' ? parentPath(path) : undefined };
    }
    const cls = this.classRef(inner);
    return cls ? { cls } : undefined;
  }

  /** A function's parameters (without `self`/`cls` of a method), each with its value in the body's scope. */
  parameterNodes(definition: Node, method = false): Array<ParameterInfo & { known: Known }> {
    const parameters: Array<ParameterInfo & { known: Known }> = [];
    const list = namedChildren(definition.childForFieldName('parameters') ?? definition);
    list.forEach((node, index) => {
      const nameNode = node.type === 'identifier' ? node : node.childForFieldName('name') ?? namedChildren(node).find((child) => child.type === 'identifier');
      if (!nameNode || (method && index === 0 && node.type === 'identifier')) return;
      const name = nameNode.text;
      const annotation = node.childForFieldName('type');
      const defaultNode = node.childForFieldName('value');
      const typed = annotation ? this.annotated(annotation) : undefined;
      const info: ParameterInfo & { known: Known } = { name, known: withFields(typed, { params: new Set([name]) }) };
      if (defaultNode) info.default = literalTruth(defaultNode) ?? 'unknown';
      if (annotation && isScalarAnnotation(annotation.text)) info.scalar = true;
      parameters.push(info);
    });
    return parameters;
  }

  /** The value of an expression in `scope`. */
  valueOf(node: Node | null | undefined, scope: Scope): Known {
    if (!node) return NOTHING;
    switch (node.type) {
      case 'identifier':
        return this.identifierValue(node, scope);
      case 'string':
        return this.stringValue(node, scope);
      case 'concatenated_string': {
        const parts = namedChildren(node).map((part) => this.valueOf(part, scope));
        return derived(parts, joinTexts(parts));
      }
      case 'true':
      case 'false':
      case 'none':
      case 'integer':
      case 'float':
        return { truth: literalTruth(node) };
      case 'parenthesized_expression':
      case 'await':
        return this.valueOf(namedChildren(node)[0], scope);
      case 'binary_operator':
        return this.binaryValue(node, scope);
      case 'attribute':
        return this.attributeValue(node, scope);
      case 'subscript': {
        const value = this.valueOf(node.childForFieldName('value'), scope);
        if (value.switch || this.isEnvironment(node.childForFieldName('value'))) return { switch: { text: node.text, config: false }, fromConfig: true };
        return derived([value, ...node.childrenForFieldName('subscript').map((index) => this.valueOf(index, scope))]);
      }
      case 'call':
        return this.callValue(node, scope);
      case 'boolean_operator':
        return derived([this.valueOf(node.childForFieldName('left'), scope), this.valueOf(node.childForFieldName('right'), scope)]);
      case 'list':
      case 'tuple':
        return this.listValue(node, scope);
      case 'list_splat':
        return this.valueOf(namedChildren(node)[0], scope);
      case 'conditional_expression':
      case 'set':
      case 'dictionary':
      case 'pair':
      case 'list_comprehension':
      case 'generator_expression':
        return derived(namedChildren(node).map((child) => this.valueOf(child, scope)));
      default:
        return NOTHING;
    }
  }

  /** A list's value with its elements, a starred element's own spread in (`["kubectl", *args]`). */
  private listValue(node: Node, scope: Scope): Known {
    const children = namedChildren(node).filter((child) => child.type !== 'comment');
    const values = children.map((child) => this.valueOf(child, scope));
    const items = children.flatMap((child, index) => (child.type === 'list_splat' ? values[index].items ?? [{ params: values[index].params }] : [values[index]]));
    return withFields(derived(values), { items });
  }

  private identifierValue(node: Node, scope: Scope): Known {
    const name = node.text;
    const local = scope.locals.get(name) ?? this.globals.get(name);
    if (local) return local;
    if (this.classes.has(name) || this.functions.has(name)) return NOTHING;
    const path = this.module.resolvePath(node);
    if (!path || path === name) return NOTHING;
    if (matchesPath(path, TABLES.environmentReads)) return { switch: { text: name, config: false }, fromConfig: true };
    const last = lastSegment(path);
    if (TABLES.configObjects.includes(last)) return { switch: { text: name, config: true }, fromConfig: true };
    return isClassName(last) ? NOTHING : { singleton: { module: parentPath(path), name: last } };
  }

  private stringValue(node: Node, scope: Scope): Known {
    const parts: Known[] = [];
    for (const child of namedChildren(node)) {
      if (child.type === 'string_content' || child.type === 'escape_sequence') parts.push({ text: child.text });
      else if (child.type === 'interpolation') parts.push(this.valueOf(child.childForFieldName('expression') ?? namedChildren(child)[0], scope));
    }
    return derived(parts, joinTexts(parts));
  }

  private binaryValue(node: Node, scope: Scope): Known {
    const left = this.valueOf(node.childForFieldName('left'), scope);
    const right = this.valueOf(node.childForFieldName('right'), scope);
    const operator = node.childForFieldName('operator')?.text;
    if (operator === '/' && left.lib === 'path') return { lib: 'path', tmp: left.tmp, params: paramsOf(left, right) };
    if (operator === '+') return derived([left, right], left.text !== undefined || right.text !== undefined ? joinTexts([left, right]) : undefined);
    if (operator === '%') return derived([left, right], left.text);
    return derived([left, right]);
  }

  private attributeValue(node: Node, scope: Scope): Known {
    const object = node.childForFieldName('object');
    const attribute = node.childForFieldName('attribute')?.text ?? '';
    if (object?.type === 'identifier' && object.text === 'self' && scope.className) return this.attributeOf(scope.className, attribute) ?? NOTHING;
    const path = this.module.resolvePath(node);
    if (path && matchesPath(path, TABLES.environmentReads)) return { switch: { text: node.text, config: false }, fromConfig: true };
    if (object && isConfigObject(object, TABLES.configObjects)) return { switch: { text: node.text, config: true }, fromConfig: true };
    const value = this.valueOf(object, scope);
    if (value.singleton) return { singleton: withFields(value.singleton, { members: [...value.singleton.members ?? [], attribute] }) };
    return this.memberOf(value, attribute) ?? derived([value]);
  }

  attributeOf(className: string, attribute: string): Known | undefined {
    return attributeOf(this.classes, className, attribute);
  }

  memberOf(value: Known, member: string): Known | undefined {
    return memberOf(TABLES, value, member);
  }

  private callValue(node: Node, scope: Scope): Known {
    const callee = node.childForFieldName('function');
    const args = argumentsOf(node);
    const argValues = () => [...args.positional, ...args.keywords.values()].map((argument) => this.valueOf(argument, scope));
    if (callee?.type === 'attribute') {
      const receiver = callee.childForFieldName('object');
      const method = callee.childForFieldName('attribute')?.text ?? '';
      const value = receiver?.type === 'identifier' && receiver.text === 'self' ? NOTHING : this.valueOf(receiver, scope);
      const member = this.memberOf(value, method);
      if (member) return member;
      if (value.text !== undefined && method === 'format') return derived([value, ...argValues()], value.text);
      if (value.text !== undefined || value.params) {
        const path = this.module.resolvePath(callee);
        if (!path || !matchesPath(path, TABLES.environmentReads)) return derived([value, ...argValues()], value.text);
      }
    }
    if (!callee) return NOTHING;
    const calleeValue = callee.type === 'identifier' ? scope.locals.get(callee.text) ?? this.globals.get(callee.text) : undefined;
    if (calleeValue?.lib === 'orm-factory') return { lib: 'orm' };
    const path = this.module.resolvePath(callee);
    if (path) {
      if (matchesPath(path, TABLES.temporaryPaths)) return { tmp: true };
      if (matchesPath(path, TABLES.environmentReads)) return { switch: { text: node.text, config: false }, fromConfig: true };
      if (matchesPath(path, ['os.path.join', 'os.path.abspath', 'os.path.expanduser', 'os.path.normpath', 'os.path.dirname', 'str', 'sqlalchemy.text', 'sqlalchemy.sql.text'])) {
        const values = argValues();
        return withFields(derived(values, path.endsWith('text') || path === 'str' ? values[0]?.text : undefined), { tmp: values[0]?.tmp });
      }
      const row = typeRowOf(path, TABLES.types, 'constructors');
      if (row) return this.constructed(row, path, args, scope);
      if (matchesPath(path, TABLES.statementBuilders.flatMap((builder) => builder.functions))) return { builder: true };
    }
    const cls = this.classRef(callee);
    if (cls) return { cls };
    return derived(argValues());
  }

  /** A library value made by a constructor or factory: its SDK module, its base URL's host, its read-only flag, a temporary path. */
  private constructed(row: LibraryTypeRow, path: string, args: CallArguments, scope: Scope): Known {
    const known: Known = { lib: row.type };
    if (row.type === 'sdk') known.module = parentPath(path) || path;
    const first = args.positional[0] ? this.valueOf(args.positional[0], scope) : undefined;
    if (row.type === 'path' && first?.tmp) known.tmp = true;
    if (row.type === 'path' && first?.params) known.params = first.params;
    const baseUrl = args.keywords.get('base_url');
    if (baseUrl) {
      const base = this.valueOf(baseUrl, scope);
      known.host = base.text !== undefined ? hostOf(base.text) : undefined;
    }
    if (row.type === 'sql' && isReadOnlyConnection(args)) known.readOnly = true;
    return known;
  }

  /** Whether an expression reads `os.environ`. */
  private isEnvironment(node: Node | null): boolean {
    const path = node ? this.module.resolvePath(node) : undefined;
    return !!path && matchesPath(path, TABLES.environmentReads);
  }
}

/** `sqlite3.connect("file:x?mode=ro", uri=True)`, `connect(..., readonly=True)`: a connection that cannot write. */
function isReadOnlyConnection(args: CallArguments): boolean {
  for (const [name, value] of args.keywords) if ((name === 'readonly' || name === 'read_only') && value.type === 'true') return true;
  return [...args.positional, ...args.keywords.values()].some((argument) => argument.type === 'string' && READ_ONLY_SQL_MARKERS.some((marker) => argument.text.includes(marker)));
}

/** `settings.x`, `config.x`, `self.config.x`: an attribute of a config object. */
function isConfigObject(node: Node, names: readonly string[]): boolean {
  if (node.type === 'identifier') return names.includes(node.text);
  if (node.type === 'attribute') return names.includes(node.childForFieldName('attribute')?.text ?? '');
  return false;
}

/** `Optional[X]`, `X | None`, `"X"`: the X an annotation names. */
function unwrapAnnotation(annotation: Node): Node | undefined {
  let node: Node | undefined = annotation.type === 'type' ? namedChildren(annotation)[0] : annotation;
  for (let depth = 0; node && depth < 4; depth++) {
    if (node.type === 'identifier' || node.type === 'attribute') return node;
    if (node.type === 'generic_type' || node.type === 'subscript') {
      const base = namedChildren(node)[0];
      if (base && /^(Optional|Annotated)$/.test(base.text.replace(/^.*\./, ''))) node = namedChildren(namedChildren(node)[1] ?? node).find((child) => child.type !== 'comment') ?? namedChildren(node)[1];
      else return base;
    } else if (node.type === 'binary_operator') {
      node = [node.childForFieldName('left'), node.childForFieldName('right')].find((side) => side && side.type !== 'none' && side.text !== 'None') ?? undefined;
    } else if (node.type === 'type') {
      node = namedChildren(node)[0];
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** Annotations of values that cannot carry statement or command text. */
function isScalarAnnotation(text: string): boolean {
  return /^(Optional\[)?\s*(int|float|bool|Literal\[[^\]]*\]|datetime|date|UUID|uuid\.UUID)\s*\]?(\s*\|\s*None)?$/.test(text.trim());
}

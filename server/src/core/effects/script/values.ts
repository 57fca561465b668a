/**
 * What a TS/JS expression's value is, as far as effects go (known.ts): receivers typed by
 * construction (`new Pool()`, `axios.create(...)`), annotations, class fields and constructor
 * parameter properties, and imported module-level objects; the literal text of strings and
 * templates; the parameters that flow in. Calls are named by import (`fs.writeFile` whichever way
 * `fs` was imported).
 */
import { Node } from 'web-tree-sitter';
import { SCRIPT_EFFECTS } from '../../data/effects/script';
import { READ_ONLY_SQL_MARKERS } from '../../data/effects/shared';
import { LibraryTypeRow } from '../../data/effects/types';
import { namedChildrenOf, stringValue } from '../../frontends/typescript/syntax';
import { hostOf } from '../classify';
import { derived, joinTexts, Known, NOTHING, UNKNOWN_PART } from '../known';
import { memberOf } from '../library';
import { ClassRef, ParameterInfo } from '../summary';
import { attributeOf } from '../walk';
import { matchesPath } from '../dotted-paths';
import { callArgumentNodes, canonicalModule, isFunctionNode, isProjectSpecifier, literalTruth, objectProperty, requiredModule, unwrap } from './syntax';
import { readScriptImports, ScriptImport } from './imports';
import { withFields } from '../../with-fields';

const TABLES = SCRIPT_EFFECTS;

export interface ScriptScope {
  locals: Map<string, Known>;
  className?: string;
}

export interface ScriptClass {
  name: string;
  attributes: Map<string, Known>;
  bases: ClassRef[];
  methods: Map<string, Node>;
}

/** `fs.promises.writeFile` -> `fs.writeFile`. */
function canonicalPath(path: string): string {
  return path.startsWith('fs.promises.') ? `fs.${path.slice('fs.promises.'.length)}` : path;
}

const isClassName = (name: string) => /^_?[A-Z]/.test(name);

export class ScriptValues {
  /** Local name to what it imports: `fs` -> `{ specifier: "node:fs", name: "*" }`. */
  readonly imports = new Map<string, ScriptImport>();
  /** Module-level functions: declarations, and consts bound to a function. */
  readonly functions = new Map<string, Node>();
  readonly classes = new Map<string, ScriptClass>();
  readonly globals = new Map<string, Known>();
  private readonly classNodes = new Map<string, Node>();

  constructor(root: Node) {
    const statements = namedChildrenOf(root).map((statement) => (statement.type === 'export_statement' ? statement.childForFieldName('declaration') ?? statement : statement));
    for (const statement of statements) readScriptImports(statement, this.imports);
    for (const statement of statements) this.readDefinition(statement);
    const scope: ScriptScope = { locals: this.globals };
    for (const statement of statements) {
      if (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration') this.declare(statement, scope);
      if (statement.type === 'expression_statement') {
        const expression = namedChildrenOf(statement)[0];
        if (expression?.type === 'assignment_expression') this.assign(expression, scope);
      }
    }
    for (const info of this.classes.values()) this.readClassMembers(info);
  }

  private readDefinition(statement: Node): void {
    const name = statement.childForFieldName('name')?.text;
    if ((statement.type === 'function_declaration' || statement.type === 'generator_function_declaration') && name) this.functions.set(name, statement);
    if ((statement.type === 'class_declaration' || statement.type === 'abstract_class_declaration') && name) {
      const info: ScriptClass = { name, attributes: new Map(), bases: [], methods: new Map() };
      const heritage = namedChildrenOf(statement).find((child) => child.type === 'class_heritage');
      const extendsClause = heritage && (namedChildrenOf(heritage).find((child) => child.type === 'extends_clause') ?? heritage);
      const base = extendsClause && namedChildrenOf(extendsClause).find((child) => child.type === 'identifier' || child.type === 'member_expression');
      const ref = base && this.classRef(base);
      if (ref) info.bases.push(ref);
      this.classes.set(name, info);
      this.classNodes.set(name, statement);
    }
    if (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration') {
      for (const declarator of namedChildrenOf(statement).filter((child) => child.type === 'variable_declarator')) {
        const value = declarator.childForFieldName('value');
        const variable = declarator.childForFieldName('name');
        if (variable?.type === 'identifier' && value && isFunctionNode(unwrap(value))) this.functions.set(variable.text, unwrap(value));
      }
    }
  }

  private readClassMembers(info: ScriptClass): void {
    const body = this.classNodes.get(info.name)?.childForFieldName('body');
    if (!body) return;
    const scope: ScriptScope = { locals: new Map(), className: info.name };
    for (const member of namedChildrenOf(body)) {
      const name = member.childForFieldName('name')?.text;
      if (!name) continue;
      if (member.type === 'method_definition') info.methods.set(name, member);
      else if (member.type === 'public_field_definition' || member.type === 'field_definition') {
        const value = member.childForFieldName('value');
        const typed = this.annotated(member.childForFieldName('type'));
        if (value && isFunctionNode(unwrap(value))) info.methods.set(name, unwrap(value));
        else info.attributes.set(name, withFields((value ? this.valueOf(value, scope) : NOTHING), typed));
      }
    }
    const constructor = info.methods.get('constructor');
    if (!constructor) return;
    const constructorScope: ScriptScope = { locals: new Map(), className: info.name };
    for (const parameter of this.parameterNodes(constructor)) {
      constructorScope.locals.set(parameter.name, parameter.known);
      if (parameter.property) info.attributes.set(parameter.name, parameter.known);
    }
    for (const assignment of constructor.childForFieldName('body')?.descendantsOfType('assignment_expression') ?? []) if (assignment) this.assign(assignment, constructorScope);
  }

  /** `const x = ...` (each declarator) into the scope. */
  declare(declaration: Node, scope: ScriptScope): void {
    for (const declarator of namedChildrenOf(declaration).filter((child) => child.type === 'variable_declarator')) {
      const name = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      const typed = this.annotated(declarator.childForFieldName('type'));
      const known = value ? this.valueOf(value, scope) : NOTHING;
      const result = typed && !known.lib && !known.cls ? withFields(known, typed) : known;
      if (name?.type === 'identifier') scope.locals.set(name.text, result);
      else if (name) for (const field of name.descendantsOfType(['shorthand_property_identifier_pattern', 'identifier'])) if (field) scope.locals.set(field.text, derived([result]));
    }
  }

  /** `x = value`, `this.x = value` (a class attribute, first one wins). */
  assign(assignment: Node, scope: ScriptScope): void {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (!left || !right) return;
    const value = this.valueOf(right, scope);
    if (left.type === 'identifier') scope.locals.set(left.text, value);
    else if (left.type === 'member_expression' && left.childForFieldName('object')?.type === 'this' && scope.className) {
      const attribute = left.childForFieldName('property')?.text;
      const info = this.classes.get(scope.className);
      if (attribute && info && !info.attributes.get(attribute)?.lib && !info.attributes.get(attribute)?.cls) info.attributes.set(attribute, value);
    }
  }

  /** The path a callee or value names after imports: `fs.writeFile`, `pg.Pool`, `fetch`; undefined for locals and anything else. */
  resolvePath(node: Node, scope?: ScriptScope): string | undefined {
    const bare = unwrap(node);
    if (bare.type === 'identifier') {
      const name = bare.text;
      if (scope?.locals.has(name)) return undefined;
      const imported = this.imports.get(name);
      if (imported) {
        const module = canonicalModule(imported.specifier);
        return imported.name === '*' || imported.name === 'default' ? module : `${module}.${imported.name}`;
      }
      if (this.globals.has(name) || this.functions.has(name) || this.classes.has(name)) return undefined;
      return name;
    }
    if (bare.type === 'member_expression') {
      const object = bare.childForFieldName('object');
      const property = bare.childForFieldName('property')?.text;
      const base = object && property ? (object.type === 'call_expression' ? requiredModule(object) : this.resolvePath(object, scope)) : undefined;
      return base === undefined ? undefined : canonicalPath(`${canonicalModule(base)}.${property}`);
    }
    return bare.type === 'call_expression' ? requiredModule(bare) : undefined;
  }

  /** A class named by an expression: one of this module, or an imported one. */
  classRef(node: Node): ClassRef | undefined {
    const bare = unwrap(node);
    if (bare.type === 'identifier' && this.classes.has(bare.text)) return { name: bare.text };
    const imported = bare.type === 'identifier' ? this.imports.get(bare.text) : undefined;
    if (imported && imported.name !== '*' && isClassName(bare.text) && isProjectSpecifier(imported.specifier)) return { module: imported.specifier, name: imported.name };
    return undefined;
  }

  /** The value a type annotation gives (`: Pool`, `: Database.Database`, `: Store`). */
  annotated(annotation: Node | null | undefined): Known | undefined {
    const type = annotation?.type === 'type_annotation' ? namedChildrenOf(annotation)[0] : annotation;
    if (!type) return undefined;
    const named = type.type === 'generic_type' ? namedChildrenOf(type)[0] : type;
    const base = named?.type === 'nested_type_identifier' ? named : named?.type === 'type_identifier' ? named : undefined;
    if (!base) return undefined;
    const head = base.type === 'type_identifier' ? base.text : base.text.split('.')[0];
    const rest = base.type === 'type_identifier' ? '' : base.text.slice(head.length);
    const imported = this.imports.get(head);
    if (imported) {
      const path = canonicalPath(`${canonicalModule(imported.specifier)}${imported.name === '*' || imported.name === 'default' ? '' : `.${imported.name}`}${rest}`);
      const row = typeRowOf(path, 'annotations');
      if (row) return { lib: row.type, module: row.type === 'sdk' ? canonicalModule(imported.specifier) : undefined };
      if (isClassName(head) && isProjectSpecifier(imported.specifier) && !rest) return { cls: { module: imported.specifier, name: imported.name } };
    }
    return this.classes.has(head) && !rest ? { cls: { name: head } } : undefined;
  }

  /** A function's parameters; an object pattern's fields are parameters of their own, read from the object's position. */
  parameterNodes(fn: Node): Array<ParameterInfo & { known: Known; property?: boolean }> {
    const list = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
    const nodes = list?.type === 'formal_parameters' ? namedChildrenOf(list).filter((child) => child.type !== 'comment') : list ? [list] : [];
    const parameters: Array<ParameterInfo & { known: Known; property?: boolean }> = [];
    nodes.forEach((node, position) => {
      const pattern = node.childForFieldName('pattern') ?? (node.type === 'assignment_pattern' ? node.childForFieldName('left') : node);
      const defaultNode = node.childForFieldName('value') ?? (node.type === 'assignment_pattern' ? node.childForFieldName('right') : null);
      const typed = this.annotated(node.childForFieldName('type'));
      const property = namedChildrenOf(node).some((child) => child.type === 'accessibility_modifier' || child.text === 'readonly');
      if (pattern?.type === 'identifier') {
        const info: ParameterInfo & { known: Known; property?: boolean } = { name: pattern.text, position, known: withFields(typed, { params: new Set([pattern.text]) }) };
        if (defaultNode) info.default = literalTruth(defaultNode) ?? 'unknown';
        if (property) info.property = true;
        if (isScalarType(node.childForFieldName('type'))) info.scalar = true;
        parameters.push(info);
      } else if (pattern?.type === 'object_pattern') {
        for (const field of namedChildrenOf(pattern)) {
          const nameNode = field.type === 'shorthand_property_identifier_pattern' ? field
            : field.type === 'object_assignment_pattern' ? field.childForFieldName('left')
              : field.type === 'pair_pattern' ? field.childForFieldName('value') : undefined;
          const fieldName = nameNode?.type === 'assignment_pattern' ? nameNode.childForFieldName('left')?.text : nameNode?.text;
          if (!fieldName) continue;
          const fieldDefault = field.type === 'object_assignment_pattern' ? field.childForFieldName('right') : nameNode?.type === 'assignment_pattern' ? nameNode.childForFieldName('right') : null;
          const info: ParameterInfo & { known: Known } = { name: fieldName, position, known: { params: new Set([fieldName]) } };
          if (fieldDefault) info.default = literalTruth(fieldDefault) ?? 'unknown';
          parameters.push(info);
        }
      }
    });
    return parameters;
  }

  valueOf(node: Node | null | undefined, scope: ScriptScope): Known {
    if (!node) return NOTHING;
    const bare = unwrap(node);
    switch (bare.type) {
      case 'identifier':
      case 'shorthand_property_identifier':
        return this.identifierValue(bare, scope);
      case 'string':
        return { text: stringValue(bare) ?? '' };
      case 'template_string':
        return this.templateValue(bare, scope);
      case 'true':
      case 'false':
      case 'null':
      case 'undefined':
      case 'number':
        return { truth: literalTruth(bare) };
      case 'binary_expression': {
        const left = this.valueOf(bare.childForFieldName('left'), scope);
        const right = this.valueOf(bare.childForFieldName('right'), scope);
        const plus = bare.childForFieldName('operator')?.text === '+';
        return derived([left, right], plus && (left.text !== undefined || right.text !== undefined) ? joinTexts([left, right]) : undefined);
      }
      case 'member_expression':
        return this.memberValue(bare, scope);
      case 'subscript_expression': {
        const object = this.valueOf(bare.childForFieldName('object'), scope);
        if (object.switch) return { switch: { text: bare.text, config: object.switch.config }, fromConfig: true };
        return derived([object, this.valueOf(bare.childForFieldName('index'), scope)]);
      }
      case 'call_expression':
        return this.callValue(bare, scope);
      case 'new_expression':
        return this.newValue(bare, scope);
      case 'array': {
        const children = namedChildrenOf(bare).filter((child) => child.type !== 'comment');
        const values = children.map((child) => this.valueOf(child, scope));
        const items = children.flatMap((child, index) => (child.type === 'spread_element' ? values[index].items ?? [{ params: values[index].params }] : [values[index]]));
        return withFields(derived(values), { items });
      }
      case 'spread_element':
        return this.valueOf(namedChildrenOf(bare)[0], scope);
      case 'object':
        return this.objectValue(bare, scope);
      case 'ternary_expression':
      case 'pair':
      case 'unary_expression':
        return derived(namedChildrenOf(bare).map((child) => this.valueOf(child, scope)));
      default:
        return NOTHING;
    }
  }

  /** An object literal's value with its properties by name (`{ method: "DELETE" }`), a spread object's own spread in. */
  private objectValue(node: Node, scope: ScriptScope): Known {
    const fields: Record<string, Known> = {};
    const values: Known[] = [];
    for (const member of namedChildrenOf(node)) {
      const value = this.valueOf(member.type === 'pair' ? member.childForFieldName('value') : member, scope);
      values.push(value);
      if (member.type === 'spread_element') Object.assign(fields, value.fields);
      const key = member.type === 'pair' ? member.childForFieldName('key') : member.type === 'shorthand_property_identifier' ? member : undefined;
      const name = key?.type === 'string' ? stringValue(key) : key?.text;
      if (name) fields[name] = value;
    }
    return withFields(derived(values), { fields });
  }

  private identifierValue(node: Node, scope: ScriptScope): Known {
    const name = node.text;
    const local = scope.locals.get(name) ?? this.globals.get(name);
    if (local) return local;
    if (TABLES.configObjects.includes(name) && !this.imports.has(name)) return { switch: { text: name, config: true }, fromConfig: true };
    const imported = this.imports.get(name);
    // `import * as stores from "./store.js"`: the module, whose objects are read at propagation.
    if (imported?.name === '*' && isProjectSpecifier(imported.specifier)) return { singleton: { module: imported.specifier, name: '*' } };
    if (!imported || imported.name === '*' || imported.name === 'default' && !isProjectSpecifier(imported.specifier)) return NOTHING;
    if (TABLES.configObjects.includes(imported.name)) return { switch: { text: name, config: true }, fromConfig: true };
    return isClassName(imported.name) || !isProjectSpecifier(imported.specifier) ? NOTHING : { singleton: { module: imported.specifier, name: imported.name } };
  }

  private templateValue(node: Node, scope: ScriptScope): Known {
    const parts: Known[] = [];
    for (const child of namedChildrenOf(node)) {
      if (child.type === 'string_fragment' || child.type === 'escape_sequence') parts.push({ text: child.text });
      else if (child.type === 'template_substitution') parts.push(this.valueOf(namedChildrenOf(child)[0], scope));
    }
    return derived(parts, joinTexts(parts));
  }

  private memberValue(node: Node, scope: ScriptScope): Known {
    const object = node.childForFieldName('object');
    const property = node.childForFieldName('property')?.text ?? '';
    if (object?.type === 'this' && scope.className) return this.attributeOf(scope.className, property) ?? NOTHING;
    const path = this.resolvePath(node, scope);
    if (path && TABLES.environmentReads.some((read) => path === read || path.startsWith(`${read}.`))) return { switch: { text: node.text, config: false }, fromConfig: true };
    const value = this.valueOf(object, scope);
    if (value.switch) return { switch: { text: node.text, config: value.switch.config }, fromConfig: true };
    if (object && (object.type === 'member_expression' && object.childForFieldName('object')?.type === 'this') && TABLES.configObjects.includes(object.childForFieldName('property')?.text ?? '')) return { switch: { text: node.text, config: true }, fromConfig: true };
    if (value.singleton) return { singleton: withFields(value.singleton, { members: [...value.singleton.members ?? [], property] }) };
    return memberOf(TABLES, value, property) ?? derived([value]);
  }

  attributeOf(className: string, attribute: string): Known | undefined {
    return attributeOf(this.classes, className, attribute);
  }

  private callValue(node: Node, scope: ScriptScope): Known {
    const callee = node.childForFieldName('function');
    if (!callee) return NOTHING;
    const args = callArgumentNodes(node);
    const argValues = () => args.map((argument) => this.valueOf(argument, scope));
    const required = requiredModule(node);
    if (required !== undefined) return NOTHING;
    const bareCallee = unwrap(callee);
    if (bareCallee.type === 'member_expression') {
      const receiver = this.valueOf(bareCallee.childForFieldName('object'), scope);
      const method = bareCallee.childForFieldName('property')?.text ?? '';
      const member = memberOf(TABLES, receiver, method);
      if (member) return member;
      if (receiver.text !== undefined || receiver.params) return derived([receiver, ...argValues()], receiver.text);
    }
    const calleeValue = this.valueOf(bareCallee, scope);
    // `knex("users")`, `db("users")`: a query builder called on a table.
    if (calleeValue.lib === 'builder') return calleeValue;
    const path = this.resolvePath(bareCallee, scope);
    if (path) {
      if (matchesPath(path, TABLES.temporaryPaths)) return { tmp: true };
      if (matchesPath(path, ['path.join', 'path.resolve', 'path.dirname', 'String'])) {
        const values = argValues();
        return withFields(derived(values), { tmp: values[0]?.tmp });
      }
      if (TABLES.environmentReads.some((read) => path === read || path.startsWith(`${read}.`))) return { switch: { text: node.text, config: false }, fromConfig: true };
      const row = typeRowOf(path, 'constructors');
      if (row) return this.constructed(row, path, args, scope);
    }
    return derived(argValues());
  }

  private newValue(node: Node, scope: ScriptScope): Known {
    const constructor = node.childForFieldName('constructor');
    if (!constructor) return NOTHING;
    const path = this.resolvePath(constructor, scope);
    const args = callArgumentNodes(node);
    if (path) {
      // AWS SDK v3: the command carries its verb; what sending it does is read where it is made.
      if (path.startsWith('@aws-sdk/') && path.endsWith('Command')) return { builder: true };
      const row = typeRowOf(path, 'constructors');
      if (row) return this.constructed(row, path, args, scope);
    }
    const cls = this.classRef(constructor);
    return cls ? { cls } : derived(args.map((argument) => this.valueOf(argument, scope)));
  }

  /** A library value made by a constructor or factory: its SDK module, its base URL's host, a read-only connection. */
  private constructed(row: LibraryTypeRow, path: string, args: readonly Node[], scope: ScriptScope): Known {
    const known: Known = { lib: row.type };
    if (row.type === 'sdk') known.module = sdkModuleOf(path);
    const options = args.find((argument) => unwrap(argument).type === 'object');
    const baseUrl = options && objectProperty(unwrap(options), ['baseURL', 'baseUrl', 'prefixUrl']);
    if (baseUrl) {
      const base = this.valueOf(baseUrl, scope);
      if (base.text !== undefined && !base.text.startsWith(UNKNOWN_PART)) known.host = hostOf(base.text);
    }
    if (row.type === 'sql' && args.some((argument) => READ_ONLY_SQL_MARKERS.some((marker) => argument.text.includes(marker)))) known.readOnly = true;
    return known;
  }
}

function typeRowOf(path: string, field: 'constructors' | 'annotations'): LibraryTypeRow | undefined {
  return TABLES.types.find((row) => matchesPath(path, row[field] ?? []));
}

/** `@aws-sdk/client-s3.S3Client` -> `@aws-sdk/client-s3`; `stripe` -> `stripe`. */
function sdkModuleOf(path: string): string {
  const scoped = /^(@[^/.]+\/[^.]+)/.exec(path);
  if (scoped) return scoped[1];
  return path.split('.')[0];
}

function isScalarType(annotation: Node | null): boolean {
  const text = annotation?.text.replace(/^:\s*/, '').trim();
  return !!text && /^(number|boolean|bigint|Date)(\s*\|\s*(undefined|null))?$/.test(text);
}

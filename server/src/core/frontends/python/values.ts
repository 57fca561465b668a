/**
 * Python expressions → `Value` trees, resolving what can be known within the file:
 * literals, module constants assigned once, `**spreads`, import aliases, enum members.
 */
import { Node } from 'web-tree-sitter';
import { Entry, NonStringKey, Range, Value } from '../../model';
import { allChildren, containerOf, namedChildren, rangeOf } from '../syntax';
import { PythonModule } from './module';
import { TopLevelShape, usedAt } from '../../project/presets';
import { withFields } from '../../with-fields';

/** Deeper expressions are left unknown: no stack overflow on pathological input. */
const MAX_DEPTH = 64;

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v' };

/**
 * What every value read carries: where it is written, and where (and through which constant) the tool uses it.
 * Values spread it last (`{ kind, ..., ...base }`): Node 20's V8 gives each object of `{ ...base, kind }` a
 * hidden class of its own (see core/with-fields.ts).
 */
type Base = { range: Range; via?: Range; viaName?: string };

interface Context {
  /** The use site inside the tool when the value was reached through a module constant. */
  via?: Range;
  viaName?: string;
  depth: number;
  resolving: ReadonlySet<string>;
}

export class PythonValues {
  constructor(private readonly module: PythonModule) {}

  valueOf(node: Node): Value {
    return this.read(node, { depth: 0, resolving: new Set() });
  }

  /**
   * What `valueOf(node)` holds at its top level, read without its values (project/presets.ts
   * `mayBePresetShaped`): a dict's keys, a call's callee and keyword names, and whether a
   * `**spread` may add keys. Undefined where `valueOf` gives neither a mapping nor a call.
   */
  shapeOf(node: Node): TopLevelShape | undefined {
    // The context `read` gives a dict's or a call's own reads.
    const context: Context = { depth: 1, resolving: new Set() };
    const keys: string[] = [];
    let spread = false;
    if (node.type === 'dictionary') {
      for (const child of namedChildren(node)) {
        if (child.type === 'dictionary_splat') spread = true;
        if (child.type !== 'pair') continue;
        const keyNode = child.childForFieldName('key');
        if (!keyNode || !child.childForFieldName('value')) continue;
        const key = this.read(keyNode, context);
        if (key.kind === 'string') keys.push(key.value);
      }
      return { keys, spread };
    }
    if (node.type !== 'call') return undefined;
    const calleeNode = node.childForFieldName('function');
    const argumentsNode = node.childForFieldName('arguments');
    if (!calleeNode || !argumentsNode || argumentsNode.type !== 'argument_list') return undefined;
    if (foreignCall(this.module.resolvePath(calleeNode), argumentsNode)) return undefined;
    for (const argument of namedChildren(argumentsNode)) {
      if (argument.type === 'dictionary_splat') spread = true;
      if (argument.type !== 'keyword_argument') continue;
      const name = argument.childForFieldName('name');
      if (name && argument.childForFieldName('value')) keys.push(name.text);
    }
    return { keys, callee: this.module.resolveName(calleeNode) ?? calleeNode.text, spread };
  }

  /** Keyword arguments of an `argument_list` as entries (`**spread` of a known dict included). */
  argumentsOf(argumentList: Node): { entries: Entry[]; positional: Value[]; opaqueSpread: boolean } {
    return this.readArguments(argumentList, { depth: 0, resolving: new Set() });
  }

  private read(node: Node, context: Context): Value {
    const range = rangeOf(node);
    const base: Base = { range, via: context.via, viaName: context.viaName };
    if (context.depth > MAX_DEPTH) return { kind: 'unknown', text: node.text.slice(0, 80), ...base };
    const deeper = (): Context => ({ via: context.via, viaName: context.viaName, depth: context.depth + 1, resolving: context.resolving });
    // Each `node.type` is a call into tree-sitter's wasm: read it once.
    const type = node.type;
    switch (type) {
      case 'true':
      case 'false':
        return { kind: 'boolean', value: type === 'true', ...base };
      case 'none':
        return { kind: 'null', text: 'None', ...base };
      case 'integer':
      case 'float':
        return this.readNumber(node, base);
      case 'unary_operator':
        return this.readSigned(node, base);
      case 'string':
      case 'concatenated_string':
        return this.readString(node, base);
      case 'list':
      case 'tuple':
      case 'set':
      {
        const itemContext = deeper();
        return { kind: 'sequence', sequence: type, items: namedChildren(node).filter((c) => c.type !== 'comment').map((item) => this.read(item, itemContext)), ...base };
      }
      case 'parenthesized_expression': {
        const inner = namedChildren(node).find((c) => c.type !== 'comment');
        return inner ? this.read(inner, deeper()) : { kind: 'unknown', text: node.text, ...base };
      }
      case 'dictionary':
        return this.readDictionary(node, deeper(), base);
      case 'call':
        return this.readCall(node, deeper(), base);
      case 'identifier':
        return this.readIdentifier(node, context, base);
      case 'attribute':
        return this.readAttribute(node, base);
      default:
        return { kind: 'unknown', text: node.text.slice(0, 80), ...base };
    }
  }

  private readNumber(node: Node, base: Base): Value {
    const text = node.text;
    const value = Number(text.replace(/_/g, '').replace(/[jJ]$/, ''));
    if (/[jJ]$/.test(text) || Number.isNaN(value)) return { kind: 'unknown', text, ...base };
    return { kind: 'number', value, text, ...base };
  }

  private readSigned(node: Node, base: Base): Value {
    const operand = node.childForFieldName('argument');
    const operator = node.childForFieldName('operator')?.text;
    if (operand && (operand.type === 'integer' || operand.type === 'float') && (operator === '-' || operator === '+')) {
      const number = Number(operand.text.replace(/_/g, ''));
      return { kind: 'number', value: operator === '-' ? -number : number, text: node.text, ...base };
    }
    return { kind: 'unknown', text: node.text, ...base };
  }

  private readString(node: Node, base: Base): Value {
    const parts = node.type === 'concatenated_string' ? namedChildren(node).filter((c) => c.type === 'string') : [node];
    let value = '';
    for (const part of parts) {
      const prefix = (stringStart(part)?.text ?? '').toLowerCase();
      if (prefix.includes('b')) return { kind: 'foreign', description: 'bytes', ...base };
      const raw = prefix.includes('r');
      for (const child of namedChildren(part)) {
        const type = child.type;
        if (type === 'interpolation') return { kind: 'unknown', text: node.text.slice(0, 80), ...base };
        if (type === 'string_content' || type === 'escape_sequence') value += raw ? child.text : decodeEscapes(child.text);
      }
    }
    return { kind: 'string', value, ...base };
  }

  private readDictionary(node: Node, context: Context, base: Base): Value {
    const entries: Entry[] = [];
    const nonStringKeys: NonStringKey[] = [];
    const entryNodes: Node[] = [];
    let opaqueSpread = false;
    for (const child of namedChildren(node)) {
      const type = child.type;
      if (type === 'pair') {
        entryNodes.push(child);
        const keyNode = child.childForFieldName('key');
        const valueNode = child.childForFieldName('value');
        if (!keyNode || !valueNode) continue;
        const key = this.read(keyNode, context);
        if (key.kind === 'string') {
          entries.push(this.entry(key.value, keyNode, child, this.read(valueNode, context), context));
        } else if (key.kind === 'unknown') {
          opaqueSpread = true;
        } else {
          nonStringKeys.push({ text: keyNode.text, type: pythonTypeName(key), range: context.via ?? rangeOf(keyNode) });
        }
      } else if (type === 'dictionary_splat') {
        entryNodes.push(child);
        const spread = this.readSpread(child, context);
        if (spread) entries.push(...spread);
        else opaqueSpread = true;
      }
    }
    return { kind: 'mapping', entries, nonStringKeys, container: containerOf(node, entryNodes, 'dict'), opaqueSpread, ...base };
  }

  private readCall(node: Node, context: Context, base: Base): Value {
    const calleeNode = node.childForFieldName('function');
    const argumentsNode = node.childForFieldName('arguments');
    if (!calleeNode || !argumentsNode || argumentsNode.type !== 'argument_list') return { kind: 'unknown', text: node.text.slice(0, 80), ...base };
    const callee = this.module.resolveName(calleeNode) ?? calleeNode.text;
    const special = foreignCall(this.module.resolvePath(calleeNode), argumentsNode);
    if (special) return { kind: 'foreign', description: special, ...base };
    const { entries, positional, opaqueSpread, argumentNodes } = this.readArguments(argumentsNode, context);
    if (callee === 'dict' && positional.length === 0) {
      return { kind: 'mapping', entries, nonStringKeys: [], container: containerOf(argumentsNode, namedChildren(argumentsNode), 'call'), opaqueSpread, ...base };
    }
    return {
      kind: 'call',
      callee,
      calleeRange: rangeOf(calleeNode),
      entries,
      positional,
      container: containerOf(argumentsNode, argumentNodes, 'call'),
      opaqueSpread,
      ...base,
    };
  }

  /** The arguments read; `argumentNodes` are the argument list's named children other than comments. */
  private readArguments(argumentList: Node, context: Context): { entries: Entry[]; positional: Value[]; opaqueSpread: boolean; argumentNodes: Node[] } {
    const entries: Entry[] = [];
    const positional: Value[] = [];
    const argumentNodes: Node[] = [];
    let opaqueSpread = false;
    for (const argument of namedChildren(argumentList)) {
      const type = argument.type;
      if (type === 'comment') continue;
      argumentNodes.push(argument);
      if (type === 'keyword_argument') {
        const name = argument.childForFieldName('name');
        const value = argument.childForFieldName('value');
        if (name && value) entries.push(this.entry(name.text, name, argument, this.read(value, context), context));
      } else if (type === 'dictionary_splat') {
        const spread = this.readSpread(argument, context);
        if (spread) entries.push(...spread);
        else opaqueSpread = true;
      } else if (type === 'list_splat') {
        opaqueSpread = true;
      } else {
        positional.push(this.read(argument, context));
      }
    }
    return { entries, positional, opaqueSpread, argumentNodes };
  }

  /** `**name` of a known dict: its entries, marked as coming through the spread. */
  private readSpread(splat: Node, context: Context): Entry[] | undefined {
    const inner = namedChildren(splat)[0];
    if (!inner) return undefined;
    const value = this.read(inner, context);
    if (value.kind !== 'mapping' || value.opaqueSpread) return undefined;
    const spreadRange = context.via ?? rangeOf(splat);
    return value.entries.map((entry) => withFields(entry, { viaSpread: spreadRange }));
  }

  private readIdentifier(node: Node, context: Context, base: Base): Value {
    const name = node.text;
    const constant = this.module.constantValue(name);
    if (!constant && !context.resolving.has(name)) return this.readImported(node, context) ?? { kind: 'unknown', text: name, ...base };
    if (!constant || context.resolving.has(name)) return { kind: 'unknown', text: name, ...base };
    const resolving = new Set(context.resolving).add(name);
    return this.read(constant, { via: context.via ?? rangeOf(node), viaName: context.viaName ?? name, depth: context.depth + 1, resolving });
  }

  private readAttribute(node: Node, base: Base): Value {
    const path = this.module.resolvePath(node);
    const object = node.childForFieldName('object');
    const attribute = node.childForFieldName('attribute');
    if (path && object && attribute) {
      const enumName = this.module.resolveName(object);
      if (enumName === 'ServiceDomain' || enumName === 'Operation') {
        return { kind: 'enum-member', enumName, member: attribute.text, memberRange: base.via ?? rangeOf(attribute), ...base };
      }
      if (path === 'math.inf' || path === 'math.nan') return { kind: 'foreign', description: path === 'math.inf' ? 'inf' : 'nan', ...base };
      const member = object.type === 'identifier' ? classConstant(this.module.classNamed(object.text), attribute.text) : undefined;
      if (member) return this.read(member, { via: base.via ?? rangeOf(node), viaName: base.viaName ?? node.text, depth: 1, resolving: new Set() });
    }
    return this.readImported(node, { depth: 0, resolving: new Set(), via: base.via, viaName: base.viaName }) ?? { kind: 'unknown', text: node.text.slice(0, 80), ...base };
  }

  /** A preset another module of the project defines (`from .presets import READ_ONLY`, `presets.READ_ONLY`), used here. */
  private readImported(node: Node, context: Context): Value | undefined {
    const project = this.module.project;
    const path = project ? this.module.resolvePath(node) : undefined;
    if (!project || !path || path === node.text && node.type === 'identifier') return undefined;
    const symbol = project.pythonSymbol(path);
    if (symbol?.kind !== 'value') return undefined;
    return usedAt(symbol.value, context.via ?? rangeOf(node), context.viaName ?? node.text);
  }

  private entry(key: string, keyNode: Node, entryNode: Node, value: Value, context: Context): Entry {
    return {
      key,
      keyRange: context.via ?? rangeOf(keyNode),
      range: context.via ?? rangeOf(entryNode),
      value,
      startOffset: entryNode.startIndex,
      endOffset: entryNode.endIndex,
    };
  }
}

/**
 * The string a module-level class binds to `attribute` (`class GitTools(str, Enum): STATUS = "git_status"`,
 * or plain class constants): a `str` enum's member is its string. Undefined for other enums, whose
 * members are not strings, and for anything but a string literal.
 */
function classConstant(definition: Node | undefined, attribute: string): Node | undefined {
  if (definition?.type !== 'class_definition') return undefined;
  const superclasses = definition.childForFieldName('superclasses');
  const bases = superclasses ? namedChildren(superclasses).map((base) => base.text.replace(/^enum\./, '')) : [];
  if ((bases.some((base) => /Enum$|^Flag$/.test(base)) && !bases.includes('str') && !bases.includes('StrEnum'))) return undefined;
  for (const statement of namedChildren(definition.childForFieldName('body') ?? definition)) {
    const assignment = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
    const right = assignment?.type === 'assignment' && assignment.childForFieldName('left')?.text === attribute ? assignment.childForFieldName('right') : undefined;
    if (right?.type === 'string') return right;
  }
  return undefined;
}

/** A string's `string_start` token (its prefix and quote): the first child, as the grammar writes it. */
function stringStart(part: Node): Node | undefined {
  const first = part.firstChild;
  if (first?.type === 'string_start') return first;
  return allChildren(part).find((c) => c.type === 'string_start');
}

function decodeEscapes(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/gs, (_match, code: string) => {
    if (/^[xuU]/.test(code)) return String.fromCodePoint(parseInt(code.slice(1), 16));
    return ESCAPES[code] ?? `\\${code}`;
  });
}

/** Calls whose result is a value Arcade's extras check rejects: `float("nan")`, `datetime(...)`, `bytes(...)`. */
function foreignCall(path: string | undefined, argumentList: Node): string | undefined {
  if (!path) return undefined;
  const name = path.slice(path.lastIndexOf('.') + 1);
  if (name === 'float') {
    const argument = namedChildren(argumentList)[0];
    const text = argument?.type === 'string' ? argument.text.slice(1, -1).toLowerCase().replace(/^[+-]/, '') : '';
    if (text === 'nan' || text === 'inf' || text === 'infinity') return text === 'nan' ? 'nan' : 'inf';
    return undefined;
  }
  if (['datetime', 'date', 'time', 'timedelta', 'Decimal', 'UUID', 'bytes', 'bytearray', 'set', 'frozenset'].includes(name)) return name;
  return undefined;
}

/** The Python type name of a literal key, as Arcade's error message spells it. */
function pythonTypeName(value: Value): string {
  switch (value.kind) {
    case 'boolean': return 'bool';
    case 'null': return 'NoneType';
    case 'number': return Number.isInteger(value.value) && !value.text.includes('.') ? 'int' : 'float';
    case 'sequence': return value.sequence;
    case 'foreign': return value.description;
    default: return 'object';
  }
}

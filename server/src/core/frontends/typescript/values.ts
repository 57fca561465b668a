/**
 * Expressions → `Value` trees, resolving what can be known within the file: literals,
 * `const` bindings, object spreads in JavaScript's override order, shorthand properties,
 * and the wrappers that do not change a value (`as const`, `satisfies`, parentheses).
 * Everything else is `unknown`.
 */
import { Node } from 'web-tree-sitter';
import { Container, Entry, Range, Value } from '../../model';
import { isObjectSyntax, memberEnd, memberStart, MemberSyntax, objectSyntax, ObjectSyntax } from './objects';
import { usedAt } from '../../project/presets';
import { NameScope } from './scope';
import { literalKeyName, numberValue, rangeOf, stringValue, unwrapExpression } from './syntax';
import { withFields } from '../../with-fields';

/** A spread whose keys cannot be known: any key may come from it, overriding the entries before it. */
export interface OpaqueSpread {
  /** How many entries of the mapping precede it. */
  index: number;
  range: Range;
}

const opaqueSpreads = new WeakMap<Value, OpaqueSpread[]>();

/** The spreads of a mapping whose contents are unknown, in source order. */
export function opaqueSpreadsOf(value: Value): readonly OpaqueSpread[] {
  return opaqueSpreads.get(value) ?? [];
}

/**
 * Marks a value and everything inside it as used at `via` (the identifier at the use site).
 * As in every front end, the entries of such a value sit at `via` too (findings on them are
 * reported at the tool), while each value keeps the range where it is written.
 */
export function setViaDeep(value: Value, via: Range, viaName: string): void {
  value.via = via;
  value.viaName = viaName;
  if (value.kind === 'mapping' || value.kind === 'call') {
    for (const entry of value.entries) {
      entry.keyRange = via;
      entry.range = via;
      if (entry.viaSpread) entry.viaSpread = via;
      setViaDeep(entry.value, via, viaName);
    }
  }
  if (value.kind === 'sequence') for (const item of value.items) setViaDeep(item, via, viaName);
}

/**
 * How deep to read: how many levels of objects and arrays to open. Beyond it, containers,
 * identifiers and calls are `unknown` (with their ranges) and only literals are read, so a
 * tool's `execute` or output schema costs nothing. Either one depth for every entry, or one per key.
 */
export type ReadDepth = number | ((key: string) => number);

/** The fields of a tool (object literal, `registerTool` config, class): only what the model holds. */
export function toolFieldDepth(key: string): number {
  if (key === 'inputSchema' || key === 'parameters') return 3; // the schema, its `properties`, each property (its `description`)
  if (key === 'annotations' || key === 'name' || key === 'title' || key === 'description') return Infinity;
  return 0;
}

const LITERAL_TYPES = new Set(['true', 'false', 'null', 'undefined', 'number', 'string', 'template_string', 'unary_expression']);

export class ValueReader {
  private readonly resolving = new Set<string>();
  /**
   * The expression each value was read from. Kept by the reader, not beside the value: a value outlives its
   * file's extraction (the project index keeps declarations), and a syntax node holds its tree's nodes.
   */
  private readonly sourceNodes = new WeakMap<Value, Node>();
  /** A preset another module of the project exports, for a name this file imports (set when the analysis has a project). */
  imported?: (name: string) => { value: Value } | undefined;

  constructor(readonly scope: NameScope) {}

  /** The value of an expression node. */
  read(node: Node | undefined, fallbackRange?: Range, depth = Infinity): Value {
    if (!node) return { kind: 'unknown', text: '', range: fallbackRange ?? zeroRange() };
    const inner = unwrapExpression(node);
    const value = depth > 0 || LITERAL_TYPES.has(inner.type) ? this.readUnwrapped(inner, depth) : unknownOf(inner);
    if (!this.sourceNodes.has(value)) this.sourceNodes.set(value, inner);
    return value;
  }

  /** A mapping from an object literal, possibly one still being typed. */
  readObject(object: ObjectSyntax, depth: ReadDepth = Infinity): Value {
    const entries: Entry[] = [];
    const spreads: OpaqueSpread[] = [];
    const depthOf = typeof depth === 'number' ? () => depth : depth;
    for (const member of object.members) this.addMember(member, entries, spreads, depthOf);
    const container: Container = {
      openOffset: object.openOffset,
      closeOffset: object.closeOffset,
      entryOffsets: object.members.map((member) => ({ start: memberStart(member), end: memberEnd(member) })),
      syntax: 'object',
    };
    const value: Value = { kind: 'mapping', entries, container, nonStringKeys: [], range: object.range };
    if (spreads.length) {
      opaqueSpreads.set(value, spreads);
      if (value.kind === 'mapping') value.opaqueSpread = true;
    }
    if (!object.rebuilt) this.sourceNodes.set(value, object.node);
    return value;
  }

  /** The expression a value was read from by this reader (after unwrapping), when it was read from a node. */
  sourceNodeOf(value: Value): Node | undefined {
    return this.sourceNodes.get(value);
  }

  /** The initializer of the `const` an identifier names (the expression as written), if it names one. */
  constInitializer(identifier: Node): Node | undefined {
    return identifier.isMissing ? undefined : this.scope.constInitializer(identifier.text);
  }

  /** The value a `const` identifier stands for, marked as used at the identifier. */
  resolveIdentifier(identifier: Node): Value {
    const name = identifier.text;
    if (name === 'undefined') return { kind: 'null', text: name, range: rangeOf(identifier) };
    const initializer = this.scope.constInitializer(name);
    if (!initializer && !this.resolving.has(name)) {
      const preset = this.imported?.(name);
      return preset ? usedAt(preset.value, rangeOf(identifier), name) : unknownOf(identifier);
    }
    if (!initializer || this.resolving.has(name)) return unknownOf(identifier);
    this.resolving.add(name);
    try {
      const value = this.read(initializer);
      setViaDeep(value, rangeOf(identifier), identifier.text);
      return value;
    } finally {
      this.resolving.delete(name);
    }
  }

  private readUnwrapped(node: Node, depth: number): Value {
    const range = rangeOf(node);
    switch (node.type) {
      case 'true':
      case 'false':
        return { kind: 'boolean', value: node.type === 'true', range };
      case 'null':
      case 'undefined':
        return { kind: 'null', text: node.text, range };
      case 'number':
        return { kind: 'number', value: numberValue(node.text), text: node.text, range };
      case 'string':
      case 'template_string': {
        const text = stringValue(node);
        return text === undefined ? unknownOf(node) : { kind: 'string', value: text, range };
      }
      case 'unary_expression': {
        const operator = node.childForFieldName('operator')?.text;
        const argument = node.childForFieldName('argument');
        if ((operator === '-' || operator === '+') && argument?.type === 'number') {
          const magnitude = numberValue(argument.text);
          return { kind: 'number', value: operator === '-' ? -magnitude : magnitude, text: node.text, range };
        }
        return unknownOf(node);
      }
      case 'array':
        return {
          kind: 'sequence', sequence: 'list', range,
          items: node.namedChildren.filter((child): child is Node => !!child && child.type !== 'comment').map((child) => this.read(child, undefined, depth - 1)),
        };
      case 'object':
        return this.readObject(objectSyntax(node), depth - 1);
      case 'identifier':
        return node.isMissing ? unknownOf(node) : this.resolveIdentifier(node);
      default:
        return unknownOf(node);
    }
  }

  private addMember(member: MemberSyntax, entries: Entry[], spreads: OpaqueSpread[], depthOf: (key: string) => number): void {
    switch (member.kind) {
      case 'pair': {
        const key = this.keyName(member.key);
        if (key === undefined) {
          // `[someKey]: value` may set any key, hints included.
          if (member.key.type === 'computed_property_name') spreads.push({ index: entries.length, range: member.range });
          return;
        }
        const depth = depthOf(key);
        const value = isObjectSyntax(member.value)
          ? (depth > 0 ? this.readObject(member.value, depth - 1) : { kind: 'unknown' as const, text: '', range: member.value.range })
          : this.read(member.value, member.range, depth);
        entries.push({
          key, keyRange: rangeOf(member.key), range: member.range, value,
          startOffset: member.start.startIndex, endOffset: member.end,
        });
        return;
      }
      case 'shorthand': {
        const range = rangeOf(member.node);
        entries.push({
          key: member.node.text, keyRange: range, range,
          value: depthOf(member.node.text) > 0 ? this.resolveIdentifier(member.node) : unknownOf(member.node),
          startOffset: member.node.startIndex, endOffset: member.node.endIndex,
        });
        return;
      }
      case 'method': {
        const key = member.key ? this.keyName(member.key) : undefined;
        if (key === undefined || !member.key) return;
        entries.push({
          key, keyRange: rangeOf(member.key), range: rangeOf(member.node), value: unknownOf(member.node),
          startOffset: member.node.startIndex, endOffset: member.node.endIndex,
        });
        return;
      }
      case 'spread':
        this.addSpread(member.node, entries, spreads);
    }
  }

  /** `...X`: X's entries in place, each marked with the spread's range; an unknown X is an opaque spread. */
  private addSpread(spread: Node, entries: Entry[], spreads: OpaqueSpread[]): void {
    const spreadRange = rangeOf(spread);
    const argument = spread.namedChildren.find((child): child is Node => !!child && child.type !== 'comment');
    const value = this.read(argument ?? undefined, spreadRange);
    if (value.kind !== 'mapping') {
      if (value.kind !== 'null') spreads.push({ index: entries.length, range: spreadRange });
      return;
    }
    const base = entries.length;
    for (const inner of opaqueSpreadsOf(value)) spreads.push({ index: base + inner.index, range: spreadRange });
    for (const entry of value.entries) entries.push(withFields(entry, { viaSpread: spreadRange }));
  }

  /** A property key's name: as written, or a computed key's constant (`[LIST]` with `const LIST = "list"`). */
  keyName(key: Node): string | undefined {
    const literal = literalKeyName(key);
    if (literal !== undefined) return literal;
    if (key.type === 'computed_property_name') {
      const inner = key.namedChildren.find((child): child is Node => !!child);
      const value = inner ? this.read(inner) : undefined;
      if (value?.kind === 'string') return value.value;
      if (value?.kind === 'number') return String(value.value);
    }
    return undefined;
  }
}

export function unknownOf(node: Node): Value {
  return { kind: 'unknown', text: node.text, range: rangeOf(node) };
}

function zeroRange(): Range {
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}

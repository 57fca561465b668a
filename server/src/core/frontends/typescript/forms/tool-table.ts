/**
 * A tool table: an object literal whose properties are tool definitions, the property key being
 * the tool's name (form `ts-object-literal`):
 *
 *     export const storageToolDefs = {
 *       list_storage_buckets: { description, parameters, annotations: { readOnlyHint: true } },
 *       delete_bucket: DELETE_BUCKET,   // a `const` tool object of the same file
 *     } satisfies Record<string, Tool>;
 *
 * By the local rule an entry is a tool when its tool object holds an `annotations` object with
 * hint keys, whatever the file imports. `toolTableEntries` lists every candidate and
 * `tableEntryTool` reads one, so that evidence from elsewhere (the table reaching a registration)
 * can count the other entries too (`tableCounts`).
 */
import { Node } from 'web-tree-sitter';
import { lastEntry } from '../../../interpret';
import { Range, ToolDeclaration, Value } from '../../../model';
import { FileContext } from '../context';
import { isObjectSyntax, MemberSyntax, objectSyntax, ObjectSyntax } from '../objects';
import { holdsNoTable, inNoTablePosition, isBoundValue } from '../placement';
import { literalKeyName, rangeOf, unwrapExpression } from '../syntax';
import { toolFieldDepth, unknownOf } from '../values';
import { holdsHintKeys, toolObjectDeclaration } from './object-literal';

export interface TableEntry {
  /** The property key, the tool's name (for a shorthand property `{ listBuckets }`, its identifier). */
  key: Node;
  /** The property: the declaration's range. */
  range: Range;
  /** The tool object: the property's value, or the object literal of the `const` it names. */
  object: ObjectSyntax;
  /** The identifier the tool object is reached through, when it is not written in the table. */
  through?: Node;
}

/** Whether an object literal writes this key (as a property or a shorthand). */
function writesKey(object: ObjectSyntax, key: string): boolean {
  return object.members.some((member) => (member.kind === 'pair' && literalKeyName(member.key) === key) || (member.kind === 'shorthand' && member.node.text === key));
}

/** The object literal a `const` identifier names, as written (through `as const`, `satisfies T`). */
function constObject(identifier: Node, context: FileContext): ObjectSyntax | undefined {
  const initializer = context.reader.constInitializer(identifier);
  const inner = initializer ? unwrapExpression(initializer) : undefined;
  return inner?.type === 'object' ? objectSyntax(inner) : undefined;
}

/**
 * One property as a table entry: its value an object literal, or (`resolve`) an identifier naming
 * the `const` of one.
 */
function entryOf(member: MemberSyntax, context: FileContext, resolve: boolean): TableEntry | undefined {
  if (member.kind === 'shorthand') {
    const object = resolve ? constObject(member.node, context) : undefined;
    return object && { key: member.node, range: rangeOf(member.node), object, through: member.node };
  }
  if (member.kind !== 'pair' || !member.value) return undefined;
  if (isObjectSyntax(member.value)) return { key: member.key, range: member.range, object: member.value };
  const value = unwrapExpression(member.value);
  if (value.type === 'object') return { key: member.key, range: member.range, object: objectSyntax(value) };
  const object = resolve && value.type === 'identifier' ? constObject(value, context) : undefined;
  return object && { key: member.key, range: member.range, object, through: value };
}

/**
 * The entries of an object literal read as a tool table: the properties whose value is an object
 * literal. A `const` named as a value counts only in a table that is itself bound or exported
 * (`export const tools = { listBuckets }`): an object written in a call or returned is rarely a
 * table, and the names its values give are the locals of every function (`db.find({ id })`).
 * Not a table: an object writing a `name` (a tool object, `objectLiteralTool`'s), a schema, an
 * `annotations` value.
 */
export function toolTableEntries(table: ObjectSyntax, context: FileContext, tableCounts = false): TableEntry[] {
  // Before any look at where the object sits (a node's parent is found from the root: slow on deeply nested literals).
  if (!tableCounts && !table.members.some(mayHoldAnnotations)) return [];
  if (!table.rebuilt && inNoTablePosition(table.node)) return [];
  if (writesKey(table, 'name')) return [];
  const resolve = !table.rebuilt && isBoundValue(table.node);
  const entries: TableEntry[] = [];
  for (const member of table.members) {
    const entry = entryOf(member, context, resolve);
    if (entry) entries.push(entry);
  }
  return entries.length && !table.rebuilt && insideClaimed(table.node, context.claimed) ? [] : entries;
}

/**
 * Whether a property's tool object may hold annotations, read without the tree around it: an
 * object literal writing `annotations` or spreading something, or a name (a `const` resolved later).
 */
function mayHoldAnnotations(member: MemberSyntax): boolean {
  if (member.kind === 'shorthand') return true;
  if (member.kind !== 'pair' || !member.value) return false;
  const object = isObjectSyntax(member.value) ? member.value : unwrapExpression(member.value).type === 'object' ? objectSyntax(unwrapExpression(member.value)) : undefined;
  if (!object) return unwrapExpression(member.value as Node).type === 'identifier';
  return writesKey(object, 'annotations') || object.members.some((inner) => inner.kind === 'spread');
}

/** Inside an object literal a registration or a table claimed (its configuration, a tool object): part of that tool. */
function insideClaimed(node: Node, claimed: ReadonlySet<number>): boolean {
  if (claimed.size === 0) return false;
  // Claimed objects sit a few levels up (a registration's configuration): deeply nested literals (10,000 levels of `{a: ...}`) are not walked whole for each object.
  let levels = 0;
  for (let parent = node.parent; parent && levels < MAX_CLAIM_DEPTH; parent = parent.parent, levels++) if (parent.type === 'object' && claimed.has(parent.startIndex)) return true;
  return false;
}

const MAX_CLAIM_DEPTH = 64;

/** The tool's name: the key as written, a computed key's constant, or unknown (`[names.list]`). */
function nameOf(key: Node, context: FileContext): Value {
  const name = key.type === 'shorthand_property_identifier' ? key.text : context.reader.keyName(key);
  return name === undefined ? unknownOf(key) : { kind: 'string', value: name, range: rangeOf(key) };
}

/**
 * The declaration of one table entry: by the local rule (`tableCounts` false) only when its tool
 * object holds annotations with hint keys. An object with a `name` of its own (perhaps spread in)
 * is an object literal tool, and one a registration claimed is that registration's.
 */
export function tableEntryTool(entry: TableEntry, context: FileContext, tableCounts = false): ToolDeclaration | undefined {
  const { object, through } = entry;
  // Cheap before reading: annotations written, or a spread that may bring them.
  if (!tableCounts && !writesKey(object, 'annotations') && !object.members.some((member) => member.kind === 'spread')) return undefined;
  if (!through && context.claimed.has(object.startOffset)) return undefined;
  const fields = through ? context.reader.resolveIdentifier(through) : context.reader.readObject(object, toolFieldDepth);
  if (fields.kind !== 'mapping' || lastEntry(fields.entries, 'name')) return undefined;
  const annotations = lastEntry(fields.entries, 'annotations');
  if (!tableCounts && !(annotations && holdsHintKeys(annotations.value))) return undefined;
  if (!through) context.claimed.add(object.startOffset);
  return toolObjectDeclaration(fields, { range: entry.range, nameRange: rangeOf(entry.key), nameValue: nameOf(entry.key, context) }, context);
}

/**
 * For rebuilt objects (`withNestedObjects`' list, each before those nested in it), which cannot be
 * tables: the values of `annotations` and schema keys, and the objects inside a claimed one (asked
 * when reading, as claims grow).
 */
export function rebuiltNonTable(objects: readonly ObjectSyntax[], claimed: ReadonlySet<number>): (object: ObjectSyntax) => boolean {
  const parents = new Map<ObjectSyntax, ObjectSyntax>();
  const excluded = new Set<ObjectSyntax>();
  for (const object of objects) {
    for (const member of object.members) {
      if (member.kind !== 'pair' || !isObjectSyntax(member.value)) continue;
      parents.set(member.value, object);
      const key = literalKeyName(member.key);
      if (key !== undefined && holdsNoTable(key)) excluded.add(member.value);
    }
  }
  return (object) => {
    if (excluded.has(object)) return true;
    for (let parent = parents.get(object); parent; parent = parents.get(parent)) if (claimed.has(parent.startOffset)) return true;
    return false;
  };
}

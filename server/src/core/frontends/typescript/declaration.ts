/**
 * The parts every TS/JS form shares: from the tool's fields (an object literal, a
 * `registerTool` config, a class's properties) to a `ToolDeclaration`.
 */
import { Node } from 'web-tree-sitter';
import { HINTS, VENDOR_HINTS } from '../../data/fields';
import { entriesOf, interpretAnnotations, lastEntry } from '../../interpret';
import {
  AnnotationsModel, Container, DeclarationForm, Entry, KeyInfo, LanguageId, ParameterDoc, Range, ToolDeclaration, Value,
} from '../../model';
import { callArguments, calleeProperty, stringValue } from './syntax';
import { opaqueSpreadsOf, ValueReader } from './values';
import { withFields } from '../../with-fields';

export interface ToolParts {
  form: DeclarationForm;
  range: Range;
  nameRange: Range;
  nameValue?: Value;
  /** The tool's own fields: the object literal, the `registerTool` config, the class's properties. */
  fields?: Value;
  /** Set by forms that pass these positionally (`server.tool(...)`). */
  description?: Value;
  /** The form passes its description positionally and this call gives none (`server.tool(name, schema, cb)`). */
  descriptionAbsent?: boolean;
  schema?: Value;
  annotations?: { value: Value; entry?: Entry };
  /** The object literal MTL203's fix adds `annotations` to. */
  insertInto?: Container;
  /** FastMCP's `streamingHint`. */
  vendorHints: boolean;
}

export function buildDeclaration(parts: ToolParts, language: LanguageId, reader: ValueReader): ToolDeclaration {
  const fields = parts.fields && parts.fields.kind === 'mapping' ? parts.fields : undefined;
  const field = (key: string): Entry | undefined => (fields ? effectiveEntry(fields, key) : undefined);
  const nameValue = parts.nameValue ?? field('name')?.value;
  const description = parts.description ?? field('description')?.value;
  const title = field('title')?.value;
  const schema = parts.schema ?? (field('inputSchema') ?? field('parameters'))?.value;
  const annotations = parts.annotations ?? annotationsField(fields);
  const declaration: ToolDeclaration = {
    name: nameValue?.kind === 'string' ? nameValue.value : undefined,
    nameValue,
    title: title?.kind === 'string' ? title.value : undefined,
    language,
    form: parts.form,
    range: parts.range,
    nameRange: parts.nameRange,
    description: description?.kind === 'string' ? description.value : undefined,
    parameters: schema ? schemaParameters(schema, reader) : [],
    keys: [],
  };
  if (schema) declaration.parameterDocs = schemaParameterDocs(schema, reader);
  if (description) declaration.descriptionValue = description;
  const state = descriptionState(description, fields, parts.descriptionAbsent);
  if (state) declaration.descriptionState = state;
  if (annotations) declaration.annotations = readAnnotations(annotations.value, annotations.entry, parts.vendorHints);
  // The tool object / config literal itself, for duplicate-key checks.
  if (fields && !fields.via && parts.form !== 'ts-class') declaration.registration = fields;
  if (parts.insertInto) declaration.insertion = { kind: 'container', container: parts.insertInto, style: 'ts-annotations' };
  declaration.keys = [
    ...(fields && !fields.via ? writtenKeys(fields) : []),
    ...(annotations && annotations.value.kind === 'mapping' && !annotations.value.via ? writtenKeys(annotations.value) : []),
  ];
  return declaration;
}

/** Whether a tool without a readable description has none (`missing`) or may have one (`unknown`). */
function descriptionState(description: Value | undefined, fields: Value | undefined, absent: boolean | undefined): ToolDeclaration['descriptionState'] {
  if (description) return description.kind === 'string' ? undefined : 'unknown';
  if (fields) return opaqueSpreadsOf(fields).length || (fields.kind === 'mapping' && fields.opaqueSpread) ? 'unknown' : 'missing';
  return absent ? 'missing' : 'unknown';
}

/** The last entry for a key, unless a spread of unknown contents after it may override it. */
function effectiveEntry(mapping: Value, key: string): Entry | undefined {
  const entries = entriesOf(mapping) ?? [];
  const entry = lastEntry(entries, key);
  const index = entry ? entries.lastIndexOf(entry) : -1;
  const opaque = opaqueSpreadsOf(mapping).find((spread) => spread.index > index);
  if (opaque) return { key, keyRange: opaque.range, range: opaque.range, value: { kind: 'unknown', text: '', range: opaque.range }, startOffset: -1, endOffset: -1, viaSpread: opaque.range };
  return entry;
}

function annotationsField(fields: Value | undefined): { value: Value; entry: Entry } | undefined {
  const entry = fields ? effectiveEntry(fields, 'annotations') : undefined;
  return entry ? { value: entry.value, entry } : undefined;
}

/**
 * Reads annotations; a hint that something unknown may set (an annotations value the linter
 * cannot evaluate, a spread of unknown contents) is an `unknown` hint, so no rule guesses about it.
 */
export function readAnnotations(value: Value, entry: Entry | undefined, vendorHints: boolean): AnnotationsModel {
  const options = { snakeCase: false, vendorHints };
  const hintKeys = vendorHints ? [...HINTS, ...VENDOR_HINTS] : [...HINTS];
  if (value.kind === 'unknown') {
    const unknownEntries = hintKeys.map((key) => unknownEntry(key, value.range));
    const model = interpretAnnotations(withFields(value, { kind: 'mapping', entries: unknownEntries, container: { openOffset: -1, entryOffsets: [], syntax: 'object' }, nonStringKeys: [] }), entry, options);
    return withFields(model, { value });
  }
  const spreads = opaqueSpreadsOf(value);
  if (value.kind !== 'mapping' || spreads.length === 0) return interpretAnnotations(value, entry, options);
  const entries: Entry[] = [];
  value.entries.forEach((item, index) => {
    for (const spread of spreads) if (spread.index === index) entries.push(...hintKeys.map((key) => unknownEntry(key, spread.range)));
    entries.push(item);
  });
  for (const spread of spreads) if (spread.index >= value.entries.length) entries.push(...hintKeys.map((key) => unknownEntry(key, spread.range)));
  return withFields(interpretAnnotations(withFields(value, { entries }), entry, options), { value });
}

function unknownEntry(key: string, range: Range): Entry {
  return { key, keyRange: range, range, value: { kind: 'unknown', text: '', range }, startOffset: -1, endOffset: -1, viaSpread: range };
}

export function keySpelling(name: string): KeyInfo['spelling'] {
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)) return 'snake';
  if (/^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(name)) return 'camel';
  return 'other';
}

/** The keys written in one literal (not those it spreads in), each repeat pointing at the first. */
function writtenKeys(mapping: Value): KeyInfo[] {
  const first = new Map<string, Range>();
  const keys: KeyInfo[] = [];
  for (const entry of entriesOf(mapping) ?? []) {
    if (entry.viaSpread) continue;
    const info: KeyInfo = { name: entry.key, spelling: keySpelling(entry.key), range: entry.keyRange };
    const earlier = first.get(entry.key);
    if (earlier) info.duplicateOf = earlier;
    else first.set(entry.key, entry.keyRange);
    keys.push(info);
  }
  return keys;
}

/**
 * Parameter names of an input schema: a JSON schema's `properties`, a zod raw shape's keys,
 * or the object given to `z.object({...})`.
 */
export function schemaParameters(schema: Value, reader: ValueReader): string[] {
  if (schema.kind === 'mapping') {
    const properties = lastEntry(schema.entries, 'properties');
    if (properties) return properties.value.kind === 'mapping' ? properties.value.entries.map((entry) => entry.key) : [];
    if (lastEntry(schema.entries, 'type')) return [];
    return schema.entries.map((entry) => entry.key);
  }
  const node = reader.sourceNodeOf(schema);
  const shape = node ? zodObjectShape(node) : undefined;
  if (!shape) return [];
  const value = reader.read(shape);
  return value.kind === 'mapping' ? value.entries.map((entry) => entry.key) : [];
}

/** The schema's properties with their descriptions: a JSON schema's `description`, a zod field's `.describe(...)`. */
export function schemaParameterDocs(schema: Value, reader: ValueReader): ParameterDoc[] {
  const properties = schemaProperties(schema, reader);
  return properties.map((entry) => ({ name: entry.key, range: entry.keyRange, ...propertyDescription(entry.value, reader) }));
}

function schemaProperties(schema: Value, reader: ValueReader): Entry[] {
  if (schema.kind === 'mapping') {
    const properties = lastEntry(schema.entries, 'properties');
    if (properties) return properties.value.kind === 'mapping' ? properties.value.entries : [];
    return lastEntry(schema.entries, 'type') ? [] : schema.entries;
  }
  const node = reader.sourceNodeOf(schema);
  const shape = node ? zodObjectShape(node) : undefined;
  const value = shape ? reader.read(shape, undefined, 2) : undefined;
  return value?.kind === 'mapping' ? value.entries : [];
}

function propertyDescription(value: Value, reader: ValueReader): Pick<ParameterDoc, 'description' | 'unknown' | 'describeAt' | 'describeIn'> {
  if (value.kind === 'mapping') {
    const description = lastEntry(value.entries, 'description');
    if (!description) return value.opaqueSpread ? { unknown: true } : value.via ? {} : { describeIn: value.container };
    return description.value.kind === 'string' ? { description: description.value.value } : { unknown: true };
  }
  const node = reader.sourceNodeOf(value);
  if (!node || node.type !== 'call_expression') return { unknown: true };
  const described = zodDescription(node);
  if (described === undefined) return value.via ? {} : { describeAt: { offset: node.endIndex, text: '.describe("")', cursor: '.describe("'.length } };
  return described === null ? { unknown: true } : { description: described };
}

/** The text of `.describe("...")` in a zod chain; null when it is given something else; undefined when there is none. */
function zodDescription(node: Node): string | null | undefined {
  for (let current: Node | null = node; current?.type === 'call_expression';) {
    if (calleeProperty(current)?.text === 'describe') {
      const argument = callArguments(current)[0];
      return argument?.type === 'string' ? stringValue(argument) ?? null : null;
    }
    const callee: Node | null = current.childForFieldName('function');
    current = callee?.type === 'member_expression' ? callee.childForFieldName('object') : null;
  }
  return undefined;
}

/** The argument of `z.object(...)` in `z.object({...}).describe(...).strict()`. */
function zodObjectShape(node: Node): Node | undefined {
  let current: Node | null = node;
  while (current && current.type === 'call_expression') {
    if (calleeProperty(current)?.text === 'object') return callArguments(current)[0];
    const callee: Node | null = current.childForFieldName('function');
    current = callee?.type === 'member_expression' ? callee.childForFieldName('object') : null;
  }
  return undefined;
}

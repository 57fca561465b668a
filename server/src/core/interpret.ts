/**
 * Reads resolved `Value` trees into the semantic model: Arcade's ToolMetadata and the
 * MCP ToolAnnotations. Shared by every language front end.
 */
import { ARCADE_FLAGS, HINTS, HintSpelling, PYDANTIC_BOOL_STRINGS, SNAKE_HINTS, SPELLED_KEYS, VENDOR_HINTS } from './data/fields';
import {
  AnnotationsModel, BehaviorModel, ClassificationModel, EnumItem, Entry, FlagField, FlagState, HintName,
  MetadataModel, Value,
} from './model';

/** The entries of a call's keyword arguments or of a dict/object literal; undefined for anything else. */
export function entriesOf(value: Value): Entry[] | undefined {
  if (value.kind === 'call' || value.kind === 'mapping') return value.entries;
  return undefined;
}

/** The effective entry for a key: the last one written, as Python dicts and JS objects resolve it. */
export function lastEntry(entries: readonly Entry[], key: string): Entry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].key === key) return entries[i];
  return undefined;
}

export function readFlag(entry: Entry): FlagField {
  const value = entry.value;
  let state: FlagState;
  let coercedTo: boolean | undefined;
  switch (value.kind) {
    case 'boolean':
      state = value.value;
      break;
    case 'null':
      state = null;
      break;
    case 'unknown':
      state = 'unknown';
      break;
    case 'string': {
      state = 'invalid';
      coercedTo = PYDANTIC_BOOL_STRINGS[value.value.toLowerCase()];
      break;
    }
    case 'number':
      state = 'invalid';
      if (value.value === 0 || value.value === 1) coercedTo = value.value === 1;
      break;
    default:
      state = 'invalid';
  }
  return { key: entry.key, state, coercedTo, entry, value };
}

function readEnumList(entry: Entry | undefined): { value: Value; items: EnumItem[] } | undefined {
  if (!entry) return undefined;
  const value = entry.value;
  if (value.kind !== 'sequence') return { value, items: [] };
  const items: EnumItem[] = [];
  for (const item of value.items) {
    if (item.kind === 'enum-member') items.push({ text: item.member, value: item });
    else if (item.kind === 'string') items.push({ text: item.value, value: item });
    else items.push({ text: '', value: item });
  }
  return { value, items };
}

export function interpretBehavior(value: Value): BehaviorModel {
  const entries = entriesOf(value) ?? [];
  const behavior: BehaviorModel = { value, operations: readEnumList(lastEntry(entries, 'operations')) };
  const flagSlots = { read_only: 'readOnly', destructive: 'destructive', idempotent: 'idempotent', open_world: 'openWorld' } as const;
  for (const flag of ARCADE_FLAGS) {
    const entry = lastEntry(entries, flag);
    if (entry) behavior[flagSlots[flag]] = readFlag(entry);
  }
  return behavior;
}

export function interpretClassification(value: Value): ClassificationModel {
  const entries = entriesOf(value) ?? [];
  return { value, serviceDomains: readEnumList(lastEntry(entries, 'service_domains')) };
}

/** Arcade's `ToolMetadata(...)` (or a dict passed in its place, which MTL209 reports). */
export function interpretMetadata(value: Value): MetadataModel {
  const entries = entriesOf(value) ?? [];
  const metadata: MetadataModel = { value };
  const classification = lastEntry(entries, 'classification');
  if (classification && isModelValue(classification.value, 'Classification')) metadata.classification = interpretClassification(classification.value);
  const behavior = lastEntry(entries, 'behavior');
  if (behavior && isModelValue(behavior.value, 'Behavior')) metadata.behavior = interpretBehavior(behavior.value);
  metadata.extras = lastEntry(entries, 'extras');
  const strict = lastEntry(entries, 'strict');
  if (strict) metadata.strict = readFlag(strict);
  return metadata;
}

/** The model's own constructor call, or a dict (which pydantic coerces): something whose fields the linter can read. */
function isModelValue(value: Value, model: 'Behavior' | 'Classification'): boolean {
  return (value.kind === 'call' && value.callee === model) || value.kind === 'mapping';
}

export interface AnnotationOptions {
  /** Accept snake_case hint spellings (Python SDK v2). */
  snakeCase: boolean;
  /** Accept vendor hints such as FastMCP's `streamingHint`. */
  vendorHints: boolean;
  /** The keys are a compiled SDK's spelling (Go's `ReadOnlyHint`, mcp-go's `WithReadOnlyHintAnnotation`), not camelCase. */
  spelling?: HintSpelling;
}

/** The hint a key names, in either accepted spelling. */
export function hintForKey(key: string, options: AnnotationOptions): HintName | undefined {
  if (options.spelling) return HINTS.find((hint) => SPELLED_KEYS[options.spelling!][hint] === key);
  if ((HINTS as readonly string[]).includes(key)) return key as HintName;
  if (options.snakeCase && key in SNAKE_HINTS) return SNAKE_HINTS[key];
  return undefined;
}

/** MCP `ToolAnnotations(...)`, an annotations dict, or an annotations object literal. */
export function interpretAnnotations(value: Value, entry: Entry | undefined, options: AnnotationOptions): AnnotationsModel {
  const entries = entriesOf(value) ?? [];
  const annotations: AnnotationsModel = { value, entry, hints: {}, extraHints: [] };
  if (options.spelling) annotations.spelling = options.spelling;
  const titleKey = options.spelling ? SPELLED_KEYS[options.spelling].title : 'title';
  for (const item of entries) {
    const hint = hintForKey(item.key, options);
    if (hint) annotations.hints[hint] = readFlag(item);
    else if (item.key === titleKey) annotations.title = item;
    else if (item.key === 'custom') annotations.custom = item;
    else if (options.vendorHints && VENDOR_HINTS.includes(item.key)) {
      annotations.extraHints = annotations.extraHints.filter((f) => f.key !== item.key).concat(readFlag(item));
    }
  }
  return annotations;
}

/** The value as a client will read it: true/false when known, undefined when omitted or unknown. */
export function knownBoolean(field: FlagField | undefined): boolean | undefined {
  return field && typeof field.state === 'boolean' ? field.state : undefined;
}

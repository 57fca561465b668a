/**
 * Presets: module-level values another module may use as a tool's annotations or metadata
 * (`READ_ONLY = ToolAnnotations(readOnlyHint=True)`, `export const readOnly = { readOnlyHint: true }`).
 * The index keeps them with the module's facts, written in their own file; a tool that imports one
 * sees a copy used at its identifier (`via`), as a constant of its own file reads.
 */
import { ARCADE_FLAGS, ARCADE_MODEL_FIELDS, HINTS, SNAKE_HINTS } from '../data/fields';
import { Entry, Range, Value } from '../model';
import { withFields } from '../with-fields';

const PRESET_CALLEES = new Set(['ToolAnnotations', 'ToolMetadata', 'Behavior', 'Classification']);
const PRESET_KEYS = new Set<string>([
  ...HINTS, ...Object.keys(SNAKE_HINTS), ...ARCADE_FLAGS,
  ...Object.values(ARCADE_MODEL_FIELDS).flat(),
]);

/** Whether a module-level value may be a tool's annotations or metadata (only those are kept: memory stays small). */
export function isPresetShaped(value: Value): boolean {
  if (value.kind === 'call') return isPresetCallee(value.callee) || value.entries.some((entry) => PRESET_KEYS.has(entry.key));
  if (value.kind === 'mapping') return value.entries.some((entry) => PRESET_KEYS.has(entry.key));
  return false;
}

/**
 * A value's top level read without its values: the keys written in it, a call's callee, and
 * whether a spread (or a computed key) may add keys. Undefined for a value that is neither a
 * mapping nor a call.
 */
export interface TopLevelShape {
  keys: readonly string[];
  callee?: string;
  spread: boolean;
}

/**
 * Whether a value of this shape can be preset-shaped (`isPresetShaped`): false means it cannot,
 * so a module's facts need not read the value (most module-level dicts and calls are no presets).
 */
export function mayBePresetShaped(shape: TopLevelShape | undefined): boolean {
  if (!shape) return false;
  return shape.spread || (shape.callee !== undefined && isPresetCallee(shape.callee)) || shape.keys.some((key) => PRESET_KEYS.has(key));
}

function isPresetCallee(callee: string): boolean {
  return PRESET_CALLEES.has(callee.slice(callee.lastIndexOf('.') + 1));
}

/** A copy of `value` marked as written in `file` (plain data: nothing of the tree it was read from). */
export function writtenIn(value: Value, file: string): Value {
  return copyValue(value, (copy) => withFields(copy, { file }), (entry) => entry);
}

/**
 * A copy of a preset used at `via` under the name `viaName`: findings on it sit at the use site,
 * with related information (and fixes) where it is written. As a same-file constant reads, every
 * position a finding may take (entries, enum members, callees, keys) is the use site.
 */
export function usedAt(value: Value, via: Range, viaName: string): Value {
  return copyValue(
    value,
    (copy) => {
      const used = withFields(copy, { via, viaName });
      if (used.kind === 'enum-member') used.memberRange = via;
      if (used.kind === 'call') used.calleeRange = via;
      if (used.kind === 'mapping') used.nonStringKeys = used.nonStringKeys.map((key) => withFields(key, { range: via }));
      return used;
    },
    (entry) => withFields(entry, { keyRange: via, range: via, viaSpread: entry.viaSpread ? via : undefined }),
  );
}

function copyValue(value: Value, mark: (copy: Value) => Value, markEntry: (entry: Entry) => Entry): Value {
  const copyEntry = (entry: Entry): Entry => markEntry(withFields(entry, { value: copyValue(entry.value, mark, markEntry) }));
  switch (value.kind) {
    case 'mapping':
      return mark(withFields(value, { entries: value.entries.map(copyEntry), nonStringKeys: [...value.nonStringKeys], container: withFields(value.container, { entryOffsets: [...value.container.entryOffsets] }) }));
    case 'call':
      return mark(withFields(value, { entries: value.entries.map(copyEntry), positional: value.positional.map((item) => copyValue(item, mark, markEntry)), container: withFields(value.container, { entryOffsets: [...value.container.entryOffsets] }) }));
    case 'sequence':
      return mark(withFields(value, { items: value.items.map((item) => copyValue(item, mark, markEntry)) }));
    default:
      return mark({ ...value });
  }
}

/**
 * Where a finding sits. Values written elsewhere (a module constant, a preset) are reported
 * at the tool that uses them (`via`), with related information pointing at what was written.
 */
import { Entry, Range, RelatedInfo, Value } from '../../model';

export interface Placement {
  range: Range;
  related: RelatedInfo[];
}

/** The finding for a value: at its use site when it came from elsewhere, related info at the value. */
export function placeValue(value: Value, what: string): Placement {
  if (value.via) return { range: value.via, related: [{ range: value.range, message: `${what} is written here.` }] };
  return { range: value.range, related: [] };
}

/**
 * The finding for an entry (`read_only=True`): the entry itself, or, when it came from a
 * preset or a spread, the place where the tool uses it, with related info at the entry.
 */
export function placeEntry(entry: Entry, what: string): Placement {
  if (entry.viaSpread) return { range: entry.viaSpread, related: [{ range: entry.value.range, message: `${what} comes from this spread value.` }] };
  if (entry.value.via) return { range: entry.range, related: [{ range: entry.value.range, message: `${what} is written here.` }] };
  return { range: entry.range, related: [] };
}

/** Related information for the other side of a contradiction, e.g. `Operation.DELETE`. */
export function relatedAt(value: Value | Entry, message: string): RelatedInfo {
  const range = 'key' in value ? (value.value.via ? value.value.range : value.range) : value.range;
  return { range, message };
}

/** Whether a value (or the entry holding it) was written somewhere other than at the tool. */
export function writtenElsewhere(value: Value | undefined, entry?: Entry): boolean {
  return !!(value?.via || entry?.viaSpread);
}

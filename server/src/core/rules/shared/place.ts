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
  if (value.via) return { range: value.via, related: [writtenAt(value, `${what} is written here.`)] };
  return { range: value.range, related: [] };
}

/**
 * The finding for an entry (`read_only=True`): the entry itself, or, when it came from a
 * preset or a spread, the place where the tool uses it, with related info at the entry.
 */
export function placeEntry(entry: Entry, what: string): Placement {
  if (entry.viaSpread) return { range: entry.viaSpread, related: [writtenAt(entry.value, `${what} comes from this spread value.`)] };
  if (entry.value.via) return { range: entry.range, related: [writtenAt(entry.value, `${what} is written here.`)] };
  return { range: entry.range, related: [] };
}

/** Related information for the other side of a contradiction, e.g. `Operation.DELETE`. */
export function relatedAt(value: Value | Entry, message: string): RelatedInfo {
  if ('key' in value) return value.value.via ? writtenAt(value.value, message) : { range: value.range, message };
  return writtenAt(value, message);
}

/** Related information at where a value is written, naming its file when that is another module's. */
export function writtenAt(value: Value, message: string): RelatedInfo {
  return value.file ? { range: value.range, message, file: value.file } : { range: value.range, message };
}

/** Whether a value (or the entry holding it) was written somewhere other than at the tool. */
export function writtenElsewhere(value: Value | undefined, entry?: Entry): boolean {
  return !!(value?.via || entry?.viaSpread);
}

/**
 * Which regions (parse/windows.ts) changed between two analyses of a document, and the text change
 * widened by them. A region keeps its id while its tree is only moved by edits elsewhere: its
 * statements read as before, like the unchanged text around an edit. A broken region that comes or
 * goes (a new id, or an id no longer there) reads otherwise than the text did before: its statements
 * count as edited.
 */
import { Span } from '../parse/joined-windows';
import { DocumentSyntax, RegionSpan, regionsOf } from '../parse/windows';

export interface TextChange {
  /** Where the texts first differ. */
  start: number;
  /** Where the difference ends in the old text, and in the new one. */
  oldEnd: number;
  newEnd: number;
}

/** Every region of the syntax, broken or clean, as analyses remember them. */
export function regionSpans(syntax: DocumentSyntax): RegionSpan[] {
  return regionsOf(syntax).map(({ start, end, id, clean }) => (clean ? { start, end, id, clean } : { start, end, id }));
}

/** The regions of `regions` whose id `others` does not have, broken ones only unless `clean` (in `regions`' offsets). */
export function regionsNotIn(regions: readonly RegionSpan[], others: readonly RegionSpan[], clean = false): RegionSpan[] {
  const ids = new Set(others.map((region) => region.id));
  return regions.filter((region) => !ids.has(region.id) && (clean || !region.clean));
}

/** Whether the spans lie in the same places (the same regions read the same text). */
export function sameSpans(a: readonly Span[], b: readonly Span[]): boolean {
  return a.length === b.length && a.every((span, index) => span.start === b[index].start && span.end === b[index].end);
}

/**
 * The change widened to hold `old` (spans of the old text) and `current` (spans of the new text):
 * statements there count as edited. The texts stay the same outside the widened change.
 */
export function widenedChange(change: TextChange, delta: number, old: readonly Span[], current: readonly Span[]): TextChange {
  let { start, oldEnd } = change;
  for (const span of old) {
    start = Math.min(start, span.start);
    oldEnd = Math.max(oldEnd, span.end);
  }
  for (const span of current) {
    start = Math.min(start, span.start);
    // An end in the unchanged tail of the new text lies `delta` later than in the old one.
    oldEnd = Math.max(oldEnd, span.end - delta);
  }
  return { start, oldEnd, newEnd: oldEnd + delta };
}

/** Whether `offset` lies in one of the spans (in source order). */
export function inSpans(spans: readonly Span[], offset: number): boolean {
  for (const span of spans) {
    if (offset < span.start) return false;
    if (offset < span.end) return true;
  }
  return false;
}

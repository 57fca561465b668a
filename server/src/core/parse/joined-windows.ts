import { Edit } from 'web-tree-sitter';

/** A stretch of a text, by offsets. */
export interface Span {
  start: number;
  end: number;
}

/** How many windows are remembered; an edit in one forgotten costs one slow reparse, no wrong tree. */
const MAX_JOINED = 32;

/**
 * The windows IncrementalParse reparsed through the rest of the document (parse/windows.ts),
 * kept in the current text's offsets as edits arrive.
 */
export class JoinedWindows {
  private spans: Span[] = [];

  add(window: { startIndex: number; endIndex: number }): void {
    const span = { start: window.startIndex, end: window.endIndex };
    this.spans = this.spans.filter((other) => other.end < span.start || other.start > span.end);
    this.spans.push(span);
    if (this.spans.length > MAX_JOINED) this.spans.shift();
  }

  /** Whether the edited part `dirty` touches one of the windows. */
  touches(dirty: Span): boolean {
    return this.spans.some((span) => dirty.start <= span.end && dirty.end >= span.start);
  }

  /** Moves the windows with an edit of the text (one the edit reaches grows or shrinks with it). */
  move(edit: Edit): void {
    for (const span of this.spans) moveSpan(span, edit);
  }

  clear(): void {
    this.spans = [];
  }

  /** The windows as they are now (copies). */
  snapshot(): Span[] {
    return this.spans.map((span) => ({ ...span }));
  }

  /** Puts back windows a snapshot took, for the text it was taken of. */
  restore(spans: readonly Span[]): void {
    this.spans = spans.map((span) => ({ ...span }));
  }
}

/**
 * Moves a span's offsets with an edit of the text: an edit before it moves both bounds, one inside it
 * only its end. An edit reaching into it from before makes it start where the edit starts, one
 * reaching out of it end where the edit's new text ends (the span then holds the edit, and whoever
 * reads it sees it edited). Says how each bound moved: `shifted` by the edit's length, or `reached`
 * (to the edit's start, or its new end).
 */
export function moveSpan(span: Span, edit: Edit): { start?: 'shifted' | 'reached'; end?: 'shifted' | 'reached' } {
  const delta = edit.newEndIndex - edit.oldEndIndex;
  const moved: { start?: 'shifted' | 'reached'; end?: 'shifted' | 'reached' } = {};
  if (edit.startIndex < span.start) {
    moved.start = edit.oldEndIndex <= span.start ? 'shifted' : 'reached';
    span.start = moved.start === 'shifted' ? span.start + delta : edit.startIndex;
  }
  if (edit.startIndex < span.end) {
    moved.end = edit.oldEndIndex <= span.end ? 'shifted' : 'reached';
    span.end = Math.max(span.start, moved.end === 'shifted' ? span.end + delta : edit.newEndIndex);
  }
  return moved;
}

/** Offsets ↔ positions (0-based line, UTF-16 column) over a document's text. */
import { SourceText } from '../source-text';
import { Position, Range } from '../model';

/**
 * The line starts of the last text asked about, in one buffer reused from text to text: a document
 * gets a new text per keystroke, and a new array of its 10,000 line starts each time was 5-10 % of
 * what a keystroke allocated.
 */
let cachedText: SourceText | undefined;
let starts = new Int32Array(1024);
let lineCount = 0;

function indexLines(text: SourceText): void {
  if (text === cachedText) return;
  let count = 0;
  for (let start = 0; ; ) {
    if (count === starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = start;
    const lineBreak = text.indexOf('\n', start);
    if (lineBreak < 0) break;
    start = lineBreak + 1;
  }
  cachedText = text;
  lineCount = count;
}

/** The offset where the 0-based line starts; undefined past the last line. */
export function lineStartOffset(text: SourceText, line: number): number | undefined {
  indexLines(text);
  return line >= 0 && line < lineCount ? starts[line] : undefined;
}

export function offsetAt(text: SourceText, position: Position): number {
  indexLines(text);
  if (position.line >= lineCount) return text.length;
  return Math.min(starts[position.line] + position.character, text.length);
}

export function positionAt(text: SourceText, offset: number): Position {
  indexLines(text);
  let low = 0;
  let high = lineCount - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low, character: offset - starts[low] };
}

export function rangeAt(text: SourceText, start: number, end: number): Range {
  return { start: positionAt(text, start), end: positionAt(text, end) };
}

export function textOf(text: SourceText, range: Range): string {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

/** Offsets ↔ positions (0-based line, UTF-16 column) over a document's text. */
import { Position, Range } from '../model';

let cachedText: string | undefined;
let cachedStarts: number[] = [];

function lineStarts(text: string): number[] {
  if (text === cachedText) return cachedStarts;
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  cachedText = text;
  cachedStarts = starts;
  return starts;
}

/** The offset where the 0-based line starts; undefined past the last line. */
export function lineStartOffset(text: string, line: number): number | undefined {
  return lineStarts(text)[line];
}

export function offsetAt(text: string, position: Position): number {
  const starts = lineStarts(text);
  if (position.line >= starts.length) return text.length;
  return Math.min(starts[position.line] + position.character, text.length);
}

export function positionAt(text: string, offset: number): Position {
  const starts = lineStarts(text);
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low, character: offset - starts[low] };
}

export function rangeAt(text: string, start: number, end: number): Range {
  return { start: positionAt(text, start), end: positionAt(text, end) };
}

export function textOf(text: string, range: Range): string {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

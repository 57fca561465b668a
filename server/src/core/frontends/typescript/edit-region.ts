/**
 * Where an edit lies among a TS/JS file's top-level statements (incremental analysis): the
 * changed region of the text, the rows it moves, and the statements holding an offset or a range.
 */
import { commonPrefixLength, commonSuffixLength, SourceText } from '../../source-text';
import type { Shift } from '../../incremental/shift';
import type { TextChange } from '../../incremental/regions';
import { Position } from '../../model';
import { Statement } from './statements';

/** Where two texts differ: from `start` to `oldEnd` in the old one, to `newEnd` in the new one. */
export function textChange(oldText: SourceText, newText: SourceText): TextChange {
  const start = commonPrefixLength(oldText, newText);
  const tail = commonSuffixLength(oldText, newText, start);
  return { start, oldEnd: oldText.length - tail, newEnd: newText.length - tail };
}

/** The row of `offset` in `text`, counted from a statement that ends before it. */
export function rowAt(text: SourceText, offset: number, from: Statement | undefined): number {
  return (from?.endRow ?? 0) + lineBreaks(text, from?.end ?? 0, offset);
}

function lineBreaks(text: SourceText, start: number, end: number): number {
  let count = 0;
  for (let index = text.indexOf('\n', start); index >= 0 && index < end; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

export function shiftFor(oldText: SourceText, newText: SourceText, change: TextChange, oldEndRow: number): Shift {
  return {
    oldEndOffset: change.oldEnd,
    oldEndRow,
    offsetDelta: newText.length - oldText.length,
    lineDelta: lineBreaks(newText, change.start, change.newEnd) - lineBreaks(oldText, change.start, change.oldEnd),
  };
}

/** The index of the statement holding `offset`, by binary search. */
export function statementAt(statements: readonly Statement[], offset: number): number | undefined {
  let low = 0;
  let high = statements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (statements[middle].end <= offset) low = middle + 1;
    else if (statements[middle].start > offset) high = middle - 1;
    else return middle;
  }
  return undefined;
}

/** The index of the statement whose span holds the range from `start` to `end`. */
export function statementHolding(statements: readonly Statement[], start: Position, end: Position): number | undefined {
  let low = 0;
  let high = statements.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const statement = statements[middle];
    if (compare(start, statement.endRow, statement.endColumn) >= 0) low = middle + 1;
    else if (compare(start, statement.startRow, statement.startColumn) < 0) high = middle - 1;
    else return compare(end, statement.endRow, statement.endColumn) <= 0 ? middle : undefined;
  }
  return undefined;
}

function compare(position: Position, row: number, column: number): number {
  return position.line - row || position.character - column;
}

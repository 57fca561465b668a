/**
 * An open document: vscode-languageserver-textdocument's TextDocument, with the text kept as a
 * ChunkedText (core/source-text.ts). TextDocument keeps one string and makes a new one per edit,
 * which V8 copies whole (380 KB on 10,000 lines, 1.3 ms) the first time it is read by index.
 * Here an edit copies a piece of a few KB; `getText()` puts the whole string together only for
 * the requests that want one, once per version. Line starts are kept as TextDocument keeps them.
 */
import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ChunkedText } from '../core/source-text';

/** An incremental change by offsets: `inserted` put in place of `removed` at `start` of `before`. */
export interface AppliedChange {
  start: number;
  removed: string;
  inserted: string;
  before: ChunkedText;
}

const LF = 10;
const CR = 13;

export class LiveDocument implements TextDocument {
  private current: ChunkedText;
  private lineStarts: number[];
  private lastChange?: AppliedChange;

  constructor(readonly uri: string, readonly languageId: string, private currentVersion: number, text: string) {
    this.current = ChunkedText.of(text);
    this.lineStarts = lineStartsOf(text, true, 0);
  }

  get version(): number {
    return this.currentVersion;
  }

  /** The text, in pieces: what the parser and the analysis read. */
  get text(): ChunkedText {
    return this.current;
  }

  /** The last change, when it was incremental (a whole-text change leaves none). */
  get lastEdit(): AppliedChange | undefined {
    return this.lastChange;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  getText(range?: Range): string {
    if (!range) return this.current.toString();
    return this.current.slice(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  /** Applies the changes in order (as TextDocument.update does) and takes the new version. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change) this.applyIncremental(change.range, change.text);
      else this.replaceAll(change.text);
    }
    this.currentVersion = version;
  }

  offsetAt(position: Position): number {
    const starts = this.lineStarts;
    if (position.line >= starts.length) return this.current.length;
    if (position.line < 0) return 0;
    const lineStart = starts[position.line];
    if (position.character <= 0) return lineStart;
    const nextLineStart = position.line + 1 < starts.length ? starts[position.line + 1] : this.current.length;
    return this.beforeLineBreak(Math.min(lineStart + position.character, nextLineStart), lineStart);
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.current.length), 0);
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle] > offset) high = middle;
      else low = middle + 1;
    }
    const line = low - 1;
    return { line, character: this.beforeLineBreak(offset, starts[line]) - starts[line] };
  }

  private replaceAll(text: string): void {
    this.lastChange = undefined;
    this.current = ChunkedText.of(text);
    this.lineStarts = lineStartsOf(text, true, 0);
  }

  private applyIncremental(range: Range, inserted: string): void {
    const [start, end] = wellFormed(range);
    const startOffset = this.offsetAt(start);
    const endOffset = this.offsetAt(end);
    const change = { start: startOffset, removed: this.current.slice(startOffset, endOffset), inserted, before: this.current };
    this.current = undoes(change, this.lastChange) ? this.lastChange!.before : this.current.edit(startOffset, endOffset, inserted);
    this.lastChange = change;
    const startLine = Math.max(start.line, 0);
    const endLine = Math.max(end.line, 0);
    const added = lineStartsOf(inserted, false, startOffset);
    const starts = this.lineStarts;
    if (endLine - startLine === added.length) {
      for (let index = 0; index < added.length; index++) starts[index + startLine + 1] = added[index];
    } else if (added.length < 10_000) {
      starts.splice(startLine + 1, endLine - startLine, ...added);
    } else {
      // Too many arguments for splice.
      this.lineStarts = starts.slice(0, startLine + 1).concat(added, starts.slice(endLine + 1));
    }
    const delta = inserted.length - (endOffset - startOffset);
    if (delta !== 0) {
      const shifted = this.lineStarts;
      for (let index = startLine + 1 + added.length; index < shifted.length; index++) shifted[index] += delta;
    }
  }

  /** `offset`, moved back before a line break it points into or after (LSP positions end a line before its break). */
  private beforeLineBreak(offset: number, lineStart: number): number {
    while (offset > lineStart && isLineBreak(this.current.charCodeAt(offset - 1))) offset--;
    return offset;
  }
}

/**
 * Whether `change` undoes `last` (a typo deleted again, an undo): the text before `last` comes back
 * as the same ChunkedText, so what was worked out for it applies again (incremental.ts takes back
 * the statements it replaced when the text is the one they were read from).
 */
function undoes(change: AppliedChange, last: AppliedChange | undefined): boolean {
  return !!last && change.start === last.start && change.removed === last.inserted && change.inserted === last.removed;
}

function isLineBreak(code: number): boolean {
  return code === CR || code === LF;
}

/** A range whose start is not after its end. */
function wellFormed(range: Range): [Position, Position] {
  const { start, end } = range;
  if (start.line > end.line || (start.line === end.line && start.character > end.character)) return [end, start];
  return [start, end];
}

/** The offsets (plus `base`) where lines start after each line break of `text`; with `atLineStart`, `base` first. */
function lineStartsOf(text: string, atLineStart: boolean, base: number): number[] {
  const starts = atLineStart ? [base] : [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== CR && code !== LF) continue;
    if (code === CR && index + 1 < text.length && text.charCodeAt(index + 1) === LF) index++;
    starts.push(base + index + 1);
  }
  return starts;
}

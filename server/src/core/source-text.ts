/**
 * A document's text as the analysis reads it: a string, or a `ChunkedText` that an editor's open
 * document keeps as pieces. V8 keeps a string over 128 KB in its large-object space: a new version
 * of a 10,000-line file as one string (380 KB) cost 1.3 ms to copy on every keystroke (fresh pages
 * for each) and was the half of the old generation's garbage that set off its full collections.
 * An edit to a ChunkedText copies one piece of a few KB, and reads take slices of the pieces.
 */

/** The string methods the analysis uses on a document's text; a string is one. */
export interface SourceText {
  readonly length: number;
  slice(start?: number, end?: number): string;
  charCodeAt(index: number): number;
  indexOf(search: string, position?: number): number;
  lastIndexOf(search: string, position?: number): number;
  includes(search: string, position?: number): boolean;
}

/** The text as one string (a ChunkedText puts its pieces together once, and keeps the result). */
export function textString(text: SourceText): string {
  return typeof text === 'string' ? text : text.toString();
}

/** The characters a piece holds at most once edits have merged or split it. */
const PIECE = 8 * 1024;

/** A copy of `text` that holds no reference to the string it was sliced from. */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** An immutable text in pieces of a few KB; `edit` makes the next version, sharing the unchanged pieces. */
export class ChunkedText implements SourceText {
  private joined?: string;
  /** The piece the last `charCodeAt` read: reads come in runs. */
  private lastPiece = 0;

  private constructor(private readonly pieces: readonly string[], private readonly starts: readonly number[], readonly length: number) {}

  static of(text: string): ChunkedText {
    const pieces = split(text);
    return new ChunkedText(pieces, startsOf(pieces, 0, [], 0), text.length);
  }

  /** The text with `start`..`end` replaced by `inserted`. */
  edit(start: number, end: number, inserted: string): ChunkedText {
    start = clamp(start, this.length);
    end = Math.max(start, clamp(end, this.length));
    if (this.pieces.length === 0) return ChunkedText.of(inserted);
    let first = this.pieceAt(start);
    let last = this.pieceAt(end);
    let middle = this.pieces[first].slice(0, start - this.starts[first]) + inserted + this.pieces[last].slice(end - this.starts[last]);
    // A short piece joins a neighbour, so that deletions do not leave the text in crumbs.
    if (middle.length < PIECE / 2 && first > 0) middle = this.pieces[--first] + middle;
    else if (middle.length < PIECE / 2 && last < this.pieces.length - 1) middle += this.pieces[++last];
    const pieces = [...this.pieces.slice(0, first), ...split(middle), ...this.pieces.slice(last + 1)];
    return new ChunkedText(pieces, startsOf(pieces, first, this.starts, this.starts[first]), this.length - (end - start) + inserted.length);
  }

  slice(start = 0, end = this.length): string {
    start = start < 0 ? Math.max(this.length + start, 0) : Math.min(start, this.length);
    end = end < 0 ? Math.max(this.length + end, 0) : Math.min(end, this.length);
    if (end <= start) return '';
    if (this.joined !== undefined) return this.joined.slice(start, end);
    const first = this.pieceAt(start);
    const offset = this.starts[first];
    if (end <= offset + this.pieces[first].length) return this.pieces[first].slice(start - offset, end - offset);
    const parts = [this.pieces[first].slice(start - offset)];
    for (let index = first + 1; index < this.pieces.length && this.starts[index] < end; index++) {
      parts.push(this.pieces[index].slice(0, end - this.starts[index]));
    }
    return parts.join('');
  }

  charCodeAt(index: number): number {
    if (!(index >= 0 && index < this.length)) return NaN;
    let piece = this.lastPiece;
    if (index < this.starts[piece] || index >= this.starts[piece] + this.pieces[piece].length) this.lastPiece = piece = this.pieceAt(index);
    return this.pieces[piece].charCodeAt(index - this.starts[piece]);
  }

  indexOf(search: string, position = 0): number {
    const from = clamp(position, this.length);
    if (search.length === 0) return from;
    if (this.joined !== undefined) return this.joined.indexOf(search, from);
    for (let piece = this.pieceAt(from); piece < this.pieces.length; piece++) {
      const start = this.starts[piece];
      const found = this.pieces[piece].indexOf(search, Math.max(from - start, 0));
      if (found >= 0) return start + found;
      // A match across the end of this piece starts within its last search.length - 1 characters.
      const end = start + this.pieces[piece].length;
      const across = Math.max(end - search.length + 1, from);
      const inBoundary = this.slice(across, end + search.length - 1).indexOf(search);
      if (inBoundary >= 0) return across + inBoundary;
    }
    return -1;
  }

  lastIndexOf(search: string, position = Infinity): number {
    const upTo = Number.isNaN(position) ? this.length : clamp(position, this.length);
    if (search.length === 0) return upTo;
    if (this.pieces.length === 0) return -1;
    if (this.joined !== undefined) return this.joined.lastIndexOf(search, upTo);
    for (let piece = this.pieceAt(upTo); piece >= 0; piece--) {
      const start = this.starts[piece];
      const end = start + this.pieces[piece].length;
      // Matches across the end of this piece start after every match inside it.
      const across = Math.max(end - search.length + 1, start);
      if (across <= upTo) {
        const inBoundary = this.slice(across, Math.min(upTo, end - 1) + search.length).lastIndexOf(search);
        if (inBoundary >= 0 && across + inBoundary < end) return across + inBoundary;
      }
      const found = this.pieces[piece].lastIndexOf(search, upTo - start);
      if (found >= 0) return start + found;
    }
    return -1;
  }

  includes(search: string, position = 0): boolean {
    return this.indexOf(search, position) >= 0;
  }

  /** How many characters at the start this text and `other` hold in the same pieces (both made by edits from one text). */
  sharedPrefix(other: ChunkedText): number {
    let shared = 0;
    for (let index = 0; index < this.pieces.length && index < other.pieces.length && this.pieces[index] === other.pieces[index]; index++) {
      shared += this.pieces[index].length;
    }
    return shared;
  }

  /** How many characters at the end this text and `other` hold in the same pieces. */
  sharedSuffix(other: ChunkedText): number {
    let shared = 0;
    for (let mine = this.pieces.length - 1, theirs = other.pieces.length - 1; mine >= 0 && theirs >= 0 && this.pieces[mine] === other.pieces[theirs]; mine--, theirs--) {
      shared += this.pieces[mine].length;
    }
    return shared;
  }

  toString(): string {
    return (this.joined ??= this.pieces.join(''));
  }

  /** The piece holding `offset` (the last piece for the text's end). */
  private pieceAt(offset: number): number {
    let low = 0;
    let high = this.pieces.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

function clamp(offset: number, length: number): number {
  return Math.min(Math.max(Math.trunc(offset) || 0, 0), length);
}

/** `text` in pieces of at most PIECE characters, each its own copy (no piece keeps `text` alive). */
function split(text: string): string[] {
  if (text.length === 0) return [];
  const count = Math.ceil(text.length / PIECE);
  const size = Math.ceil(text.length / count);
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(ownCopy(text.slice(at, at + size)));
  return pieces;
}

/** The start offsets of `pieces`, taking those before `from` from `previous` (piece `from` starts at `offset`). */
function startsOf(pieces: readonly string[], from: number, previous: readonly number[], offset: number): number[] {
  const starts = previous.slice(0, from);
  for (let index = from; index < pieces.length; index++) {
    starts.push(offset);
    offset += pieces[index].length;
  }
  return starts;
}

/** Characters compared at a time (natively) before the character-by-character rest. */
const CHUNK = 4096;

/** How many code units two texts share at the start (pieces two ChunkedTexts share skipped, then whole chunks compared natively). */
export function commonPrefixLength(a: SourceText, b: SourceText): number {
  const limit = Math.min(a.length, b.length);
  let same = a instanceof ChunkedText && b instanceof ChunkedText ? Math.min(a.sharedPrefix(b), limit) : 0;
  while (same + CHUNK <= limit && a.slice(same, same + CHUNK) === b.slice(same, same + CHUNK)) same += CHUNK;
  while (same < limit && a.charCodeAt(same) === b.charCodeAt(same)) same++;
  return same;
}

/** How many code units two texts share at the end, not reaching into the first `shared` ones. */
export function commonSuffixLength(a: SourceText, b: SourceText, shared: number): number {
  const limit = Math.min(a.length, b.length) - shared;
  let tail = a instanceof ChunkedText && b instanceof ChunkedText ? Math.max(Math.min(a.sharedSuffix(b), limit), 0) : 0;
  while (tail + CHUNK <= limit && a.slice(a.length - tail - CHUNK, a.length - tail) === b.slice(b.length - tail - CHUNK, b.length - tail)) tail += CHUNK;
  while (tail < limit && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  return tail;
}

/** The character at `index` as `text[index]` reads it: undefined outside the text. */
export function charAt(text: SourceText, index: number): string | undefined {
  return index >= 0 && index < text.length ? String.fromCharCode(text.charCodeAt(index)) : undefined;
}

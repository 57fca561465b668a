/**
 * Text edits shared by every fix: replace a value, remove an entry with its comma, insert
 * entries into a call / dict / object literal keeping the author's style. Edits work on the
 * offsets the front ends record from the syntax tree; only single tokens are inspected as text.
 */
import { charAt, SourceText } from '../source-text';
import { Container, Range, TextEdit } from '../model';
import { MCP_GO_OPTIONS } from '../data/fields';
import { offsetAt, rangeAt } from './positions';

export type Syntax = Container['syntax'];

export function replaceEdit(range: Range, newText: string): TextEdit {
  return { range, newText };
}

export function insertEdit(text: SourceText, offset: number, newText: string): TextEdit {
  return { range: rangeAt(text, offset, offset), newText };
}

/** A boolean literal in the container's language: Python `True`, JS/TS and Go `true`. */
export function booleanLiteral(value: boolean, syntax: Syntax): string {
  if (syntax === 'call' || syntax === 'dict') return value ? 'True' : 'False';
  return value ? 'true' : 'false';
}

/** A string literal in the container's language, using `quote`. */
export function stringLiteral(value: string, quote: string = '"'): string {
  return `${quote}${value.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`)}${quote}`;
}

/**
 * `key=value` in a call, `"key": value` in a Python dict, `key: value` in an object literal or a Go
 * struct, `qualifier.WithKeyAnnotation(value)` for mcp-go's options (a hint's key names its option).
 */
export function formatEntry(syntax: Syntax, key: string, valueText: string, quote = '"', qualifier = ''): string {
  if (syntax === 'call') return `${key}=${valueText}`;
  if (syntax === 'dict') return `${stringLiteral(key, quote)}: ${valueText}`;
  if (syntax === 'attribute') return `${key} = ${valueText}`;
  if (syntax === 'options') return `${qualifier}${(MCP_GO_OPTIONS as Record<string, string>)[key] ?? key}(${valueText})`;
  return `${key}: ${valueText}`;
}

/** The quote character the author uses for the keys of a Python dict (double quotes by default). */
export function keyQuoteOf(text: SourceText, container: Container): string {
  const first = container.entryOffsets[0];
  const char = first ? charAt(text, first.start) : '"';
  return char === "'" ? "'" : '"';
}

function isBlank(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

function lineStartOf(text: SourceText, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Where the line holding `offset` ends: before its LF, or before the CR of a CRLF. */
function lineEndOf(text: SourceText, offset: number): number {
  const end = text.indexOf('\n', offset);
  if (end === -1) return text.length;
  return end > offset && charAt(text, end - 1) === '\r' ? end - 1 : end;
}

/** Just after the line break that starts at `lineEnd` (LF or CRLF). */
function afterLineBreak(text: SourceText, lineEnd: number): number {
  return text.slice(lineEnd, lineEnd + 2) === '\r\n' ? lineEnd + 2 : lineEnd + 1;
}

/** The text `lineBreakOf` last read, and what it found: the fixes of one analysis all ask about one text. */
let lastText: SourceText | undefined;
let lastLineBreak = '\n';

/**
 * The line break new lines get: CRLF in a text that uses it, LF otherwise. Finding that out reads
 * the whole text (a 5 MB file's analysis spent 0.25 s in it, once per fix), so the answer for the
 * last text is kept (texts do not change; a document's next version is another text).
 */
export function lineBreakOf(text: SourceText): string {
  if (text !== lastText) {
    lastText = text;
    lastLineBreak = text.includes('\r\n') ? '\r\n' : '\n';
  }
  return lastLineBreak;
}

/** Offset just after a comma that follows `end` (blanks allowed in between), or undefined. */
function commaAfter(text: SourceText, end: number): number | undefined {
  let i = end;
  while (isBlank(charAt(text, i))) i++;
  return charAt(text, i) === ',' ? i + 1 : undefined;
}

/**
 * Removes one entry (or list item) between `start` and `end` with the comma that separates
 * it from its neighbours. A multi-line entry alone on its lines goes with its whole lines.
 */
export function removeEntryEdit(text: SourceText, start: number, end: number): TextEdit {
  const comma = commaAfter(text, end);
  const afterEntry = comma ?? end;
  const lineStart = lineStartOf(text, start);
  const lineEnd = lineEndOf(text, afterEntry);
  const aloneOnLines = text.slice(lineStart, start).trim() === '' && text.slice(afterEntry, lineEnd).trim() === '';
  if (aloneOnLines && lineEnd < text.length && lineStart > 0) {
    if (comma !== undefined || !precededByCommaOnEarlierLine(text, lineStart)) {
      return replaceEdit(rangeAt(text, lineStart, afterLineBreak(text, lineEnd)), '');
    }
  }
  if (comma !== undefined) {
    let stop = comma;
    while (isBlank(charAt(text, stop))) stop++;
    return replaceEdit(rangeAt(text, start, stop), '');
  }
  // The last entry without a trailing comma: take the comma before it.
  let i = start - 1;
  while (i >= 0 && isSpace(charAt(text, i))) i--;
  if (charAt(text, i) === ',') return replaceEdit(rangeAt(text, i, end), '');
  return replaceEdit(rangeAt(text, start, end), '');
}

/** Whether the text before a line ends in a comma (the previous entry's), ignoring blank space. */
function precededByCommaOnEarlierLine(text: SourceText, lineStart: number): boolean {
  let i = lineStart - 1;
  while (i >= 0 && isSpace(charAt(text, i))) i--;
  return charAt(text, i) === ',';
}

/**
 * Inserts new entries (already formatted, e.g. `read_only=False`) into a container, after
 * the existing ones: one per line with the existing indentation when the container is
 * multi-line, inline otherwise; a trailing comma only where the author writes them.
 * Returns no edits when the container has no closing bracket yet or its last value is not typed yet.
 */
export function insertEntriesEdits(text: SourceText, container: Container, entries: readonly string[]): TextEdit[] | undefined {
  const close = container.closeOffset;
  if (close === undefined || entries.length === 0) return undefined;
  const existing = container.entryOffsets;
  const last = existing[existing.length - 1];
  // A last entry still being typed (`destructiveHint:` with no value yet): anything added after it would not parse.
  if (last && valueNotTyped(text.slice(last.start, last.end))) return undefined;
  const inside = text.slice(container.openOffset, close);
  const newline = lineBreakOf(text);
  if (!last) {
    const padding = container.syntax === 'object' ? ' ' : '';
    if (inside.includes('\n')) {
      const indent = indentOfLine(text, close) + '    ';
      return [replaceEdit(rangeAt(text, container.openOffset, close), entries.map((e) => `${newline}${indent}${e},`).join('') + newline + indentOfLine(text, close))];
    }
    return [replaceEdit(rangeAt(text, container.openOffset, close), `${padding}${entries.join(', ')}${padding}`)];
  }
  const comma = commaAfter(text, last.end);
  const multiLine = text.slice(container.openOffset, last.start).includes('\n');
  if (!multiLine) {
    const at = comma ?? last.end;
    const body = entries.join(', ');
    return [insertEdit(text, at, comma !== undefined ? ` ${body},` : `, ${body}`)];
  }
  const indent = text.slice(lineStartOf(text, last.start), last.start);
  const indentation = indent.trim() === '' ? indent : indentOfLine(text, last.start);
  const edits: TextEdit[] = [];
  if (comma === undefined) edits.push(insertEdit(text, last.end, ','));
  const lineEnd = lineEndOf(text, comma ?? last.end);
  if (lineEnd > close) {
    // `last_entry)` closes on the entry's line: new lines go before the bracket, no trailing comma.
    edits.push(insertEdit(text, close, entries.map((e) => `${newline}${indentation}${e}`).join(',')));
    return mergeAdjacent(edits);
  }
  const trailing = comma !== undefined;
  const lines = entries.map((e, index) => `${newline}${indentation}${e}${trailing || index < entries.length - 1 ? ',' : ''}`).join('');
  edits.push(insertEdit(text, lineEnd, lines));
  return mergeAdjacent(edits);
}

/** An entry that ends at its `:` or `=`: the parser stood in a missing value for the one not typed yet. */
function valueNotTyped(entry: string): boolean {
  const end = entry.trimEnd();
  return end.endsWith(':') || end.endsWith('=');
}

/** Two insertions at the same offset become one, so editors apply them in a defined order. */
function mergeAdjacent(edits: TextEdit[]): TextEdit[] {
  if (edits.length === 2 && samePosition(edits[0].range.start, edits[1].range.start) && samePosition(edits[0].range.end, edits[1].range.end)) {
    return [{ range: edits[0].range, newText: edits[0].newText + edits[1].newText }];
  }
  return edits;
}

function samePosition(a: Range['start'], b: Range['start']): boolean {
  return a.line === b.line && a.character === b.character;
}

function indentOfLine(text: SourceText, offset: number): string {
  const start = lineStartOf(text, offset);
  let i = start;
  while (isBlank(charAt(text, i))) i++;
  return text.slice(start, i);
}

/** The text of an entry's key as written, and whether it is quoted (Python dict keys, quoted JS keys). */
export function keyQuote(text: SourceText, keyRange: Range): string | undefined {
  const first = charAt(text, offsetAt(text, keyRange.start));
  return first === '"' || first === "'" || first === '`' ? first : undefined;
}

/** Replaces an entry's key with another name, keeping its quotes. */
export function renameKeyEdit(text: SourceText, keyRange: Range, newKey: string): TextEdit {
  const quote = keyQuote(text, keyRange);
  return replaceEdit(keyRange, quote ? `${quote}${newKey}${quote}` : newKey);
}

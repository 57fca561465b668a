/**
 * A file with unclosed brackets kept open while the author types (issue 22): `count` tool
 * declarations spread over the text, each a top-level statement of several lines, lose one closing
 * bracket at the end of one of their inner lines (`behavior=Behavior(...),` becomes
 * `behavior=Behavior(...,`; `annotations: { ... },` becomes `annotations: { ...,`). The typing
 * then happens away from them, or inside them without closing the bracket, as a typo and its
 * correction at each place, as bench/edits.ts types.
 */
import { Position, Range } from 'vscode-languageserver/node';
import { Random } from './random';

/** An incremental change (an LSP TextDocumentContentChangeEvent with a range). */
export interface Change {
  range: Range;
  text: string;
}

/** A declaration's lines and the bracket its break removed. */
export interface Break {
  /** The declaration's first and last line. */
  lines: [number, number];
  /** Where the closing bracket was (line and column in the text before the break). */
  closer: Position;
}

export interface BrokenText {
  /** The text with every break made. */
  text: string;
  breaks: Break[];
  /** The edits that make the breaks in the original text, one per break, from the last to the first (positions stay valid). */
  edits: Change[];
}

/** What a break needs of a declaration: its range (any analysis result's declarations). */
export interface DeclarationRange {
  range: Range;
}

const CLOSERS = new Set([')', ']', '}']);
/** Characters typed inside a broken declaration: letters, as when a keyword is completed (never a closing bracket). */
const INSIDE_LETTERS = 'abcdefghijklmnopqrstuvwxyz_';
/** As bench/edits.ts types elsewhere. */
const AWAY_LETTERS = 'abcdefghijklmnopqrstuvwxyz_ (,"';

/**
 * Breaks `count` of the declarations: those starting a line (a whole top-level statement) over at
 * least three lines, with an inner line ending in a closing bracket and a comma, spread evenly over
 * the ones that qualify. Fewer when fewer qualify.
 */
export function breakDeclarations(text: string, declarations: readonly DeclarationRange[], count: number): BrokenText {
  const lines = text.split('\n');
  const candidates: Break[] = [];
  for (const { range } of declarations) {
    if (range.start.character !== 0 || range.end.line - range.start.line < 2) continue;
    if (candidates.length && candidates[candidates.length - 1].lines[1] >= range.start.line) continue;
    for (let line = range.start.line + 1; line < range.end.line; line++) {
      const trimmed = lines[line].trimEnd();
      if (trimmed.endsWith(',') && CLOSERS.has(trimmed[trimmed.length - 2])) {
        candidates.push({ lines: [range.start.line, range.end.line], closer: { line, character: trimmed.length - 2 } });
        break;
      }
    }
  }
  const chosen = Array.from({ length: Math.min(count, candidates.length) }, (_, index) => candidates[Math.floor(((index + 0.5) * candidates.length) / Math.min(count, candidates.length))]);
  const edits = [...chosen].reverse().map(({ closer }) => ({ range: { start: closer, end: { line: closer.line, character: closer.character + 1 } }, text: '' }));
  const broken = [...lines];
  for (const { closer } of chosen) broken[closer.line] = broken[closer.line].slice(0, closer.character) + broken[closer.line].slice(closer.character + 1);
  return { text: broken.join('\n'), breaks: chosen, edits };
}

/** `count` one-character edits (typed, then deleted) at places spread over the lines outside the broken declarations. */
export function editsAway(text: string, breaks: readonly Break[], count: number, seed: number): Change[] {
  const lines = text.split('\n');
  const away = lines.map((_, line) => line).filter((line) => lines[line].trim() !== '' && !breaks.some((broken) => line >= broken.lines[0] && line <= broken.lines[1]));
  return typosAt(lines, away, count, new Random(seed), AWAY_LETTERS);
}

/** `count` one-character edits (a letter typed, then deleted) on the lines of the broken declarations other than the broken one. */
export function editsInside(text: string, breaks: readonly Break[], count: number, seed: number): Change[] {
  const lines = text.split('\n');
  const inside = breaks.flatMap((broken) => {
    const own: number[] = [];
    for (let line = broken.lines[0]; line <= broken.lines[1]; line++) if (line !== broken.closer.line && lines[line].trim() !== '') own.push(line);
    return own;
  });
  return typosAt(lines, inside, count, new Random(seed), INSIDE_LETTERS);
}

/** A typo and its correction at each of `count / 2` places spread over `candidates` (lines), at a seeded column. */
function typosAt(lines: readonly string[], candidates: readonly number[], count: number, random: Random, letters: string): Change[] {
  const places = Math.ceil(count / 2);
  const edits: Change[] = [];
  for (let place = 0; edits.length < count && candidates.length; place++) {
    const line = candidates[Math.floor(((place % places) + 0.5) * (candidates.length / places))];
    const character = random.int(lines[line].length + 1);
    const start: Position = { line, character };
    edits.push({ range: { start, end: start }, text: random.pick([...letters]) });
    if (edits.length < count) edits.push({ range: { start, end: { line, character: character + 1 } }, text: '' });
  }
  return edits;
}

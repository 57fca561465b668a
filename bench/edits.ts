/**
 * Edits and request positions for the benchmark, spread evenly over a file: one character typed
 * at a seeded position, then deleted again (a typo and its correction), so the file keeps its
 * size and at most one place is broken at a time, as when an author types.
 */
import { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { Random } from './random';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz_ (,"';

/** `count` one-character changes (insert, delete, insert, ...) at `count / 2` places spread over the text. */
export function typingEdits(text: string, count: number, seed: number): TextDocumentContentChangeEvent[] {
  const random = new Random(seed);
  const lines = text.split('\n');
  const places = Math.ceil(count / 2);
  const edits: TextDocumentContentChangeEvent[] = [];
  for (let place = 0; edits.length < count; place++) {
    let line = Math.floor(((place % places) + 0.5) * (lines.length / places));
    while (line < lines.length - 1 && lines[line].trim() === '') line++;
    const character = random.int(lines[line].length + 1);
    const start: Position = { line, character };
    edits.push({ range: { start, end: start }, text: random.pick([...LETTERS]) });
    if (edits.length < count) edits.push({ range: { start, end: { line, character: character + 1 } }, text: '' });
  }
  return edits;
}

/** Up to `count` positions just after `needle` (e.g. inside `Behavior(`), spread evenly over the text. */
export function positionsAfter(text: string, needles: readonly string[], count: number): Position[] {
  const lines = text.split('\n');
  const all: Position[] = [];
  lines.forEach((lineText, line) => {
    for (const needle of needles) {
      const index = lineText.indexOf(needle);
      if (index >= 0) all.push({ line, character: index + needle.length });
    }
  });
  if (all.length <= count) return all;
  return Array.from({ length: count }, (_, index) => all[Math.floor((index * all.length) / count)]);
}

/** The nearest-rank percentile of the samples (p in 0..100). */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Spread {
  min: number;
  median: number;
  max: number;
  runs: number[];
}

export function spread(runs: number[]): Spread {
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  // With an even count, the mean of the two middle runs (the lower one alone flattered two runs of memory).
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1], runs };
}

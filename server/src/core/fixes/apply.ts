/**
 * Applying fixes: `applyEdits` for one set of edits, `fixAll` for the safe fixes of a whole
 * file (CLI `--fix`, the server's `source.fixAll`). Only gap-filling fixes and the removal of
 * identical duplicates are safe; a value the author wrote is never flipped.
 */
import { AnalysisOptions, analyzeText } from '../analyze';
import { Finding, Fix, TextEdit } from '../model';
import { offsetAt } from './positions';

interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

function toOffsets(text: string, edits: readonly TextEdit[]): OffsetEdit[] {
  return edits.map((edit) => ({ start: offsetAt(text, edit.range.start), end: offsetAt(text, edit.range.end), newText: edit.newText }));
}

/** Applies non-overlapping edits (given against `text`) and returns the new text. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = toOffsets(text, edits).sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  for (const edit of sorted) result = result.slice(0, edit.start) + edit.newText + result.slice(edit.end);
  return result;
}

/** Whether two edits touch the same text (insertions at one point count as overlapping). */
function overlaps(a: OffsetEdit, b: OffsetEdit): boolean {
  if (a.start === a.end || b.start === b.end) return a.start <= b.end && b.start <= a.end;
  return a.start < b.end && b.start < a.end;
}

/** The safe fixes of the findings, at most one per finding, whose edits do not overlap. */
export function selectSafeFixes(text: string, findings: readonly Finding[]): Fix[] {
  const chosen: Fix[] = [];
  const taken: OffsetEdit[] = [];
  for (const finding of findings) {
    const fix = finding.fixes.find((candidate) => candidate.safe && candidate.edits.length > 0);
    if (!fix) continue;
    const edits = toOffsets(text, fix.edits);
    if (edits.some((edit) => taken.some((other) => overlaps(edit, other)))) continue;
    taken.push(...edits);
    chosen.push(fix);
  }
  return chosen;
}

const MAX_ROUNDS = 10;

/**
 * Applies every safe fix until nothing changes (at most ten rounds, since one fix can make
 * another possible) and returns the new text. Grammars must be loaded (`initAnalysis`).
 */
export function fixAll(text: string, filePath: string, options: AnalysisOptions = {}, languageId?: string): string {
  let current = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = analyzeText(current, filePath, options, languageId);
    if (!result) return current;
    const fixes = selectSafeFixes(current, result.findings);
    if (fixes.length === 0) break;
    const next = applyEdits(current, fixes.flatMap((fix) => fix.edits));
    if (next === current) break;
    current = next;
  }
  return current;
}

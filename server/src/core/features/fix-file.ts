/**
 * Fixes applied across a file: all problems of one rule, all missing flags, and the safe
 * fix-all. Each runs rounds (one fix can make another possible) and returns the new text
 * with the single edit that turns the old text into it.
 */
import { AnalysisOptions, analyzeText, withLfLineBreaks } from '../analyze';
import { applyParsedEdits, fixAll, withTextLineBreaks } from '../fixes/apply';
import { offsetAt, rangeAt } from '../fixes/positions';
import { Finding, Fix, TextEdit } from '../model';

export interface FileSource {
  text: string;
  filePath: string;
  languageId?: string;
  options: AnalysisOptions;
}

/** The fix a file-wide action applies for one finding, or undefined to leave it. */
export type FixPicker = (finding: Finding) => Fix | undefined;

const MAX_ROUNDS = 10;

/** The one fix of a finding to apply without asking which: its preferred fix, or its only one (a file-wide fix edits only its file). */
export function soleFix(finding: Finding): Fix | undefined {
  const usable = finding.fixes.filter((fix) => fix.edits.length > 0 && editsOnlyItsFile(fix));
  return usable.find((fix) => fix.isPreferred) ?? (usable.length === 1 ? usable[0] : undefined);
}

/** Whether a fix edits only the analysed file (not a preset in another module). */
export function editsOnlyItsFile(fix: Fix): boolean {
  return fix.edits.every((edit) => edit.file === undefined);
}

/** Rules whose fixes always need the author's choice (rules.md: MTL105's two fixes are never applied together). */
export const NEVER_IN_FILE_WIDE_FIXES: ReadonlySet<string> = new Set(['MTL105']);

/** Picks fixes whose edits do not touch each other, in finding order. */
function pickDisjoint(text: string, findings: readonly Finding[], pick: FixPicker): TextEdit[] {
  const taken: Array<[number, number]> = [];
  const edits: TextEdit[] = [];
  for (const finding of findings) {
    const fix = pick(finding);
    if (!fix) continue;
    const spans = fix.edits.map((edit) => [offsetAt(text, edit.range.start), offsetAt(text, edit.range.end)] as [number, number]);
    const clash = spans.some(([start, end]) => taken.some(([otherStart, otherEnd]) => start <= otherEnd && otherStart <= end));
    if (clash) continue;
    taken.push(...spans);
    edits.push(...fix.edits);
  }
  return edits;
}

export interface FixedFile {
  text: string;
  /** The edits against the original text, when one round did everything (else a caller diffs the texts). */
  edits?: TextEdit[];
}

/** Applies the picked fixes until nothing changes. */
export function fixFileWith(source: FileSource, pick: FixPicker): FixedFile {
  let current = source.text;
  let firstRound: TextEdit[] | undefined;
  let rounds = 0;
  for (; rounds < MAX_ROUNDS; rounds++) {
    // Lone CRs are line breaks to LSP: the text is analysed with LF in their place (same offsets).
    const parsed = withLfLineBreaks(current);
    const result = analyzeText(parsed, source.filePath, source.options, source.languageId);
    if (!result) break;
    const edits = withTextLineBreaks(current, pickDisjoint(parsed, result.findings, pick));
    if (edits.length === 0) break;
    const next = applyParsedEdits(current, parsed, edits);
    if (next === current) break;
    if (rounds === 0) firstRound = edits;
    current = next;
  }
  return { text: current, edits: rounds === 1 ? firstRound : undefined };
}

/** How many findings of each rule (`MTL201 missing-behavior-flag` → 2) a fix took away, comparing the findings before and after. */
export function fixedByRule(before: readonly Finding[], after: readonly Finding[]): { fixedCount: number; fixedRules: Map<string, number> } {
  const counts = (list: readonly Finding[]): Map<string, number> => {
    const map = new Map<string, number>();
    for (const finding of list) map.set(`${finding.code} ${finding.rule}`, (map.get(`${finding.code} ${finding.rule}`) ?? 0) + 1);
    return map;
  };
  const remaining = counts(after);
  const fixedRules = new Map<string, number>();
  let fixedCount = 0;
  for (const [rule, count] of counts(before)) {
    const gone = count - (remaining.get(rule) ?? 0);
    if (gone > 0) {
      fixedRules.set(rule, gone);
      fixedCount += gone;
    }
  }
  return { fixedCount, fixedRules };
}

/** The safe fix-all (`source.fixAll.mcpToolLint`, fix on save): core `fixAll`. */
export function safeFixAll(source: FileSource): string {
  return fixAll(source.text, source.filePath, source.options, source.languageId);
}

/** The smallest single edit that turns `before` into `after` (undefined when they are equal). */
export function differenceEdit(before: string, after: string): TextEdit | undefined {
  if (before === after) return undefined;
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  // Never split a surrogate pair.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  return { range: rangeAt(withLfLineBreaks(before), start, endBefore), newText: after.slice(start, endAfter) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

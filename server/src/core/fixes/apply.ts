/**
 * Applying fixes: `applyEdits` for one set of edits, `fixAll` for the safe fixes of a whole
 * file (CLI `--fix`, the server's `source.fixAll`). Only gap-filling fixes and the removal of
 * identical duplicates are safe; a value the author wrote is never flipped.
 */
import { AnalysisOptions, analyzeText, withLfLineBreaks } from '../analyze';
import { Finding, Fix, TextEdit } from '../model';
import { GrammarId, grammarFor, parse } from '../parse/parser';
import { offsetAt } from './positions';
import { withFields } from '../with-fields';

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
  return applyOffsetEdits(text, toOffsets(text, edits));
}

/**
 * Edits placed on `parsed` (the text with each lone CR read as LF, `withLfLineBreaks`: the same
 * offsets, and the lines LSP counts) applied to the text itself.
 */
export function applyParsedEdits(text: string, parsed: string, edits: readonly TextEdit[]): string {
  return applyOffsetEdits(text, toOffsets(parsed, withTextLineBreaks(text, edits)));
}

/**
 * Edits with the text's own line breaks: fixes are built on the text read with LF, so in a file
 * whose line breaks are all lone CRs, their new lines get CR instead.
 */
export function withTextLineBreaks(text: string, edits: readonly TextEdit[]): TextEdit[] {
  if (text.includes('\n') || !text.includes('\r')) return [...edits];
  return edits.map((edit) => withFields(edit, { newText: edit.newText.replace(/\n/g, '\r') }));
}

function applyOffsetEdits(text: string, edits: OffsetEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
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
    const fix = finding.fixes.find((candidate) => candidate.safe && candidate.edits.length > 0 && candidate.edits.every((edit) => edit.file === undefined));
    if (!fix) continue;
    const edits = toOffsets(text, fix.edits);
    if (edits.some((edit) => taken.some((other) => overlaps(edit, other)))) continue;
    taken.push(...edits);
    chosen.push(fix);
  }
  return chosen;
}

const MAX_ROUNDS = 10;

/** ERROR and MISSING nodes in the text's syntax tree: a fix must not add any. */
export function syntaxProblemCount(grammar: GrammarId, text: string): number {
  const tree = parse(grammar, text);
  const cursor = tree.rootNode.walk();
  let count = 0;
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.type === 'ERROR' || node.isMissing) count++;
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return count;
      }
    }
  } finally {
    cursor.delete();
    tree.delete();
  }
}

/**
 * The edits of the fixes applied together, or, when together they would add syntax errors (possible
 * only in code that is already broken, where a container's extent is a guess), of those that add
 * none, tried one by one.
 */
function verifiedEdits(grammar: GrammarId, text: string, fixes: readonly Fix[]): TextEdit[] {
  const baseline = syntaxProblemCount(grammar, text);
  const all = fixes.flatMap((fix) => fix.edits);
  const together = applyEdits(text, all);
  if (baseline === 0 ? !hasErrors(grammar, together) : syntaxProblemCount(grammar, together) <= baseline) return all;
  let kept: TextEdit[] = [];
  for (const fix of fixes) {
    const candidate = [...kept, ...fix.edits];
    if (syntaxProblemCount(grammar, applyEdits(text, candidate)) <= baseline) kept = candidate;
  }
  return kept;
}

function hasErrors(grammar: GrammarId, text: string): boolean {
  const tree = parse(grammar, text);
  try {
    return tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

/**
 * Applies every safe fix until nothing changes (at most ten rounds, since one fix can make
 * another possible) and returns the new text. Grammars must be loaded (`initAnalysis`).
 */
export function fixAll(text: string, filePath: string, options: AnalysisOptions = {}, languageId?: string): string {
  const grammar = grammarFor(languageId, filePath);
  if (!grammar) return text;
  let current = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Lone CRs are line breaks (as in LSP and Python): the analysis reads them as LF, which keeps
    // every offset, so its edits are placed by that text's offsets and applied to the real one.
    const parsed = withLfLineBreaks(current);
    const result = analyzeText(parsed, filePath, options, languageId);
    if (!result) return current;
    const fixes = selectSafeFixes(parsed, result.findings);
    if (fixes.length === 0) break;
    const next = applyParsedEdits(current, parsed, verifiedEdits(grammar, parsed, fixes));
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Whether a fix adds no syntax error to `text`. Fixes are built from the syntax tree, so this
 * matters only where the code is already broken (the extent of a half-typed container is a
 * guess); an editor can use it to drop such fixes from the quick-fix list.
 */
export function keepsSyntax(text: string, filePath: string, fix: Fix, languageId?: string): boolean {
  const grammar = grammarFor(languageId, filePath);
  if (!grammar) return true;
  if (!hasErrors(grammar, text)) return !hasErrors(grammar, applyEdits(text, fix.edits));
  return syntaxProblemCount(grammar, applyEdits(text, fix.edits)) <= syntaxProblemCount(grammar, text);
}

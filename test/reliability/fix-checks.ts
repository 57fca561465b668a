/**
 * What every fix must keep true, checked on one text at a time: the result parses with no more
 * ERROR/MISSING nodes, the targeted finding is gone, no tool gains an error it did not have, line
 * endings, indentation and encoding are kept; a tool's preferred fixes applied one after another
 * leave no contradiction (except one no preferred fix addresses, such as a value in a constant other
 * tools share, which must have been there before); fix-all is idempotent. Returns the problems as sentences (empty: all good).
 */
import { analyzeText } from '../../server/src/core/analyze';
import { applyEdits, fixAll, syntaxProblemCount } from '../../server/src/core/fixes/apply';
import { Finding, Fix } from '../../server/src/core/model';
import { grammarForPath } from '../../server/src/core/parse/parser';
import { ProfileName } from '../../server/src/core/rules/rule';

const CONTRADICTIONS = new Set(['MTL101', 'MTL102', 'MTL103', 'MTL104', 'MTL105']);

export interface FixCheckInput {
  file: string;
  text: string;
  profile: ProfileName;
}

export interface FixCheckResult {
  fixesChecked: number;
  problems: string[];
}

export function syntaxProblems(file: string, text: string): number {
  const grammar = grammarForPath(file);
  if (!grammar) throw new Error(`no grammar for ${file}`);
  return syntaxProblemCount(grammar, text);
}

/**
 * The findings of `text` analysed as `input`'s file and profile. The checks of one input ask again
 * for the same texts (the input's own, once per tool; a fixed text two fixes make alike): each is
 * analysed once per `checkFixes` (the analysis is a pure function of the text, file and profile).
 */
function findings(input: FixCheckInput, text: string): Finding[] {
  let known = analysed.get(input);
  if (!known) analysed.set(input, known = new Map());
  let found = known.get(text);
  if (!found) known.set(text, found = analyzeText(text, input.file, { profile: input.profile })?.findings ?? []);
  return found;
}

const analysed = new WeakMap<FixCheckInput, Map<string, Finding[]>>();

function sameFinding(a: Finding, b: Finding): boolean {
  return a.code === b.code && a.severity === b.severity && a.message === b.message;
}

/** The declarations with at least one error-level finding. */
function toolsWithErrors(all: readonly Finding[]): Set<number> {
  return new Set(all.filter((f) => f.severity === 'error' && f.declarationIndex !== undefined).map((f) => f.declarationIndex!));
}

type LineEnding = 'lf' | 'crlf' | 'mixed' | 'none';

export function lineEnding(text: string): LineEnding {
  const crlf = text.split('\r\n').length - 1;
  const lf = text.split('\n').length - 1 - crlf;
  const cr = text.split('\r').length - 1 - crlf;
  if (crlf === 0 && lf === 0 && cr === 0) return 'none';
  if (cr > 0 || (crlf > 0 && lf > 0)) return 'mixed';
  return crlf > 0 ? 'crlf' : 'lf';
}

/** 'tabs' when every indented line starts with a tab, 'spaces' when none does. */
export function indentation(text: string): 'tabs' | 'spaces' | 'mixed' | 'none' {
  const indents = text.split(/\r?\n/).filter((line) => /^[ \t]/.test(line) && line.trim() !== '').map((line) => line[0]);
  if (indents.length === 0) return 'none';
  if (indents.every((char) => char === '\t')) return 'tabs';
  return indents.every((char) => char === ' ') ? 'spaces' : 'mixed';
}

function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** The checks that hold for one fix's result. */
function checkFixed(input: FixCheckInput, before: { findings: Finding[]; syntax: number }, finding: Finding, fix: Fix, fixed: string): string[] {
  const label = `${input.file} [${input.profile}] ${finding.code} at ${finding.range.start.line + 1}:${finding.range.start.character + 1} "${fix.title}"`;
  const problems: string[] = [];
  if (fixed === input.text) return [`${label}: changes nothing`];
  if (syntaxProblems(input.file, fixed) > before.syntax) problems.push(`${label}: leaves code that no longer parses`);
  const after = findings(input, fixed);
  const count = (all: readonly Finding[]) => all.filter((f) => sameFinding(f, finding)).length;
  if (count(after) >= count(before.findings)) problems.push(`${label}: the finding is still there`);
  const hadErrors = toolsWithErrors(before.findings);
  for (const tool of toolsWithErrors(after)) {
    if (!hadErrors.has(tool)) problems.push(`${label}: tool ${tool} now has an error: ${after.find((f) => f.declarationIndex === tool && f.severity === 'error')!.message}`);
  }
  problems.push(...keptFormat(label, input.text, fixed));
  return problems;
}

/** Line endings, indentation style and encoding of `text` survive in `fixed`. */
export function keptFormat(label: string, text: string, fixed: string): string[] {
  const problems: string[] = [];
  const endings = lineEnding(text);
  if ((endings === 'lf' || endings === 'crlf') && ![endings, 'none'].includes(lineEnding(fixed))) problems.push(`${label}: ${endings} line endings became ${lineEnding(fixed)}`);
  const indent = indentation(text);
  if ((indent === 'tabs' || indent === 'spaces') && ![indent, 'none'].includes(indentation(fixed))) problems.push(`${label}: ${indent} indentation became ${indentation(fixed)}`);
  if (text.startsWith('\uFEFF') !== fixed.startsWith('\uFEFF')) problems.push(`${label}: the byte order mark changed`);
  if (!hasLoneSurrogate(text) && hasLoneSurrogate(fixed)) problems.push(`${label}: the text is no longer valid UTF-16 (a lone surrogate)`);
  return problems;
}

/** Applies the preferred fix of a tool's findings one after another (re-analysing each time); no contradiction may remain. */
function checkPreferredSequence(input: FixCheckInput, tool: number): string[] {
  let text = input.text;
  const applied: string[] = [];
  for (let round = 0; round < 20; round++) {
    const finding = findings(input, text).find((f) => f.declarationIndex === tool && f.fixes.some((fix) => fix.isPreferred));
    if (!finding) break;
    const fix = finding.fixes.find((candidate) => candidate.isPreferred)!;
    applied.push(`${finding.code} "${fix.title}"`);
    const next = applyEdits(text, fix.edits);
    if (next === text) return [`${input.file} [${input.profile}] tool ${tool}: preferred fix ${applied.at(-1)} changes nothing`];
    text = next;
  }
  // A contradiction may stay only where no preferred fix is offered (e.g. the value sits in a constant other tools share) and it was there before.
  const before = new Set(findings(input, input.text).filter((f) => f.declarationIndex === tool && CONTRADICTIONS.has(f.code)).map((f) => f.code));
  const left = findings(input, text).filter((f) => f.declarationIndex === tool && CONTRADICTIONS.has(f.code) && (!before.has(f.code) || f.fixes.some((fix) => fix.isPreferred)));
  return left.map((f) => `${input.file} [${input.profile}] tool ${tool}: after the preferred fixes (${applied.join(', ')}) ${f.code} remains: ${f.message}`);
}

export function checkFixes(input: FixCheckInput): FixCheckResult {
  try {
    return checkAllFixes(input);
  } finally {
    analysed.delete(input);
  }
}

function checkAllFixes(input: FixCheckInput): FixCheckResult {
  const before = { findings: findings(input, input.text), syntax: syntaxProblems(input.file, input.text) };
  const problems: string[] = [];
  let fixesChecked = 0;
  for (const finding of before.findings) {
    for (const fix of finding.fixes) {
      fixesChecked++;
      problems.push(...checkFixed(input, before, finding, fix, applyEdits(input.text, fix.edits)));
    }
  }
  const tools = new Set(before.findings.filter((f) => f.declarationIndex !== undefined && f.fixes.some((fix) => fix.isPreferred)).map((f) => f.declarationIndex!));
  for (const tool of tools) problems.push(...checkPreferredSequence(input, tool));
  problems.push(...checkFixAll(input));
  return { fixesChecked, problems };
}

export function checkFixAll(input: FixCheckInput): string[] {
  const once = fixAll(input.text, input.file, { profile: input.profile });
  const label = `${input.file} [${input.profile}] fix-all`;
  const problems = keptFormat(label, input.text, once);
  if (syntaxProblems(input.file, once) > syntaxProblems(input.file, input.text)) problems.push(`${label}: leaves code that no longer parses`);
  if (fixAll(once, input.file, { profile: input.profile }) !== once) problems.push(`${label}: a second fix-all changes the text again`);
  return problems;
}

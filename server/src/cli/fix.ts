/** `--fix` / `--fix-dry-run`: the core's fix-all over one file, keeping CRLF line endings, and what it fixed. */
import { analyzeText, AnalysisOptions, withLfLineBreaks } from '../core/analyze';
import { fixedByRule } from '../core/features/fix-file';
import { fixAll } from '../core/fixes/apply';
import { Finding } from '../core/model';

export interface FixOutcome {
  text: string;
  fixedCount: number;
  /** How many findings of each rule went away, e.g. `MTL201 missing-behavior-flag` → 2. */
  fixedRules: Map<string, number>;
  /** The findings left after the fixes. */
  findings: Finding[];
}

export function applySafeFixes(original: string, filePath: string, options: AnalysisOptions, before: readonly Finding[]): FixOutcome {
  let text = fixAll(original, filePath, options);
  if (text !== original && usesOnlyCrlf(original)) text = text.replace(/\r?\n/g, '\r\n');
  const findings = text === original ? [...before] : analyzeText(withLfLineBreaks(text), filePath, options)?.findings ?? [];
  return { text, ...fixedByRule(before, findings), findings };
}

/** Whether every line break is CRLF: new lines written by fixes then get CRLF too. */
function usesOnlyCrlf(text: string): boolean {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
}

/** `--fix` / `--fix-dry-run`: the core's fix-all over one file, keeping CRLF line endings, and what it fixed. */
import { analyzeText, AnalysisOptions, withLfLineBreaks } from '../core/analyze';
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
  const fixedRules = new Map<string, number>();
  let fixedCount = 0;
  if (text !== original) {
    const counts = (list: readonly Finding[]): Map<string, number> => {
      const map = new Map<string, number>();
      for (const finding of list) map.set(`${finding.code} ${finding.rule}`, (map.get(`${finding.code} ${finding.rule}`) ?? 0) + 1);
      return map;
    };
    const after = counts(findings);
    for (const [rule, count] of counts(before)) {
      const gone = count - (after.get(rule) ?? 0);
      if (gone > 0) {
        fixedRules.set(rule, gone);
        fixedCount += gone;
      }
    }
  }
  return { text, fixedCount, fixedRules, findings };
}

/** Whether every line break is CRLF: new lines written by fixes then get CRLF too. */
function usesOnlyCrlf(text: string): boolean {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
}

import * as path from 'node:path';
import { Finding, Severity } from '../../core/model';
import { toJsonFinding } from '../../core/projection';

/** The findings of one linted file, as the formatters see them. */
export interface FileResult {
  /** The path as given on the command line (relative stays relative). */
  file: string;
  text: string;
  findings: Finding[];
}

/** Another file, named as `shownAs` is: relative to the working folder when that is relative. */
export function displayPath(absolute: string, shownAs: string): string {
  return path.isAbsolute(shownAs) ? absolute : path.relative(process.cwd(), absolute) || '.';
}

/** Whether fix-all (`--fix`, fix on save) can fix the finding. */
export function isFixable(finding: Finding): boolean {
  return finding.fixes.some((fix) => fix.safe);
}

export function formatJson(results: readonly FileResult[]): string {
  const findings = results.flatMap((result) => result.findings.map((finding) => toJsonFinding(finding, result.file, (absolute) => displayPath(absolute, result.file))));
  return `${JSON.stringify(findings, null, 2)}\n`;
}

export type SeverityCounts = Record<Severity, number>;

export function countSeverities(results: readonly FileResult[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const result of results) for (const finding of result.findings) counts[finding.severity]++;
  return counts;
}

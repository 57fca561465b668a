/** GitHub Actions workflow commands: findings appear as annotations on the pull request. */
import { Severity } from '../../core/model';
import { FileResult } from './results';

const COMMANDS: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' };

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(results: readonly FileResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    for (const finding of result.findings) {
      const { start, end } = finding.range;
      const properties = [
        `file=${escapeProperty(result.file.split('\\').join('/'))}`,
        `line=${start.line + 1}`,
        `col=${start.character + 1}`,
        `endLine=${end.line + 1}`,
        `endColumn=${end.character + 1}`,
        `title=${escapeProperty(`${finding.code} ${finding.rule}`)}`,
      ];
      lines.push(`::${COMMANDS[finding.severity]} ${properties.join(',')}::${escapeData(finding.message)}`);
    }
  }
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * The human format: findings grouped under each file as
 * `line:col  severity  message  MTL101 read-only-mutation`, each with a one-line code frame
 * and a caret under the range, then its related places (`file:line:col  message`, one a line: the other
 * occurrence of a duplicate, the preset a value comes from, each step of a path), then a summary line.
 * Colours only when asked (a TTY without NO_COLOR).
 */
import { Finding, Severity } from '../../core/model';
import { countSeverities, displayPath, FileResult, isFixable } from './results';

export interface TextOptions {
  color: boolean;
  /** How many files were linted, for the summary. */
  fileCount: number;
}

const SEVERITY_COLORS: Record<Severity, string> = { error: '31', warning: '33', info: '36', hint: '2' };

function paint(color: boolean, code: string, text: string): string {
  return color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export function formatText(results: readonly FileResult[], options: TextOptions): string {
  const out: string[] = [];
  for (const result of results) {
    if (!result.findings.length) continue;
    out.push(paint(options.color, '4', result.file));
    // Lines as LSP and editors count them: CRLF, LF and a lone CR each end one.
    const lines = result.text.split(/\r\n|\r|\n/);
    const positionWidth = Math.max(...result.findings.map((f) => position(f).length));
    const severityWidth = Math.max(...result.findings.map((f) => f.severity.length));
    for (const finding of result.findings) {
      const severity = paint(options.color, SEVERITY_COLORS[finding.severity], finding.severity.padEnd(severityWidth));
      const rule = paint(options.color, '2', `${finding.code} ${finding.rule}`);
      out.push(`  ${position(finding).padEnd(positionWidth)}  ${severity}  ${finding.message}  ${rule}`);
      out.push(...codeFrame(lines, finding, options.color));
      out.push(...relatedLines(result.file, finding, options.color));
    }
    out.push('');
  }
  out.push(summary(results, options));
  return `${out.join('\n')}\n`;
}

function position(finding: Finding): string {
  return `${finding.range.start.line + 1}:${finding.range.start.character + 1}`;
}

/** The finding's first line with its line number, and carets under the range on that line. */
function codeFrame(lines: readonly string[], finding: Finding, color: boolean): string[] {
  const { start, end } = finding.range;
  const line = lines[start.line] ?? '';
  const number = String(start.line + 1);
  const gutter = ' '.repeat(number.length);
  const endCharacter = end.line === start.line ? Math.min(end.character, line.length) : line.length;
  // Columns are UTF-16 units; a terminal shows code points (an emoji is one, two units wide).
  const width = Math.max(1, Array.from(line.slice(start.character, endCharacter)).length);
  const padding = Array.from(line.slice(0, start.character), (char) => (char === '\t' ? '\t' : ' ')).join('');
  return [
    `    ${paint(color, '2', `${number} |`)} ${line}`,
    `    ${paint(color, '2', `${gutter} |`)} ${padding}${paint(color, SEVERITY_COLORS[finding.severity], '^'.repeat(width))}`,
  ];
}

/** Each related place as `file:line:col` (a terminal or editor opens it on click) and its message. */
function relatedLines(file: string, finding: Finding, color: boolean): string[] {
  return finding.related.map((related) => {
    const where = `${related.file ? displayPath(related.file, file) : file}:${related.range.start.line + 1}:${related.range.start.character + 1}`;
    return `    ${paint(color, '2', '↳')} ${paint(color, '4', where)}  ${related.message}`;
  });
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function summary(results: readonly FileResult[], options: TextOptions): string {
  const counts = countSeverities(results);
  const total = counts.error + counts.warning + counts.info + counts.hint;
  const files = plural(options.fileCount, 'file');
  if (total === 0) return paint(options.color, '32', `No problems found in ${files}.`);
  const parts = (['error', 'warning', 'info', 'hint'] as const)
    .filter((severity) => counts[severity] > 0)
    .map((severity) => (severity === 'info' ? `${counts.info} info` : plural(counts[severity], severity)));
  const withFindings = results.filter((result) => result.findings.length > 0).length;
  const fixable = results.reduce((sum, result) => sum + result.findings.filter(isFixable).length, 0);
  const fixNote = fixable ? `; ${fixable} fixable with --fix` : '';
  const line = `${plural(total, 'problem')} (${parts.join(', ')}) in ${withFindings} of ${files}${fixNote}.`;
  return paint(options.color, counts.error ? '31;1' : '1', line);
}

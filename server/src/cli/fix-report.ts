/** What `--fix` changed (a summary on stderr) or would change (`--fix-dry-run`: a unified diff). */
import { unifiedDiff } from './diff';
import { LintedFile } from './lint';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function reportFixes(files: readonly LintedFile[], mode: 'summary' | 'would' | 'diff'): string {
  const fixed = files.filter((file) => file.fixed);
  if (mode === 'diff') return fixed.map((file) => unifiedDiff(file.file, file.fixed!.before, file.text)).join('');
  const verb = mode === 'summary' ? 'fixed' : 'would fix';
  const lines = fixed.map((file) => {
    const rules = [...file.fixed!.fixedRules].map(([rule, count]) => (count > 1 ? `${rule} ×${count}` : rule)).join(', ');
    return `mcp-tool-lint: ${verb} ${plural(file.fixed!.fixedCount, 'problem')} in ${file.file}${rules ? ` (${rules})` : ''}`;
  });
  const total = fixed.reduce((sum, file) => sum + file.fixed!.fixedCount, 0);
  lines.push(total ? `mcp-tool-lint: ${verb} ${plural(total, 'problem')} in ${plural(fixed.length, 'file')}` : 'mcp-tool-lint: nothing to fix');
  return `${lines.join('\n')}\n`;
}

/** `mcp-tool-lint rules` (a table of every rule) and `mcp-tool-lint explain CODE` (a rule's docs). */
import { ALL_RULES, findRule } from '../core/rules';
import { docsUrl, PROFILES, Rule } from '../core/rules/rule';
import { UsageError } from './args';

const FIXABILITY: Record<Rule['fixable'], string> = { safe: 'safe fix', quickfix: 'quick-fix', none: '-' };

export function rulesTable(): string {
  const header = ['Code', 'Name', ...PROFILES, 'Fix'];
  const rows = ALL_RULES.map((rule) => [rule.code, rule.name, ...PROFILES.map((profile) => rule.severity[profile]), FIXABILITY[rule.fixable]]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const render = (row: string[]): string => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const lines = [render(header), render(widths.map((width) => '-'.repeat(width))), ...rows.map(render)];
  lines.push('', `${ALL_RULES.length} rules. Severities per profile; "safe fix" rules are fixed by --fix. Details: mcp-tool-lint explain CODE`);
  return `${lines.join('\n')}\n`;
}

function indent(text: string): string {
  return text.split('\n').map((line) => (line ? `    ${line}` : line)).join('\n');
}

export function explainRule(codeOrName: string | undefined): string {
  if (!codeOrName) throw new UsageError('explain needs a rule code or name, such as: mcp-tool-lint explain MTL101');
  const rule = findRule(codeOrName);
  if (!rule) throw new UsageError(`unknown rule "${codeOrName}" (mcp-tool-lint rules lists them)`);
  const { docs } = rule;
  const severities = PROFILES.map((profile) => `${profile}: ${rule.severity[profile]}`).join(', ');
  const sections: string[] = [
    `${rule.code} ${rule.name}`,
    '',
    docs.summary,
    '',
    `Severity: ${severities}`,
    `Fix: ${rule.fixable === 'safe' ? 'safe (applied by --fix and fix-all on save)' : rule.fixable === 'quickfix' ? 'quick-fix in the editor only' : 'none'}`,
    `Docs: ${docsUrl(rule.name)}`,
    '',
    'What it does',
    indent(docs.whatItDoes),
    '',
    'Why',
    indent(docs.why),
    '',
    'Example',
    indent(docs.example.trimEnd()),
    '',
    'Use instead',
    indent(docs.useInstead.trimEnd()),
    '',
    'Fix',
    indent(docs.fix),
  ];
  if (docs.mapping) sections.push('', 'MCP mapping', indent(docs.mapping));
  return `${sections.join('\n')}\n`;
}

/** `mcp-tool-lint rules` (a table of every rule) and `mcp-tool-lint explain CODE` (a rule's docs). */
import { ALL_RULES, findRule } from '../core/rules';
import { caseSeverity, docsUrl, ProfileName, PROFILES, Rule, SeverityOrOff } from '../core/rules/rule';
import { UsageError } from './args';

const FIXABILITY: Record<Rule['fixable'], string> = { safe: 'safe fix', quickfix: 'quick-fix', none: '-' };

/** Every rule's severities as findings get them: the main finding's per profile, then each case's (rules.ts `cases`). */
function severityRows(rule: Rule): Array<{ label?: string; when?: string; severity: Partial<Record<ProfileName, SeverityOrOff>> }> {
  const cases = Object.values(rule.cases ?? {}).map((severityCase) => ({
    label: severityCase.label,
    when: severityCase.when,
    severity: Object.fromEntries(PROFILES.flatMap((profile) => {
      const severity = caseSeverity(rule, severityCase, profile);
      return severity === undefined ? [] : [[profile, severity]];
    })),
  }));
  return [{ severity: rule.severity }, ...cases];
}

export function rulesTable(): string {
  const header = ['Code', 'Name', ...PROFILES, 'Fix'];
  const rows = ALL_RULES.flatMap((rule) => severityRows(rule).map(({ label, severity }) => label === undefined
    ? [rule.code, rule.name, ...PROFILES.map((profile) => severity[profile] ?? '-'), FIXABILITY[rule.fixable]]
    : ['', `  ${label}`, ...PROFILES.map((profile) => severity[profile] ?? '-'), '']));
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const render = (row: string[]): string => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const lines = [render(header), render(widths.map((width) => '-'.repeat(width))), ...rows.map(render)];
  lines.push('', `${ALL_RULES.length} rules. Severities per profile; an indented line is a kind of finding with a severity of its own ("-": it does not arise in that profile). "safe fix" rules are fixed by --fix. Details: mcp-tool-lint explain CODE`);
  return `${lines.join('\n')}\n`;
}

/** `rules --format json`: every rule, its severities per profile (and its cases'), its fix and docs. */
export function rulesJson(): string {
  const rules = ALL_RULES.map((rule) => {
    const [main, ...cases] = severityRows(rule);
    return {
      code: rule.code,
      name: rule.name,
      summary: rule.docs.summary,
      severity: main.severity,
      cases: cases.map(({ label, when, severity }) => ({ label, when, severity })),
      fixable: rule.fixable,
      docs: docsUrl(rule.name),
    };
  });
  return `${JSON.stringify(rules, null, 2)}\n`;
}

function indent(text: string): string {
  return text.split('\n').map((line) => (line ? `    ${line}` : line)).join('\n');
}

export function explainRule(codeOrName: string | undefined): string {
  if (!codeOrName) throw new UsageError('explain needs a rule code or name, such as: mcp-tool-lint explain MTL101');
  const rule = findRule(codeOrName);
  if (!rule) throw new UsageError(`unknown rule "${codeOrName}" (mcp-tool-lint rules lists them)`);
  const { docs } = rule;
  const [main, ...cases] = severityRows(rule);
  const perProfile = (severity: Partial<Record<ProfileName, SeverityOrOff>>) => PROFILES.flatMap((profile) => severity[profile] ? [`${profile}: ${severity[profile]}`] : []).join(', ');
  const severities = [perProfile(main.severity), ...cases.map(({ when, severity }) => `${when}: ${perProfile(severity)}`)].join('\n  ');
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

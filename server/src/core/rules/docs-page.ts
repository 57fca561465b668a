/**
 * Renders a rule's documentation page (docs/rules/<name>.md) and the index from the rule
 * files themselves, so the pages cannot drift from the code (test/unit/rule-docs.test.ts).
 */
import { caseSeverity, PROFILES, Rule } from './rule';

function codeBlock(code: string, language: string): string {
  return ['```' + language, code.replace(/\s+$/, ''), '```'].join('\n');
}

/** The severities `mcp-tool-lint rules` lists: the main finding's, then each case's (rule.ts `cases`). */
function severityTable(rule: Rule): string {
  const header = `| findings | ${PROFILES.join(' | ')} |`;
  const divider = `|---|${PROFILES.map(() => '---').join('|')}|`;
  const cases = Object.values(rule.cases ?? {});
  const rows = cases.map((severityCase) => `| ${severityCase.when.replace(/\|/g, '\\|')} | ${PROFILES.map((profile) => caseSeverity(rule, severityCase, profile) ?? '-').join(' | ')} |`);
  rows.push(`| ${cases.length ? 'the others' : 'all'} | ${PROFILES.map((profile) => rule.severity[profile]).join(' | ')} |`);
  return [header, divider, ...rows].join('\n');
}

const FIXABLE: Record<Rule['fixable'], string> = {
  safe: 'Fixable: yes, safe fixes are applied by fix-all on save and by `--fix`.',
  quickfix: 'Fixable: quick-fix only (offered in the editor, never applied on save or by `--fix`).',
  none: 'Fixable: no.',
};

export function renderRuleDoc(rule: Rule): string {
  const docs = rule.docs;
  const language = docs.exampleLanguage ?? 'python';
  const sections = [
    `# ${rule.name} (${rule.code})`,
    docs.summary,
    FIXABLE[rule.fixable],
    '## What it does',
    docs.whatItDoes,
    '## Why is this bad',
    docs.why,
    '## Example',
    codeBlock(docs.example, language),
    '## Use instead',
    codeBlock(docs.useInstead, language),
    '## Fix',
    docs.fix,
  ];
  if (docs.mapping) sections.push('## MCP mapping', docs.mapping);
  sections.push(
    '## Severity per profile',
    'The severity of the rule\'s findings in each profile (`off`: not reported; `-`: such findings do not arise there), as `mcp-tool-lint rules` lists it.',
    severityTable(rule),
    `Settings, config files and suppression comments accept both \`${rule.code}\` and \`${rule.name}\`, e.g. \`${language === 'python' ? '#' : '//'} mcp-tool-lint: ignore[${rule.name}] reason\`.`,
  );
  return sections.join('\n\n') + '\n';
}

export function renderRuleIndex(rules: readonly Rule[]): string {
  const rows = rules.map((rule) => `| [${rule.code}](${rule.name}.md) | ${rule.name} | ${rule.severity.recommended} | ${rule.fixable} | ${rule.docs.summary.replace(/\|/g, '\\|')} |`);
  return [
    '# mcp-tool-lint rules',
    'Every rule with its code, name, severity in the `recommended` profile and whether it has a fix (`safe`: applied by fix-all on save and `--fix`; `quickfix`: offered in the editor only). These pages are generated from the rule files: run `npm run docs` after changing a rule.',
    ['| code | name | recommended | fix | what it reports |', '|---|---|---|---|---|', ...rows].join('\n'),
  ].join('\n\n') + '\n';
}

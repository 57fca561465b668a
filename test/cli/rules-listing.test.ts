// `rules --format json` lists the severities findings really get: the same rule tables produce both
// (rule.ts `severity` and `cases`), compared here with the findings of every fixture in every profile.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { ALL_RULES } from '../../server/src/core/rules';
import { PROFILES } from '../../server/src/core/rules/rule';
import { FIXTURES } from '../helpers/fixtures';
import { runCli, runCliAsync } from './run';

interface Listed {
  code: string;
  name: string;
  severity: Record<string, string>;
  cases: Array<{ label: string; when: string; severity: Record<string, string> }>;
  fixable: string;
  docs: string;
}

const FIXTURE_FOLDERS = ['python', 'typescript', 'javascript'].map((language) => path.join(FIXTURES, language));

test('rules --format json: every rule, its severity per profile, its cases, fix and docs', () => {
  const run = runCli(['rules', '--format', 'json']);
  assert.equal(run.status, 0);
  const listing: Listed[] = JSON.parse(run.stdout);
  assert.deepEqual(listing.map((rule) => `${rule.code} ${rule.name} ${rule.fixable}`), ALL_RULES.map((rule) => `${rule.code} ${rule.name} ${rule.fixable}`));
  const unknownField = listing.find((rule) => rule.code === 'MTL206')!;
  assert.deepEqual(unknownField.severity, { recommended: 'error', strict: 'error', spec: 'error', arcade: 'error', 'openai-apps': 'error' });
  assert.deepEqual(unknownField.cases.map((entry) => [entry.label, entry.severity]), [['annotation key', { recommended: 'warning', strict: 'warning', spec: 'warning', arcade: 'off', 'openai-apps': 'warning' }]]);
  assert.equal(unknownField.docs, 'https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/unknown-field.md');
  assert.equal(runCli(['rules', '--format', 'sarif']).stderr, 'mcp-tool-lint: rules prints text or json, not sarif\n');
});

test('every finding of the fixtures, in every profile, has a severity that rules --format json lists for its rule and profile', async () => {
  const listing = new Map((JSON.parse(runCli(['rules', '--format', 'json']).stdout) as Listed[]).map((rule) => [rule.code, rule]));
  const runs = await Promise.all(PROFILES.map((profile) => runCliAsync(['--format', 'json', '--profile', profile, ...FIXTURE_FOLDERS])));
  const seen = new Set<string>();
  runs.forEach((run, index) => {
    const profile = PROFILES[index];
    for (const finding of JSON.parse(run.stdout) as Array<{ code: string; severity: string; file: string; line: number }>) {
      const rule = listing.get(finding.code)!;
      const listed = [rule.severity[profile], ...rule.cases.map((entry) => entry.severity[profile])].filter((severity) => severity && severity !== 'off');
      assert.ok(listed.includes(finding.severity), `${profile}: ${finding.code} ${finding.severity} at ${finding.file}:${finding.line}, listed as ${listed.join(' / ') || 'off'}`);
      seen.add(`${profile} ${finding.code} ${finding.severity}`);
    }
  });
  // The findings this issue was about: an unknown annotation key (a warning) beside an unknown Arcade field (an error).
  for (const expected of ['recommended MTL206 warning', 'recommended MTL206 error', 'arcade MTL206 error', 'recommended MTL101 hint', 'recommended MTL211 error', 'recommended MTL207 warning']) {
    assert.ok(seen.has(expected), `the fixtures have a finding ${expected}`);
  }
  assert.ok(![...seen].some((entry) => entry.startsWith('arcade MTL206 warning')), 'the arcade profile reports no annotation key');
});

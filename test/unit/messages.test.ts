// Messages stay short enough for the Problems panel and a terminal line (rule.ts, `Rule.messages`):
// every template within MESSAGE_TEMPLATE_LIMIT characters before its names are filled in, every
// message the fixtures produce (every file, every profile) within MESSAGE_LIMIT, and each of them
// one of its rule's templates.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';
import { ALL_RULES, findRule } from '../../server/src/core/rules';
import { MESSAGE_LIMIT, MESSAGE_TEMPLATE_LIMIT, PROFILES } from '../../server/src/core/rules/rule';
import { FIXTURES, listFixtures, repoRoot } from '../helpers/fixtures';
import { projectFindings } from '../helpers/projects';

test(`every rule's message templates are one sentence of at most ${MESSAGE_TEMPLATE_LIMIT} characters`, () => {
  const problems: string[] = [];
  for (const rule of ALL_RULES) {
    const templates = Object.entries(rule.messages);
    if (templates.length === 0) problems.push(`${rule.code} has no messages`);
    for (const [id, template] of templates) {
      if (template.length > MESSAGE_TEMPLATE_LIMIT) problems.push(`${rule.code} ${id} has ${template.length} characters: ${template}`);
      if (!/^[^\n]*[.?]$/.test(template)) problems.push(`${rule.code} ${id} is not one sentence on one line: ${template}`);
    }
  }
  assert.deepEqual(problems, []);
});

/** A template as a pattern over filled messages: each `{name}` stands for some text. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`);
}

const PROJECTS = path.join(repoRoot(), 'test', 'projects');

/** The fixture projects: test/projects/*, and each of test/projects/resolution/* but `malformed` (its pyproject.toml is a config error by design). */
function projectRoots(): string[] {
  const folders = (parent: string) => fs.readdirSync(parent, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(parent, entry.name));
  const resolution = path.join(PROJECTS, 'resolution');
  return [...folders(PROJECTS).filter((folder) => folder !== resolution), ...folders(resolution).filter((folder) => path.basename(folder) !== 'malformed')];
}

/** Every finding of every fixture and example file, and of the fixture projects analysed with their index, in every profile. */
async function allFindings(): Promise<Array<{ file: string; profile: string; finding: Finding }>> {
  await initAnalysis();
  const files = [...listFixtures(), ...listFixtures(path.join(repoRoot(), 'examples'))];
  const found: Array<{ file: string; profile: string; finding: Finding }> = [];
  for (const profile of PROFILES) {
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const finding of analyzeText(text, file, { profile })?.findings ?? []) found.push({ file: path.relative(FIXTURES, file), profile, finding });
    }
    for (const project of projectRoots()) {
      for (const { file, findings } of projectFindings(project, { withIndex: true, profile })) {
        for (const finding of findings) found.push({ file: path.relative(PROJECTS, file), profile, finding });
      }
    }
  }
  return found;
}

test(`across every finding the fixtures produce, the longest message has at most ${MESSAGE_LIMIT} characters, and each is one of its rule's templates`, async () => {
  const found = await allFindings();
  assert.ok(found.length > 500, `the fixtures produce ${found.length} findings`);
  const rules = new Set(found.map(({ finding }) => finding.code));
  assert.deepEqual([...rules].sort(), ALL_RULES.map((rule) => rule.code).sort(), 'the fixtures exercise every rule');
  const tooLong = [...new Set(found.filter(({ finding }) => finding.message.length > MESSAGE_LIMIT)
    .map(({ file, finding }) => `${file} ${finding.code}: ${finding.message.length} characters: ${finding.message}`))];
  assert.deepEqual(tooLong, []);
  for (const { file, profile, finding } of found) {
    const templates = Object.values(findRule(finding.code)?.messages ?? {});
    assert.ok(templates.some((template) => templatePattern(template).test(finding.message)),
      `${file} [${profile}] ${finding.code}: not one of its rule's templates: ${finding.message}`);
  }
});

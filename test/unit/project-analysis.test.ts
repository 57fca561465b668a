// Whole fixture projects (test/projects/python-jira, ts-monorepo, go-notes, ...) analysed file by
// file with the project index, as the CLI and the server do: every finding of every file, with
// related information naming the other file, checked exactly against `<project>.expected`. Write
// a new project's expectations with UPDATE_EXPECTED=1 and review them line by line.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';
import { repoRoot } from '../helpers/fixtures';
import { projectFindings } from '../helpers/projects';

const PROJECTS = path.join(repoRoot(), 'test', 'projects');

function analyseProject(root: string, options: { withIndex: boolean }): string {
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const lines = projectFindings(root, options).flatMap(({ file, findings }) => findings.map((finding) => `${relative(file)}:${formatted(finding, relative)}`));
  return lines.join('\n') + '\n';
}

function formatted(finding: Finding, relative: (file: string) => string): string {
  const related = finding.related.map((info) => `\n    related ${info.file ? `${relative(info.file)}:` : ''}${info.range.start.line + 1}:${info.range.start.character + 1} ${info.message}`);
  return `${finding.range.start.line + 1}:${finding.range.start.character + 1} ${finding.severity} ${finding.code} ${finding.message}${related.join('')}`;
}

for (const name of ['python-jira', 'ts-monorepo', 'go-issuetracker', 'go-dashboards', 'csharp-notes', 'python-weather', 'ts-notes', 'go-notes', 'csharp-tasks', 'ts-cluster']) {
  test(`${name}: every finding of the project, with its index`, async () => {
    await initAnalysis();
    const actual = analyseProject(path.join(PROJECTS, name), { withIndex: true });
    const expectedFile = path.join(PROJECTS, `${name}.expected`);
    if (process.env.UPDATE_EXPECTED) fs.writeFileSync(expectedFile, actual);
    assert.equal(actual, fs.readFileSync(expectedFile, 'utf8'));
  });
}

test('without the index, the tools registered on imported servers are not seen and the duplicates across modules are not found', async () => {
  await initAnalysis();
  const alone = analyseProject(path.join(PROJECTS, 'ts-monorepo'), { withIndex: false });
  assert.ok(!alone.includes('MTL216'), 'no cross-module duplicate');
  assert.ok(!alone.includes('apps/server/src/tools/search.ts'), 'the wrapper call is not a tool');
  assert.ok(!alone.includes('empty_bucket'), 'a table entry without annotations is a tool only when another module registers the table');
  const python = analyseProject(path.join(PROJECTS, 'python-jira'), { withIndex: false });
  assert.ok(!python.includes('transition_issue'), 'the tool without annotations on an imported server is not seen');
  assert.ok(!python.includes('comments.py'), 'the registration wrappers\' uses are not tools');
});

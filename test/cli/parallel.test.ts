// Worker threads: the same output, notes, fixes and exit codes as linting on the main thread.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { CLI_FIXTURES, copyFixture, runCli } from './run';

const sequential = { MCP_TOOL_LINT_WORKERS: '1' };
const parallel = { MCP_TOOL_LINT_WORKERS: '3' };

test('findings in every format are the same, in the same order, with three workers', () => {
  for (const format of ['text', 'json', 'sarif', 'github']) {
    const one = runCli(['--format', format, 'project', 'fixable'], { env: sequential });
    const three = runCli(['--format', format, 'project', 'fixable'], { env: parallel });
    assert.equal(three.stdout, one.stdout, format);
    assert.equal(three.stderr, one.stderr);
    assert.equal(three.status, 1);
  }
});

test('skipped-file notes and --fix work from the workers', () => {
  const root = copyFixture('fixable');
  fs.writeFileSync(path.join(root, 'fixable', 'binary.py'), Buffer.from([0, 1, 2]));
  const run = runCli(['--fix', '--format', 'json', 'fixable'], { cwd: root, env: parallel });
  assert.equal(run.stderr, [
    'mcp-tool-lint: skipped fixable/binary.py: a binary file',
    'mcp-tool-lint: fixed 2 problems in fixable/server.ts (MTL202 missing-annotation-hint ×2)',
    'mcp-tool-lint: fixed 3 problems in fixable/tools.py (MTL201 missing-behavior-flag ×2, MTL211 duplicate-entry)',
    'mcp-tool-lint: fixed 5 problems in 2 files',
    '',
  ].join('\n'));
  assert.equal(fs.readFileSync(path.join(root, 'fixable/tools.py'), 'utf8'), fs.readFileSync(path.join(CLI_FIXTURES, 'fixable/tools.py.fixed'), 'utf8'));
});

test('projects whose tools are registered across modules: the same findings on one thread and on three', () => {
  const projects = path.join(path.dirname(CLI_FIXTURES), '..', 'projects');
  for (const name of ['python-jira', 'python-weather', 'ts-monorepo', 'ts-cluster', 'ts-notes', 'go-issuetracker', 'csharp-tasks']) {
    const one = runCli(['--format', 'json', name], { cwd: projects, env: sequential });
    const findings = JSON.parse(one.stdout) as Array<{ file: string; related?: Array<{ file: string }> }>;
    assert.ok(findings.some((finding) => finding.related?.some((related) => related.file !== finding.file)), `${name}: a finding points at another module`);
    const three = runCli(['--format', 'json', name], { cwd: projects, env: parallel });
    assert.equal(three.stdout, one.stdout, `${name} on three threads`);
    assert.equal(three.stderr, one.stderr);
    assert.equal(three.status, one.status);
  }
});

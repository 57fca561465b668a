// `node dist/cli.js preview FILE [--tool NAME]`: the projection JSON of "Preview annotations".
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { projectFile } from '../../server/src/core/projection';
import { CLI_FIXTURES, runCli } from './run';

before(() => initAnalysis());

test('preview prints what clients receive for each tool, with the file as given', () => {
  const run = runCli(['preview', 'project/notes.py']);
  assert.equal(run.status, 0);
  assert.equal(run.stderr, '');
  const projection = JSON.parse(run.stdout);
  const file = path.join(CLI_FIXTURES, 'project/notes.py');
  const analysis = analyzeText(fs.readFileSync(file, 'utf8'), file)!;
  assert.deepEqual(projection, JSON.parse(JSON.stringify(projectFile('project/notes.py', analysis.declarations, analysis.findings))));
  assert.equal(projection.file, 'project/notes.py');
  assert.deepEqual(projection.tools.map((tool: { name: string }) => tool.name), ['DeleteNote', 'GetNote']);
  const getNote = projection.tools[1];
  assert.deepEqual(getNote.toolsList, { name: 'Notes_GetNote', title: 'GetNote', annotations: { title: 'GetNote', readOnlyHint: true } });
  assert.deepEqual(getNote.effective, { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  assert.deepEqual(getNote.findings.map((finding: { file: string; code: string; line: number }) => `${finding.file}:${finding.line} ${finding.code}`), ['project/notes.py:25 MTL201']);
});

test('preview --tool keeps one tool (by name or tools/list name); the project config applies', () => {
  const byName = JSON.parse(runCli(['preview', 'project/notes.py', '--tool', 'GetNote']).stdout);
  assert.deepEqual(byName.tools.map((tool: { name: string }) => tool.name), ['GetNote']);
  const byListName = JSON.parse(runCli(['preview', '--tool=Notes_DeleteNote', 'project/notes.py']).stdout);
  assert.deepEqual(byListName.tools.map((tool: { name: string }) => tool.name), ['DeleteNote']);
  const configured = JSON.parse(runCli(['preview', 'project/pyproj/tools.py']).stdout);
  assert.deepEqual(configured.tools.map((tool: { findings: Array<{ code: string; severity: string }> }) => tool.findings.map((f) => `${f.code} ${f.severity}`)), [[], ['MTL203 error']]);
});

test('preview lists a tool table\'s tools under their keys; entries without annotations are not tools', () => {
  const run = runCli(['preview', '../typescript/forms/storage-tools.ts']);
  assert.equal(run.status, 0);
  assert.equal(run.stderr, '');
  const tools: Array<{ name: string; form: string; toolsList: unknown; findings: Array<{ code: string }> }> = JSON.parse(run.stdout).tools;
  assert.deepEqual(tools.map((tool) => tool.name), ['list_storage_buckets', 'get_storage_config', 'delete_bucket', 'update-storage-config', 'empty_bucket', 'download_object']);
  assert.ok(tools.every((tool) => tool.form === 'ts-object-literal'));
  assert.deepEqual(tools[0].toolsList, {
    name: 'list_storage_buckets',
    annotations: { title: 'List storage buckets', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  });
  assert.deepEqual(tools[2].findings.map((finding) => finding.code), ['MTL202', 'MTL105']);
  const one = JSON.parse(runCli(['preview', '../typescript/forms/storage-tools.ts', '--tool', 'download_object']).stdout);
  assert.deepEqual(one.tools.map((tool: { name: string }) => tool.name), ['download_object']);
});

test('preview errors: exit 2 with one line', () => {
  const cases: Array<[string[], string]> = [
    [['preview'], 'mcp-tool-lint: preview takes one file: mcp-tool-lint preview FILE [--tool NAME]'],
    [['preview', 'project'], 'mcp-tool-lint: cannot preview project: not a file'],
    [['preview', 'nope.py'], 'mcp-tool-lint: cannot read nope.py: no such file or directory'],
    [['preview', 'project/notes.py', '--tool', 'send_email'], 'mcp-tool-lint: project/notes.py declares no tool named "send_email"'],
    [['preview', 'project/strict/.mcp-tool-lint.json'], 'mcp-tool-lint: cannot preview project/strict/.mcp-tool-lint.json: not a Python, TypeScript or JavaScript file'],
  ];
  for (const [args, message] of cases) {
    const run = runCli(args);
    assert.equal(run.status, 2, args.join(' '));
    assert.equal(run.stderr, `${message}\n`);
    assert.equal(run.stdout, '');
  }
});

// `node dist/cli.js preview FILE [--tool NAME]`: the projection JSON of "Preview annotations".
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { positionedTool, projectFile } from '../../server/src/core/projection';
import { repoRoot } from '../helpers/fixtures';
import { CLI_FIXTURES, copyIntoOwnRepository, runCli } from './run';

before(() => initAnalysis());

test('preview prints what clients receive for each tool, with the file as given', () => {
  const run = runCli(['preview', 'project/notes.py']);
  assert.equal(run.status, 0);
  assert.equal(run.stderr, '');
  const projection = JSON.parse(run.stdout);
  const file = path.join(CLI_FIXTURES, 'project/notes.py');
  const analysis = analyzeText(fs.readFileSync(file, 'utf8'), file)!;
  const expected = projectFile('project/notes.py', analysis.declarations, analysis.findings, undefined, analysis.effects).tools.map((tool) => positionedTool(tool, 'project/notes.py'));
  assert.deepEqual(projection, JSON.parse(JSON.stringify({ file: 'project/notes.py', tools: expected })));
  assert.equal(projection.file, 'project/notes.py');
  assert.deepEqual(projection.tools.map((tool: { name: string }) => tool.name), ['DeleteNote', 'GetNote']);
  const getNote = projection.tools[1];
  assert.deepEqual(getNote.toolsList, { name: 'Notes_GetNote', title: 'GetNote', annotations: { title: 'GetNote', readOnlyHint: true } });
  assert.deepEqual(getNote.effective, { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  assert.deepEqual(getNote.findings.map((finding: { file: string; code: string; line: number }) => `${finding.file}:${finding.line} ${finding.code}`), ['project/notes.py:25 MTL201']);
  // 1-based lines and UTF-16 columns, as in the CLI JSON; no LSP range.
  const getNoteAt = fs.readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes('def get_note')) + 1;
  assert.equal(getNote.file, 'project/notes.py');
  assert.ok(getNote.line >= 1 && getNote.line < getNoteAt && getNote.endLine >= getNoteAt, `${getNote.line}-${getNote.endLine} around ${getNoteAt}`);
  assert.equal(getNote.column, 1);
  assert.equal(getNote.range, undefined);
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
  assert.deepEqual(tools[2].findings.map((finding) => finding.code), ['MTL403', 'MTL403', 'MTL202', 'MTL105']);
  const one = JSON.parse(runCli(['preview', '../typescript/forms/storage-tools.ts', '--tool', 'download_object']).stdout);
  assert.deepEqual(one.tools.map((tool: { name: string }) => tool.name), ['download_object']);
});

test('preview errors: exit 2 with one line', () => {
  const cases: Array<[string[], string]> = [
    [['preview'], 'mcp-tool-lint: preview takes one file: mcp-tool-lint preview FILE [--tool NAME | --server NAME]'],
    [['preview', 'project/notes.py', '--tool', 'GetNote', '--server', 'app'], 'mcp-tool-lint: use either --tool or --server, not both'],
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

interface ServerTool {
  name: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  form: string;
  toolsList: { name: string; annotations: Record<string, unknown> };
  findings: Array<{ code: string; file: string; line: number }>;
  composed?: { declaredName: string; prefixes: string[]; from?: { name: string; file: string; line: number } };
}

const JIRA = path.join(repoRoot(), 'test', 'projects', 'python-jira');
// The projects as their own repositories (preview --server reads the whole git root): one test reads
// python-jira inside this repository, whose other modules must not change its server's tools; the
// others read the copies, about 16 modules instead of a thousand.
let copies: string;
before(() => {
  copies = copyIntoOwnRepository('test/projects/python-jira', 'test/projects/ts-server-preview');
});
after(() => fs.rmSync(copies, { recursive: true, force: true }));
const jiraCopy = () => path.join(copies, 'test', 'projects', 'python-jira');

test('preview FILE sees its project: a tool registered on a server imported from another module is listed', () => {
  const run = runCli(['preview', 'src/jira_mcp/tools/issues.py'], { cwd: JIRA });
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
  const preview: { tools: Array<{ name: string; line: number; findings: Array<{ code: string }> }> } = JSON.parse(run.stdout);
  // transition_issue passes no annotations in a file that imports no MCP package: only the server imported from server.py makes it a tool.
  assert.deepEqual(preview.tools.map((tool) => [tool.name, tool.line, tool.findings.map((finding) => finding.code)]), [
    ['get_issue', 8, []],
    ['delete_issue', 14, ['MTL202', 'MTL311', 'MTL105']],
    ['transition_issue', 21, ['MTL203']],
  ]);
});

test('preview FILE --tool NAME: where each hint comes from (a preset of another module, its file named as files are)', () => {
  const run = runCli(['preview', 'src/jira_mcp/tools/projects.py', '--tool', 'rename_project'], { cwd: JIRA });
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
  const [tool] = JSON.parse(run.stdout).tools;
  const preset = { from: 'declared', constant: 'WRITE', file: 'src/jira_mcp/annotations.py' };
  assert.deepEqual(tool.hintSources, { readOnlyHint: preset, destructiveHint: preset, idempotentHint: { from: 'spec-default' }, openWorldHint: { from: 'spec-default' } });
});

test('preview --server lists every tool the server lists across the project, mounted ones under their prefix', () => {
  const run = runCli(['preview', 'src/jira_mcp/server.py', '--server', 'mcp'], { cwd: JIRA });
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
  const preview: { server: unknown; tools: ServerTool[] } = JSON.parse(run.stdout);
  assert.deepEqual(preview.server, { name: 'jira', variable: 'mcp', file: 'src/jira_mcp/server.py', line: 7 });
  assert.deepEqual(preview.tools.map((tool) => `${tool.toolsList.name} ${tool.file}:${tool.line}`), [
    // Registered through the package's wrappers (registry.py).
    'list_comments src/jira_mcp/tools/comments.py:5',
    'add_comment src/jira_mcp/tools/comments.py:11',
    'delete_comment src/jira_mcp/tools/comments.py:21',
    'get_issue src/jira_mcp/tools/issues.py:8',
    'delete_issue src/jira_mcp/tools/issues.py:14',
    'transition_issue src/jira_mcp/tools/issues.py:21',
    // Annotated with presets imported from annotations.py.
    'list_projects src/jira_mcp/tools/projects.py:8',
    'get_project src/jira_mcp/tools/projects.py:14',
    'archive_project src/jira_mcp/tools/projects.py:20',
    'rename_project src/jira_mcp/tools/projects.py:25',
    'search_issues src/jira_mcp/tools/search.py:5',
    'get_issue src/jira_mcp/tools/search.py:11',
    // Registered through a wrapper whose name holds no tool word (read once registry.py was).
    'list_attachments src/jira_mcp/tools/attachments.py:14',
    'delete_attachment src/jira_mcp/tools/attachments.py:15',
    'ro_get_issue src/jira_mcp/tools/issues.py:8',
    'ro_search_issues src/jira_mcp/tools/search.py:5',
  ]);
  const [, , , getIssue, deleteIssue, , , , , , , getIssueByUrl, , , roGetIssue] = preview.tools;
  // Each entry is the per-tool preview of its own file, with the project's findings (the duplicate across modules).
  assert.deepEqual(Object.keys(getIssue).slice(0, 9), ['name', 'title', 'language', 'form', 'file', 'line', 'column', 'endLine', 'endColumn']);
  assert.equal(getIssue.column, 1);
  assert.deepEqual(getIssue.findings.map((finding) => `${finding.code} ${finding.file}:${finding.line}`), ['MTL216 src/jira_mcp/tools/issues.py:8']);
  assert.deepEqual(getIssueByUrl.findings.map((finding) => `${finding.code} ${finding.file}:${finding.line}`), ['MTL216 src/jira_mcp/tools/search.py:11']);
  assert.deepEqual(deleteIssue.findings.map((finding) => finding.code), ['MTL202', 'MTL311', 'MTL105']);
  assert.equal(roGetIssue.name, 'ro_get_issue');
  assert.deepEqual(roGetIssue.composed, { declaredName: 'get_issue', prefixes: ['ro'], from: { name: 'jira-readonly', variable: 'readonly_mcp', file: 'src/jira_mcp/composite.py', line: 8 } });
  assert.deepEqual(roGetIssue.toolsList.annotations, getIssue.toolsList.annotations);
  // What the client receives from a tool annotated with an imported preset: the preset's hints.
  const archive = preview.tools.find((tool) => tool.toolsList.name === 'archive_project')!;
  assert.deepEqual(archive.toolsList.annotations, { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: true });
  assert.equal(preview.tools.find((tool) => tool.form !== 'python-sdk-tool'), undefined);
});

test('preview --server resolves NAME as FILE sees it: an imported server, or its constructor\'s name; a sub-server lists its own tools', () => {
  const fromImport = JSON.parse(runCli(['preview', 'src/jira_mcp/tools/search.py', '--server', 'mcp'], { cwd: jiraCopy() }).stdout);
  const byName = JSON.parse(runCli(['preview', 'src/jira_mcp/tools/issues.py', '--server', 'jira'], { cwd: jiraCopy() }).stdout);
  assert.deepEqual(fromImport.server, { name: 'jira', variable: 'mcp', file: 'src/jira_mcp/server.py', line: 7 });
  assert.deepEqual(byName, fromImport);
  const sub = JSON.parse(runCli(['preview', 'src/jira_mcp/composite.py', '--server', 'readonly_mcp'], { cwd: jiraCopy() }).stdout);
  assert.deepEqual(sub.server, { name: 'jira-readonly', variable: 'readonly_mcp', file: 'src/jira_mcp/composite.py', line: 8 });
  assert.deepEqual(sub.tools.map((tool: ServerTool) => `${tool.name} ${tool.file}:${tool.line}`), ['get_issue src/jira_mcp/tools/issues.py:8', 'search_issues src/jira_mcp/tools/search.py:5']);
});

test('preview --server on a TypeScript project: tools registered in other modules on the imported server', () => {
  const run = runCli(['preview', 'test/projects/ts-server-preview/src/tools/write.ts', '--server', 'notes'], { cwd: copies });
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
  const preview: { server: unknown; tools: ServerTool[] } = JSON.parse(run.stdout);
  assert.deepEqual(preview.server, { name: 'notes', variable: 'server', file: 'test/projects/ts-server-preview/src/server.ts', line: 3 });
  assert.deepEqual(preview.tools.map((tool) => `${tool.name} ${tool.form} ${tool.file}:${tool.line}:${tool.column}`), [
    'list_notes ts-register-tool test/projects/ts-server-preview/src/tools/read.ts:4:1',
    'get_note ts-server-tool test/projects/ts-server-preview/src/tools/read.ts:14:1',
    'delete_note ts-register-tool test/projects/ts-server-preview/src/tools/write.ts:4:1',
  ]);
  assert.deepEqual(preview.tools[1].toolsList, { name: 'get_note', annotations: { readOnlyHint: true } });
  assert.deepEqual(preview.tools[1].findings.map((finding) => `${finding.code} ${finding.file}:${finding.line}`), ['MTL202 test/projects/ts-server-preview/src/tools/read.ts:14']);
  const fromServerFile = JSON.parse(runCli(['preview', 'test/projects/ts-server-preview/src/server.ts', '--server', 'server'], { cwd: copies }).stdout);
  assert.deepEqual(fromServerFile, preview);
});

test('preview --server with an unknown name: exit 2, one line listing the servers FILE makes or imports', () => {
  const cases: Array<[string[], string]> = [
    [['preview', 'src/jira_mcp/composite.py', '--server', 'nope'], 'mcp-tool-lint: src/jira_mcp/composite.py has no server named "nope"; servers found there: readonly_mcp ("jira-readonly"), mcp ("jira")'],
    [['preview', 'src/jira_mcp/settings.py', '--server', 'mcp'], 'mcp-tool-lint: src/jira_mcp/settings.py has no server named "mcp"; it makes or imports none'],
  ];
  for (const [args, message] of cases) {
    const run = runCli(args, { cwd: jiraCopy() });
    assert.equal(run.status, 2, args.join(' '));
    assert.equal(run.stderr, `${message}\n`);
    assert.equal(run.stdout, '');
  }
});

test('preview positions are 1-based like the findings: a tool and the finding on its first line share the line', () => {
  const run = runCli(['preview', path.join(repoRoot(), 'examples', 'arcade_notes.py'), '--tool', 'ArchiveNote']);
  assert.equal(run.status, 0);
  const [tool] = JSON.parse(run.stdout).tools as Array<{ line: number; column: number; endLine: number; endColumn: number; range?: unknown; findings: Array<{ line: number; column: number; code: string }> }>;
  // `@app.tool` on line 62: the tool starts at its `@` (column 1), MTL203 sits on `app.tool` (column 2).
  assert.deepEqual([tool.line, tool.column, tool.endLine, tool.endColumn], [62, 1, 65, 16]);
  assert.deepEqual(tool.findings.map((finding) => [finding.line, finding.column, finding.code]), [[62, 2, 'MTL203']]);
  assert.equal(tool.range, undefined);
});

test('preview shows each tool\'s description as clients receive it and its input parameters with theirs', () => {
  const python = JSON.parse(runCli(['preview', '../python/rules/descriptions.py']).stdout).tools as Array<{ name: string; description?: string; parameters?: unknown }>;
  const byName = (tools: typeof python, name: string) => tools.find((tool) => tool.name === name)!;
  // The docstring as inspect.cleandoc leaves it; a parameter's description from its docstring entry; the injected ctx is not input.
  const forecast = byName(python, 'get_forecast');
  assert.equal(forecast.description, 'Get forecast.\n\nArgs:\n    city: The city\'s name, e.g. "Lyon".');
  assert.deepEqual(forecast.parameters, [{ name: 'city', description: 'The city\'s name, e.g. "Lyon".' }, { name: 'days' }]);
  // Field(description=...) as a default, a NumPy entry.
  assert.deepEqual(byName(python, 'get_history').parameters, [{ name: 'station', description: 'The station\'s WMO identifier.' }, { name: 'year', description: 'A year since 1950.' }]);
  // No docstring, and a description computed at run time: no description shown.
  assert.equal('description' in byName(python, 'lookup'), false);
  assert.equal('description' in byName(python, 'weekly_summary'), false);

  const go = JSON.parse(runCli(['preview', '../go/rules/descriptions-go-sdk.go', '--tool', 'get_alerts']).stdout).tools;
  assert.deepEqual(go.map((tool: { description: string; parameters: unknown }) => [tool.description, tool.parameters]), [[
    'Return the weather alerts in force for a region.',
    [{ name: 'region' }, { name: 'severity', description: 'minor, moderate or severe' }, { name: 'Station' }],
  ]]);
  // A raw handler with its own InputSchema: the parameters are not listed.
  const history = JSON.parse(runCli(['preview', '../go/rules/descriptions-go-sdk.go', '--tool', 'get_history']).stdout).tools[0];
  assert.equal('parameters' in history, false);

  const script = JSON.parse(runCli(['preview', '../typescript/rules/descriptions.ts', '--tool', 'get_forecast']).stdout).tools[0];
  assert.deepEqual([script.description, script.parameters], ['Return the weather forecast for a city, one entry per day.', [{ name: 'city', description: 'The city\'s name, e.g. Lyon' }, { name: 'days', description: 'Days ahead, 1 to 7' }]]);
});

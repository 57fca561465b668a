// What a Go or C# tool's body does (issue 27) in the CLI's outputs, on test/projects/go-notes and
// test/projects/csharp-tasks: JSON `related` with the path across files and packages, the text
// format's path lines and exit code, the preview's `effects`, SARIF's code flow; quiet tools list none.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { runCli } from './run';

const GO = path.join(repoRoot(), 'test', 'projects', 'go-notes');
const CSHARP = path.join(repoRoot(), 'test', 'projects', 'csharp-tasks');

interface JsonFinding {
  code: string;
  line: number;
  column: number;
  severity: string;
  message: string;
  fixable: boolean;
  related?: Array<{ file: string; line: number; column: number; message: string }>;
}

const steps = (finding: JsonFinding | undefined): string[] => (finding?.related ?? []).map((step) => `${step.file}:${step.line}:${step.column} ${step.message}`);

test('Go: a tool whose helper in another file deletes through the storage package is reported with every step', () => {
  const run = runCli(['internal/tools/notes.go', '--format', 'json'], { cwd: GO });
  assert.equal(run.status, 0, run.stderr);
  const findings = JSON.parse(run.stdout) as JsonFinding[];
  assert.deepEqual(findings.map((finding) => `${finding.line}:${finding.column} ${finding.severity} ${finding.code}`), [
    '52:37 info MTL311', '58:58 info MTL312', '70:58 info MTL312', '78:37 info MTL311', '84:37 hint MTL311',
  ]);
  const deleteNote = findings.find((finding) => finding.code === 'MTL312');
  assert.equal(deleteNote?.message, 'DestructiveHint is false, but this tool deletes or overwrites data (`purge` → … → `DELETE`): clients will not warn first. Set DestructiveHint to true.');
  assert.equal(deleteNote?.fixable, false, 'an effect\'s quick-fix is never applied by --fix');
  assert.deepEqual(steps(deleteNote), [
    'internal/tools/notes.go:106:21 The tool\'s body starts here (NoteTools.deleteNote).',
    'internal/tools/notes.go:107:19 Calls purge.',
    'internal/tools/purge.go:11:15 Calls store.Delete.',
    'internal/storage/store.go:65:17 Deletes or overwrites data (DELETE): ExecContext(DELETE …).',
  ]);
  const text = runCli(['internal/tools/notes.go', '--profile', 'strict'], { cwd: GO });
  assert.equal(text.status, 1, 'strict: the effect findings are warnings, and a missing hint an error');
  assert.ok(text.stdout.includes('    ↳ internal/storage/store.go:65:17  Deletes or overwrites data (DELETE): ExecContext(DELETE …).'), text.stdout);
});

test('Go: the preview lists the effects of an mcp-go handler and none for the correct tools', () => {
  const preview = (tool: string) => JSON.parse(runCli(['preview', 'internal/admin/server.go', '--tool', tool], { cwd: GO }).stdout).tools[0].effects;
  assert.deepEqual(preview('clear_logs'), [{
    kind: 'delete', conditional: true, what: 'deletes a file', path: [
      { file: 'internal/admin/server.go', line: 132, column: 20, message: 'The tool\'s body starts here (Handlers.clearLogs).' },
      { file: 'internal/admin/server.go', line: 137, column: 46, message: 'Deletes a file: os.RemoveAll.' },
    ],
  }]);
  // git status, a telemetry helper that appends to a file; a log removed under ignore[effect].
  assert.deepEqual(preview('git_status'), []);
  assert.deepEqual(preview('rotate_logs'), []);
  const search = JSON.parse(runCli(['preview', 'internal/admin/search.go', '--tool', 'search_web'], { cwd: GO }).stdout).tools[0].effects;
  assert.deepEqual(search.map((effect: { kind: string; what: string }) => `${effect.kind} ${effect.what}`), ['external calls an external host'], 'a POST to a search endpoint writes nothing');
});

test('C#: a command run through a repository in another file, with the SARIF code flow through each step', () => {
  const run = runCli(['src/Tasks.Server/Tools/TaskTools.cs', '--format', 'json'], { cwd: CSHARP });
  assert.equal(run.status, 0, run.stderr);
  const findings = JSON.parse(run.stdout) as JsonFinding[];
  assert.deepEqual(findings.map((finding) => `${finding.line}:${finding.column} ${finding.severity} ${finding.code}`), [
    '17:44 info MTL311', '21:59 info MTL312', '29:39 info MTL311', '39:41 info MTL311', '47:43 hint MTL311',
  ]);
  const runReport = findings.find((finding) => finding.line === 39);
  assert.equal(runReport?.message, 'ReadOnly is true, but this tool runs caller-supplied SQL (`RunReportAsync` → `CommandText`): clients may run it unasked. Set ReadOnly to false.');
  assert.deepEqual(steps(runReport), [
    'src/Tasks.Server/Tools/TaskTools.cs:41:26 The tool\'s body starts here (TaskTools.RunReport).',
    'src/Tasks.Server/Tools/TaskTools.cs:41:107 Calls repository.RunReportAsync.',
    'src/Tasks.Server/Data/TaskRepository.cs:35:17 Runs caller-supplied SQL: CommandText.',
  ]);
  const sarif = JSON.parse(runCli(['src/Tasks.Server/Tools/TaskTools.cs', '--format', 'sarif'], { cwd: CSHARP }).stdout);
  const purge = sarif.runs[0].results.find((result: { ruleId: string }) => result.ruleId === 'MTL312');
  const flow = purge.codeFlows[0].threadFlows[0].locations.map((step: { nestingLevel: number; location: { message: { text: string }; physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } } }) =>
    `${step.nestingLevel} ${step.location.physicalLocation.artifactLocation.uri}:${step.location.physicalLocation.region.startLine} ${step.location.message.text}`);
  assert.deepEqual(flow, [
    '0 src/Tasks.Server/Tools/TaskTools.cs:23 The tool\'s body starts here (TaskTools.PurgeTask).',
    '1 src/Tasks.Server/Tools/TaskTools.cs:25 Calls Forget.',
    '2 src/Tasks.Server/Tools/TaskTools.cs:69 Calls repository.PurgeAsync.',
    '3 src/Tasks.Server/Data/TaskRepository.cs:27 Deletes or overwrites data (DELETE): SqlCommand(DELETE …).',
  ]);
});

test('C#: the preview lists a command class\'s effects and none for the correct tools', () => {
  const preview = (file: string, tool: string) => JSON.parse(runCli(['preview', file, '--tool', tool], { cwd: CSHARP }).stdout).tools[0].effects;
  const deleteSecret = preview('src/Tasks.Server/Commands/SecretCommands.cs', 'delete_secret');
  assert.deepEqual(deleteSecret.map((effect: { kind: string; what: string }) => `${effect.kind} ${effect.what}`), ['delete deletes through an SDK', 'external calls a vendor SDK']);
  assert.deepEqual(preview('src/Tasks.Server/Commands/SecretCommands.cs', 'get_secret').map((effect: { kind: string }) => effect.kind), ['external']);
  for (const tool of ['list_tasks', 'count_tasks', 'preview_tasks', 'trim_log']) assert.deepEqual(preview('src/Tasks.Server/Tools/TaskTools.cs', tool), [], tool);
  assert.deepEqual(preview('src/Tasks.Server/Tools/WebTools.cs', 'git_log'), []);
});

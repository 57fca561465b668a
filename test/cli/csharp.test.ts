// The CLI on a C# project (test/projects/csharp-notes, a folder with a .csproj): `.cs` files are
// found by default, and `preview` names the C# forms with what clients receive.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { runCli } from './run';

const PROJECT = path.join(repoRoot(), 'test', 'projects', 'csharp-notes');

test('check finds the .cs files of a project and reports both forms', () => {
  const run = runCli(['--format', 'json', '.'], { cwd: PROJECT });
  assert.equal(run.status, 1, run.stderr);
  const findings = JSON.parse(run.stdout) as Array<{ file: string; line: number; code: string; severity: string; fixable: boolean }>;
  assert.deepEqual(findings.map((finding) => `${finding.file}:${finding.line} ${finding.severity} ${finding.code} ${finding.fixable}`), [
    'src/Notes.Server/Commands/ExportCommand.cs:11 warning MTL203 false',
    'src/Notes.Server/Tools/FolderTools.cs:15 error MTL105 false',
    'src/Notes.Server/Tools/FolderTools.cs:19 info MTL202 true',
  ]);
});

test('preview of a .cs file: the forms, the name from a Name property, the hints a constant sets', () => {
  const tools = (file: string) => (JSON.parse(runCli(['preview', file], { cwd: PROJECT }).stdout) as { tools: Array<{ name: string; form: string; toolsList: unknown }> }).tools;
  const commands = tools('src/Notes.Server/Commands/ExportCommand.cs');
  assert.deepEqual(commands.map((tool) => [tool.name, tool.form]), [['export', 'csharp-command-metadata'], ['import', 'csharp-command-metadata']]);
  const folders = tools('src/Notes.Server/Tools/FolderTools.cs');
  assert.deepEqual(folders.map((tool) => [tool.name, tool.form]), [['list_folders', 'csharp-mcp-server-tool'], ['empty_folder', 'csharp-mcp-server-tool'], ['rename_folder', 'csharp-mcp-server-tool']]);
  assert.deepEqual(folders[0].toolsList, { name: 'list_folders', title: 'List folders', annotations: { title: 'List folders', readOnlyHint: true, idempotentHint: true, openWorldHint: false } });
});

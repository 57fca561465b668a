// What a Go or C# tool's body does (issue 27), over the real stdio server on copies of
// test/projects/go-notes and test/projects/csharp-tasks: the first publish of a version has no
// effect findings, a second publish of the same version adds them with their paths across files;
// the quick-fix sets the flag (and the destructive one with it when the body deletes); editing the
// helper a Go tool's effect goes through re-publishes the open tool file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { effectFindings } from '../helpers/effect-findings';
import { repoRoot } from '../helpers/fixtures';
import { DEFAULT_CAPABILITIES, LspClient, TestDocument } from '../helpers/lsp-client';
import { codeActions, EDITOR_CAPABILITIES, editsFor } from '../helpers/lsp-requests';

const uriOf = (file: string): string => pathToFileURL(file).href;

describe('Go and C# effects over LSP', () => {
  let client: LspClient;
  let root: string;
  const file = (relative: string): string => path.join(root, relative);
  const documentOf = (relative: string, languageId: string): TestDocument => new TestDocument(uriOf(file(relative)), languageId, fs.readFileSync(file(relative), 'utf8'));

  /** The document's first publish at version 1, then the second publish of the same version. */
  async function openAndSettle(document: TestDocument): Promise<{ first: PublishDiagnosticsParams; second: PublishDiagnosticsParams }> {
    const opened = client.diagnostics.length;
    await client.open(document);
    const first = await client.waitForDiagnostics(document.uri, 1, opened);
    const second = await client.waitForDiagnostics(document.uri, 1, client.diagnostics.indexOf(first) + 1);
    return { first, second };
  }

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-effects-compiled-')));
    fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'go-notes'), path.join(root, 'go-notes'), { recursive: true });
    fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'csharp-tasks'), path.join(root, 'csharp-tasks'), { recursive: true });
    const capabilities = {
      ...DEFAULT_CAPABILITIES,
      workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true } },
      textDocument: { ...DEFAULT_CAPABILITIES.textDocument, codeAction: EDITOR_CAPABILITIES.textDocument!.codeAction },
      window: { workDoneProgress: true },
    };
    ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: uriOf(file('go-notes')), name: 'go-notes' }, { uri: uriOf(file('csharp-tasks')), name: 'csharp-tasks' }] }));
    await client.waitForProgressEnd('Indexing MCP tools');
  });
  after(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('Go: the second publish adds the findings with their paths across packages; the quick-fix sets DestructiveHint', async () => {
    const notes = documentOf('go-notes/internal/tools/notes.go', 'go');
    const { first, second } = await openAndSettle(notes);
    assert.deepEqual(effectFindings(first.diagnostics, root), [], 'the keystroke path reads no other file');
    // Severity 3 is information, 4 a hint (stage_export writes only when the client sets Apply).
    assert.deepEqual(effectFindings(second.diagnostics, root), [
      '52:37 effect-contradicts-read-only 3 go-notes/internal/tools/notes.go:102 go-notes/internal/tools/notes.go:103 go-notes/internal/storage/store.go:59',
      '58:58 effect-contradicts-non-destructive 3 go-notes/internal/tools/notes.go:106 go-notes/internal/tools/notes.go:107 go-notes/internal/tools/purge.go:11 go-notes/internal/storage/store.go:65',
      '70:58 effect-contradicts-non-destructive 3 go-notes/internal/tools/notes.go:71 go-notes/internal/tools/notes.go:72 go-notes/internal/storage/store.go:88',
      '78:37 effect-contradicts-read-only 3 go-notes/internal/tools/notes.go:115 go-notes/internal/tools/notes.go:119 go-notes/internal/storage/files.go:13',
      '84:37 effect-contradicts-read-only 4 go-notes/internal/tools/notes.go:122 go-notes/internal/tools/notes.go:124 go-notes/internal/storage/files.go:13',
    ]);
    const deleteNote = second.diagnostics.find((diagnostic) => diagnostic.code === 'effect-contradicts-non-destructive')!;
    const [fix] = await codeActions(client, notes, deleteNote.range, [deleteNote], ['quickfix']);
    assert.equal(fix.title, 'Set DestructiveHint to true (the body deletes or overwrites data)');
    assert.deepEqual(editsFor(fix.edit!, notes).map((edit) => `${edit.range.start.line + 1}:${edit.range.start.character + 1} ${edit.newText}`), ['58:83 true']);
  });

  test('Go: editing the helper in another file that a tool deletes through re-publishes the open tool file', async () => {
    const notes = documentOf('go-notes/internal/tools/notes.go', 'go');
    const purge = documentOf('go-notes/internal/tools/purge.go', 'go');
    await client.open(purge);
    const edited = client.diagnostics.length;
    await client.change(purge.nextVersion(), [purge.replace('return store.Delete(ctx, id)', 'return nil')]);
    const republished = await client.waitFor(() => client.diagnostics.slice(edited).find((params) => params.uri === notes.uri && !effectFindings(params.diagnostics, root).some((line) => line.startsWith('58:58'))), 'notes.go without the delete_note finding');
    assert.deepEqual(effectFindings(republished.diagnostics, root).map((line) => line.split(' ')[0]), ['52:37', '70:58', '78:37', '84:37']);
  });

  test('C#: the second publish adds the findings through the repository and the DbContext; the quick-fix sets ReadOnly', async () => {
    const tools = documentOf('csharp-tasks/src/Tasks.Server/Tools/TaskTools.cs', 'csharp');
    const { first, second } = await openAndSettle(tools);
    assert.deepEqual(effectFindings(first.diagnostics, root), []);
    const tasks = 'csharp-tasks/src/Tasks.Server';
    assert.deepEqual(effectFindings(second.diagnostics, root), [
      `17:44 effect-contradicts-read-only 3 ${tasks}/Tools/TaskTools.cs:19 ${tasks}/Tools/TaskTools.cs:19 ${tasks}/Data/TaskRepository.cs:23`,
      `21:59 effect-contradicts-non-destructive 3 ${tasks}/Tools/TaskTools.cs:23 ${tasks}/Tools/TaskTools.cs:25 ${tasks}/Tools/TaskTools.cs:69 ${tasks}/Data/TaskRepository.cs:27`,
      `29:39 effect-contradicts-read-only 3 ${tasks}/Tools/TaskTools.cs:31 ${tasks}/Tools/TaskTools.cs:34`,
      `39:41 effect-contradicts-read-only 3 ${tasks}/Tools/TaskTools.cs:41 ${tasks}/Tools/TaskTools.cs:41 ${tasks}/Data/TaskRepository.cs:35`,
      `47:43 effect-contradicts-read-only 4 ${tasks}/Tools/TaskTools.cs:49 ${tasks}/Tools/TaskTools.cs:57 ${tasks}/Storage/TaskFiles.cs:9`,
    ]);
    const runReport = second.diagnostics.find((diagnostic) => diagnostic.range.start.line === 38)!;
    assert.equal(runReport.message, 'ReadOnly is true, but this tool runs caller-supplied SQL (`RunReportAsync` → `CommandText`): clients may run it unasked. Set ReadOnly to false.');
    const [fix] = await codeActions(client, tools, runReport.range, [runReport], ['quickfix']);
    assert.equal(fix.title, 'Set ReadOnly to false (the body runs caller-supplied SQL)');
    assert.deepEqual(editsFor(fix.edit!, tools).map((edit) => `${edit.range.start.line + 1}:${edit.range.start.character + 1} ${edit.newText}`), ['39:52 false']);
  });
});

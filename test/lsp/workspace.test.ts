// Workspace diagnostics over the real stdio server: diagnosticMode workspace lists problems of
// closed files in a temporary workspace folder (skipping node_modules and .gitignored paths),
// the lintWorkspace command reports work-done progress, turning the mode off clears them; and
// the fixAll command applies the safe fixes through workspace/applyEdit.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  ApplyWorkspaceEditParams, WorkDoneProgress, WorkDoneProgressBegin, WorkDoneProgressCreateParams, WorkDoneProgressEnd, WorkDoneProgressReport,
} from 'vscode-languageserver/node';
import { DEFAULT_CAPABILITIES, LspClient, TestDocument } from '../helpers/lsp-client';
import { applyWorkspaceEdit } from '../helpers/lsp-requests';
import { AT, lines, OPEN_WORLD, READ_ONLY_TOOL } from './config-helpers';


function write(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const uriOf = (file: string): string => pathToFileURL(file).href;

describe('workspace diagnostics', () => {
  let client: LspClient;
  let root: string;
  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-workspace-')));
    write(path.join(root, 'tools.py'), READ_ONLY_TOOL);
    write(path.join(root, 'open.py'), READ_ONLY_TOOL);
    write(path.join(root, 'node_modules', 'pkg', 'tools.py'), READ_ONLY_TOOL);
    write(path.join(root, 'ignored', 'tools.py'), READ_ONLY_TOOL);
    write(path.join(root, 'generated', 'tools.py'), READ_ONLY_TOOL);
    write(path.join(root, '.gitignore'), 'ignored/\n');
    write(path.join(root, 'notes.txt'), READ_ONLY_TOOL);
    ({ client } = await LspClient.start({
      settings: { diagnosticMode: 'workspace', exclude: ['generated/'] },
      capabilities: { ...DEFAULT_CAPABILITIES, workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceFolders: true }, window: { workDoneProgress: true } },
      workspaceFolders: [{ uri: uriOf(root), name: 'workspace' }],
    }));
  });
  after(() => {
    client.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('a closed tool file gets its problems; skipped folders, .gitignore and exclude are honoured', async () => {
    const listed = await client.waitForDiagnostics(uriOf(path.join(root, 'tools.py')), undefined, 0);
    assert.deepEqual(lines(listed.diagnostics), [`${AT} info ${OPEN_WORLD}`]);
    // The open document's diagnostics carry its version; the workspace run leaves it alone.
    const open = new TestDocument(uriOf(path.join(root, 'open.py')), 'python', READ_ONLY_TOOL.replace('readOnlyHint=True', 'readOnlyHint=True, openWorldHint=False'));
    await client.open(open);
    assert.deepEqual((await client.waitForDiagnostics(open.uri, 1)).diagnostics, []);
    const openedAt = client.diagnostics.length;

    // $/progress goes to the handler of its token, registered when the server creates it.
    const progress: Array<WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd> = [];
    client.connection.onRequest('window/workDoneProgress/create', ({ token }: WorkDoneProgressCreateParams) => {
      client.connection.onProgress(WorkDoneProgress.type, token, (value) => progress.push(value));
      return null;
    });
    const linted = await client.connection.sendRequest('workspace/executeCommand', { command: 'mcpToolLint.lintWorkspace', arguments: [] });
    assert.equal(linted, 1);
    const published = new Set(client.diagnostics.map((params) => params.uri));
    for (const skipped of ['node_modules/pkg/tools.py', 'ignored/tools.py', 'generated/tools.py', 'notes.txt']) {
      assert.ok(!published.has(uriOf(path.join(root, skipped))), `${skipped} is skipped`);
    }
    assert.equal(client.diagnostics.slice(openedAt).filter((params) => params.uri === open.uri).length, 0);
    // Discovery finds three files (exclude is checked per file, and skips generated/); one report each.
    assert.deepEqual(progress.map((value) => value.kind), ['begin', 'report', 'report', 'report', 'end']);
    assert.equal((progress[0] as WorkDoneProgressBegin).title, 'MCP Tool Lint: linting the workspace');
    assert.deepEqual(progress.slice(1, 4).map((value) => [(value as WorkDoneProgressReport).percentage, (value as WorkDoneProgressReport).message]), [
      [0, `1/3 ${path.join(root, 'generated', 'tools.py')}`],
      [33, `2/3 ${path.join(root, 'open.py')}`],
      [67, `3/3 ${path.join(root, 'tools.py')}`],
    ]);
    await client.close(open.uri);
  });

  test('an added workspace folder is linted; a removed one no longer counts', async () => {
    const other = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-workspace-added-')));
    try {
      const file = write(path.join(other, 'more_tools.py'), READ_ONLY_TOOL);
      const folder = { uri: uriOf(other), name: 'added' };
      const before = client.diagnostics.length;
      await client.connection.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [folder], removed: [] } });
      assert.deepEqual(lines((await client.waitForDiagnostics(uriOf(file), undefined, before)).diagnostics), [`${AT} info ${OPEN_WORLD}`]);
      await client.connection.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [folder] } });
      // The next run lints only the first folder's files: tools.py and open.py (closed since the first test).
      assert.equal(await client.connection.sendRequest('workspace/executeCommand', { command: 'mcpToolLint.lintWorkspace', arguments: [] }), 2);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  test('closing a file falls back to its on-disk problems; turning the mode off clears them', async () => {
    const document = new TestDocument(uriOf(path.join(root, 'tools.py')), 'python', READ_ONLY_TOOL.replace('readOnlyHint=True', 'readOnlyHint=True, openWorldHint=False'));
    await client.open(document);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1)).diagnostics, []);
    const before = client.diagnostics.length;
    await client.close(document.uri);
    await client.waitFor(() => client.diagnostics.slice(before).find((p) => p.uri === document.uri && p.diagnostics.length === 1), 'on-disk diagnostics after closing');
    client.settings = { diagnosticMode: 'openFiles' };
    const later = client.diagnostics.length;
    await client.configurationChanged();
    assert.deepEqual((await client.waitForDiagnostics(document.uri, undefined, later)).diagnostics, []);
  });
});

describe('the fixAll command', () => {
  let client: LspClient;
  const edits: ApplyWorkspaceEditParams[] = [];
  before(async () => {
    ({ client } = await LspClient.start());
    client.connection.onRequest('workspace/applyEdit', (params: ApplyWorkspaceEditParams) => {
      edits.push(params);
      return { applied: true };
    });
  });
  after(() => client.kill());

  /** The `window/showMessage` texts the server has sent so far. */
  const shown = () => client.notifications.filter((n) => n.method === 'window/showMessage').map((n) => (n.params as { message: string }).message);

  test('applies the safe fixes of a document through workspace/applyEdit, and says what it fixed', async () => {
    const document = new TestDocument(uriOf(path.join(os.tmpdir(), 'mtl-fix-all', 'tools.py')), 'python', READ_ONLY_TOOL);
    await client.open(document);
    await client.waitForDiagnostics(document.uri, 1);
    const message = 'mcp-tool-lint: Fixed 1 problem in tools.py; none left.';
    const applied = await client.connection.sendRequest('workspace/executeCommand', { command: 'mcpToolLint.fixAll', arguments: [document.uri] });
    assert.deepEqual(applied, { applied: true, fixed: 1, withQuickFix: 0, withoutFix: 0, message });
    assert.equal(edits.length, 1);
    assert.equal(edits[0].label, 'Fix all safe mcp-tool-lint problems');
    assert.equal(applyWorkspaceEdit(document, edits[0].edit), READ_ONLY_TOOL.replace('readOnlyHint=True)', 'readOnlyHint=True, openWorldHint=True)'));
    await client.waitFor(() => shown().includes(message) || undefined, 'the summary message');
    // Nothing safe to fix: no edit; the message says so.
    const clean = new TestDocument(uriOf(path.join(os.tmpdir(), 'mtl-fix-all', 'clean.py')), 'python', READ_ONLY_TOOL.replace('readOnlyHint=True', 'readOnlyHint=True, openWorldHint=False'));
    await client.open(clean);
    await client.waitForDiagnostics(clean.uri, 1);
    assert.deepEqual(await client.connection.sendRequest('workspace/executeCommand', { command: 'mcpToolLint.fixAll', arguments: [clean.uri] }),
      { applied: false, fixed: 0, withQuickFix: 0, withoutFix: 0, message: 'mcp-tool-lint: no problems in clean.py.' });
    assert.equal(edits.length, 1);
  });

  test('what is left: the problems with a quick-fix the author must choose, and those without any', async () => {
    const text = [
      'from mcp.server.fastmcp import FastMCP',
      'from mcp.types import ToolAnnotations',
      '',
      'mcp = FastMCP("notes")',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))',
      'def list_notes() -> list:',
      '    """List the notes of the current user, newest first."""',
      '',
      '',
      '@mcp.tool(name="purge notes", annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=True, openWorldHint=False))',
      'def purge_notes() -> None:',
      '    """Delete every note of the current user for good."""',
      '',
    ].join('\n');
    const document = new TestDocument(uriOf(path.join(os.tmpdir(), 'mtl-fix-all', 'notes.py')), 'python', text);
    await client.open(document);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1)).diagnostics.map((d) => d.code), ['missing-annotation-hint', 'invalid-tool-name', 'read-only-destructive']);
    const message = 'mcp-tool-lint: Fixed 1 problem in notes.py; 1 left with a quick-fix to choose and 1 without a fix.';
    assert.deepEqual(await client.connection.sendRequest('workspace/executeCommand', { command: 'mcpToolLint.fixAll', arguments: [document.uri] }),
      { applied: true, fixed: 1, withQuickFix: 1, withoutFix: 1, message });
    await client.waitFor(() => shown().includes(message) || undefined, 'the summary message');
  });
});

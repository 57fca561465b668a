// What a tool's body does (issue 27), over the real stdio server on a copy of test/projects/python-weather:
// the first publish of a version is the keystroke path's (no effect findings yet), a second publish of
// the same version adds them with their paths across files; the quick-fix sets the flag; the tool card
// lists the effects with their paths; editing the helper a tool's effect goes through re-publishes the
// open tool file; typing in the tool file keeps the effect findings of the tools it did not touch in
// its first publish.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Hover, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { effectFindings } from '../helpers/effect-findings';
import { CHECK_ALERTS_EFFECTS } from '../helpers/expected-cards';
import { repoRoot } from '../helpers/fixtures';
import { DEFAULT_CAPABILITIES, LspClient, TestDocument } from '../helpers/lsp-client';
import { codeActions, EDITOR_CAPABILITIES, editsFor } from '../helpers/lsp-requests';

const uriOf = (file: string): string => pathToFileURL(file).href;

describe('effects over LSP', () => {
  let client: LspClient;
  let root: string;
  const file = (relative: string): string => path.join(root, relative);
  const documentOf = (relative: string): TestDocument => new TestDocument(uriOf(file(relative)), 'python', fs.readFileSync(file(relative), 'utf8'));
  /** The next diagnostics of `uri` at `version` published after the `after`-th notification. */
  const next = (uri: string, version: number, after: number): Promise<PublishDiagnosticsParams> => client.waitForDiagnostics(uri, version, after);

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-effects-')));
    fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'python-weather'), root, { recursive: true });
    const capabilities = {
      ...DEFAULT_CAPABILITIES,
      workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true } },
      textDocument: { ...DEFAULT_CAPABILITIES.textDocument, codeAction: EDITOR_CAPABILITIES.textDocument!.codeAction },
      window: { workDoneProgress: true },
    };
    ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: uriOf(root), name: 'weather' }] }));
    await client.waitForProgressEnd('Indexing MCP tools');
  });
  after(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('a second publish of the same version adds the effect findings, each with its path across files; the quick-fix sets the flag', async () => {
    const alerts = documentOf('src/weather_mcp/tools/alerts.py');
    const opened = client.diagnostics.length;
    await client.open(alerts);
    const first = await next(alerts.uri, 1, opened);
    assert.deepEqual(effectFindings(first.diagnostics, root), [], 'the keystroke path reads no other module');
    const second = await next(alerts.uri, 1, client.diagnostics.indexOf(first) + 1);
    // Severity 3 is information, 4 a hint (the effect is behind dry_run=True, or an environment switch).
    assert.deepEqual(effectFindings(second.diagnostics, root), [
      '12:39 effect-contradicts-read-only 3 src/weather_mcp/tools/alerts.py:13 src/weather_mcp/tools/alerts.py:17 src/weather_mcp/state.py:20',
      '34:59 effect-contradicts-non-destructive 3 src/weather_mcp/tools/alerts.py:35 src/weather_mcp/tools/alerts.py:37 src/weather_mcp/storage.py:21',
      '41:39 effect-contradicts-read-only 3 src/weather_mcp/tools/alerts.py:42 src/weather_mcp/tools/alerts.py:44 src/weather_mcp/storage.py:25 src/weather_mcp/storage.py:28',
      '48:39 effect-contradicts-read-only 4 src/weather_mcp/tools/alerts.py:49 src/weather_mcp/tools/alerts.py:51 src/weather_mcp/state.py:25',
      '54:39 effect-contradicts-read-only 3 src/weather_mcp/tools/alerts.py:55 src/weather_mcp/tools/alerts.py:60 src/weather_mcp/state.py:20',
      '64:39 effect-contradicts-read-only 4 src/weather_mcp/tools/alerts.py:65 src/weather_mcp/tools/alerts.py:67 src/weather_mcp/state.py:39',
    ]);
    const checkAlerts = second.diagnostics.find((diagnostic) => diagnostic.code === 'effect-contradicts-read-only')!;
    assert.equal(checkAlerts.message, 'readOnlyHint is True, but this tool writes a file (`save_watches` → `write_text`): clients may run it unasked. Set readOnlyHint to False.');
    const [fix] = await codeActions(client, alerts, checkAlerts.range, [checkAlerts], ['quickfix']);
    assert.equal(fix.title, 'Set readOnlyHint to False (the body writes a file)');
    assert.deepEqual(editsFor(fix.edit!, alerts).map((edit) => `${edit.range.start.line + 1}:${edit.range.start.character + 1} ${edit.newText}`), ['12:52 False']);
    // The tool card, on the function's name, lists what the body does with each step of the path.
    const hover: Hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: alerts.uri }, position: { line: 12, character: 6 } });
    const card = (hover.contents as MarkupContent).value;
    assert.ok(card.endsWith(CHECK_ALERTS_EFFECTS), card);
  });

  test('editing the helper a tool writes through re-publishes the open tool file', async () => {
    const alerts = documentOf('src/weather_mcp/tools/alerts.py');
    const state = documentOf('src/weather_mcp/state.py');
    await client.open(state);
    const edited = client.diagnostics.length;
    // save_watches no longer writes the state file.
    await client.change(state.nextVersion(), [
      state.replace('    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)\n    STATE_FILE.write_text(json.dumps(watches, indent=2))\n', '    return None\n'),
    ]);
    const republished = await client.waitFor(() => client.diagnostics.slice(edited).find((params) => params.uri === alerts.uri && !effectFindings(params.diagnostics, root).some((line) => line.startsWith('12:39'))), 'alerts.py without the check_alerts finding');
    assert.deepEqual(effectFindings(republished.diagnostics, root).map((line) => line.split(' ')[0]), ['34:59', '41:39', '48:39', '64:39']);
  });

  test('typing in the tool file keeps the effect findings of the tools the edit did not touch in its first publish', async () => {
    const alerts = documentOf('src/weather_mcp/tools/alerts.py');
    const typed = client.diagnostics.length;
    await client.change(alerts.nextVersion(), [alerts.replace('    """Report when the alerts were last checked."""', '    """Report when the alerts were checked last."""')]);
    const first = await next(alerts.uri, 2, typed);
    assert.deepEqual(effectFindings(first.diagnostics, root).map((line) => line.split(' ').slice(0, 2).join(' ')), [
      '34:59 effect-contradicts-non-destructive', '41:39 effect-contradicts-read-only', '48:39 effect-contradicts-read-only', '64:39 effect-contradicts-read-only',
    ]);
  });
});

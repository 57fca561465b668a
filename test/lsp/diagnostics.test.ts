// The real server over stdio: diagnostics for each document version as the author types,
// settings, half-typed code, closing, oversized files, shutdown.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Diagnostic, DiagnosticSeverity, InitializeResult, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { ProfileName } from '../../server/src/core/rules/rule';
import { repoRoot } from '../helpers/fixtures';
import { LspClient, TestDocument } from '../helpers/lsp-client';

const FIXTURES = path.join(repoRoot(), 'test', 'lsp', 'fixtures');
const DOCS = 'https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/';

function fixture(name: string, languageId: string): TestDocument {
  const file = path.join(FIXTURES, name);
  return new TestDocument(pathToFileURL(file).href, languageId, fs.readFileSync(file, 'utf8'));
}

/** What a user sees of a diagnostic, with the related locations' ranges. */
function shown(diagnostic: Diagnostic) {
  return {
    code: diagnostic.code,
    range: diagnostic.range,
    severity: diagnostic.severity,
    source: diagnostic.source,
    href: diagnostic.codeDescription?.href,
    related: (diagnostic.relatedInformation ?? []).map((info) => ({ uri: info.location.uri, range: info.location.range })),
  };
}

function expectDiagnostic(document: TestDocument, rule: string, needle: string, severity: DiagnosticSeverity, relatedNeedles: string[]) {
  return {
    code: rule,
    range: document.rangeOf(needle),
    severity,
    source: 'mcp-tool-lint',
    href: `${DOCS}${rule}.md`,
    related: relatedNeedles.map((related) => ({ uri: document.uri, range: document.rangeOf(related) })),
  };
}

/** The server's messages and related information must be the core's for the same text, parsed from scratch. */
async function assertSameAsFullAnalysis(document: TestDocument, diagnostics: Diagnostic[], profile: ProfileName = 'recommended') {
  await initAnalysis();
  const result = analyzeText(document.text, new URL(document.uri).pathname, { profile }, document.languageId);
  assert.ok(result);
  assert.deepEqual(
    diagnostics.map((d) => ({ rule: d.code, range: d.range, message: d.message, related: (d.relatedInformation ?? []).map((r) => ({ range: r.location.range, message: r.message })) })),
    result.findings.map((f) => ({ rule: f.rule, range: f.range, message: f.message, related: f.related })),
  );
}

describe('diagnostics over stdio', () => {
  let client: LspClient;
  let initializeResult: InitializeResult;

  before(async () => {
    ({ client, initializeResult } = await LspClient.start());
  });
  after(() => client.kill());

  test('initialize announces incremental sync and push diagnostics only', () => {
    assert.deepEqual(initializeResult.capabilities.textDocumentSync, { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } });
    assert.equal(initializeResult.capabilities.diagnosticProvider, undefined);
    assert.equal(initializeResult.serverInfo?.name, 'mcp-tool-lint');
  });

  /** Opens a valid document, types a contradiction in, checks the one diagnostic, then types it out again. */
  async function introduceAndRemove(document: TestDocument, contradiction: { valid: string; invalid: string; rule: string; code: string; related: string }) {
    await client.open(document);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1)).diagnostics, []);
    assert.deepEqual(client.configurationRequests.at(-1)?.items, [{ scopeUri: document.uri, section: 'mcpToolLint' }]);

    await client.change(document.nextVersion(), [document.replace(contradiction.valid, contradiction.invalid)]);
    const { diagnostics } = await client.waitForDiagnostics(document.uri, 2);
    assert.deepEqual(diagnostics.map(shown), [
      expectDiagnostic(document, contradiction.rule, contradiction.invalid, DiagnosticSeverity.Error, [contradiction.related]),
    ]);
    assert.equal((diagnostics[0].data as { code: string }).code, contradiction.code);
    await assertSameAsFullAnalysis(document, diagnostics);

    await client.change(document.nextVersion(), [document.replace(contradiction.invalid, contradiction.valid)]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 3)).diagnostics, []);
    await client.close(document.uri);
  }

  test('Python: a DELETE tool marked destructive=False is reported, and cleared once fixed', () => introduceAndRemove(
    fixture('arcade_tools.py', 'python'),
    { valid: 'destructive=True', invalid: 'destructive=False', rule: 'delete-not-destructive', code: 'MTL103', related: 'Operation.DELETE' },
  ));

  test('TypeScript: readOnlyHint with destructiveHint true is reported, and cleared once fixed', () => introduceAndRemove(
    fixture('calendar-server.ts', 'typescript'),
    { valid: 'destructiveHint: false', invalid: 'destructiveHint: true', rule: 'read-only-destructive', code: 'MTL105', related: 'readOnlyHint: true' },
  ));

  test('half-typed code: a deleted closing parenthesis still publishes what can be known, and the server keeps serving', async () => {
    const document = fixture('arcade_tools.py', 'python');
    document.replace('destructive=True', 'destructive=False');
    await client.open(document);
    const contradiction = () => expectDiagnostic(document, 'delete-not-destructive', 'destructive=False', DiagnosticSeverity.Error, ['Operation.DELETE']);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1)).diagnostics.map(shown), [contradiction()]);

    // The `)` that closes `Behavior(` goes missing, as while typing.
    await client.change(document.nextVersion(), [document.replace('open_world=True,\n        ),', 'open_world=True,\n        ,')]);
    const halfTyped = await client.waitForDiagnostics(document.uri, 2);
    assert.deepEqual(halfTyped.diagnostics.map(shown), [contradiction()]);
    await assertSameAsFullAnalysis(document, halfTyped.diagnostics);

    // A decorator with no function under it yet.
    const functionStart = document.text.indexOf('def delete_file');
    await client.change(document.nextVersion(), [document.edit(functionStart, document.text.length, '')]);
    const noFunction = await client.waitForDiagnostics(document.uri, 3);
    await assertSameAsFullAnalysis(document, noFunction.diagnostics);

    await client.change(document.nextVersion(), [document.edit(0, document.text.length, fixture('arcade_tools.py', 'python').text)]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 4)).diagnostics, []);
    await client.close(document.uri);
  });

  test('several changes in one notification, and a burst of keystrokes, give the diagnostics of a fresh parse', async () => {
    const document = fixture('arcade_tools.py', 'python');
    await client.open(document);
    await client.waitForDiagnostics(document.uri, 1);

    // Two changes in one notification: the second one's positions count the first one's line.
    await client.change(document.nextVersion(), [
      document.edit(0, 0, '# Files toolkit: 😀 tools.\n'),
      document.replace('destructive=True', 'destructive=False'),
    ]);
    const { diagnostics } = await client.waitForDiagnostics(document.uri, 2);
    assert.deepEqual(diagnostics.map(shown), [
      expectDiagnostic(document, 'delete-not-destructive', 'destructive=False', DiagnosticSeverity.Error, ['Operation.DELETE']),
    ]);

    // Typing `read_only=True` over `read_only=False`, one keystroke per notification, without waiting.
    const start = document.text.indexOf('read_only=False') + 'read_only='.length;
    const keystrokes = [
      document.edit(start, start + 'False'.length, ''),
      ...[...'True'].map((character, index) => document.edit(start + index, start + index, character)),
    ];
    for (const change of keystrokes) await client.change(document.nextVersion(), [change]);
    const last = await client.waitForDiagnostics(document.uri, document.version);
    assert.deepEqual(last.diagnostics.map(shown), [
      expectDiagnostic(document, 'read-only-mutation', 'read_only=True', DiagnosticSeverity.Error, ['Operation.DELETE']),
      expectDiagnostic(document, 'delete-not-destructive', 'destructive=False', DiagnosticSeverity.Error, ['Operation.DELETE']),
    ]);
    await assertSameAsFullAnalysis(document, last.diagnostics);
    await client.close(document.uri);
  });

  test('settings: profile and enable come from workspace/configuration and apply on didChangeConfiguration', async () => {
    const document = fixture('arcade_tools.py', 'python');
    document.replace('destructive=True', 'destructive=False');
    await client.open(document);
    assert.equal((await client.waitForDiagnostics(document.uri, 1)).diagnostics.length, 1);

    client.settings = { enable: false, profile: 'recommended' };
    let seen = client.diagnostics.length;
    await client.configurationChanged();
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1, seen)).diagnostics, []);

    // The `spec` profile leaves Arcade's ToolMetadata rules off.
    client.settings = { enable: true, profile: 'spec' };
    seen = client.diagnostics.length;
    await client.configurationChanged();
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1, seen)).diagnostics, []);

    client.settings = { enable: true, profile: 'recommended', rules: { customizations: [{ rule: 'MTL103', severity: 'warning' }] } };
    seen = client.diagnostics.length;
    await client.configurationChanged();
    const { diagnostics } = await client.waitForDiagnostics(document.uri, 1, seen);
    assert.deepEqual(diagnostics.map(shown), [
      expectDiagnostic(document, 'delete-not-destructive', 'destructive=False', DiagnosticSeverity.Warning, ['Operation.DELETE']),
    ]);

    client.settings = { enable: true, profile: 'no-such-profile' };
    seen = client.diagnostics.length;
    await client.configurationChanged();
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1, seen)).diagnostics.map((d) => d.severity), [DiagnosticSeverity.Error]);
    await client.waitFor(() => client.logs.find((log) => log.message.includes('"no-such-profile" is not one of')), 'a log line about the unknown profile');

    client.settings = { enable: true, profile: 'recommended' };
    await client.configurationChanged();
    await client.close(document.uri);
  });

  test('closing a document clears its diagnostics', async () => {
    const document = fixture('arcade_tools.py', 'python');
    document.replace('destructive=True', 'destructive=False');
    await client.open(document);
    assert.equal((await client.waitForDiagnostics(document.uri, 1)).diagnostics.length, 1);
    const seen = client.diagnostics.length;
    await client.close(document.uri);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, undefined, seen)).diagnostics, []);
  });

  test('files over 5 MB and files of other languages publish nothing; the server keeps serving', async () => {
    const tool = fixture('arcade_tools.py', 'python').text.replace('destructive=True', 'destructive=False');
    const huge = new TestDocument('file:///work/huge_tools.py', 'python', tool.repeat(Math.ceil((5 * 1024 * 1024) / tool.length) + 1));
    const notes = new TestDocument('file:///work/notes.txt', 'plaintext', tool);
    const seen = client.diagnostics.length;
    await client.open(huge);
    await client.open(notes);
    await client.waitFor(() => client.logs.find((log) => log.message.includes(huge.uri) && log.message.includes('larger than 5 MB')), 'the log line about the huge file');

    const small = fixture('arcade_tools.py', 'python');
    small.replace('destructive=True', 'destructive=False');
    await client.open(small);
    assert.equal((await client.waitForDiagnostics(small.uri, 1, seen)).diagnostics.length, 1);
    assert.deepEqual(client.diagnostics.slice(seen).filter((params) => params.uri === huge.uri || params.uri === notes.uri), []);
    assert.equal(client.logs.filter((log) => log.message.includes(huge.uri)).length, 1);
    for (const document of [huge, notes, small]) await client.close(document.uri);
  });

  test('shutdown and exit end the server with code 0', async () => {
    assert.equal(await client.shutdown(), 0);
    assert.equal(client.logs.filter((log) => log.type === 1).map((log) => log.message).join('\n'), '', 'no errors were logged');
  });
});

describe('a client without workspace/configuration', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } } }));
  });
  after(() => client.kill());

  test('settings pushed with didChangeConfiguration apply; related information is left out', async () => {
    const document = fixture('arcade_tools.py', 'python');
    document.replace('destructive=True', 'destructive=False');
    await client.open(document);
    const { diagnostics } = await client.waitForDiagnostics(document.uri, 1);
    assert.deepEqual(diagnostics.map(shown), [
      expectDiagnostic(document, 'delete-not-destructive', 'destructive=False', DiagnosticSeverity.Error, []),
    ]);
    assert.equal(diagnostics[0].relatedInformation, undefined);

    const seen = client.diagnostics.length;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { mcpToolLint: { profile: 'spec' } } });
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 1, seen)).diagnostics, []);
    assert.deepEqual(client.configurationRequests, []);
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { mcpToolLint: {} } });
    await client.close(document.uri);
  });

  test('a malformed change is logged as an error and the server keeps serving', async () => {
    const document = fixture('arcade_tools.py', 'python');
    await client.open(document);
    await client.waitForDiagnostics(document.uri, 1);
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: document.uri, version: 2 } });
    await client.waitFor(() => client.logs.find((log) => log.type === 1 && log.message.startsWith('didChange failed')), 'the logged error');

    document.version = 2;
    await client.change(document.nextVersion(), [document.replace('destructive=True', 'destructive=False')]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, 3)).diagnostics.map((d) => d.code), ['delete-not-destructive']);
    assert.equal(await client.shutdown(), 0);
  });
});

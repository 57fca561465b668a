// Diagnostics over stdio are sent from the JSON each was first encoded with (server/src/lsp/wire.ts).
// While the author types, lines come and go above findings that are reused and moved in place: every
// published diagnostic must still be the one a fresh analysis of the same text gives.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Diagnostic, DiagnosticSeverity, NotificationMessage } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { DiagnosticCache, wireEncoder } from '../../server/src/lsp/wire';
import { repoRoot } from '../helpers/fixtures';
import { LspClient, TestDocument } from '../helpers/lsp-client';

const FIXTURE = path.join(repoRoot(), 'test', 'lsp', 'fixtures', 'arcade_tools.py');

let client: LspClient;
before(async () => {
  await initAnalysis();
  ({ client } = await LspClient.start());
});
after(() => client.kill());

function expected(document: TestDocument): Diagnostic[] {
  const result = analyzeText(document.text, FIXTURE, {}, document.languageId);
  assert.ok(result);
  return result.findings.map((finding) => toDiagnostic(finding, { uri: document.uri, relatedInformation: true }));
}

test('after each edit (lines added and removed above findings, a finding typed in and out), the diagnostics are a fresh analysis\'s', async () => {
  const document = new TestDocument(pathToFileURL(FIXTURE).href, 'python', fs.readFileSync(FIXTURE, 'utf8'));
  await client.open(document);
  assert.deepEqual((await client.waitForDiagnostics(document.uri, 1)).diagnostics, expected(document));
  const firstTool = document.text.indexOf('@app.tool');
  const edits: Array<() => void> = [
    () => client.change(document.nextVersion(), [document.replace('destructive=True', 'destructive=False')]),
    () => client.change(document.nextVersion(), [document.edit(firstTool, firstTool, '# a new line\n')]),
    () => client.change(document.nextVersion(), [document.edit(firstTool, firstTool, 'x')]),
    () => client.change(document.nextVersion(), [document.edit(firstTool, firstTool + 1, '')]),
    () => client.change(document.nextVersion(), [document.edit(0, 0, '\n\n')]),
    () => client.change(document.nextVersion(), [document.edit(0, 2, '')]),
    () => client.change(document.nextVersion(), [document.replace('# a new line\n', '')]),
    () => client.change(document.nextVersion(), [document.replace('destructive=False', 'destructive=True')]),
  ];
  let sawFindings = false;
  for (const edit of edits) {
    edit();
    const { diagnostics } = await client.waitForDiagnostics(document.uri, document.version);
    sawFindings ||= diagnostics.length > 0;
    assert.deepEqual(diagnostics, expected(document), `version ${document.version}`);
  }
  assert.ok(sawFindings, 'the fixture has findings to move');
});

const finding: Finding = {
  code: 'MTL101', rule: 'read-only-destructive', severity: 'error', message: 'A “read-only” tool — destructive',
  range: { start: { line: 3, character: 4 }, end: { line: 3, character: 9 } },
  related: [{ message: 'here', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } } }], fixes: [],
};

const encoder = wireEncoder();

/** Decodes what the encoder wrote, checking that it is ASCII (other characters escaped). */
async function decode(message: NotificationMessage): Promise<unknown> {
  const bytes = Buffer.from(await encoder.encode(message, { charset: 'utf-8' }));
  const outside = bytes.findIndex((byte) => byte > 0x7f);
  assert.equal(outside, -1, `a byte outside ASCII at ${outside}: ${bytes.toString('utf8').slice(Math.max(0, outside - 20), outside + 20)}`);
  return JSON.parse(bytes.toString('utf8'));
}

test('the encoder writes a publishDiagnostics as JSON.stringify would, and follows a finding moved in place', async () => {
  const cache = new DiagnosticCache((each) => toDiagnostic(each, { uri: 'file:///a.py', relatedInformation: true }));
  const other = { ...finding, range: { start: { line: 9, character: 0 }, end: { line: 9, character: 1 } }, related: [], severity: 'warning' as const };
  const publish = (findings: Finding[], version: number): NotificationMessage => ({
    jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.py', version, diagnostics: cache.diagnosticsOf(findings) },
  });
  const first = publish([finding, other], 1);
  assert.deepEqual(await decode(first), JSON.parse(JSON.stringify(first)));
  const [diagnostic] = (first.params as { diagnostics: Diagnostic[] }).diagnostics;
  assert.equal(diagnostic.severity, DiagnosticSeverity.Error);

  finding.range.start.line = 5;
  finding.range.end.line = 5;
  finding.related[0].range.start.character = 1;
  const second = publish([finding, other], 2);
  const decoded = (await decode(second)) as { params: { version: number; diagnostics: Diagnostic[] } };
  assert.equal(decoded.params.version, 2);
  assert.deepEqual(decoded.params.diagnostics[0].range, { start: { line: 5, character: 4 }, end: { line: 5, character: 9 } });
  assert.deepEqual(decoded.params.diagnostics[0].relatedInformation?.[0].location.range.start, { line: 1, character: 1 });
  assert.deepEqual(decoded, JSON.parse(JSON.stringify(second)));
  assert.equal((second.params as { diagnostics: Diagnostic[] }).diagnostics[1], (first.params as { diagnostics: Diagnostic[] }).diagnostics[1], 'the unchanged finding\'s diagnostic is reused');

  // A longer message after shorter ones: the kept buffer grows.
  const many = Array.from({ length: 50 }, (_, line) => ({ ...finding, range: { start: { line, character: 0 }, end: { line, character: 1 } } }));
  const third = publish(many, 3);
  assert.deepEqual(await decode(third), JSON.parse(JSON.stringify(third)));
  const fourth = publish([finding, other], 4);
  assert.deepEqual(await decode(fourth), JSON.parse(JSON.stringify(fourth)));

  const hover: NotificationMessage = { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'ServiceDomain — “emoji” \u{1F600} é' } };
  assert.deepEqual(await decode(hover), hover, 'other messages are ASCII too, astral characters as two escapes');

  const empty: NotificationMessage = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.py', diagnostics: [] } };
  assert.deepEqual(await decode(empty), empty);
});

// The warm-up over the real stdio server: after a document's first diagnostics the server types
// into a sample module of its language; the client sees none of it but one line in its log, and a
// keystroke ends it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Diagnostic, MessageType } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { repoRoot } from '../helpers/fixtures';
import { LspClient, TestDocument } from '../helpers/lsp-client';

const FIXTURE = path.join(repoRoot(), 'test', 'lsp', 'fixtures', 'arcade_tools.py');
const WARMED_UP = /^Warmed up for python in \d+ ms \(\d+ keystrokes typed into a sample module\)\.$/;

/** A fresh server with the fixture open and its first diagnostics in. */
async function openedFixture(): Promise<{ client: LspClient; document: TestDocument }> {
  await initAnalysis();
  const { client } = await LspClient.start();
  const document = new TestDocument(pathToFileURL(FIXTURE).href, 'python', fs.readFileSync(FIXTURE, 'utf8'));
  await client.open(document);
  await client.waitForDiagnostics(document.uri, 1);
  return { client, document };
}

function fresh(document: TestDocument): Diagnostic[] {
  const result = analyzeText(document.text, FIXTURE);
  assert.ok(result);
  return result.findings.map((finding) => toDiagnostic(finding, { uri: document.uri, relatedInformation: true }));
}

test('after the first diagnostics the server warms up: one line in the log, no diagnostics of its own, no error', async () => {
  const { client, document } = await openedFixture();
  try {
    await client.waitFor(() => client.logs.find((log) => WARMED_UP.test(log.message)), 'the warm-up to finish');
    assert.deepEqual(client.diagnostics.map((published) => published.uri), [document.uri]);
    assert.deepEqual(client.logs.filter((log) => log.type === MessageType.Error), []);
    // Warm, the server still answers as before.
    await client.change(document.nextVersion(), [document.replace('destructive=True', 'destructive=False')]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, document.version)).diagnostics, fresh(document));
  } finally {
    client.kill();
  }
});

test('a keystroke right after the first diagnostics is analysed as usual and ends the warm-up; another language opened later warms up', async () => {
  const { client, document } = await openedFixture();
  try {
    await client.change(document.nextVersion(), [document.replace('destructive=True', 'destructive=False')]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, document.version)).diagnostics, fresh(document));
    // A warm-up still running would keep the server busy until it logged that it finished.
    await client.untilIdle();
    await client.change(document.nextVersion(), [document.replace('destructive=False', 'destructive=True')]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, document.version)).diagnostics, fresh(document));
    assert.deepEqual(client.logs.filter((log) => WARMED_UP.test(log.message) || log.type === MessageType.Error), []);
    // A document of another language opened later warms its language up.
    const script = new TestDocument('file:///work/tools.ts', 'typescript', "server.registerTool('list', { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n");
    await client.open(script);
    await client.waitForDiagnostics(script.uri, 1);
    await client.waitFor(() => client.logs.find((log) => /^Warmed up for typescript in /.test(log.message)), 'the TypeScript warm-up');
  } finally {
    client.kill();
  }
});

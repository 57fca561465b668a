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
const WARMED_UP = /^Ready for fast typing in Python files: practised \d+ keystrokes on a sample file in the background \(\d+ ms\)\.$/;

/** A fresh server with the fixture open and its first diagnostics in. */
async function openedFixture(warmUp = true): Promise<{ client: LspClient; document: TestDocument }> {
  await initAnalysis();
  const { client } = await LspClient.start({ warmUp });
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
    const warmedUp = await client.waitFor(() => client.logs.find((log) => WARMED_UP.test(log.message)), 'the warm-up to finish');
    assert.equal(warmedUp.type, MessageType.Debug, 'a detail, at debug level');
    assert.deepEqual(client.diagnostics.map((published) => published.uri), [document.uri]);
    assert.deepEqual(client.logs.filter((log) => log.type === MessageType.Error), []);
    // Warm, the server still answers as before.
    await client.change(document.nextVersion(), [document.replace('destructive=True', 'destructive=False')]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, document.version)).diagnostics, fresh(document));
  } finally {
    client.kill();
  }
});

test('started with --no-warm-up, the server does not warm up: once idle after the first diagnostics its log has no warm-up line', async () => {
  const { client, document } = await openedFixture(false);
  try {
    await client.untilIdle();
    assert.deepEqual(client.logs.filter((log) => /^Ready for fast typing/.test(log.message) || log.type === MessageType.Error), []);
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
    await client.waitFor(() => client.logs.find((log) => /^Ready for fast typing in TypeScript files: /.test(log.message)), 'the TypeScript warm-up');
  } finally {
    client.kill();
  }
});

/** Three tools that each contradict themselves: a diagnostic or more apiece. */
const CONTRADICTIONS = `from arcade_mcp_server import MCPApp
from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata

app = MCPApp(name="Files")
${[1, 2, 3].map((n) => `

@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.DELETE], read_only=True, destructive=True)))
def remove_${n}(path: str) -> str:
    \"\"\"Remove a file.\"\"\"
    return path
`).join('')}`;

test('once idle, the server has prepared the document for its next edit: lines typed at the top move every diagnostic with them', async () => {
  await initAnalysis();
  const { client } = await LspClient.start({ warmUp: true });
  const document = new TestDocument(pathToFileURL(path.join(path.dirname(FIXTURE), 'contradictions.py')).href, 'python', CONTRADICTIONS);
  try {
    await client.open(document);
    const before = (await client.waitForDiagnostics(document.uri, 1)).diagnostics;
    assert.deepEqual(before, fresh(document));
    assert.ok(before.length >= 3, `the document has ${before.length} diagnostics`);
    // Idle: the document's analysis is prepared for the next edit (core/incremental/shift.ts) and the warm-up has finished.
    await client.untilIdle();
    await client.change(document.nextVersion(), [document.edit(0, 0, '# moved\n\n')]);
    const after = (await client.waitForDiagnostics(document.uri, document.version)).diagnostics;
    assert.deepEqual(after, fresh(document));
    assert.deepEqual(after.map((diagnostic) => diagnostic.range.start.line), before.map((diagnostic) => diagnostic.range.start.line + 2));
    // And again once idle, on groups prepared after the edit before.
    await client.untilIdle();
    await client.change(document.nextVersion(), [document.edit(0, 0, 'x = 1\n')]);
    assert.deepEqual((await client.waitForDiagnostics(document.uri, document.version)).diagnostics, fresh(document));
  } finally {
    client.kill();
  }
});

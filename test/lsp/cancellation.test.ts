// `$/cancelRequest` over the real stdio server: while a large file is being analysed (the server's
// event loop is held), a request the client cancels is answered with RequestCancelled, whether it
// was still waiting in the queue or already running; one not cancelled gets its answer.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { CancellationTokenSource, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { generatePython } from '../../bench/generate';
import { LspClient, TestDocument } from '../helpers/lsp-client';

/** About 1.5 MB of tools: a second or more of analysis when it opens. */
const LARGE = generatePython(40_000, 3);

function isCancelled(error: unknown): boolean {
  return error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled;
}

test('while a large file is analysed, cancelled hovers are answered with RequestCancelled and the others with their answer', async () => {
  const { client } = await LspClient.start();
  try {
    const document = new TestDocument('file:///work/large_tools.py', 'python', LARGE);
    const hoverParams = { textDocument: { uri: document.uri }, position: { line: 20, character: 12 } };
    await client.open(document);
    // The first is dispatched at once and waits for the analysis; the others queue behind the held event loop.
    const running = new CancellationTokenSource();
    const first = client.connection.sendRequest('textDocument/hover', hoverParams, running.token);
    running.cancel();
    const answered = client.connection.sendRequest('textDocument/hover', hoverParams);
    const queued = new CancellationTokenSource();
    const third = client.connection.sendRequest('textDocument/hover', hoverParams, queued.token);
    queued.cancel();
    const outcomes = await Promise.allSettled([first, answered, third]);
    assert.deepEqual(outcomes.map((outcome) => outcome.status === 'rejected' && isCancelled(outcome.reason) ? 'cancelled' : outcome.status),
      ['cancelled', 'fulfilled', 'cancelled'], JSON.stringify(outcomes.map((outcome) => outcome.status === 'rejected' ? String(outcome.reason) : 'answered')));
    // The file's diagnostics still come, and the server answers after it.
    const diagnostics = await client.waitForDiagnostics(document.uri, 1, undefined, 60_000);
    assert.ok(diagnostics.diagnostics.length > 100, `${diagnostics.diagnostics.length} diagnostics`);
    const after = await client.connection.sendRequest('textDocument/hover', hoverParams);
    assert.notEqual(after, undefined);
  } finally {
    client.kill();
  }
});

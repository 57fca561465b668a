// The end of the lifecycle over stdio (LSP spec, shutdown/exit): after `shutdown` every request is
// refused with InvalidRequest (vscode-languageserver 9 alone would still answer them), notifications
// other than `exit` are ignored, and `exit` ends the process with code 0; `exit` without `shutdown`
// ends it with code 1.
import * as assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { LspClient } from '../helpers/lsp-client';
import { editorFixture } from '../helpers/lsp-requests';
import { PREVIEW_REQUEST } from '../../server/src/lsp/features/preview';

let client: LspClient | undefined;

afterEach(() => client?.kill());

async function refusal(request: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    const result = await request;
    assert.fail(`answered after shutdown: ${JSON.stringify(result)}`);
  } catch (error) {
    assert.ok(error instanceof ResponseError, String(error));
    return { code: error.code, message: error.message };
  }
}

test('after shutdown, requests are refused with InvalidRequest, notifications ignored, and exit ends with code 0', async () => {
  ({ client } = await LspClient.start());
  const { connection } = client;
  const document = editorFixture('tools.py', 'python');
  await client.open(document);
  await client.waitForDiagnostics(document.uri, document.version);
  const hover = { textDocument: { uri: document.uri }, position: { line: 11, character: 14 } };
  assert.ok(await connection.sendRequest('textDocument/hover', hover), 'a hover before shutdown');
  // The time one change takes to be linted, for the check that a change after shutdown is not.
  const changed = Date.now();
  await client.change(document.nextVersion(), [document.edit(0, 0, '# mail tools\n')]);
  await client.waitForDiagnostics(document.uri, document.version);
  const lintMs = Date.now() - changed;

  assert.equal(await connection.sendRequest('shutdown'), null);
  const refused = await Promise.all([
    refusal(connection.sendRequest('textDocument/hover', hover)),
    refusal(connection.sendRequest('textDocument/completion', { ...hover, context: { triggerKind: 1 } })),
    refusal(connection.sendRequest(PREVIEW_REQUEST, { uri: document.uri })),
    refusal(connection.sendRequest('no/such/method', {})),
    refusal(connection.sendRequest('shutdown')),
  ]);
  assert.deepEqual(refused.map((r) => r.code), Array(5).fill(ErrorCodes.InvalidRequest));
  assert.match(refused[0].message, /^textDocument\/hover after shutdown: the server is shutting down/);

  // A change after shutdown is not linted: no diagnostics for its version while five times the time
  // a change took before goes by (and a request sent after it is refused, so it has been read).
  const published = client.diagnostics.length;
  await client.change(document.nextVersion(), [document.edit(0, 0, '# more mail tools\n')]);
  await refusal(connection.sendRequest('textDocument/hover', hover));
  await assert.rejects(client.waitForDiagnostics(document.uri, document.version, published, Math.max(1000, 5 * lintMs)), /timed out/);

  await connection.sendNotification('exit');
  assert.equal(await client.waitFor(() => client!.exitCode, 'the server to exit'), 0);
  assert.equal(client.stderr, '');
  assert.deepEqual(client.logs.filter((log) => log.type === 1), []);
});

test('exit without shutdown ends the server with code 1', async () => {
  ({ client } = await LspClient.start());
  await client.connection.sendNotification('exit');
  assert.equal(await client.waitFor(() => client!.exitCode, 'the server to exit'), 1);
  assert.equal(client.stderr, '');
});

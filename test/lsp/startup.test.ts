// The server without its grammar files: it says so once and keeps answering.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { LspClient, SERVER, TestDocument } from '../helpers/lsp-client';

test('a server bundle whose .wasm files are missing logs one error, publishes nothing and shuts down cleanly', async (t) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-tool-lint-'));
  t.after(() => fs.rmSync(folder, { recursive: true, force: true }));
  // Three folders deep, so that none of the places the loader looks holds the grammars.
  const server = path.join(folder, 'a', 'b', 'c', 'server.js');
  fs.mkdirSync(path.dirname(server), { recursive: true });
  fs.copyFileSync(SERVER, server);
  fs.copyFileSync(path.join(path.dirname(SERVER), 'server-main.js'), path.join(path.dirname(server), 'server-main.js'));

  const { client, initializeResult } = await LspClient.start({ server });
  t.after(() => client.kill());
  assert.equal(initializeResult.serverInfo?.name, 'mcp-tool-lint');
  const document = new TestDocument('file:///work/tools.py', 'python', 'from arcade_mcp_server import MCPApp\n@app.tool\ndef f(): ...\n');
  await client.open(document);
  await client.change(document.nextVersion(), [document.edit(0, 0, '# a comment\n')]);
  await client.waitFor(() => client.logs.find((log) => log.type === 1 && log.message.includes('cannot find tree-sitter.wasm')), 'the error about the missing grammars');

  assert.equal(await client.shutdown(), 0);
  assert.deepEqual(client.logs.filter((log) => log.type === 1).length, 1);
  assert.deepEqual(client.diagnostics, []);
});

// What the server logs when it starts (version, profile, project config, grammars), and the server
// without its grammar files: it says so once and keeps answering.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { MessageType } from 'vscode-languageserver/node';
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

test('the log at start-up: the version, each workspace folder\'s profile and project config, the grammars as they load', async (t) => {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-tool-lint-log-')));
  t.after(() => fs.rmSync(folder, { recursive: true, force: true }));
  const config = path.join(folder, '.mcp-tool-lint.json');
  fs.writeFileSync(config, '{"profile": "strict"}');
  const { client } = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'log' }] });
  t.after(() => client.kill());
  const document = new TestDocument(pathToFileURL(path.join(folder, 'tools.py')).href, 'python', 'from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\n');
  await client.open(document);
  await client.waitForDiagnostics(document.uri, 1);
  const grammar = await client.waitFor(() => client.logs.find((log) => /^Loaded the python grammar \(tree-sitter\) in \d+ ms\.$/.test(log.message)), 'the grammar line');
  const lines = client.logs.filter((log) => log.type === MessageType.Info).map((log) => log.message);
  assert.match(lines[0], /^mcp-tool-lint \d+\.\d+\.\d+ language server started \(Node v\d+\.\d+\.\d+\)\.$/);
  assert.ok(lines.includes(`Workspace folder ${folder}: profile strict (from ${config}), project config ${config}.`), lines.join('\n'));
  assert.ok(lines.includes(`Using the project config ${config} (profile strict) for the files under ${folder}.`), lines.join('\n'));
  assert.equal(grammar.type, MessageType.Info);
});

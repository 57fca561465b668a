// Each grammar is loaded when the first document of its language needs it: a missing grammar file
// costs only the documents of that language, with one error naming the file, and the rest is linted.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { LspClient, SERVER, TestDocument } from '../helpers/lsp-client';

const PYTHON_TOOL = [
  'from arcade_mcp_server import MCPApp',
  'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata',
  'app = MCPApp(name="files")',
  '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.DELETE], read_only=False, destructive=False, idempotent=True, open_world=False)))',
  'def delete_file(path: str) -> str:',
  '    """Delete a file from the workspace for good.',
  '',
  '    Args:',
  '        path: The file, relative to the workspace.',
  '    """',
  '    return path',
  '',
].join('\n');

const TSX_TOOL = [
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
  'const server = new McpServer({ name: "files", version: "1.0.0" });',
  'server.registerTool("delete_file", { description: "Delete a file from the workspace for good.", annotations: { readOnlyHint: true, destructiveHint: true } }, async () => ({ content: [] }));',
  '',
].join('\n');

test('a server whose TSX grammar file is missing lints Python and logs one error naming the TSX grammar', async (t) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-tool-lint-'));
  t.after(() => fs.rmSync(folder, { recursive: true, force: true }));
  const dist = path.dirname(SERVER);
  for (const bundle of ['server.js', 'server-main.js']) fs.copyFileSync(path.join(dist, bundle), path.join(folder, bundle));
  for (const file of fs.readdirSync(dist)) {
    if (file.endsWith('.wasm') && file !== 'tree-sitter-tsx.wasm') fs.copyFileSync(path.join(dist, file), path.join(folder, file));
  }

  const { client } = await LspClient.start({ server: path.join(folder, 'server.js') });
  t.after(() => client.kill());
  const python = new TestDocument('file:///work/tools.py', 'python', PYTHON_TOOL);
  await client.open(python);
  const published = await client.waitForDiagnostics(python.uri, 1);
  // rules.md: MTL103 delete-not-destructive, an error.
  assert.deepEqual(published.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]), [['delete-not-destructive', 1]]);
  assert.deepEqual(client.logs.filter((log) => log.type === 1), [], 'no error before a TSX document is opened');

  const tsx = new TestDocument('file:///work/server.tsx', 'typescriptreact', TSX_TOOL);
  await client.open(tsx);
  const error = await client.waitFor(() => client.logs.find((log) => log.type === 1), 'the error about the TSX grammar');
  assert.match(error.message, /^Loading the tree-sitter grammar for tsx failed: .*cannot load the tsx grammar from .*tree-sitter-tsx\.wasm/);

  // The other languages keep working, and the failure is not logged again.
  await client.change(python.nextVersion(), [python.replace('destructive=False', 'destructive=True')]);
  assert.deepEqual((await client.waitForDiagnostics(python.uri, 2)).diagnostics, []);
  await client.change(tsx.nextVersion(), [tsx.replace('readOnlyHint: true', 'readOnlyHint: false')]);
  assert.equal(await client.shutdown(), 0);
  assert.equal(client.logs.filter((log) => log.type === 1).length, 1);
  assert.equal(client.diagnostics.filter((params) => params.uri === tsx.uri && params.diagnostics.length > 0).length, 0);
});

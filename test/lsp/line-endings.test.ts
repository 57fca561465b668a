// Lone CR line breaks (old Mac files): LSP counts them as line breaks, tree-sitter does not; the
// server parses a copy with LF in their place, so findings sit on the lines the editor shows.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspClient, TestDocument } from '../helpers/lsp-client';

let client: LspClient;

before(async () => {
  ({ client } = await LspClient.start());
});

after(async () => {
  await client.shutdown();
});

const LINES = [
  'from arcade_mcp_server import MCPApp',
  'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata',
  'app = MCPApp(name="Files")',
  '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.DELETE], read_only=False, destructive=False, idempotent=False, open_world=True)))',
  'def remove_file(file_id: str) -> None:',
  '    """Remove a file."""',
];

function mtl103(params: { diagnostics: Array<{ code?: unknown; range: { start: { line: number; character: number } } }> }) {
  return params.diagnostics.filter((d) => d.code === 'delete-not-destructive').map((d) => d.range.start);
}

/** An incremental change with LSP positions (a lone CR is a line break), applied to the test document too. */
function change(document: TestDocument, offset: number, newText: string) {
  const lsp = TextDocument.create(document.uri, 'python', document.version, document.text);
  const position = lsp.positionAt(offset);
  document.text = document.text.slice(0, offset) + newText + document.text.slice(offset);
  return { range: { start: position, end: position }, text: newText };
}

test('a file with lone CR line breaks gets its findings on the lines an editor shows, also after edits', async () => {
  const document = new TestDocument('file:///tmp/lone-cr/files.py', 'python', LINES.join('\r') + '\r');
  await client.open(document);
  const opened = await client.waitForDiagnostics(document.uri, document.version);
  const column = LINES[3].indexOf('destructive=False');
  assert.deepEqual(mtl103(opened), [{ line: 3, character: column }]);

  // Insert a line (a lone CR) above the tool, then turn one lone CR into CRLF.
  await client.change(document.nextVersion(), [change(document, 0, '# tools\r')]);
  const shifted = await client.waitForDiagnostics(document.uri, document.version);
  assert.deepEqual(mtl103(shifted), [{ line: 4, character: column }]);
  const firstBreak = document.text.indexOf('\r');
  await client.change(document.nextVersion(), [change(document, firstBreak + 1, '\n')]);
  const mixed = await client.waitForDiagnostics(document.uri, document.version);
  assert.deepEqual(mtl103(mixed), [{ line: 4, character: column }]);
});

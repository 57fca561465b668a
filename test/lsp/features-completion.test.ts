// Completion over the real server: members after `ServiceDomain.` / `Operation.`, lowercase values
// in a `service_domains` string, the keys not yet written in `Behavior(` and in annotation
// dicts / object literals, and booleans after a flag — in complete and half-typed code; the tool
// snippets (kind Snippet, with the missing imports as additionalTextEdits) where a statement starts.
import * as assert from 'node:assert/strict';
import { after as afterAll, before, describe, test } from 'node:test';
import { CompletionItem, CompletionItemKind, InsertTextFormat, MarkupContent } from 'vscode-languageserver/node';
import { SERVICE_DOMAINS } from '../../server/src/core/data/service-domains';
import { LspClient, positionAt, TestDocument } from '../helpers/lsp-client';
import { completion, EDITOR_CAPABILITIES, inlineDocument, PLAIN_CAPABILITIES } from '../helpers/lsp-requests';

const PY_HEADER = 'from arcade_mcp_server import MCPApp\nfrom arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata\n\napp = MCPApp(name="Mail")\n\n\n';
const TS_HEADER = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n\nconst server = new McpServer({ name: "calendar", version: "1.0.0" });\n\n';

let counter = 0;

/** Opens `text` with `|` marking the cursor and returns the completion items there. */
async function completeAt(client: LspClient, languageId: string, marked: string, trigger?: string): Promise<{ items: CompletionItem[]; document: TestDocument }> {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0);
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const document = inlineDocument(`completion-${counter++}.${languageId === 'python' ? 'py' : 'ts'}`, languageId, text);
  await client.open(document);
  const items = await completion(client, document, positionAt(text, offset), trigger);
  await client.close(document.uri);
  return { items, document };
}

const labels = (items: CompletionItem[]) => items.map((item) => item.label);

describe('completion', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  test('after `ServiceDomain.`: all 30 members with wire value and description', async () => {
    const { items } = await completeAt(client, 'python', `${PY_HEADER}@app.tool(metadata=ToolMetadata(classification=Classification(service_domains=[ServiceDomain.|`, '.');
    assert.deepEqual(labels(items), SERVICE_DOMAINS.map((d) => d.member));
    assert.equal(items.length, 30);
    const email = items.find((item) => item.label === 'EMAIL')!;
    assert.equal(email.detail, '"email"');
    assert.equal((email.documentation as MarkupContent).value, 'Email services for sending, receiving, and managing messages');
  });

  test('after `Operation.` with a half-typed name: the five operations with "when to use", replacing the word', async () => {
    const { items } = await completeAt(client, 'python', `${PY_HEADER}x = Behavior(operations=[Operation.DE|])\n`);
    assert.deepEqual(labels(items), ['READ', 'CREATE', 'UPDATE', 'DELETE', 'OPAQUE']);
    const del = items.find((item) => item.label === 'DELETE')!;
    assert.equal(del.detail, '"delete"');
    assert.equal((del.documentation as MarkupContent).value, 'A resource is no longer retrievable (permanent deletion, soft-delete, cancellation).');
    const edit = del.textEdit as { range: { start: { character: number }; end: { character: number } }; newText: string };
    assert.equal(edit.newText, 'DELETE');
    assert.equal(edit.range.end.character - edit.range.start.character, 2, 'replaces the typed "DE"');
  });

  test('inside a service_domains string: the lowercase values', async () => {
    const { items } = await completeAt(client, 'python', `${PY_HEADER}c = Classification(service_domains=["em|"])\n`, '"');
    assert.deepEqual(labels(items), SERVICE_DOMAINS.map((d) => d.value));
    assert.equal(items.find((item) => item.label === 'email')!.detail, 'ServiceDomain.EMAIL');
  });

  test('in an empty slot of `operations=[...]`: the qualified members', async () => {
    const { items } = await completeAt(client, 'python', `${PY_HEADER}b = Behavior(operations=[Operation.READ, |])\n`, ',');
    assert.deepEqual(labels(items), ['Operation.READ', 'Operation.CREATE', 'Operation.UPDATE', 'Operation.DELETE', 'Operation.OPAQUE']);
  });

  test('inside `Behavior(`: only the keys not written yet, with their meaning', async () => {
    const { items } = await completeAt(client, 'python', `${PY_HEADER}b = Behavior(read_only=True, |, open_world=True)\n`, ',');
    assert.deepEqual(labels(items), ['operations', 'destructive', 'idempotent']);
    const destructive = items.find((item) => item.label === 'destructive')!;
    assert.equal(destructive.detail, 'bool | None → destructiveHint');
    assert.match((destructive.documentation as MarkupContent).value, /Can this tool cause irreversible data loss\?/);
    assert.deepEqual(destructive.textEdit && 'newText' in destructive.textEdit ? destructive.textEdit.newText : undefined, 'destructive=${1|True,False|}');
    assert.equal(destructive.insertTextFormat, InsertTextFormat.Snippet);
  });

  test('inside a half-typed `Behavior(` with no closing bracket', async () => {
    const { items } = await completeAt(client, 'python', `${PY_HEADER}@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ], rea|\ndef f() -> None:\n    """Read."""\n`);
    assert.deepEqual(labels(items), ['read_only', 'destructive', 'idempotent', 'open_world']);
  });

  test('inside `ToolMetadata(` and a Python annotations dict', async () => {
    const metadata = await completeAt(client, 'python', `${PY_HEADER}m = ToolMetadata(behavior=Behavior(), |)\n`, ',');
    assert.deepEqual(labels(metadata.items), ['classification', 'extras', 'strict']);
    const dict = await completeAt(client, 'python', 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n\n@mcp.tool(annotations={"readOnlyHint": True, "|"})\ndef f() -> None:\n    """Read."""\n', '"');
    assert.deepEqual(labels(dict.items), ['title', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
    const open = dict.items.find((item) => item.label === 'openWorldHint')!;
    assert.equal(open.textEdit && 'newText' in open.textEdit ? open.textEdit.newText : undefined, '"openWorldHint": ${1|True,False|}');
  });

  test('inside a Python registration: `metadata=` for Arcade, `title=` / `annotations=` for the MCP SDK', async () => {
    const arcade = await completeAt(client, 'python', `${PY_HEADER}@app.tool(|)\ndef list_notes() -> list[str]:\n    """List every note."""\n`, '(');
    assert.deepEqual(labels(arcade.items), ['metadata']);
    const metadata = arcade.items[0];
    assert.equal(metadata.textEdit && 'newText' in metadata.textEdit ? metadata.textEdit.newText : undefined, 'metadata=ToolMetadata(behavior=Behavior($1))');
    const sdk = await completeAt(client, 'python', 'from mcp.server.fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\n\nmcp = FastMCP("notes")\n\n\n@mcp.tool(title="Notes", |)\ndef list_notes() -> list[str]:\n    """List every note."""\n', ',');
    assert.deepEqual(labels(sdk.items), ['annotations']);
  });

  test('`True`/`False` after a Python flag, `true`/`false` after a TS hint', async () => {
    const python = await completeAt(client, 'python', `${PY_HEADER}b = Behavior(read_only=|)\n`);
    assert.deepEqual(labels(python.items), ['True', 'False']);
    const typescript = await completeAt(client, 'typescript', `${TS_HEADER}server.registerTool("x", { annotations: { destructiveHint: | } }, async () => ({ content: [] }));\n`);
    assert.deepEqual(labels(typescript.items), ['true', 'false']);
  });

  test('inside a TS annotations object: the missing hints', async () => {
    const { items } = await completeAt(client, 'typescript', `${TS_HEADER}server.registerTool("x", { annotations: { readOnlyHint: true, | } }, async () => ({ content: [] }));\n`, ',');
    assert.deepEqual(labels(items), ['title', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
    assert.equal((items.find((item) => item.label === 'openWorldHint')!.documentation as MarkupContent).value.includes('clients assume `openWorldHint: true`'), true);
    const half = await completeAt(client, 'typescript', `${TS_HEADER}server.registerTool("x", { annotations: { openWorldHint: false, r|\n`);
    assert.deepEqual(labels(half.items), ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint']);
  });

  test('no completions outside tool metadata', async () => {
    const { items } = await completeAt(client, 'python', `${PY_HEADER}x = dict(|)\n`, '(');
    assert.deepEqual(items, []);
  });

  test('where a statement starts: the tool snippets, @app.tool first, adding the imports the file lacks', async () => {
    const header = 'from arcade_mcp_server import MCPApp\n\napp = MCPApp(name="Mail")\n\n';
    const { items } = await completeAt(client, 'python', `${header}arcade-t|\n`);
    assert.deepEqual(items.map((item) => [item.label, item.kind, item.sortText]), [
      ['arcade-tool', CompletionItemKind.Snippet, '000'], ['@app.tool', CompletionItemKind.Snippet, '001'],
      ['arcade-tdk-tool', CompletionItemKind.Snippet, '010'], ['@tool', CompletionItemKind.Snippet, '011'],
      ['mcp-tool', CompletionItemKind.Snippet, '020'], ['@mcp.tool', CompletionItemKind.Snippet, '021'],
    ]);
    const appTool = items[0];
    assert.equal(appTool.insertTextFormat, InsertTextFormat.Snippet);
    assert.ok(appTool.textEdit && 'range' in appTool.textEdit);
    assert.deepEqual(appTool.textEdit.range, { start: { line: 4, character: 0 }, end: { line: 4, character: 8 } }, 'replaces the typed arcade-t');
    assert.ok(appTool.textEdit.newText.startsWith('@app.tool(\n    metadata=ToolMetadata(\n        classification=Classification(service_domains=[ServiceDomain.${2|PROJECT_MANAGEMENT,'));
    assert.deepEqual(appTool.additionalTextEdits, [{
      range: { start: { line: 0, character: 36 }, end: { line: 0, character: 36 } },
      newText: '\nfrom typing import Annotated\nfrom arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata',
    }]);
    const typescript = await completeAt(client, 'typescript', `${TS_HEADER}regis|\n`);
    const registerTool = typescript.items.find((item) => item.label === 'registerTool')!;
    assert.equal(registerTool.kind, CompletionItemKind.Snippet);
    assert.deepEqual(registerTool.additionalTextEdits?.map((edit) => edit.newText), ['\nimport { z } from "zod";']);
  });
});

describe('completion for a client without snippets', () => {
  test('keys are inserted as plain text', async () => {
    const { client } = await LspClient.start({ capabilities: PLAIN_CAPABILITIES });
    try {
      const { items } = await completeAt(client, 'python', `${PY_HEADER}b = Behavior(|)\n`, '(');
      const readOnly = items.find((item) => item.label === 'read_only')!;
      assert.equal(readOnly.insertTextFormat, InsertTextFormat.PlainText);
      assert.equal(readOnly.textEdit && 'newText' in readOnly.textEdit ? readOnly.textEdit.newText : undefined, 'read_only=');
      // A tool snippet: its defaults, as plain text.
      const snippets = await completeAt(client, 'python', 'from mcp.server.fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\n\nmcp = FastMCP("mail")\n\nmcp-to|\n');
      const tool = snippets.items.find((item) => item.label === 'mcp-tool')!;
      assert.equal(tool.insertTextFormat, InsertTextFormat.PlainText);
      assert.equal(tool.textEdit && 'newText' in tool.textEdit ? tool.textEdit.newText : undefined, [
        '@mcp.tool(', '    title="Tool title",', '    annotations=ToolAnnotations(', '        readOnlyHint=True,', '        destructiveHint=False,',
        '        idempotentHint=True,', '        openWorldHint=True,', '    ),', ')', 'def tool_name(query: Annotated[str, Field(description="What the parameter means.")]) -> str:', '    """Describe what the tool does."""', '    ...',
      ].join('\n'));
      // ToolAnnotations is imported already; Annotated and Field are added after the imports.
      assert.deepEqual(tool.additionalTextEdits?.map((edit) => edit.newText), ['\nfrom typing import Annotated\nfrom pydantic import Field']);
    } finally {
      client.kill();
    }
  });
});

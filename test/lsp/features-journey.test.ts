// From an empty file to a finding-free tool declaration with only what the editor offers:
// typing a skeleton, accepting completions (snippet text as the editor inserts it) and the
// preferred quick-fix — over the real server, for Python and TypeScript.
import * as assert from 'node:assert/strict';
import { after as afterAll, before, describe, test } from 'node:test';
import { CompletionItem, InsertTextFormat, TextEdit } from 'vscode-languageserver/node';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import { after, applyWorkspaceEdit, codeActions, completion, EDITOR_CAPABILITIES, inlineDocument, openAndLint, replaceText, resolved } from '../helpers/lsp-requests';
import { expandSnippet } from '../helpers/snippets';

/** Accepts a completion item: its text edit, with the snippet's defaults, applied to the document. */
async function accept(client: LspClient, document: TestDocument, item: CompletionItem | undefined): Promise<string[]> {
  assert.ok(item?.textEdit && 'range' in item.textEdit, 'a completion item with a text edit');
  const edit = item.textEdit as TextEdit;
  const newText = item.insertTextFormat === InsertTextFormat.Snippet ? expandSnippet(edit.newText) : edit.newText;
  const lines = document.text.split('\n');
  const offsetOf = (position: { line: number; character: number }) => lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  const text = document.text.slice(0, offsetOf(edit.range.start)) + newText + document.text.slice(offsetOf(edit.range.end));
  return (await replaceText(client, document, text)).map((d) => String(d.code));
}

async function applyPreferredFix(client: LspClient, document: TestDocument, rule: string): Promise<string[]> {
  const diagnostics = client.diagnostics.filter((p) => p.uri === document.uri && p.version === document.version).at(-1)!.diagnostics;
  const diagnostic = diagnostics.find((d) => d.code === rule);
  assert.ok(diagnostic, `a ${rule} diagnostic`);
  const preferred = (await codeActions(client, document, diagnostic.range, [diagnostic])).find((action) => action.isPreferred);
  assert.ok(preferred, 'a preferred fix');
  const full = await resolved(client, preferred);
  return (await replaceText(client, document, applyWorkspaceEdit(document, full.edit!))).map((d) => String(d.code));
}

describe('from an empty file to a finding-free tool', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  test('Python (Arcade): completions write the metadata and fill Behavior, the quick-fix adds the flags', async () => {
    const document = inlineDocument('journey.py', 'python', '');
    assert.deepEqual(await openAndLint(client, document), []);
    const skeleton = [
      'from arcade_mcp_server import MCPApp',
      'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata',
      '',
      'app = MCPApp(name="Notes")',
      '',
      '',
      '@app.tool()',
      'def list_notes() -> list[str]:',
      '    """List every note."""',
      '',
    ].join('\n');
    assert.deepEqual((await replaceText(client, document, skeleton)).map((d) => d.code), ['missing-annotations']);
    const registration = await completion(client, document, after(document, '@app.tool('), '(');
    assert.deepEqual(await accept(client, document, registration.find((item) => item.label === 'metadata')), ['missing-behavior-flag']);
    assert.ok(document.text.includes('@app.tool(metadata=ToolMetadata(behavior=Behavior()))'), document.text);
    const keys = await completion(client, document, after(document, 'Behavior('), '(');
    assert.deepEqual(await accept(client, document, keys.find((item) => item.label === 'operations')), ['missing-behavior-flag', 'empty-list']);
    assert.ok(document.text.includes('Behavior(operations=[])'));
    const typed = document.text.replace('operations=[]', 'operations=[Operation.]');
    await replaceText(client, document, typed);
    const members = await completion(client, document, after(document, 'Operation.'), '.');
    assert.deepEqual(await accept(client, document, members.find((item) => item.label === 'READ')), ['missing-behavior-flag']);
    assert.deepEqual(await applyPreferredFix(client, document, 'missing-behavior-flag'), []);
    assert.ok(document.text.includes('@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ], read_only=True, destructive=False, idempotent=True, open_world=True)))'), document.text);
    await client.close(document.uri);
  });

  test('TypeScript (registerTool): a completion adds a hint, the quick-fix the rest', async () => {
    const document = inlineDocument('journey.ts', 'typescript', '');
    assert.deepEqual(await openAndLint(client, document), []);
    const skeleton = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      '',
      'const server = new McpServer({ name: "calendar", version: "1.0.0" });',
      '',
      'server.registerTool("list_events", { description: "List the events of a calendar.", annotations: {  } }, async () => ({ content: [] }));',
      '',
    ].join('\n');
    assert.deepEqual((await replaceText(client, document, skeleton)).map((d) => d.code), ['missing-annotation-hint']);
    const keys = await completion(client, document, after(document, 'annotations: { '), '{');
    assert.deepEqual(keys.map((item) => item.label), ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
    assert.deepEqual(await accept(client, document, keys.find((item) => item.label === 'readOnlyHint')), ['missing-annotation-hint']);
    assert.deepEqual(await applyPreferredFix(client, document, 'missing-annotation-hint'), []);
    assert.ok(document.text.includes('annotations: { readOnlyHint: true, openWorldHint: true }'), document.text);
    await client.close(document.uri);
  });
});

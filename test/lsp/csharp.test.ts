// A .cs file over the real server: diagnostics of both C# forms, the quick-fixes (set ReadOnly to
// false; add the hints to a bare [McpServerTool]), hovers on an attribute property, completions
// of the properties and their values, inlay hints and the preview (forms csharp-mcp-server-tool and
// csharp-command-metadata).
import * as assert from 'node:assert/strict';
import { after as afterAll, before, test } from 'node:test';
import { CompletionItem, Diagnostic } from 'vscode-languageserver/node';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import {
  after, applyWorkspaceEdit, codeActions, completion, EDITOR_CAPABILITIES, editorFixture, hover, inlayHints, openAndLint, resolved,
} from '../helpers/lsp-requests';

let client: LspClient;
before(async () => {
  ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
});
afterAll(() => client.kill());

function seen(document: TestDocument, diagnostics: Diagnostic[]) {
  return diagnostics.map((d) => ({ code: d.code, line: d.range.start.line + 1, text: document.text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character) }));
}

function newText(item: CompletionItem): string | undefined {
  return item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : undefined;
}

test('a .cs file: diagnostics, quick-fixes, hovers, inlay hints and the preview', async () => {
  const document = editorFixture('Tools.cs', 'csharp');
  const diagnostics = await openAndLint(client, document);
  assert.deepEqual(seen(document, diagnostics), [
    { code: 'read-only-destructive', line: 10, text: 'Destructive = true' },
    { code: 'missing-annotations', line: 13, text: 'McpServerTool' },
  ]);
  const [contradiction, missing] = diagnostics;
  const setFalse = (await codeActions(client, document, contradiction.range, [contradiction])).find((action) => action.title === 'Set ReadOnly to false (clients keep asking for confirmation)');
  assert.ok(setFalse);
  assert.ok(applyWorkspaceEdit(document, (await resolved(client, setFalse)).edit!).includes('[McpServerTool(Name = "purge_notes", ReadOnly = false, Destructive = true, OpenWorld = false)'));
  const add = (await codeActions(client, document, missing.range, [missing])).find((action) => action.title === 'Add annotations with pessimistic hints (adjust them)');
  assert.ok(add);
  assert.ok(applyWorkspaceEdit(document, (await resolved(client, add)).edit!).includes('[McpServerTool(ReadOnly = false, Destructive = true, Idempotent = false, OpenWorld = true), Description("Share a note with a colleague.")]'));

  const property = await hover(client, document, after(document, 'ReadOnly = true, Idem'.slice(0, 6)));
  assert.ok(property?.startsWith('**`ReadOnly`** — MCP tool annotation (the C# SDK\'s attribute property for `readOnlyHint`)'), property);

  const hints = await inlayHints(client, document);
  assert.deepEqual(hints.map((hint) => hint.position.line + 1), [10, 13, 17]);

  const preview = await client.connection.sendRequest<{ tools: Array<{ name: string; form: string; language: string; toolsList: unknown }> }>('mcpToolLint/previewAnnotations', { uri: document.uri });
  assert.deepEqual(preview.tools.map((tool) => [tool.name, tool.form, tool.language]), [
    ['purge_notes', 'csharp-mcp-server-tool', 'csharp'], ['ShareNote', 'csharp-mcp-server-tool', 'csharp'], ['list', 'csharp-command-metadata', 'csharp'],
  ]);
  assert.deepEqual(preview.tools[2].toolsList, { name: 'list', title: 'List notes', annotations: { title: 'List notes', readOnlyHint: true, idempotentHint: true, openWorldHint: false } });
  await client.close(document.uri);
});

test('completions in C#: the properties of [McpServerTool( not yet written, and a hint\'s boolean', async () => {
  const text = 'using ModelContextProtocol.Server;\n\npublic static class T\n{\n    [McpServerTool(Name = "x", )]\n    public static void A() { }\n\n    [McpServerTool(ReadOnly = )]\n    public static void B() { }\n}\n';
  const document = new TestDocument('file:///work/Completion.cs', 'csharp', text);
  await openAndLint(client, document);
  const properties = await completion(client, document, after(document, 'Name = "x", '));
  assert.deepEqual(properties.map((item) => [item.label, newText(item)]), [
    ['Title', 'Title = "$1"'], ['ReadOnly', 'ReadOnly = ${1|true,false|}'], ['Destructive', 'Destructive = ${1|true,false|}'], ['Idempotent', 'Idempotent = ${1|true,false|}'], ['OpenWorld', 'OpenWorld = ${1|true,false|}'],
  ]);
  const booleans = await completion(client, document, after(document, 'ReadOnly = '));
  assert.deepEqual(booleans.map((item) => item.label), ['true', 'false']);
  await client.close(document.uri);
});

// A .go and a .cs file over the real server. Go: diagnostics of both Go SDKs, the quick-fix for
// mcp-go's implicit destructive hint, hovers on a struct field and an option, completions of fields,
// values and options, inlay hints and the preview (forms go-sdk-tool and mcp-go-new-tool). C#:
// diagnostics of both forms, the quick-fixes (set ReadOnly to false; add the hints to a bare
// [McpServerTool]; [Description("")] on an undocumented parameter), a hover on an attribute property, completions of the properties and their
// values, inlay hints and the preview (forms csharp-mcp-server-tool and csharp-command-metadata,
// with descriptions and parameters).
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

function newText(item: CompletionItem): string | undefined {
  return item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : undefined;
}

function seen(document: TestDocument, diagnostics: Diagnostic[]) {
  return diagnostics.map((d) => ({ code: d.code, severity: d.severity, line: d.range.start.line + 1, text: document.text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character) }));
}

test('a .go file: diagnostics, the implicit-destructive quick-fix, hovers, completions, inlay hints and the preview', async () => {
  const document = editorFixture('tools.go', 'go');
  const diagnostics = await openAndLint(client, document);
  assert.deepEqual(seen(document, diagnostics), [
    { code: 'read-only-destructive', severity: 3, line: 11, text: 'mcpgo.NewTool' },
    { code: 'read-only-destructive', severity: 1, line: 22, text: 'DestructiveHint: boolPtr(true)' },
  ]);

  const implicit = diagnostics[0];
  assert.equal(implicit.message, 'readOnlyHint is true and the SDK sends the unset destructiveHint as true: clients treat it as read-only. Add mcpgo.WithDestructiveHintAnnotation(false).');
  const actions = await codeActions(client, document, implicit.range, [implicit]);
  const add = actions.find((action) => action.title === 'Add mcpgo.WithDestructiveHintAnnotation(false)');
  assert.ok(add, actions.map((action) => action.title).join(', '));
  assert.equal(add.isPreferred, true);
  const fixed = applyWorkspaceEdit(document, (await resolved(client, add)).edit!);
  assert.ok(fixed.includes('\tmcpgo.WithOpenWorldHintAnnotation(true),\n\tmcpgo.WithDestructiveHintAnnotation(false),\n)'), fixed);

  const field = await hover(client, document, after(document, '\t\tReadOnly'));
  assert.ok(field?.startsWith('**`ReadOnlyHint`** — MCP tool annotation (the Go SDK\'s field for `readOnlyHint`)'), field);
  assert.ok(field?.endsWith('**This tool:** `readOnlyHint: true` (declared).'), field);
  assert.ok(field?.includes('Omitted: the SDK sends `readOnlyHint: false` itself (go-sdk v1.7.0 and later always send `readOnlyHint` and `idempotentHint`).'), field);
  const option = await hover(client, document, after(document, 'mcpgo.WithReadOnly'));
  assert.ok(option?.startsWith('**`readOnlyHint`** — MCP tool annotation (mcp-go\'s option `WithReadOnlyHintAnnotation`)'), option);
  assert.ok(option?.includes('Omitted: the SDK sends `readOnlyHint: false` itself (mcp-go\'s `NewTool` fills every hint left unset).'), option);
  const card = await hover(client, document, after(document, 'mcpgo.NewT'));
  assert.ok(card?.includes('| `destructiveHint` | `true` | not declared: mcp-go\'s `NewTool` sends the default |'), card);

  const hints = await inlayHints(client, document);
  assert.deepEqual(hints.map((hint) => [hint.position.line + 1, hint.label]), [
    [11, 'read-only · open'],
    [18, 'read-only · closed'],
  ]);

  const preview = await client.connection.sendRequest<{ tools: Array<{ name: string; form: string; language: string; toolsList: { annotations: Record<string, unknown> } }> }>('mcpToolLint/previewAnnotations', { uri: document.uri });
  assert.deepEqual(preview.tools.map((tool) => [tool.name, tool.form, tool.language]), [['list_policies', 'mcp-go-new-tool', 'go'], ['purge_cache', 'go-sdk-tool', 'go']]);
  // mcp-go's NewTool sends every hint: the ones left unset with their defaults.
  assert.deepEqual(preview.tools[0].toolsList.annotations, { readOnlyHint: true, openWorldHint: true, destructiveHint: true, idempotentHint: false });
  await client.close(document.uri);
});

test('completions in Go: the fields of ToolAnnotations and their values, mcp-go\'s options and their booleans', async () => {
  const text = `package tools

import (
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/google/jsonschema-go/jsonschema"
)

var a = &mcp.ToolAnnotations{ReadOnlyHint: true, }
var b = &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: jsonschema.Ptr(false), DestructiveHint: }
var c = mcpgo.NewTool("x", mcpgo.WithDescription("d"), mcpgo.)
var d = mcpgo.NewTool("y", mcpgo.WithReadOnlyHintAnnotation())
`;
  const document = new TestDocument('file:///work/completion.go', 'go', text);
  await openAndLint(client, document);
  const fields = await completion(client, document, after(document, 'ReadOnlyHint: true, '));
  assert.deepEqual(fields.map((item) => [item.label, newText(item)]), [
    ['Title', 'Title: "$1"'], ['DestructiveHint', 'DestructiveHint: new(${1|true,false|})'], ['IdempotentHint', 'IdempotentHint: ${1|true,false|}'], ['OpenWorldHint', 'OpenWorldHint: new(${1|true,false|})'],
  ]);
  const values = await completion(client, document, after(document, 'DestructiveHint: '));
  assert.deepEqual(values.map((item) => item.label), ['jsonschema.Ptr(true)', 'jsonschema.Ptr(false)']);
  const options = await completion(client, document, after(document, 'WithDescription("d"), mcpgo.'), '.');
  assert.deepEqual(options.map((item) => item.label), ['WithReadOnlyHintAnnotation', 'WithDestructiveHintAnnotation', 'WithIdempotentHintAnnotation', 'WithOpenWorldHintAnnotation', 'WithTitleAnnotation']);
  assert.equal(newText(options[0]), 'WithReadOnlyHintAnnotation(${1|true,false|})');
  const booleans = await completion(client, document, after(document, 'WithReadOnlyHintAnnotation('), '(');
  assert.deepEqual(booleans.map((item) => item.label), ['true', 'false']);
  await client.close(document.uri);
});

test('a .cs file: diagnostics, quick-fixes, hovers, inlay hints and the preview', async () => {
  const document = editorFixture('Tools.cs', 'csharp');
  const diagnostics = await openAndLint(client, document);
  assert.deepEqual(seen(document, diagnostics), [
    { code: 'read-only-destructive', severity: 1, line: 10, text: 'Destructive = true' },
    { code: 'missing-annotations', severity: 2, line: 13, text: 'McpServerTool' },
    { code: 'undocumented-parameter', severity: 3, line: 14, text: 'id' },
    { code: 'undocumented-parameter', severity: 3, line: 14, text: 'email' },
  ]);
  const [contradiction, missing, undocumented] = diagnostics;
  assert.equal(undocumented.message, 'The parameter id of share_note has no description, so models guess what to pass. Add [Description(...)] to it.');
  const describe = (await codeActions(client, document, undocumented.range, [undocumented])).find((action) => action.title === 'Describe id');
  assert.ok(describe);
  assert.ok(applyWorkspaceEdit(document, (await resolved(client, describe)).edit!).includes('public static string ShareNote([Description("")] string id, string email) => email;'));
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

  const preview = await client.connection.sendRequest<{ tools: Array<{ name: string; form: string; language: string; toolsList: unknown; description?: string; parameters?: unknown }> }>('mcpToolLint/previewAnnotations', { uri: document.uri });
  assert.deepEqual(preview.tools.map((tool) => [tool.name, tool.form, tool.language]), [
    ['purge_notes', 'csharp-mcp-server-tool', 'csharp'], ['share_note', 'csharp-mcp-server-tool', 'csharp'] /* ShareNote, named by the SDK */, ['list', 'csharp-command-metadata', 'csharp'],
  ]);
  // The [Description] text and the parameters the SDK lists in the input schema; an Azure command's options are not read.
  assert.deepEqual(preview.tools.map((tool) => [tool.description, tool.parameters]), [
    ['Drop the cached notes.', []], ['Share a note with a colleague.', [{ name: 'id' }, { name: 'email' }]], [undefined, undefined],
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

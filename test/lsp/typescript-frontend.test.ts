// The TypeScript / JavaScript front end behind the real server over stdio: a JavaScript
// low-level server whose tool list is typed one object at a time, half-typed in between.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { LspClient, TestDocument } from '../helpers/lsp-client';

const SERVER_FILE = `const { Server } = require("@modelcontextprotocol/sdk/server/index.js");
const { ListToolsRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

const READ_ONLY = { readOnlyHint: true, openWorldHint: false };

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "list_notes", description: "List the notes of the current user.", inputSchema: { type: "object" }, annotations: READ_ONLY },
    { name: "add_note", description: "Add a note for the current user.", inputSchema: { type: "object" } },
  ],
}));
`;

let client: LspClient;
before(async () => {
  await initAnalysis();
  ({ client } = await LspClient.start());
});
after(() => client.kill());

function seen(document: TestDocument, diagnostics: Diagnostic[]) {
  return diagnostics.map((d) => ({ code: d.code, text: document.text.split('\n')[d.range.start.line].slice(d.range.start.character, d.range.end.character) }));
}

/** What the server published equals the core's findings for the same text, parsed from scratch. */
function assertSameAsCore(document: TestDocument, diagnostics: Diagnostic[]) {
  const result = analyzeText(document.text, new URL(document.uri).pathname, {}, document.languageId);
  assert.ok(result);
  assert.deepEqual(
    diagnostics.map((d) => ({ rule: d.code, range: d.range, message: d.message })),
    result.findings.map((f) => ({ rule: f.rule, range: f.range, message: f.message })),
  );
}

test('a .js low-level server: tools typed into the list are linted while half-typed, with the same findings as the core', async () => {
  const document = new TestDocument('file:///work/notes-server.js', 'javascript', SERVER_FILE);
  await client.open(document);
  const opened = await client.waitForDiagnostics(document.uri, 1);
  assert.deepEqual(seen(document, opened.diagnostics), [{ code: 'missing-annotations', text: 'name' }]);
  const addNoteLine = document.rangeOf('"add_note"').start.line;
  assert.equal(opened.diagnostics[0].range.start.line, addNoteLine);

  // A new tool typed in, its annotations object still open.
  const insertAt = document.text.indexOf('  ],');
  await client.change(document.nextVersion(), [document.edit(insertAt, insertAt, '    { name: "count_notes", description: "Count the notes of the current user.", annotations: { ...READ_ONLY, destructiveHint: true,\n')]);
  const halfTyped = await client.waitForDiagnostics(document.uri, 2);
  assert.ok(seen(document, halfTyped.diagnostics).some((d) => d.code === 'read-only-destructive' && d.text === 'destructiveHint: true'),
    JSON.stringify(seen(document, halfTyped.diagnostics)));
  assert.ok(halfTyped.diagnostics.some((d) => d.code === 'missing-annotations' && d.range.start.line === addNoteLine), 'add_note keeps its finding');
  assertSameAsCore(document, halfTyped.diagnostics);

  // Closed and corrected: only add_note is left.
  await client.change(document.nextVersion(), [document.replace('destructiveHint: true,\n', 'destructiveHint: false } },\n')]);
  const fixed = await client.waitForDiagnostics(document.uri, 3);
  assert.deepEqual(seen(document, fixed.diagnostics), [{ code: 'missing-annotations', text: 'name' }]);
  assertSameAsCore(document, fixed.diagnostics);
  await client.close(document.uri);
});

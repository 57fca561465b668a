// MTL403's quick-fix over the real server leaves the cursor where the description is typed: a
// client that takes snippet edits (LSP 3.18 `workspace.workspaceEdit.snippetEditSupport`) gets the
// inserted text as a snippet with `$0` there; any other client gets the same text as a plain edit.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientCapabilities, CodeAction, TextDocumentEdit } from 'vscode-languageserver/node';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import { applyWorkspaceEdit, codeActions, EDITOR_CAPABILITIES, openAndLint, resolved } from '../helpers/lsp-requests';

const TOOL = [
  'from mcp.server.fastmcp import FastMCP',
  '',
  'mcp = FastMCP("weather")',
  '',
  '',
  '@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True})',
  'def get_forecast(city: str) -> dict:',
  '    """Return the weather forecast for a city, one entry per day."""',
  '    return {}',
  '',
].join('\n');

const SNIPPET_CAPABILITIES = {
  ...EDITOR_CAPABILITIES,
  workspace: { ...EDITOR_CAPABILITIES.workspace, workspaceEdit: { documentChanges: true, snippetEditSupport: true } },
} as ClientCapabilities;

/** The "Describe city" action a client with `capabilities` is offered, resolved. */
async function describeCity(capabilities: ClientCapabilities, uri: string): Promise<{ action: CodeAction; document: TestDocument }> {
  const { client } = await LspClient.start({ capabilities });
  try {
    const document = new TestDocument(uri, 'python', TOOL);
    const diagnostics = await openAndLint(client, document);
    assert.deepEqual(diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.code}`), ['6:17 undocumented-parameter']);
    const action = (await codeActions(client, document, diagnostics[0].range, diagnostics)).find((candidate) => candidate.title === 'Describe city');
    assert.ok(action);
    return { action: await resolved(client, action), document };
  } finally {
    client.kill();
  }
}

test('a client that takes snippet edits gets the docstring entry as a snippet, the cursor after "city: "', async () => {
  const { action } = await describeCity(SNIPPET_CAPABILITIES, 'file:///work/snippet/weather.py');
  const [change] = action.edit!.documentChanges as TextDocumentEdit[];
  assert.deepEqual(change.edits, [{
    range: { start: { line: 7, character: 65 }, end: { line: 7, character: 65 } },
    snippet: { kind: 'snippet', value: '\n\n    Args:\n        city: $0\n    ' },
  }]);
});

test('a client without snippet edits gets the same text as a plain edit', async () => {
  const { action, document } = await describeCity(EDITOR_CAPABILITIES, 'file:///work/plain/weather.py');
  const [change] = action.edit!.documentChanges as TextDocumentEdit[];
  assert.deepEqual(change.edits, [{ range: { start: { line: 7, character: 65 }, end: { line: 7, character: 65 } }, newText: '\n\n    Args:\n        city: \n    ' }]);
  assert.ok(applyWorkspaceEdit(document, action.edit!).includes('    """Return the weather forecast for a city, one entry per day.\n\n    Args:\n        city: \n    """\n'));
});

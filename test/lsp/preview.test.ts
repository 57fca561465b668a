// `mcpToolLint/previewAnnotations` over the real server: the same projection the CLI prints.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { FIXTURES, repoRoot } from '../helpers/fixtures';
import { LspClient, TestDocument } from '../helpers/lsp-client';

let client: LspClient;

before(async () => {
  ({ client } = await LspClient.start());
});

after(async () => {
  await client.shutdown();
});

function fixture(relative: string, languageId: string): TestDocument {
  const file = path.join(FIXTURES, relative);
  return new TestDocument(pathToFileURL(file).href, languageId, fs.readFileSync(file, 'utf8'));
}

interface Preview {
  file: string;
  selected?: number;
  tools: Array<{ name: string; toolsList: { name: string; annotations: Record<string, unknown> }; defaulted: string[] }>;
}

test('previewAnnotations returns every tool and the one under the cursor', async () => {
  const document = fixture('python/forms/arcade_app_tool.py', 'python');
  await client.open(document);
  const position = document.rangeOf('def delete_message').start;
  const preview = await client.connection.sendRequest<Preview>('mcpToolLint/previewAnnotations', { uri: document.uri, position });
  assert.equal(preview.file, document.uri);
  assert.deepEqual(preview.tools.map((tool) => tool.toolsList.name), ['Slack_SendSlackMessage', 'Slack_DeleteMessage', 'Slack_ListChannels']);
  assert.equal(preview.selected, 1);
  assert.deepEqual(preview.tools[2].defaulted, ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
});

test('previewAnnotations follows edits', async () => {
  const document = fixture('python/forms/fastmcp_tools.py', 'python');
  await client.open(document);
  await client.change(document.nextVersion(), [document.replace('@mcp.tool(title="Get forecast", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))', '@mcp.tool(title="Get forecast", annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))')]);
  const preview = await client.connection.sendRequest<Preview>('mcpToolLint/previewAnnotations', { uri: document.uri });
  assert.deepEqual(preview.tools[0].toolsList.annotations, { readOnlyHint: true, openWorldHint: false });
  assert.equal(preview.selected, undefined);
});

test('previewAnnotations shows the description clients receive and each input parameter\'s, as the document reads now', async () => {
  const document = fixture('python/rules/descriptions.py', 'python');
  await client.open(document);
  type Described = { tools: Array<{ name: string; description?: string; parameters?: Array<{ name: string; description?: string }> }> };
  const lookup = async () => (await client.connection.sendRequest<Described>('mcpToolLint/previewAnnotations', { uri: document.uri })).tools.find((tool) => tool.name === 'lookup')!;
  const before = await lookup();
  assert.equal('description' in before, false, 'no docstring: no description');
  assert.deepEqual(before.parameters, [{ name: 'code', description: 'An airport\'s IATA code, e.g. LYS.' }]);
  // A docstring typed in, indented as in the file: sent without the indentation, as inspect.cleandoc leaves it.
  await client.change(document.nextVersion(), [document.replace('LYS."]) -> dict:\n', 'LYS."]) -> dict:\n    """Look up an airport by its IATA code.\n\n    Returns its name, city and time zone.\n    """\n')]);
  assert.equal((await lookup()).description, 'Look up an airport by its IATA code.\n\nReturns its name, city and time zone.');
  await client.close(document.uri);
});

test('previewAnnotations answers an error for a document that is not open, and the server stays up', async () => {
  await assert.rejects(
    client.connection.sendRequest('mcpToolLint/previewAnnotations', { uri: 'file:///nowhere/missing.py' }),
    /is not open in the server/,
  );
  await assert.rejects(client.connection.sendRequest('mcpToolLint/previewAnnotations', { nothing: true }), /needs \{uri, position\?\}/);
  const document = fixture('python/forms/lowlevel_server.py', 'python');
  await client.open(document);
  const preview = await client.connection.sendRequest<Preview>('mcpToolLint/previewAnnotations', { uri: document.uri });
  assert.deepEqual(preview.tools.map((tool) => tool.name), ['git_status', 'git commit']);
});

interface Lens {
  range: { start: { line: number; character: number } };
  command: { title: string; command: string; arguments: unknown[] };
}

test('a "Preview" code lens sits on each tool and opens the preview at it; the setting turns it off', async () => {
  const document = fixture('python/forms/arcade_app_tool.py', 'python');
  await client.open(document);
  const lenses = await client.connection.sendRequest<Lens[]>('textDocument/codeLens', { textDocument: { uri: document.uri } });
  const starts = ['@app.tool(\n    metadata=ToolMetadata(\n        classification', '@app.tool(\n    metadata=ToolMetadata(\n        behavior', '@app.tool\n'];
  assert.deepEqual(lenses.map((lens) => lens.command.title), ['Preview', 'Preview', 'Preview']);
  for (const [index, lens] of lenses.entries()) {
    const at = document.rangeOf(starts[index]).start;
    const expected = { line: at.line, character: at.character + 1 }; // after the `@`: the decorator's callee
    assert.deepEqual(lens.range.start, expected);
    assert.equal(lens.command.command, 'mcpToolLint.previewAnnotations');
    assert.deepEqual(lens.command.arguments, [document.uri, expected]);
  }
  client.settings = { ...client.settings, codeLens: { enable: false } };
  await client.configurationChanged();
  const none = await client.connection.sendRequest<Lens[] | null>('textDocument/codeLens', { textDocument: { uri: document.uri } });
  assert.equal(none, null);
  client.settings = { ...client.settings, codeLens: { enable: true } };
  await client.configurationChanged();
});

interface ServerPreview {
  file: string;
  server: { name: string; variable: string; uri: string; range: { start: { line: number; character: number } } };
  tools: Array<{ name: string; uri: string; range: { start: { line: number; character: number } }; toolsList: { name: string }; findings: Array<{ code: string }>; composed?: { declaredName: string; prefixes: string[] } }>;
}

function projectDocument(relative: string, languageId: string): TestDocument {
  const file = path.join(repoRoot(), 'test', 'projects', relative);
  return new TestDocument(pathToFileURL(file).href, languageId, fs.readFileSync(file, 'utf8'));
}

test('previewAnnotations on a server\'s definition answers the whole server: every tool across the project, LSP ranges and uris', async () => {
  const document = projectDocument('python-jira/src/jira_mcp/server.py', 'python');
  await client.open(document);
  const position = document.rangeOf('mcp = FastMCP').start;
  const preview = await client.connection.sendRequest<ServerPreview>('mcpToolLint/previewAnnotations', { uri: document.uri, position: { line: position.line, character: position.character + 1 } });
  assert.equal(preview.file, document.uri);
  assert.deepEqual({ ...preview.server, range: preview.server.range.start }, { name: 'jira', variable: 'mcp', uri: document.uri, range: { line: 6, character: 0 } });
  const tools = path.join(repoRoot(), 'test', 'projects', 'python-jira', 'src', 'jira_mcp', 'tools');
  const issues = pathToFileURL(path.join(tools, 'issues.py')).href;
  const search = pathToFileURL(path.join(tools, 'search.py')).href;
  const comments = pathToFileURL(path.join(tools, 'comments.py')).href;
  const attachments = pathToFileURL(path.join(tools, 'attachments.py')).href;
  const projects = pathToFileURL(path.join(tools, 'projects.py')).href;
  assert.deepEqual(preview.tools.map((tool) => [tool.toolsList.name, tool.uri, tool.range.start.line]), [
    // Registered through the package's wrappers (registry.py).
    ['list_comments', comments, 4],
    ['add_comment', comments, 10],
    ['delete_comment', comments, 20],
    ['get_issue', issues, 7],
    ['delete_issue', issues, 13],
    ['transition_issue', issues, 20],
    ['list_projects', projects, 7],
    ['get_project', projects, 13],
    ['archive_project', projects, 19],
    ['rename_project', projects, 24],
    ['search_issues', search, 4],
    ['get_issue', search, 10],
    // Registered through a wrapper whose name holds no tool word (read once registry.py was).
    ['list_attachments', attachments, 13],
    ['delete_attachment', attachments, 14],
    ['ro_get_issue', issues, 7],
    ['ro_search_issues', search, 4],
  ]);
  assert.deepEqual(preview.tools[14].composed?.prefixes, ['ro']);
  assert.deepEqual(preview.tools[3].findings.map((finding) => finding.code), ['MTL216']);
  // Elsewhere in the file (not on the server's variable): the file's own tools, as before.
  const plain = await client.connection.sendRequest<Preview & { server?: unknown }>('mcpToolLint/previewAnnotations', { uri: document.uri, position: { line: 0, character: 0 } });
  assert.equal(plain.server, undefined);
  assert.deepEqual(plain.tools, []);
});

test('previewAnnotations on a TypeScript server follows an open document\'s edits in another module', async () => {
  const serverDocument = projectDocument('ts-server-preview/src/server.ts', 'typescript');
  const write = projectDocument('ts-server-preview/src/tools/write.ts', 'typescript');
  await client.open(serverDocument);
  await client.open(write);
  const position = serverDocument.rangeOf('server = new').start;
  const ask = () => client.connection.sendRequest<ServerPreview>('mcpToolLint/previewAnnotations', { uri: serverDocument.uri, position });
  const before = await ask();
  assert.equal(before.server.name, 'notes');
  assert.deepEqual(before.tools.map((tool) => tool.name), ['list_notes', 'get_note', 'delete_note']);
  await client.change(write.nextVersion(), [write.replace('"delete_note"', '"remove_note"')]);
  const after = await ask();
  assert.deepEqual(after.tools.map((tool) => tool.name), ['list_notes', 'get_note', 'remove_note']);
  assert.equal(after.tools[2].uri, write.uri);
});

test('previewAnnotations on the server of a document that is not on disk: its own tools', async () => {
  const document = new TestDocument('file:///nowhere/unsaved_server.py', 'python', 'from fastmcp import FastMCP\n\nmcp = FastMCP("scratch")\n\n\n@mcp.tool(annotations={"readOnlyHint": True})\ndef ping() -> str:\n    return "pong"\n');
  await client.open(document);
  const preview = await client.connection.sendRequest<ServerPreview>('mcpToolLint/previewAnnotations', { uri: document.uri, position: document.rangeOf('mcp =').start });
  assert.equal(preview.server.name, 'scratch');
  assert.deepEqual(preview.tools.map((tool) => [tool.name, tool.uri, tool.range.start.line]), [['ping', document.uri, 5]]);
});

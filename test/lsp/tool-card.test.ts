// The tool card over the real server (stdio): hovering a tool's registration (`@app.tool`,
// `registerTool`, `server.tool`, `addTool`, `add_tool`, `NewTool`, `mcp.Tool`, `[McpServerTool]`,
// `[CommandMetadata]`), its name string, or the function, method or class that declares it shows
// the card; the constructors and keys keep their own short hovers; a name that is no tool's shows
// nothing. A tool annotated with a preset of another module names the preset and its file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after as afterAll, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Hover, MarkupContent } from 'vscode-languageserver/node';
import { EXPECTED_CARDS, PRESET_CARD } from '../helpers/expected-cards';
import { BECOMES, modelHover, READ_ONLY_HOVER } from '../helpers/expected-hovers';
import { repoRoot } from '../helpers/fixtures';
import { DEFAULT_CAPABILITIES, LspClient, TestDocument } from '../helpers/lsp-client';
import { after, EDITOR_CAPABILITIES, hover, openAndLint } from '../helpers/lsp-requests';

const CARDS = path.join(repoRoot(), 'test', 'fixtures', 'cards');

function documentAt(file: string, languageId: string): TestDocument {
  return new TestDocument(pathToFileURL(file).href, languageId, fs.readFileSync(file, 'utf8'));
}

/** The hover's Markdown without the notes on findings under the cursor, and the text its range covers. */
async function hoverAt(client: LspClient, document: TestDocument, needle: string): Promise<{ card?: string; covers?: string }> {
  const result: Hover | null = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: document.uri }, position: after(document, needle) });
  if (!result) return {};
  const lineTexts = document.text.split('\n');
  const { start, end } = result.range!;
  assert.equal(start.line, end.line, `${needle}: one-line range`);
  return { card: (result.contents as MarkupContent).value.split('\n\n---\n\n')[0], covers: lineTexts[start.line].slice(start.character, end.character) };
}

/** Per fixture: the text hovered (the cursor just after it), the name it covers, and whose card shows. */
const POSITIONS: Array<{ fixture: string; languageId: string; hovers: Array<[needle: string, covers: string, tool: string]> }> = [
  { fixture: 'arcade_cards.py', languageId: 'python', hovers: [
    ['@app.to', 'app.tool', 'Maps_GetDirections'],
    ['def get_dir', 'get_directions', 'Maps_GetDirections'],
  ] },
  { fixture: 'sdk_cards.py', languageId: 'python', hovers: [
    ['@mcp.to', 'mcp.tool', 'search_notes'],
    ['def search_no', 'search_notes', 'search_notes'],
    ['= Too', 'Tool', 'delete_note'],
    ['name="delete_no', '"delete_note"', 'delete_note'],
    ['mcp.add_to', 'mcp.add_tool', 'export_notes'],
    ['add_tool(export_no', 'export_notes', 'export_notes'],
    ['def export_no', 'export_notes', 'export_notes'],
  ] },
  { fixture: 'cards.ts', languageId: 'typescript', hovers: [
    ['server.registerT', 'registerTool', 'list_events'],
    ['"list_ev', '"list_events"', 'list_events'],
    ['server.to', 'tool', 'cancel_event'],
    ['"cancel_ev', '"cancel_event"', 'cancel_event'],
    ['  nam', 'name', 'archive_calendar'],
    ['name: "archive_cal', '"archive_calendar"', 'archive_calendar'],
    ['class ExportCal', 'ExportCalendarTool', 'export_calendar'],
    ['name = "export_cal', '"export_calendar"', 'export_calendar'],
  ] },
  { fixture: 'fastmcp-cards.ts', languageId: 'typescript', hovers: [
    ['server.addT', 'addTool', 'fetch_page'],
    ['"fetch_pa', '"fetch_page"', 'fetch_page'],
  ] },
  { fixture: 'cards.go', languageId: 'go', hovers: [
    ['mcpgo.NewTo', 'mcpgo.NewTool', 'list_policies'],
    ['"list_pol', '"list_policies"', 'list_policies'],
    ['&mcp.To', 'mcp.Tool', 'purge_cache'],
    ['"purge_ca', '"purge_cache"', 'purge_cache'],
  ] },
  { fixture: 'Cards.cs', languageId: 'csharp', hovers: [
    ['    [McpServerTo', 'McpServerTool', 'share_note'],
    ['ShareNo', 'ShareNote', 'share_note'],
    ['Name = "share_no', '"share_note"', 'share_note'],
    ['[CommandMeta', 'CommandMetadata', 'list'],
    ['NoteListComm', 'NoteListCommand', 'list'],
    ['Name = "lis', '"list"', 'list'],
  ] },
];

/** Names that are no tool's: a plain function, a parameter, a helper, the class holding the tools, a module constant. */
const NOT_TOOLS: Record<string, string[]> = {
  'arcade_cards.py': ['def list_pla', 'origi'],
  'sdk_cards.py': ['OPEN_WOR'],
  'cards.ts': ['const serv', 'function help'],
  'cards.go': ['func boolP'],
  'Cards.cs': ['class NoteToo'],
};

/** The short hovers of constructors and keys inside the cards' tools, as they were before the card. */
const UNCHANGED: Record<string, Array<[needle: string, hover: string]>> = {
  'arcade_cards.py': [
    ['=ToolMeta', modelHover('ToolMetadata', BECOMES.ToolMetadata,
      '`readOnlyHint: true` · `destructiveHint: false` · `idempotentHint: false`* · `openWorldHint: true` (`*` spec default).')],
    ['=Behavi', modelHover('Behavior', BECOMES.Behavior,
      '`readOnlyHint: true` · `destructiveHint: false` · `idempotentHint: false`* · `openWorldHint: true` (`*` spec default).')],
    ['    read_on', READ_ONLY_HOVER],
  ],
  'sdk_cards.py': [
    ['annotations=ToolAnnot', modelHover('ToolAnnotations', BECOMES.ToolAnnotations,
      '`readOnlyHint: true` · `destructiveHint: true`* · `idempotentHint: false`* · `openWorldHint: true`? (`*` spec default, `?` computed at run time).')],
  ],
  'cards.ts': [
    ['annotations: ToolAnn', modelHover('ToolAnnotations', BECOMES.ToolAnnotations,
      '`readOnlyHint: true` · `destructiveHint: true`* · `idempotentHint: false` · `openWorldHint: false` (`*` spec default).')],
  ],
  'cards.go': [
    ['mcp.ToolAnnot', modelHover('ToolAnnotations', BECOMES.ToolAnnotations,
      '`readOnlyHint: false`* · `destructiveHint: true` · `idempotentHint: false`* · `openWorldHint: false` (`*` spec default).')],
  ],
};

describe('the tool card', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  for (const { fixture, languageId, hovers } of POSITIONS) {
    test(`${fixture}: on each name of a tool, its card; constructors and keys keep their hover; other names show nothing`, async () => {
      const document = documentAt(path.join(CARDS, fixture), languageId);
      await openAndLint(client, document);
      for (const [needle, covers, tool] of hovers) {
        assert.deepEqual(await hoverAt(client, document, needle), { card: EXPECTED_CARDS[fixture][tool], covers }, needle);
      }
      for (const [needle, expected] of UNCHANGED[fixture] ?? []) {
        assert.equal((await hoverAt(client, document, needle)).card, expected, needle);
      }
      for (const needle of NOT_TOOLS[fixture] ?? []) {
        assert.equal(await hover(client, document, after(document, needle)), undefined, needle);
      }
      await client.close(document.uri);
    });
  }
});

describe('the tool card in a project', () => {
  const root = path.join(repoRoot(), 'test', 'projects', 'python-jira');
  let client: LspClient;
  before(async () => {
    const capabilities = { ...DEFAULT_CAPABILITIES, workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceFolders: true }, window: { workDoneProgress: true } };
    ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'jira' }] }));
    await client.waitForProgressEnd('Indexing MCP tools');
  });
  afterAll(() => client.kill());

  test('a tool annotated with a preset of another module: each hint names the preset and its file', async () => {
    const document = documentAt(path.join(root, 'src', 'jira_mcp', 'tools', 'projects.py'), 'python');
    await openAndLint(client, document);
    assert.deepEqual(await hoverAt(client, document, 'def rename_pro'), {
      card: PRESET_CARD,
      covers: 'rename_project',
    });
    await client.close(document.uri);
  });
});

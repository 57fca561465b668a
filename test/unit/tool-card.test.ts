// The tool card (the hover on a tool's name): the exact Markdown for every declaration form, from
// the fixtures under test/fixtures/cards, a preset in another module of test/projects/python-jira,
// and what the body does (its effects with their paths) in test/projects/python-weather.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { toolCard } from '../../server/src/core/features/tool-card';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { projectTool, withEffects } from '../../server/src/core/projection';
import { CHECK_ALERTS_EFFECTS, EXPECTED_CARDS, lines, PRESET_CARD } from '../helpers/expected-cards';
import { FIXTURES, repoRoot } from '../helpers/fixtures';

before(() => initAnalysis());

/** Each tool's card in a file, by the name clients see, with every tool's effects read (as the server's second pass reads them). */
function cardsOf(file: string, options: Parameters<typeof analyzeText>[2] = {}): Map<string, string> {
  const result = analyzeText(fs.readFileSync(file, 'utf8'), file, { ...options, allEffects: true });
  assert.ok(result, file);
  return new Map(result.declarations.map((declaration) => {
    const projection = withEffects(projectTool(declaration), result.effects?.of(declaration));
    return [projection.toolsList.name, toolCard(projection)];
  }));
}

/** The fixtures' tools do nothing a card lists (their cards are the same before and after the server reads the effects). */
function cards(fixture: string): Map<string, string> {
  return cardsOf(path.join(FIXTURES, 'cards', fixture));
}

/** What each fixture shows (test/helpers/expected-cards.ts holds the cards, shared with the LSP test). */
const FIXTURE_TESTS: Array<[string, string]> = [
  ['arcade_cards.py', 'Python, Arcade @app.tool: the toolkit-qualified name, the cleaned docstring verbatim, a None flag left to the spec default'],
  ['sdk_cards.py', 'Python, MCP SDK: a FastMCP decorator (title, a docstring dedented as clients receive it, a hint computed at run time), a low-level Tool(...) titled by annotations.title, add_tool(fn)'],
  ['cards.ts', 'TypeScript: registerTool, server.tool, a tool object literal and a tool class'],
  ['fastmcp-cards.ts', 'TypeScript, FastMCP addTool: Markdown in a one-line description is escaped, so it reads as the text clients receive'],
  ['cards.go', 'Go: mcp-go\'s NewTool sends the hints left unset with their defaults; go-sdk\'s mcp.Tool leaves them to the spec'],
  ['Cards.cs', 'C#: an [McpServerTool] method with [Description], an Azure [CommandMetadata] command'],
];

for (const [fixture, title] of FIXTURE_TESTS) {
  test(title, () => {
    assert.deepEqual(Object.fromEntries(cards(fixture)), EXPECTED_CARDS[fixture]);
  });
}

test('a preset imported from another module: each hint names the preset and its file', () => {
  const root = path.join(repoRoot(), 'test', 'projects', 'python-jira');
  const index = new ProjectIndex([root], new DiskFileSystem([root]));
  const file = path.join(root, 'src', 'jira_mcp', 'tools', 'projects.py');
  const found = cardsOf(file, { project: index.viewFor(file) });
  assert.equal(found.get('rename_project'), PRESET_CARD);
  // Through the module (`annotations.READ_ONLY`), the preset is named as the tool uses it.
  assert.ok(found.get('get_project')?.endsWith(lines(
    '| `readOnlyHint` | `true` | preset `annotations.READ_ONLY` in annotations.py |',
    '| `destructiveHint` | `false` | preset `annotations.READ_ONLY` in annotations.py |',
    '| `idempotentHint` | `true` | preset `annotations.READ_ONLY` in annotations.py |',
    '| `openWorldHint` | `true` | preset `annotations.READ_ONLY` in annotations.py |',
  )), found.get('get_project'));
  // Without the project, the preset cannot be read: the card says so rather than guess.
  assert.ok(cardsOf(file).get('rename_project')?.endsWith(lines(
    '| `readOnlyHint` | ? | not known statically |',
    '| `destructiveHint` | ? | not known statically |',
    '| `idempotentHint` | ? | not known statically |',
    '| `openWorldHint` | ? | not known statically |',
  )), cardsOf(file).get('rename_project'));
});

test('with the effects read, the card lists what the body does, each effect with its path across files; a tool that changes nothing lists none', () => {
  const root = path.join(repoRoot(), 'test', 'projects', 'python-weather');
  const index = new ProjectIndex([root], new DiskFileSystem([root]));
  const file = path.join(root, 'src', 'weather_mcp', 'tools', 'alerts.py');
  const found = cardsOf(file, { project: index.viewFor(file) });
  assert.ok(found.get('check_alerts')?.endsWith(lines(
    '| `openWorldHint` | `false` | declared here |',
    '',
    CHECK_ALERTS_EFFECTS,
  )), found.get('check_alerts'));
  assert.ok(found.get('export_watches')?.endsWith(lines(
    '**What its body does:**',
    '- writes a file *(only behind a flag that is off by default)*',
    "  1. `alerts.py:49` The tool's body starts here (export_watches).",
    '  2. `alerts.py:51` Calls export_to.',
    '  3. `state.py:25` Writes a file: write_text.',
  )), found.get('export_watches'));
  assert.ok(found.get('list_watches')?.endsWith('| `openWorldHint` | `false` | declared here |'), found.get('list_watches'));
});

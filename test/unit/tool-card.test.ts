// The tool card (the hover on a tool's name): the exact Markdown for every declaration form, from
// the fixtures under test/fixtures/cards and a preset in another module of test/projects/python-jira.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { toolCard } from '../../server/src/core/features/tool-card';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { projectTool } from '../../server/src/core/projection';
import { FIXTURES, repoRoot } from '../helpers/fixtures';

before(() => initAnalysis());

/** Each tool's card in a file, by the name clients see. */
function cardsOf(file: string, options: Parameters<typeof analyzeText>[2] = {}): Map<string, string> {
  const result = analyzeText(fs.readFileSync(file, 'utf8'), file, options);
  assert.ok(result, file);
  return new Map(result.declarations.map((declaration) => {
    const projection = projectTool(declaration);
    return [projection.toolsList.name, toolCard(projection)];
  }));
}

function cards(fixture: string): Map<string, string> {
  return cardsOf(path.join(FIXTURES, 'cards', fixture));
}

const lines = (...text: string[]): string => text.join('\n');
const TABLE_HEAD = ['| hint | value | from |', '|---|---|---|'];

test('Python, Arcade @app.tool: the toolkit-qualified name, the cleaned docstring verbatim, a None flag left to the spec default', () => {
  assert.deepEqual([...cards('arcade_cards.py').keys()], ['Maps_GetDirections']);
  assert.equal(cards('arcade_cards.py').get('Maps_GetDirections'), lines(
    '**`Maps_GetDirections`** — the tool as clients see it',
    '',
    '**Title:** `GetDirections`',
    '',
    '**Description:**',
    '```text',
    'Get driving directions between two places.',
    '',
    'One line per step, with its distance.',
    '```',
    '',
    '**Parameters:**',
    '- `origin`: *description not known statically*',
    '- `avoid_tolls`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `true` | declared here |',
    '| `destructiveHint` | `false` | declared here |',
    '| `idempotentHint` | `false` | not declared: spec default |',
    '| `openWorldHint` | `true` | declared here |',
  ));
});

test('Python, FastMCP decorator: the title, a docstring dedented as clients receive it, a hint computed at run time', () => {
  assert.equal(cards('sdk_cards.py').get('search_notes'), lines(
    '**`search_notes`** — the tool as clients see it',
    '',
    '**Title:** `Search notes`',
    '',
    '**Description:**',
    '```text',
    'Search the notes for <words>.',
    '',
    'Matches whole words only.',
    '```',
    '',
    '**Parameters:**',
    '- `query`: *description not known statically*',
    '- `limit`: *description not known statically*',
    '- `ctx`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `true` | declared here |',
    '| `destructiveHint` | `true` | not declared: spec default |',
    '| `idempotentHint` | `false` | not declared: spec default |',
    '| `openWorldHint` | ? | not known statically, in `OPEN_WORLD` |',
  ));
});

test('Python, low-level Tool(...): the title from annotations.title, a one-line description quoted', () => {
  assert.equal(cards('sdk_cards.py').get('delete_note'), lines(
    '**`delete_note`** — the tool as clients see it',
    '',
    '**Title:** `Delete note` (from `annotations.title`)',
    '',
    '**Description:**',
    '> Delete one note, for good.',
    '',
    '**Parameters:** not read for this form',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `false` | not declared: spec default |',
    '| `destructiveHint` | `true` | declared here |',
    '| `idempotentHint` | `true` | declared here |',
    '| `openWorldHint` | `true` | not declared: spec default |',
  ));
});

test('TypeScript: registerTool, server.tool, a tool object literal and a tool class', () => {
  const found = cards('cards.ts');
  assert.deepEqual([...found.keys()], ['list_events', 'cancel_event', 'archive_calendar', 'export_calendar']);
  assert.equal(found.get('list_events'), lines(
    '**`list_events`** — the tool as clients see it',
    '',
    '**Title:** `List events`',
    '',
    '**Description:**',
    '> List the events of a calendar between two dates.',
    '',
    '**Parameters:**',
    '- `calendarId`: *description not known statically*',
    '- `from`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `true` | declared here |',
    '| `destructiveHint` | `true` | not declared: spec default |',
    '| `idempotentHint` | `false` | not declared: spec default |',
    '| `openWorldHint` | `false` | declared here |',
  ));
  assert.equal(found.get('cancel_event'), lines(
    '**`cancel_event`** — the tool as clients see it',
    '',
    '**Title:** none: clients show the name',
    '',
    '**Description:**',
    '> Cancel one event and tell its guests.',
    '',
    '**Parameters:**',
    '- `eventId`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `false` | not declared: spec default |',
    '| `destructiveHint` | `false` | declared here |',
    '| `idempotentHint` | `true` | declared here |',
    '| `openWorldHint` | `true` | not declared: spec default |',
  ));
  assert.equal(found.get('archive_calendar'), lines(
    '**`archive_calendar`** — the tool as clients see it',
    '',
    '**Title:** none: clients show the name',
    '',
    '**Description:**',
    '> Archive a calendar; it can be restored later.',
    '',
    '**Parameters:**',
    '- `calendarId`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `false` | declared here |',
    '| `destructiveHint` | `false` | declared here |',
    '| `idempotentHint` | `true` | declared here |',
    '| `openWorldHint` | `false` | declared here |',
  ));
  assert.equal(found.get('export_calendar'), lines(
    '**`export_calendar`** — the tool as clients see it',
    '',
    '**Title:** none: clients show the name',
    '',
    '**Description:**',
    '> Export a calendar as an iCalendar file.',
    '',
    '**Parameters:** not read for this form',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `true` | declared here |',
    '| `destructiveHint` | `true` | not declared: spec default |',
    '| `idempotentHint` | `false` | not declared: spec default |',
    '| `openWorldHint` | `false` | declared here |',
  ));
});

test('TypeScript, FastMCP addTool: Markdown in a one-line description is escaped, so it reads as the text clients receive', () => {
  assert.equal(cards('fastmcp-cards.ts').get('fetch_page'), lines(
    '**`fetch_page`** — the tool as clients see it',
    '',
    '**Title:** none: clients show the name',
    '',
    '**Description:**',
    '> Fetch a web page and return its text (\\*not\\* its \\<html\\> markup).',
    '',
    '**Parameters:**',
    '- `url`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `true` | declared here |',
    '| `destructiveHint` | `true` | not declared: spec default |',
    '| `idempotentHint` | `false` | not declared: spec default |',
    '| `openWorldHint` | `true` | declared here |',
  ));
});

test('Go: mcp-go\'s NewTool sends the hints left unset with their defaults; go-sdk\'s mcp.Tool leaves them to the spec', () => {
  const found = cards('cards.go');
  assert.equal(found.get('list_policies'), lines(
    '**`list_policies`** — the tool as clients see it',
    '',
    '**Title:** `List policies`',
    '',
    '**Description:**',
    '> List the policy sets of an organization.',
    '',
    '**Parameters:** not read for this form',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `true` | declared here |',
    '| `destructiveHint` | `true` | not declared: mcp-go\'s `NewTool` sends the default |',
    '| `idempotentHint` | `false` | not declared: mcp-go\'s `NewTool` sends the default |',
    '| `openWorldHint` | `true` | not declared: mcp-go\'s `NewTool` sends the default |',
  ));
  assert.equal(found.get('purge_cache'), lines(
    '**`purge_cache`** — the tool as clients see it',
    '',
    '**Title:** none: clients show the name',
    '',
    '**Description:**',
    '> Drop the cached policies.',
    '',
    '**Parameters:** not read for this form',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `false` | not declared: spec default |',
    '| `destructiveHint` | `true` | declared here |',
    '| `idempotentHint` | `false` | not declared: spec default |',
    '| `openWorldHint` | `false` | declared here |',
  ));
});

test('C#: an [McpServerTool] method with [Description], an Azure [CommandMetadata] command', () => {
  const found = cards('Cards.cs');
  assert.equal(found.get('share_note'), lines(
    '**`share_note`** — the tool as clients see it',
    '',
    '**Title:** `Share a note`',
    '',
    '**Description:**',
    '> Share a note with a colleague by email.',
    '',
    '**Parameters:**',
    '- `id`: *description not known statically*',
    '- `email`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `false` | not declared: spec default |',
    '| `destructiveHint` | `true` | not declared: spec default |',
    '| `idempotentHint` | `true` | declared here |',
    '| `openWorldHint` | `true` | declared here |',
  ));
  assert.equal(found.get('list'), lines(
    '**`list`** — the tool as clients see it',
    '',
    '**Title:** `List notes`',
    '',
    '**Description:** not known statically',
    '',
    '**Parameters:** not read for this form',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `true` | declared here |',
    '| `destructiveHint` | `true` | not declared: spec default |',
    '| `idempotentHint` | `true` | declared here |',
    '| `openWorldHint` | `false` | declared here |',
  ));
});

test('a preset imported from another module: each hint names the preset and its file', () => {
  const root = path.join(repoRoot(), 'test', 'projects', 'python-jira');
  const index = new ProjectIndex([root], new DiskFileSystem([root]));
  const file = path.join(root, 'src', 'jira_mcp', 'tools', 'projects.py');
  const found = cardsOf(file, { project: index.viewFor(file) });
  assert.equal(found.get('rename_project'), lines(
    '**`rename_project`** — the tool as clients see it',
    '',
    '**Title:** none: clients show the name',
    '',
    '**Description:**',
    '> Rename a project.',
    '',
    '**Parameters:**',
    '- `key`: *description not known statically*',
    '- `name`: *description not known statically*',
    '',
    ...TABLE_HEAD,
    '| `readOnlyHint` | `false` | preset `WRITE` in annotations.py |',
    '| `destructiveHint` | `false` | preset `WRITE` in annotations.py |',
    '| `idempotentHint` | `false` | not declared: spec default |',
    '| `openWorldHint` | `true` | not declared: spec default |',
  ));
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

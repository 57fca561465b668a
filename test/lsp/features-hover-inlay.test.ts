// Hovers and inlay hints over the real server: flags and hints (mapping, meaning and default,
// clients in one line, this tool's value), ToolMetadata / Behavior / Classification /
// ToolAnnotations (what they become for clients), enum members, the tool card, rule
// codes in suppression comments, and the why of the findings under the cursor; the
// effective-annotation labels and their setting.
import * as assert from 'node:assert/strict';
import { after as afterAll, before, describe, test } from 'node:test';
import { LspClient } from '../helpers/lsp-client';
import { BECOMES, modelHover, READ_ONLY_HOVER } from '../helpers/expected-hovers';
import { after, EDITOR_CAPABILITIES, editorFixture, hover, inlayHints, inlineDocument, openAndLint } from '../helpers/lsp-requests';

describe('hover', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  test('Python: flags, enum members, the decorator and suppression codes', async () => {
    const document = editorFixture('hover.py', 'python');
    await openAndLint(client, document);
    assert.equal(await hover(client, document, after(document, '    read_')), READ_ONLY_HOVER);
    assert.equal(await hover(client, document, after(document, 'ServiceDomain.EM')),
      '**`ServiceDomain.EMAIL`** — wire value `"email"`\n\n**Service domain:** Email services for sending, receiving, and managing messages');
    assert.equal(await hover(client, document, after(document, '"calen')),
      '**`ServiceDomain.CALENDAR`** — wire value `"calendar"`\n\n**Service domain:** Calendar and scheduling services');
    assert.equal(await hover(client, document, after(document, 'Operation.RE')),
      '**`Operation.READ`** — wire value `"read"`\n\n**When to use:** The tool only observes. No state was created, modified, or removed.');
    // The tool card, on the decorator and on the function's name.
    const card = [
      '**`Mail_ListMessages`** · title `ListMessages`',
      '',
      'List the messages of a folder.',
      '',
      '**Parameters:**',
      '- `folder`: *no description*',
      '',
      '| hint | value | from |',
      '|---|---|---|',
      '| `readOnlyHint` | `true` | declared here |',
      '| `destructiveHint` | `false` | declared here |',
      '| `idempotentHint` | `true` | declared here |',
      '| `openWorldHint` | `true` | declared here |',
    ].join('\n');
    assert.equal(await hover(client, document, after(document, '@app.to')), card);
    assert.equal(await hover(client, document, after(document, 'def list_mess')), card);
    const destructive = await hover(client, document, after(document, '    destruc'));
    assert.match(destructive ?? '', /^\*\*`destructive`\*\* — Arcade `Behavior` flag → MCP annotation \*\*`destructiveHint`\*\*/);
    assert.match(destructive ?? '', /\*\*This tool:\*\* `destructiveHint: false` \(declared\) — no effect, since the tool is read-only\.$/);
    const code = await hover(client, document, after(document, 'ignore[MTL1'));
    assert.ok(code?.startsWith('**MTL101 read-only-mutation** (error in `recommended`)\n\nA tool with a CREATE, UPDATE or DELETE operation is marked read_only=True.'), code);
    // MTL101 is suppressed there for nothing: the unused suppression's why follows the rule's docs.
    const [docs, why] = code!.split('\n\n---\n\n');
    assert.ok(docs.endsWith('[Documentation](https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/read-only-mutation.md)'));
    assert.equal(why, '**MTL901 unused-suppression:** A stale suppression hides the next real problem of that rule on the same line, and tells readers that something is wrong where nothing is. [Documentation](https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/unused-suppression.md)');
    const name = await hover(client, document, after(document, ', unused-'));
    assert.ok(name?.startsWith('**MTL901 unused-suppression**'), name);
    const declared = '`readOnlyHint: true` · `destructiveHint: false` · `idempotentHint: true` · `openWorldHint: true`.';
    assert.equal(await hover(client, document, after(document, '=ToolMeta')), modelHover('ToolMetadata',
      BECOMES.ToolMetadata, declared));
    assert.equal(await hover(client, document, after(document, '=Classif')), modelHover('Classification',
      BECOMES.Classification,
      '`"classification": {"service_domains":["email","calendar"]}` in `_meta.arcade.metadata`.'));
    assert.equal(await hover(client, document, after(document, '=Beh')), modelHover('Behavior', BECOMES.Behavior, declared));
    await client.close(document.uri);
  });

  test('a finding under the cursor: the hover adds why its rule matters (the short message leaves it out)', async () => {
    const document = editorFixture('fixes.py', 'python');
    await openAndLint(client, document);
    // MTL201 sits on this Behavior, which leaves read_only unset (its misspelling `readonly` is MTL206's).
    assert.equal(await hover(client, document, after(document, '=Beha')), [
      modelHover('Behavior', BECOMES.Behavior, '`readOnlyHint: false`* · `destructiveHint: false` · `idempotentHint: true` · `openWorldHint: true` (`*` spec default).'),
      '', '---', '',
      '**MTL201 missing-behavior-flag:** Arcade leaves an unset flag out of the tool\'s MCP annotations, and clients then assume the spec\'s pessimistic defaults: not read-only, destructive, not idempotent, open-world. A read-only tool without `read_only=True` gets a confirmation prompt on every call, and directory reviews reject tools whose flags are not explicit. [Documentation](https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/missing-behavior-flag.md)',
    ].join('\n'));
    const annotations = await hover(client, document, after(document, '=ToolAnnot'));
    assert.ok(annotations?.startsWith(modelHover('ToolAnnotations',
      BECOMES.ToolAnnotations,
      '`readOnlyHint: true` · `destructiveHint: true`* · `idempotentHint: false`* · `openWorldHint: true` (`*` spec default).')), annotations);
    await client.close(document.uri);
  });

  test('TypeScript: hints with the default clients assume and this tool\'s value', async () => {
    const document = editorFixture('hover.ts', 'typescript');
    await openAndLint(client, document);
    assert.equal(await hover(client, document, after(document, '{ readOnly')), [
      '**`readOnlyHint`** — MCP tool annotation',
      '',
      'true means the tool does not modify its environment. Omitted: clients assume `readOnlyHint: false`.',
      '',
      'In clients: read-only tools may run without a confirmation prompt; others keep asking.',
      '',
      '**This tool:** `readOnlyHint: true` (declared).',
    ].join('\n'));
    const openWorld = await hover(client, document, after(document, 'openWorld'));
    assert.match(openWorld ?? '', /Omitted: clients assume `openWorldHint: true`\./);
    assert.match(openWorld ?? '', /\*\*This tool:\*\* `openWorldHint: false` \(declared\)\.$/);
    const card = await hover(client, document, after(document, 'registerT'));
    assert.ok(card?.includes('| `destructiveHint` | `true` | not declared: spec default |'), card);
    await client.close(document.uri);
  });

  test('TypeScript: a ToolAnnotations type says what the annotations it types become', async () => {
    const document = inlineDocument('typed.ts', 'typescript', [
      'import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";',
      '',
      'export class ListDevicesTool {',
      '  name = "list_devices";',
      '  annotations: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };',
      '}',
      '',
    ].join('\n'));
    await openAndLint(client, document);
    const typed = await hover(client, document, after(document, 'annotations: ToolAnn'));
    assert.ok(typed?.startsWith('**`ToolAnnotations`** — what it becomes for clients\n\nMCP tool annotations, sent as written'), typed);
    assert.ok(typed?.endsWith('**This tool:** `readOnlyHint: true` · `destructiveHint: true`* · `idempotentHint: false`* · `openWorldHint: false` (`*` spec default).'), typed);
    assert.equal(await hover(client, document, after(document, 'import type { ToolAnn')), undefined, 'the import is no tool\'s annotations');
    await client.close(document.uri);
  });

  test('a preset written above its tools answers for the tool using it, and a tool\'s own key for that tool, also after an edit above moves them', async () => {
    const document = inlineDocument('presets.py', 'python', [
      'from fastmcp import FastMCP',
      'from mcp.types import ToolAnnotations',
      '',
      'mcp = FastMCP("notes")',
      '',
      'READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)',
      '',
      '',
      '@mcp.tool(annotations=READ_ONLY)',
      'def list_notes() -> list[str]:',
      '    return []',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False))',
      'def delete_note(note_id: str) -> None:',
      '    return None',
      '',
    ].join('\n'));
    await openAndLint(client, document);
    const declared = '`readOnlyHint: true` · `destructiveHint: false` · `idempotentHint: true` · `openWorldHint: false`.';
    const checkHovers = async () => {
      assert.equal(await hover(client, document, after(document, 'READ_ONLY = ToolAnn')), modelHover('ToolAnnotations', BECOMES.ToolAnnotations, declared));
      const ownKey = await hover(client, document, after(document, 'readOnlyHint=False, destr'));
      assert.ok(ownKey?.endsWith('**This tool:** `destructiveHint: true` (declared).'), ownKey);
    };
    await checkHovers();
    const before = client.diagnostics.length;
    const change = document.replace('mcp = FastMCP("notes")', 'mcp = FastMCP("notes")\n\n# notes kept in memory');
    document.nextVersion();
    await client.change(document, [change]);
    await client.waitForDiagnostics(document.uri, document.version, before);
    await checkHovers();
    await client.close(document.uri);
  });

  test('a snake_case hint (Python SDK v2) and a Behavior field', async () => {
    const document = editorFixture('fixes.py', 'python');
    await openAndLint(client, document);
    const snake = await hover(client, document, after(document, '(read_only_h'));
    assert.ok(snake?.startsWith('**`read_only_hint`** — MCP tool annotation (snake_case spelling of `readOnlyHint`, accepted by the Python SDK v2)'), snake);
    assert.match(snake ?? '', /\*\*This tool:\*\* `readOnlyHint: true` \(declared\)\.\n\n---\n\n\*\*MTL214 snake-case-hint:\*\* The Python SDK v2 accepts both spellings, but v1 /);
    const strict = await hover(client, document, after(document, '        stri'));
    assert.equal(strict, '**`strict`**\n\nTrue by default: Arcade rejects contradictory metadata when the server starts. strict=False bypasses the four contradiction checks; it is never serialised.'
      + '\n\n---\n\n**MTL903 unneeded-strict-false:** `strict=False` exists to accept a deliberate contradiction. Left behind after the contradiction is fixed, it silently disables Arcade\'s checks for the next edit that introduces one. [Documentation](https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/unneeded-strict-false.md)');
    await client.close(document.uri);
  });
});

describe('inlay hints', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  test('the annotations clients will see, in short words where they stay in view; defaults marked with *; the full table in the tooltip', async () => {
    const python = editorFixture('tools.py', 'python');
    await openAndLint(client, python);
    assert.deepEqual((await inlayHints(client, python)).map((hint) => [hint.position, hint.label]), [
      // At the end of `@app.tool(`; on the two long one-line decorators, right after `@app.tool`.
      [{ line: 6, character: 10 }, 'writes · additive · non-idempotent* · open*'],
      [{ line: 20, character: 9 }, 'read-only · open*'],
      [{ line: 25, character: 9 }, 'read-only · non-idempotent · open'],
    ]);
    const typescript = editorFixture('tools.ts', 'typescript');
    await openAndLint(client, typescript);
    const hints = await inlayHints(client, typescript);
    assert.deepEqual(hints.map((hint) => [hint.position, hint.label]), [
      [{ line: 5, character: 20 }, 'read-only · open*'],
      [{ line: 15, character: 20 }, 'read-only · open'],
    ]);
    const tooltip = hints[0].tooltip;
    assert.ok(typeof tooltip === 'object' && tooltip.value.startsWith('**`list_events`** — annotations clients will see\n\n| hint | value | from |\n|---|---|---|\n| `readOnlyHint` | `true` | declared here |'), JSON.stringify(tooltip));
    assert.ok(typeof tooltip === 'object' && tooltip.value.endsWith('`*` not declared: the value clients assume by default · `?` computed at run time'
      + ' · read-only/writes: `readOnlyHint` true/false · destructive/additive: `destructiveHint` true/false · idempotent/non-idempotent: `idempotentHint` true/false · open/closed: `openWorldHint` true/false'), JSON.stringify(tooltip));
    await client.close(python.uri);
    await client.close(typescript.uri);
  });

  test('a registration on one long line: the hint sits right after registerTool, not past the end of the line', async () => {
    const line = 'server.registerTool("delete_event", { description: "Delete one event from a calendar, for good.", annotations: { readOnlyHint: false, destructiveHint: true } }, async () => ({ content: [] }));';
    const document = inlineDocument('long-line.ts', 'typescript', `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n\nconst server = new McpServer({ name: "calendar", version: "1.0.0" });\n${line}\n`);
    await openAndLint(client, document);
    assert.deepEqual((await inlayHints(client, document)).map((hint) => [hint.position, hint.label]), [
      [{ line: 3, character: 'server.registerTool'.length }, 'writes · destructive · non-idempotent* · open*'],
    ]);
    await client.close(document.uri);
  });

  test('mcpToolLint.inlayHints.enable: false turns them off', async () => {
    const document = editorFixture('hover.ts', 'typescript');
    await openAndLint(client, document);
    assert.deepEqual((await inlayHints(client, document)).map((hint) => hint.label), ['read-only · closed']);
    client.settings = { ...client.settings, inlayHints: { enable: false } };
    await client.configurationChanged();
    assert.deepEqual(await inlayHints(client, document), []);
    client.settings = { ...client.settings, inlayHints: { enable: true } };
    await client.configurationChanged();
    assert.equal((await inlayHints(client, document)).length, 1);
    await client.close(document.uri);
  });
});

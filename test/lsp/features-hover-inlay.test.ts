// Hovers and inlay hints over the real server: flags and hints (meaning, mapping, default,
// clients, this tool's value), enum members, the registration's table, rule codes in
// suppression comments; the effective-annotation labels and their setting.
import * as assert from 'node:assert/strict';
import { after as afterAll, before, describe, test } from 'node:test';
import { LspClient } from '../helpers/lsp-client';
import { after, EDITOR_CAPABILITIES, editorFixture, hover, inlayHints, openAndLint } from '../helpers/lsp-requests';

const READ_ONLY_HOVER = [
  '**`read_only`** — Arcade `Behavior` flag → MCP annotation **`readOnlyHint`**',
  '',
  'Does this tool only observe, with zero side effects? Set True only when it never mutates any state in the target system; if there is any doubt, set it to False.',
  '',
  '**Meaning:** true means the tool does not modify its environment.',
  '',
  '**When omitted:** clients assume `readOnlyHint: false` (a `None` flag is left out too).',
  '',
  '**In clients:** VS Code offers auto-approval for read-only tools, Claude runs them without a per-call prompt, and GitHub Copilot\'s PR review drops every tool that lacks `readOnlyHint`. A tool that is not read-only keeps asking for confirmation.',
  '',
  '**This tool:** `readOnlyHint: true` (declared).',
].join('\n');

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
    assert.equal(await hover(client, document, after(document, '@app.to')), [
      '**`Mail_ListMessages`** — annotations clients will see',
      '',
      '| hint | value | |',
      '|---|---|---|',
      '| `readOnlyHint` | `true` | declared |',
      '| `destructiveHint` | `false` | declared |',
      '| `idempotentHint` | `true` | declared |',
      '| `openWorldHint` | `true` | declared |',
      '',
      'Title: `ListMessages`',
    ].join('\n'));
    const destructive = await hover(client, document, after(document, '    destruc'));
    assert.match(destructive ?? '', /^\*\*`destructive`\*\* — Arcade `Behavior` flag → MCP annotation \*\*`destructiveHint`\*\*/);
    assert.match(destructive ?? '', /\*\*This tool:\*\* `destructiveHint: false` \(declared\) — no effect, since the tool is read-only\.$/);
    const code = await hover(client, document, after(document, 'ignore[MTL1'));
    assert.ok(code?.startsWith('**MTL101 read-only-mutation** (error in `recommended`)\n\nA tool with a CREATE, UPDATE or DELETE operation is marked read_only=True.'), code);
    assert.ok(code?.endsWith('[Documentation](https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/read-only-mutation.md)'));
    const name = await hover(client, document, after(document, ', unused-'));
    assert.ok(name?.startsWith('**MTL901 unused-suppression**'), name);
    assert.equal(await hover(client, document, after(document, 'def list_mess')), undefined);
    await client.close(document.uri);
  });

  test('TypeScript: hints with the default clients assume and this tool\'s value', async () => {
    const document = editorFixture('hover.ts', 'typescript');
    await openAndLint(client, document);
    assert.equal(await hover(client, document, after(document, '{ readOnly')), [
      '**`readOnlyHint`** — MCP tool annotation',
      '',
      '**Meaning:** true means the tool does not modify its environment.',
      '',
      '**When omitted:** clients assume `readOnlyHint: false`.',
      '',
      '**In clients:** VS Code offers auto-approval for read-only tools, Claude runs them without a per-call prompt, and GitHub Copilot\'s PR review drops every tool that lacks `readOnlyHint`. A tool that is not read-only keeps asking for confirmation.',
      '',
      '**This tool:** `readOnlyHint: true` (declared).',
    ].join('\n'));
    const openWorld = await hover(client, document, after(document, 'openWorld'));
    assert.match(openWorld ?? '', /\*\*When omitted:\*\* clients assume `openWorldHint: true`\./);
    assert.match(openWorld ?? '', /\*\*This tool:\*\* `openWorldHint: false` \(declared\)\.$/);
    const table = await hover(client, document, after(document, 'registerT'));
    assert.ok(table?.includes('| `destructiveHint` | `true` | default (not declared) |'), table);
    await client.close(document.uri);
  });

  test('a snake_case hint (Python SDK v2) and a Behavior field', async () => {
    const document = editorFixture('fixes.py', 'python');
    await openAndLint(client, document);
    const snake = await hover(client, document, after(document, '(read_only_h'));
    assert.ok(snake?.startsWith('**`read_only_hint`** — MCP tool annotation (snake_case spelling of `readOnlyHint`, accepted by the Python SDK v2)'), snake);
    assert.match(snake ?? '', /\*\*This tool:\*\* `readOnlyHint: true` \(declared\)\.$/);
    const strict = await hover(client, document, after(document, '        stri'));
    assert.equal(strict, '**`strict`**\n\nTrue by default: Arcade rejects contradictory metadata when the server starts. strict=False bypasses the four contradiction checks; it is never serialised.');
    await client.close(document.uri);
  });
});

describe('inlay hints', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES }));
  });
  afterAll(() => client.kill());

  test('the annotations clients will see, after each registration line; defaults marked with *', async () => {
    const python = editorFixture('tools.py', 'python');
    await openAndLint(client, python);
    assert.deepEqual((await inlayHints(client, python)).map((hint) => [hint.position, hint.label]), [
      [{ line: 6, character: 10 }, 'read-write · non-destructive · non-idempotent* · open-world*'],
      [{ line: 20, character: 96 }, 'readOnly · open-world*'],
      [{ line: 25, character: 152 }, 'readOnly · non-idempotent · open-world'],
    ]);
    const typescript = editorFixture('tools.ts', 'typescript');
    await openAndLint(client, typescript);
    const hints = await inlayHints(client, typescript);
    assert.deepEqual(hints.map((hint) => [hint.position, hint.label]), [
      [{ line: 5, character: 20 }, 'readOnly · open-world*'],
      [{ line: 15, character: 20 }, 'readOnly · open-world'],
    ]);
    const tooltip = hints[0].tooltip;
    assert.ok(typeof tooltip === 'object' && tooltip.value.endsWith('`*` not declared: the value clients assume by default · `?` computed at run time'));
    await client.close(python.uri);
    await client.close(typescript.uri);
  });

  test('mcpToolLint.inlayHints.enable: false turns them off', async () => {
    const document = editorFixture('hover.ts', 'typescript');
    await openAndLint(client, document);
    assert.deepEqual((await inlayHints(client, document)).map((hint) => hint.label), ['readOnly · closed-world']);
    client.settings = { ...client.settings, inlayHints: { enable: false } };
    await client.configurationChanged();
    assert.deepEqual(await inlayHints(client, document), []);
    client.settings = { ...client.settings, inlayHints: { enable: true } };
    await client.configurationChanged();
    assert.equal((await inlayHints(client, document)).length, 1);
    await client.close(document.uri);
  });
});

// The real server over stdio with project config files in a temporary folder: profiles and
// customizations (exact severities), nearest-config discovery, precedence over the editor
// setting, reload on workspace/didChangeWatchedFiles, a bad config file, exclude, run: onSave,
// suppressions.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { FileChangeType } from 'vscode-languageserver/node';
import { repoRoot } from '../helpers/fixtures';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import { AT, lines, OPEN_WORLD, READ_ONLY_TOOL, TAIL } from './config-helpers';

function tempFolder(): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-config-')));
}

function write(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

function documentAt(file: string, text = READ_ONLY_TOOL): TestDocument {
  return new TestDocument(pathToFileURL(file).href, 'python', text);
}

async function lint(client: LspClient, document: TestDocument): Promise<string[]> {
  await client.open(document);
  return lines((await client.waitForDiagnostics(document.uri, document.version)).diagnostics);
}

describe('profiles and customizations over LSP', () => {
  let client: LspClient;
  let root: string;
  before(async () => {
    root = tempFolder();
    ({ client } = await LspClient.start());
  });
  after(() => {
    client.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const expected: Record<string, string[]> = {
    recommended: [`${AT} info ${OPEN_WORLD}`],
    strict: [`${AT} error MTL202 The annotations omit 3 hints, so clients will assume openWorldHint: true, destructiveHint: true and idempotentHint: false. ${TAIL}`],
    spec: [`${AT} info ${OPEN_WORLD}`],
    arcade: [],
    'openai-apps': [`${AT} error MTL202 The annotations omit 2 hints, so clients will assume openWorldHint: true and destructiveHint: true. ${TAIL}`],
  };
  for (const [profile, want] of Object.entries(expected)) {
    test(`profile ${profile}`, async () => {
      client.settings = { profile };
      const document = documentAt(path.join(root, `${profile}.py`));
      assert.deepEqual(await lint(client, document), want);
      await client.close(document.uri);
    });
  }

  test('customizations change severities: a name, then an upgrade by glob; off drops it', async () => {
    for (const [customizations, want] of [
      [[{ rule: 'missing-annotation-hint', severity: 'warning' }], [`${AT} warning ${OPEN_WORLD}`]],
      [[{ rule: 'MTL2*', severity: 'upgrade' }], [`${AT} warning ${OPEN_WORLD}`]],
      [[{ rule: 'MTL202', severity: 'error' }, { rule: 'missing-*', severity: 'downgrade' }], [`${AT} warning ${OPEN_WORLD}`]],
      [[{ rule: 'MTL202', severity: 'off' }], []],
    ] as const) {
      client.settings = { profile: 'recommended', rules: { customizations } };
      const document = documentAt(path.join(root, 'custom.py'));
      assert.deepEqual(await lint(client, document), want, JSON.stringify(customizations));
      await client.close(document.uri);
    }
  });
});

describe('project config files over LSP', () => {
  let client: LspClient;
  let root: string;
  before(async () => {
    root = tempFolder();
    ({ client } = await LspClient.start({ settings: { profile: 'arcade' } }));
  });
  after(() => {
    client.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('the nearest config walking up applies; its profile wins over the editor setting', async () => {
    write(path.join(root, '.mcp-tool-lint.json'), JSON.stringify({ profile: 'strict' }));
    write(path.join(root, 'pkg', 'pyproject.toml'), '[project]\nname = "pkg"\n\n[tool.mcp-tool-lint]\nprofile = "openai-apps"\n');
    // A pyproject.toml without our table is no config: the search goes on upwards.
    write(path.join(root, 'other', 'pyproject.toml'), '[project]\nname = "other"\n');
    assert.deepEqual(await lint(client, documentAt(path.join(root, 'pkg', 'deep', 'tools.py'))), [
      `${AT} error MTL202 The annotations omit 2 hints, so clients will assume openWorldHint: true and destructiveHint: true. ${TAIL}`,
    ]);
    assert.deepEqual(await lint(client, documentAt(path.join(root, 'other', 'tools.py'))), [
      `${AT} error MTL202 The annotations omit 3 hints, so clients will assume openWorldHint: true, destructiveHint: true and idempotentHint: false. ${TAIL}`,
    ]);
  });

  test('JSON wins over pyproject.toml in one folder; rules in the config, then editor customizations on top', async () => {
    const dir = path.join(root, 'both');
    write(path.join(dir, '.mcp-tool-lint.json'), JSON.stringify({ profile: 'recommended', rules: { 'missing-annotation-hint': 'error' } }));
    write(path.join(dir, 'pyproject.toml'), '[tool.mcp-tool-lint]\nprofile = "arcade"\n');
    assert.deepEqual(await lint(client, documentAt(path.join(dir, 'tools.py'))), [`${AT} error ${OPEN_WORLD}`]);
    client.settings = { profile: 'arcade', rules: { customizations: [{ rule: 'MTL202', severity: 'hint' }] } };
    const after = client.diagnostics.length;
    await client.configurationChanged();
    assert.deepEqual(lines((await client.waitForDiagnostics(documentAt(path.join(dir, 'tools.py')).uri, 1, after)).diagnostics), [`${AT} hint ${OPEN_WORLD}`]);
    client.settings = { profile: 'arcade' };
    await client.configurationChanged();
  });

  test('a changed config file re-lints open documents without a restart (didChangeWatchedFiles)', async () => {
    const dir = path.join(root, 'reload');
    const config = write(path.join(dir, '.mcp-tool-lint.json'), JSON.stringify({ profile: 'recommended' }));
    const document = documentAt(path.join(dir, 'tools.py'));
    assert.deepEqual(await lint(client, document), [`${AT} info ${OPEN_WORLD}`]);
    write(config, JSON.stringify({ profile: 'recommended', rules: { MTL202: 'warning' } }));
    const after = client.diagnostics.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(config).href, type: FileChangeType.Changed }] });
    assert.deepEqual(lines((await client.waitForDiagnostics(document.uri, 1, after)).diagnostics), [`${AT} warning ${OPEN_WORLD}`]);
    // Deleted: the next config up (the temporary folder's, strict) applies.
    fs.rmSync(config);
    const later = client.diagnostics.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(config).href, type: FileChangeType.Deleted }] });
    assert.deepEqual(lines((await client.waitForDiagnostics(document.uri, 1, later)).diagnostics), [
      `${AT} error MTL202 The annotations omit 3 hints, so clients will assume openWorldHint: true, destructiveHint: true and idempotentHint: false. ${TAIL}`,
    ]);
    await client.close(document.uri);
  });

  test('a bad config file: one warning message, the defaults apply, the server keeps serving', async () => {
    const dir = path.join(root, 'bad');
    const config = write(path.join(dir, '.mcp-tool-lint.json'), '{"profile": "recommended",\n "rulez": {}}');
    const first = documentAt(path.join(dir, 'a.py'));
    const second = documentAt(path.join(dir, 'b.py'));
    // The defaults: the editor setting (arcade), which has no MTL202 at all.
    assert.deepEqual(await lint(client, first), []);
    assert.deepEqual(await lint(client, second), []);
    const warnings = client.notifications.filter((n) => n.method === 'window/showMessage');
    assert.deepEqual(warnings.map((n) => n.params), [{
      type: 2,
      message: `mcp-tool-lint: the project config cannot be used, so the defaults apply: ${config}: unknown key "rulez" (known keys: profile, rules, exclude, maxFileSize, serverModules, firstParty)`,
    }]);
    assert.ok(client.logs.some((log) => log.type === 2 && log.message.includes('unknown key "rulez"')));
    await client.close(first.uri);
    await client.close(second.uri);
  });

  test('serverModules: a wrapper module\'s importers register tools', async () => {
    const text = 'import { makeServer } from "@acme/mcp-kit";\nconst server = makeServer();\nserver.registerTool("ping", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n';
    const toolsIn = async (dir: string): Promise<number> => {
      const document = new TestDocument(pathToFileURL(path.join(dir, 'server.ts')).href, 'typescript', text);
      await client.open(document);
      const status = await client.waitFor(() => client.notifications.find((n) => n.method === 'mcpToolLint/status' && (n.params as { uri: string }).uri === document.uri), 'status');
      await client.close(document.uri);
      return (status.params as { tools: number }).tools;
    };
    write(path.join(root, 'kit', '.mcp-tool-lint.json'), JSON.stringify({ serverModules: ['@acme/mcp-kit'] }));
    write(path.join(root, 'nokit', '.mcp-tool-lint.json'), JSON.stringify({}));
    assert.equal(await toolsIn(path.join(root, 'nokit')), 0);
    assert.equal(await toolsIn(path.join(root, 'kit')), 1);
  });

  test('exclude: the config\'s globs and mcpToolLint.exclude leave a file without diagnostics', async () => {
    const dir = path.join(root, 'excluded');
    write(path.join(dir, '.mcp-tool-lint.json'), JSON.stringify({ profile: 'recommended', exclude: ['generated/**'] }));
    const generated = documentAt(path.join(dir, 'generated', 'tools.py'));
    const kept = documentAt(path.join(dir, 'src', 'tools.py'));
    await client.open(generated);
    assert.deepEqual(await lint(client, kept), [`${AT} info ${OPEN_WORLD}`]);
    const status = await client.waitFor(() => client.notifications.find((n) => n.method === 'mcpToolLint/status' && (n.params as { uri: string }).uri === generated.uri), 'status');
    assert.equal((status.params as { skipped?: string }).skipped, 'excluded');
    assert.equal(client.diagnostics.filter((d) => d.uri === generated.uri).length, 0);
    // Outside the workspace folders a build-output name in the path skips nothing (it may sit above the project).
    const output = documentAt(path.join(dir, 'out', 'tools.py'));
    assert.deepEqual(await lint(client, output), [`${AT} info ${OPEN_WORLD}`]);
    await client.close(output.uri);
    // The editor's exclude; outside the workspace folders it is relative to the project config's folder.
    client.settings = { profile: 'arcade', exclude: ['src/'] };
    const after = client.diagnostics.length;
    await client.configurationChanged();
    assert.deepEqual((await client.waitForDiagnostics(kept.uri, 1, after)).diagnostics, []);
    client.settings = { profile: 'arcade' };
    await client.configurationChanged();
    await client.close(generated.uri);
    await client.close(kept.uri);
  });
});

describe('run: onSave and suppressions over LSP', () => {
  let client: LspClient;
  before(async () => {
    ({ client } = await LspClient.start({ settings: { profile: 'recommended', run: 'onSave' } }));
  });
  after(() => client.kill());

  test('onSave: lints on open and on didSave, not on changes', async () => {
    const document = documentAt(path.join(os.tmpdir(), 'mtl-on-save', 'tools.py'));
    assert.deepEqual(await lint(client, document), [`${AT} info ${OPEN_WORLD}`]);
    const change = document.replace('readOnlyHint=True', 'readOnlyHint=True, openWorldHint=False');
    document.nextVersion();
    await client.change(document, [change]);
    // A request answered after the change was handled (and its lint had its turn).
    await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: document.uri }, position: { line: 7, character: 5 } });
    assert.equal(client.diagnostics.filter((d) => d.uri === document.uri && d.version === 2).length, 0);
    await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: document.uri } });
    assert.deepEqual(lines((await client.waitForDiagnostics(document.uri, 2)).diagnostics), []);
    await client.close(document.uri);
  });

  test('a suppression with a reason hides the finding; MTL901 for an unused one; MTL902 without a reason', async () => {
    const uri = pathToFileURL(path.join(os.tmpdir(), 'mtl-suppress', 'tools.py')).href;
    const suppressed = new TestDocument(uri, 'python', READ_ONLY_TOOL.replace('@mcp.tool(', '# mcp-tool-lint: ignore[MTL202] listing is local\n@mcp.tool('));
    assert.deepEqual(await lint(client, suppressed), []);
    await client.close(uri);
    const unused = new TestDocument(uri, 'python', READ_ONLY_TOOL.replace('mcp = FastMCP', '# mcp-tool-lint: ignore[read-only-mutation] not needed\nmcp = FastMCP'));
    // The finding marks the unused code inside the brackets.
    const unusedLines = await lint(client, unused);
    assert.deepEqual(unusedLines.filter((line) => line.includes('MTL901')).map((line) => line.split(' ').slice(0, 3).join(' ')), ['3:24-3:42 info MTL901']);
    await client.close(uri);
    const noReason = new TestDocument(uri, 'python', READ_ONLY_TOOL.replace('@mcp.tool(', '# mcp-tool-lint: ignore[MTL202]\n@mcp.tool('));
    const noReasonLines = await lint(client, noReason);
    // On the comment's line (where in the comment it starts is the rule's business).
    assert.deepEqual(noReasonLines.map((line) => `${line.split(':')[0]} ${line.split(' ').slice(1, 3).join(' ')}`), ['6 hint MTL902']);
    await client.close(uri);
  });
});

describe('contributed settings', () => {
  test('every setting has a markdownDescription; the ones the server reads are contributed with their scope', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { markdownDescription?: string; scope?: string; default?: unknown }> }; commands: Array<{ command: string; title: string }> };
    };
    const properties = manifest.contributes.configuration.properties;
    for (const [key, setting] of Object.entries(properties)) assert.ok(setting.markdownDescription, `${key} has a markdownDescription`);
    const expected: Record<string, unknown> = {
      'mcpToolLint.enable': true, 'mcpToolLint.profile': 'recommended', 'mcpToolLint.rules.customizations': [], 'mcpToolLint.run': 'onType',
      'mcpToolLint.diagnosticMode': 'openFiles', 'mcpToolLint.exclude': [], 'mcpToolLint.maxFileSize': 5 * 1024 * 1024,
      'mcpToolLint.codeAction.disableRuleComment.enable': true, 'mcpToolLint.inlayHints.enable': true, 'mcpToolLint.codeLens.enable': true,
      'mcpToolLint.firstParty': {},
    };
    for (const [key, value] of Object.entries(expected)) {
      assert.deepEqual(properties[key]?.default, value, `${key} default`);
      assert.equal(properties[key]?.scope, 'resource', `${key} can differ per folder`);
    }
    const commands = new Map(manifest.contributes.commands.map((c) => [c.command, c.title]));
    assert.equal(commands.get('mcpToolLint.fixAll'), 'Fix all');
    assert.equal(commands.get('mcpToolLint.lintWorkspace'), 'Lint workspace');
  });
});

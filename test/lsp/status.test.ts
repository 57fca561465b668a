// The mcpToolLint/status notification over the real stdio server: what the language status
// item shows (profile, tools, project config, its problem, why a file was skipped).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import { READ_ONLY_TOOL } from './config-helpers';

const TWO_TOOLS = `${READ_ONLY_TOOL}

@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))
def count_notes() -> int:
    """Count the notes of the current user."""
`;

describe('mcpToolLint/status', () => {
  let client: LspClient;
  let root: string;
  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-status-')));
    ({ client } = await LspClient.start({ settings: { profile: 'spec' } }));
  });
  after(() => {
    client.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function statusFor(uri: string, version: number): Promise<unknown> {
    return client.waitFor(() => client.notifications.find((n) => n.method === 'mcpToolLint/status'
      && (n.params as { uri: string }).uri === uri && (n.params as { version: number }).version === version)?.params, `status of ${uri}@${version}`);
  }

  test('after the first analysis and each one that changes it: profile, tools, problems and the config file in effect', async () => {
    const config = path.join(root, 'with-config', '.mcp-tool-lint.json');
    fs.mkdirSync(path.dirname(config), { recursive: true });
    fs.writeFileSync(config, JSON.stringify({ profile: 'strict' }));
    const document = new TestDocument(pathToFileURL(path.join(root, 'with-config', 'tools.py')).href, 'python', TWO_TOOLS);
    await client.open(document);
    // strict: both tools miss hints (MTL202 errors), one finding each.
    assert.deepEqual(await statusFor(document.uri, 1), { uri: document.uri, version: 1, profile: 'strict', tools: 2, problems: 2, configFile: config });
    const renamed = document.replace('def count_notes', 'def count_all_notes');
    document.nextVersion();
    const before = client.diagnostics.length;
    await client.change(document, [renamed]);
    await client.waitForDiagnostics(document.uri, 2, before);
    // The status goes out before the diagnostics of the same analysis: none came for version 2.
    const versions = () => client.notifications
      .filter((n) => n.method === 'mcpToolLint/status' && (n.params as { uri: string }).uri === document.uri)
      .map((n) => (n.params as { version: number }).version);
    assert.deepEqual(versions(), [1], 'the same tools and problems: no status');
    const undecorated = document.replace('@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))\n', '');
    document.nextVersion();
    await client.change(document, [undecorated]);
    assert.deepEqual(await statusFor(document.uri, 3), { uri: document.uri, version: 3, profile: 'strict', tools: 1, problems: 1, configFile: config });
    await client.close(document.uri);
    await client.open(new TestDocument(document.uri, 'python', TWO_TOOLS));
    const reopened = await client.waitFor(() => client.notifications.filter((n) => n.method === 'mcpToolLint/status' && (n.params as { uri: string }).uri === document.uri)[2]?.params, 'the status after reopening');
    assert.deepEqual(reopened, { uri: document.uri, version: 1, profile: 'strict', tools: 2, problems: 2, configFile: config }, 'reopened: sent again');
    assert.deepEqual(versions(), [1, 3, 1]);
    await client.close(document.uri);
  });

  test('the editor profile without a config; a bad config names its problem; a skipped file says why', async () => {
    const plain = new TestDocument(pathToFileURL(path.join(root, 'plain', 'tools.py')).href, 'python', READ_ONLY_TOOL);
    await client.open(plain);
    assert.deepEqual(await statusFor(plain.uri, 1), { uri: plain.uri, version: 1, profile: 'spec', tools: 1, problems: 1 });

    const bad = path.join(root, 'bad', 'pyproject.toml');
    fs.mkdirSync(path.dirname(bad), { recursive: true });
    fs.writeFileSync(bad, '[tool.mcp-tool-lint]\nprofile = "loose"\n');
    const broken = new TestDocument(pathToFileURL(path.join(root, 'bad', 'tools.py')).href, 'python', READ_ONLY_TOOL);
    await client.open(broken);
    assert.deepEqual(await statusFor(broken.uri, 1), {
      uri: broken.uri, version: 1, profile: 'spec', tools: 1, problems: 1,
      configProblem: `${bad}: [tool.mcp-tool-lint]: "profile" must be one of recommended, strict, spec, arcade, openai-apps, not "loose"`,
    });

    const vendored = new TestDocument(pathToFileURL(path.join(root, '.venv', 'lib', 'tools.py')).href, 'python', READ_ONLY_TOOL);
    await client.open(vendored);
    assert.deepEqual(await statusFor(vendored.uri, 1), { uri: vendored.uri, version: 1, profile: 'spec', tools: 0, problems: 0, skipped: 'excluded' });
  });

  test('mcpToolLint.maxFileSize: a larger file is skipped as too large, and the log says why', async () => {
    client.settings = { profile: 'spec', maxFileSize: 100 };
    await client.configurationChanged();
    const big = new TestDocument(pathToFileURL(path.join(root, 'big', 'tools.py')).href, 'python', READ_ONLY_TOOL);
    await client.open(big);
    assert.deepEqual(await statusFor(big.uri, 1), { uri: big.uri, version: 1, profile: 'spec', tools: 0, problems: 0, skipped: 'too-large' });
    assert.ok(client.logs.some((log) => log.message === `Not linting ${big.uri}: it is larger than 100 bytes (mcpToolLint.maxFileSize).`));
    client.settings = { profile: 'spec', maxFileSize: '1KB' };
    const after = client.diagnostics.length;
    await client.configurationChanged();
    assert.equal((await client.waitForDiagnostics(big.uri, 1, after)).diagnostics.length, 1);
  });
});

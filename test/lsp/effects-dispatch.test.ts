// A tool object dispatched by another module (issue 27), over the real stdio server on a copy of
// test/projects/ts-cluster: the open tool module gets the effect finding whose path starts in the
// server module's tools/call branch, and editing that branch in the server module re-publishes the
// tool module without it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { effectFindings } from '../helpers/effect-findings';
import { repoRoot } from '../helpers/fixtures';
import { DEFAULT_CAPABILITIES, LspClient, TestDocument } from '../helpers/lsp-client';

const uriOf = (file: string): string => pathToFileURL(file).href;

describe('effects of a tool dispatched by another module, over LSP', () => {
  let client: LspClient;
  let root: string;
  const documentOf = (relative: string): TestDocument => new TestDocument(uriOf(path.join(root, relative)), 'typescript', fs.readFileSync(path.join(root, relative), 'utf8'));

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-dispatch-')));
    fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'ts-cluster'), root, { recursive: true });
    const capabilities = {
      ...DEFAULT_CAPABILITIES,
      workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } },
      window: { workDoneProgress: true },
    };
    ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: uriOf(root), name: 'cluster' }] }));
    await client.waitForProgressEnd('Indexing MCP tools');
  });
  after(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('the tool module gets the finding with its path from the server module\'s branch; editing that branch re-publishes it without', async () => {
    const context = documentOf('src/tools/context.ts');
    const opened = client.diagnostics.length;
    await client.open(context);
    const withEffects = await client.waitFor(() => client.diagnostics.slice(opened).find((params) => params.uri === context.uri && effectFindings(params.diagnostics, root).length > 0), 'context.ts with its effect finding');
    assert.deepEqual(effectFindings(withEffects.diagnostics, root), ['7:5 effect-contradicts-read-only 3 src/index.ts:25 src/index.ts:26 src/tools/context.ts:34 src/exec.ts:18']);

    const index = documentOf('src/index.ts');
    await client.open(index);
    const edited = client.diagnostics.length;
    // The server no longer runs the tool: its branch refuses.
    await client.change(index.nextVersion(), [
      index.replace('      return await kubectlContext(input as unknown as ContextInput);', '      throw new Error("Switching contexts is turned off");'),
    ]);
    const republished = await client.waitFor(() => client.diagnostics.slice(edited).find((params) => params.uri === context.uri && !effectFindings(params.diagnostics, root).length), 'context.ts published again without the finding');
    assert.deepEqual(republished.diagnostics.map((diagnostic) => diagnostic.code), []);
  });
});

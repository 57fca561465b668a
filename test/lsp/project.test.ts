// The project index over the real stdio server: a copy of test/projects/python-jira as the
// workspace folder, indexed in the background with work-done progress; tools registered on a server
// imported from another module are seen; a duplicate name on one server is reported in both files,
// each pointing at the other; editing one module (in the editor, or on disk with a watched-file
// event) re-publishes the diagnostics of the other open document.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Diagnostic } from 'vscode-languageserver/node';
import { repoRoot } from '../helpers/fixtures';
import { DEFAULT_CAPABILITIES, LspClient, TestDocument } from '../helpers/lsp-client';
import { codeActions, EDITOR_CAPABILITIES, editsFor } from '../helpers/lsp-requests';

const uriOf = (file: string): string => pathToFileURL(file).href;

/** `line:col code` of each diagnostic (1-based), with its related locations as `file:line`. */
function described(diagnostics: readonly Diagnostic[], root: string): string[] {
  return diagnostics.map((diagnostic) => {
    const related = (diagnostic.relatedInformation ?? []).map((info) => `${path.relative(root, new URL(info.location.uri).pathname)}:${info.location.range.start.line + 1}`);
    return `${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1} ${diagnostic.code}${related.length ? ` -> ${related.join(', ')}` : ''}`;
  });
}

/** What the python-jira copy's open modules are reported, as `described` gives them. */
const ISSUES_FINDINGS = [
  '8:2 invalid-tool-name -> src/jira_mcp/tools/search.py:11',
  '14:11 missing-annotation-hint',
  '14:46 read-only-destructive -> src/jira_mcp/tools/issues.py:14',
  '21:2 missing-annotations',
];
const SEARCH_FINDINGS = ['11:16 invalid-tool-name -> src/jira_mcp/tools/issues.py:8'];
const PROJECTS_FINDINGS = [
  '20:23 read-only-destructive -> src/jira_mcp/annotations.py:14, src/jira_mcp/annotations.py:13',
  '25:11 missing-annotation-hint -> src/jira_mcp/annotations.py:19',
];

describe('project index', () => {
  let client: LspClient;
  let root: string;
  const file = (relative: string): string => path.join(root, relative);
  const documentOf = (relative: string): TestDocument => new TestDocument(uriOf(file(relative)), 'python', fs.readFileSync(file(relative), 'utf8'));

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-project-')));
    fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'python-jira'), root, { recursive: true });
    const capabilities = {
      ...DEFAULT_CAPABILITIES,
      workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true } },
      textDocument: { ...DEFAULT_CAPABILITIES.textDocument, codeAction: EDITOR_CAPABILITIES.textDocument!.codeAction },
      window: { workDoneProgress: true },
    };
    ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: uriOf(root), name: 'jira' }] }));
    const progress = await client.waitForProgressEnd('Indexing MCP tools');
    assert.equal(progress[progress.length - 1].kind, 'end');
  });
  after(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('tools on a server imported from another module are seen, and a name registered twice on it is reported in both files', async () => {
    const issues = documentOf('src/jira_mcp/tools/issues.py');
    const search = documentOf('src/jira_mcp/tools/search.py');
    await client.open(issues);
    await client.open(search);
    assert.deepEqual(described((await client.waitForDiagnostics(issues.uri, 1)).diagnostics, root), ISSUES_FINDINGS);
    assert.deepEqual(described((await client.waitForDiagnostics(search.uri, 1)).diagnostics, root), SEARCH_FINDINGS);

    // Renaming the tool in one open document takes the duplicate off the other, at the same version.
    const before = client.diagnostics.length;
    await client.change(issues.nextVersion(), [issues.replace('def get_issue(', 'def fetch_issue(')]);
    const republished = await client.waitForDiagnostics(search.uri, 1, before);
    assert.deepEqual(republished.diagnostics, []);
    // And back.
    const renamed = client.diagnostics.length;
    await client.change(issues.nextVersion(), [issues.replace('def fetch_issue(', 'def get_issue(')]);
    assert.deepEqual(described((await client.waitForDiagnostics(search.uri, 1, renamed)).diagnostics, root), SEARCH_FINDINGS);
  });

  test('a module that registers its tools only through a wrapper named without a tool word is linted', async () => {
    // attachments.py says neither "tool" nor an SDK's name: the textual pre-filter alone would skip it.
    const attachments = documentOf('src/jira_mcp/tools/attachments.py');
    await client.open(attachments);
    assert.deepEqual(described((await client.waitForDiagnostics(attachments.uri, 1)).diagnostics, root), ['15:1 missing-annotations']);
    await client.close(attachments.uri);
  });

  test('a contradiction in an imported preset: reported at its use, fixed in the preset\'s module, which re-publishes the tool\'s module when edited', async () => {
    const projects = documentOf('src/jira_mcp/tools/projects.py');
    const presets = documentOf('src/jira_mcp/annotations.py');
    await client.open(projects);
    const published = (await client.waitForDiagnostics(projects.uri, 1)).diagnostics;
    assert.deepEqual(described(published, root), PROJECTS_FINDINGS);
    const actions = await codeActions(client, projects, published[0].range, [published[0]]);
    const fix = actions.find((action) => action.title.startsWith('Set destructiveHint to False'));
    assert.equal(fix?.title, 'Set destructiveHint to False in the shared constant ARCHIVE of annotations.py (changes every tool that uses it)');
    const edits = editsFor(fix!.edit!, presets);
    assert.deepEqual(edits, [{ range: { start: { line: 13, character: 20 }, end: { line: 13, character: 24 } }, newText: 'False' }]);

    // Fix-all on save edits only the saved document: here there is nothing of its own to fix.
    assert.deepEqual(await codeActions(client, projects, published[0].range, [], ['source.fixAll']), []);

    // The author applies the fix in the preset's module, open in the editor: the tool's diagnostics follow.
    await client.open(presets);
    const before = client.diagnostics.length;
    await client.change(presets.nextVersion(), [presets.replace('    destructiveHint=True,', '    destructiveHint=False,')]);
    assert.deepEqual(described((await client.waitForDiagnostics(projects.uri, 1, before)).diagnostics, root), [
      // No longer a contradiction; but archiving changes something, and the preset still says read-only.
      '20:23 name-implies-mutation -> src/jira_mcp/annotations.py:13',
      '25:11 missing-annotation-hint -> src/jira_mcp/annotations.py:19',
    ]);
  });

  test('a module written on disk (a watched-file event) changes what an open document sees', async () => {
    const search = documentOf('src/jira_mcp/tools/search.py');
    const extra = file('src/jira_mcp/tools/extra.py');
    fs.writeFileSync(extra, [
      'from jira_mcp.server import mcp',
      '',
      '',
      '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": True})',
      'def search_issues(text: str) -> list[dict]:',
      '    """Full-text search."""',
      '    return []',
      '',
    ].join('\n'));
    const before = client.diagnostics.length;
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(extra), type: 1 }] });
    const republished = await client.waitForDiagnostics(search.uri, 1, before);
    assert.deepEqual(described(republished.diagnostics, root), [
      '5:2 invalid-tool-name -> src/jira_mcp/tools/extra.py:4',
      '11:16 invalid-tool-name -> src/jira_mcp/tools/issues.py:8',
    ]);
  });

  test('look-alikes stay quiet: a Pydantic AI agent\'s tools, and test servers registering the same functions', async () => {
    for (const relative of ['src/jira_mcp/agent.py', 'tests/test_issues.py', 'src/jira_mcp/composite.py']) {
      const document = documentOf(relative);
      await client.open(document);
      assert.deepEqual((await client.waitForDiagnostics(document.uri, 1)).diagnostics, [], relative);
    }
  });
});

describe('project index, in an editor that cannot register watchers', () => {
  let client: LspClient;
  let root: string;

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-project-unwatched-')));
    fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'python-jira'), root, { recursive: true });
    const capabilities = { ...DEFAULT_CAPABILITIES, window: { workDoneProgress: true } };
    ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: uriOf(root), name: 'jira' }] }));
    await client.waitForProgressEnd('Indexing MCP tools');
  });
  after(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('the server watches the folder itself: a module written on disk re-publishes an open document', async () => {
    const searchFile = path.join(root, 'src/jira_mcp/tools/search.py');
    const search = new TestDocument(uriOf(searchFile), 'python', fs.readFileSync(searchFile, 'utf8'));
    await client.open(search);
    assert.equal((await client.waitForDiagnostics(search.uri, 1)).diagnostics.length, 1);
    const before = client.diagnostics.length;
    const issues = path.join(root, 'src/jira_mcp/tools/issues.py');
    fs.writeFileSync(issues, fs.readFileSync(issues, 'utf8').replace('def get_issue(', 'def fetch_issue('));
    assert.deepEqual((await client.waitForDiagnostics(search.uri, 1, before)).diagnostics, []);
  });
});

describe('project index read on the server\'s second thread (MCP_TOOL_LINT_INDEX_HELPER=only: it reads every module)', () => {
  let client: LspClient;
  let root: string;
  const documentOf = (relative: string): TestDocument => new TestDocument(uriOf(path.join(root, relative)), 'python', fs.readFileSync(path.join(root, relative), 'utf8'));

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-project-helper-')));
    fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'python-jira'), root, { recursive: true });
    const capabilities = { ...DEFAULT_CAPABILITIES, window: { workDoneProgress: true } };
    ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: uriOf(root), name: 'jira' }], env: { MCP_TOOL_LINT_INDEX_HELPER: 'only' } }));
    await client.waitForProgressEnd('Indexing MCP tools');
  });
  after(() => {
    client?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('what the second thread read is what the server lints with: the same findings across modules as when it reads them itself', async () => {
    const ready = client.logs.map((log) => /^Project index: ready, \d+ files in \d+ ms, (\d+) of them read on a second thread\.$/.exec(log.message)).find(Boolean);
    assert.ok(ready && Number(ready[1]) >= 5, client.logs.map((log) => log.message).join('\n'));
    const issues = documentOf('src/jira_mcp/tools/issues.py');
    const search = documentOf('src/jira_mcp/tools/search.py');
    const projects = documentOf('src/jira_mcp/tools/projects.py');
    await client.open(search);
    await client.open(issues);
    await client.open(projects);
    assert.deepEqual(described((await client.waitForDiagnostics(search.uri, 1)).diagnostics, root), SEARCH_FINDINGS);
    assert.deepEqual(described((await client.waitForDiagnostics(issues.uri, 1)).diagnostics, root), ISSUES_FINDINGS);
    assert.deepEqual(described((await client.waitForDiagnostics(projects.uri, 1)).diagnostics, root), PROJECTS_FINDINGS);
  });
});

test('a workspace of many source files and few tool modules: the second thread started for it is ended quietly, and the index is ready', async () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-project-few-tools-')));
  try {
    fs.mkdirSync(path.join(root, 'pkg'));
    for (let index = 0; index < 320; index++) fs.writeFileSync(path.join(root, 'pkg', `module_${index}.py`), `def scale_${index}(value: float) -> float:\n    return value * ${index}\n`);
    fs.writeFileSync(path.join(root, 'pkg', 'tools.py'), 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("few")\n\n\n@mcp.tool()\ndef get_value(key: str) -> str:\n    """Get a value."""\n    return key\n');
    const capabilities = { ...DEFAULT_CAPABILITIES, window: { workDoneProgress: true } };
    const { client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: uriOf(root), name: 'few' }], env: { MCP_TOOL_LINT_INDEX_HELPER: '' } });
    try {
      await client.waitForProgressEnd('Indexing MCP tools');
      // Its exit is seen a moment after the index is ready: the tools module's diagnostics come after it.
      const tools = new TestDocument(uriOf(path.join(root, 'pkg', 'tools.py')), 'python', fs.readFileSync(path.join(root, 'pkg', 'tools.py'), 'utf8'));
      await client.open(tools);
      assert.deepEqual((await client.waitForDiagnostics(tools.uri, 1)).diagnostics.map((diagnostic) => diagnostic.code), ['missing-annotations', 'undocumented-parameter', 'vague-description']);
      const messages = client.logs.map((log) => log.message);
      assert.ok(messages.some((message) => /^Project index: ready, 321 files in \d+ ms\.$/.test(message)), messages.join('\n'));
      assert.deepEqual(client.logs.filter((log) => log.type === 1).map((log) => log.message), []);
    } finally {
      client.kill();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

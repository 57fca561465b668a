// A Go module as the workspace folder (a copy of test/projects/go-issuetracker), over the real stdio
// server: a preset of another package (resolved through go.mod) is read where a tool uses it, its
// contradiction is reported at the use with related information in the preset's file, the quick-fix
// edits that file, and editing the preset there re-publishes the tool's diagnostics.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Diagnostic } from 'vscode-languageserver/node';
import { repoRoot } from '../helpers/fixtures';
import { DEFAULT_CAPABILITIES, LspClient, TestDocument } from '../helpers/lsp-client';
import { codeActions, EDITOR_CAPABILITIES, editsFor } from '../helpers/lsp-requests';

let client: LspClient;
let root: string;
const documentOf = (relative: string): TestDocument => new TestDocument(pathToFileURL(path.join(root, relative)).href, 'go', fs.readFileSync(path.join(root, relative), 'utf8'));

function described(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => {
    const related = (diagnostic.relatedInformation ?? []).map((info) => `${path.relative(root, new URL(info.location.uri).pathname)}:${info.location.range.start.line + 1}`);
    return `${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1} ${diagnostic.code}${related.length ? ` -> ${related.join(', ')}` : ''}`;
  });
}

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-go-project-')));
  fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'go-issuetracker'), root, { recursive: true });
  const capabilities = {
    ...DEFAULT_CAPABILITIES,
    workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true } },
    textDocument: { ...DEFAULT_CAPABILITIES.textDocument, codeAction: EDITOR_CAPABILITIES.textDocument!.codeAction },
    window: { workDoneProgress: true },
  };
  ({ client } = await LspClient.start({ capabilities, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'issuetracker' }] }));
  await client.waitForProgressEnd('Indexing MCP tools');
});
after(() => {
  client?.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

test('a preset of another package: reported at its use, fixed in its own file, which re-publishes the tool\'s file when edited', async () => {
  const labels = documentOf('internal/tools/labels/labels.go');
  const presets = documentOf('internal/toolutil/annotations.go');
  await client.open(labels);
  const published = (await client.waitForDiagnostics(labels.uri, 1)).diagnostics;
  assert.deepEqual(described(published), ['22:16 read-only-destructive -> internal/toolutil/annotations.go:24, internal/toolutil/annotations.go:23']);
  const actions = await codeActions(client, labels, published[0].range, [published[0]]);
  const fix = actions.find((action) => action.title.startsWith('Set ReadOnlyHint to false'));
  assert.equal(fix?.title, 'Set ReadOnlyHint to false (clients keep asking for confirmation) in the shared constant toolutil.DeleteAnnotations of annotations.go (changes every tool that uses it)');
  assert.deepEqual(editsFor(fix!.edit!, presets), [{ range: { start: { line: 22, character: 19 }, end: { line: 22, character: 23 } }, newText: 'false' }]);

  await client.open(presets);
  const before = client.diagnostics.length;
  await client.change(presets.nextVersion(), [presets.replace('\t\tReadOnlyHint:    true,\n\t\tDestructiveHint: BoolPtr(true),', '\t\tReadOnlyHint:    false,\n\t\tDestructiveHint: BoolPtr(true),')]);
  assert.deepEqual(described((await client.waitForDiagnostics(labels.uri, 1, before)).diagnostics), []);
});

test('a tool without annotations in a module of Go 1.26: the quick-fix writes the *bool hints with new(...)', async () => {
  const register = documentOf('internal/tools/issues/register.go');
  await client.open(register);
  const published = (await client.waitForDiagnostics(register.uri, 1)).diagnostics;
  const missing = published.find((diagnostic) => diagnostic.code === 'missing-annotations');
  assert.ok(missing, described(published).join(', '));
  const actions = await codeActions(client, register, missing.range, [missing]);
  const add = actions.find((action) => action.title === 'Add annotations with pessimistic hints (adjust them)');
  assert.ok(add?.edit, actions.map((action) => action.title).join(', '));
  assert.deepEqual(editsFor(add.edit, register).map((edit) => edit.newText), ['\n\t\tAnnotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: new(true), IdempotentHint: false, OpenWorldHint: new(true)},']);
});

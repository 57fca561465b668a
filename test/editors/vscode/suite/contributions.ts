// What the extension contributes beyond the server: its snippets and the "Preview annotations" panel.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { PYTHON_FIXTURE } from '../../shared';
import { openFixture, waitFor } from './vscode-helpers';

const EXTENSION_ID = 'mcp-tool-lint.mcp-tool-lint';

interface SnippetContribution { language: string; path: string }

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `${EXTENSION_ID} is loaded`);
  return found;
}

suite('contributions', () => {
  test('every contributed snippet is offered in its language', async () => {
    const contributed = (extension().packageJSON.contributes?.snippets ?? []) as SnippetContribution[];
    assert.deepEqual(contributed.map((c) => c.language).sort(), ['javascript', 'javascriptreact', 'python', 'typescript', 'typescriptreact']);
    for (const { language, path: file } of contributed) {
      const snippets = JSON.parse(fs.readFileSync(path.join(extension().extensionPath, file), 'utf8')) as Record<string, { prefix: string | string[] }>;
      const prefixes = Object.values(snippets).flatMap((s) => (Array.isArray(s.prefix) ? s.prefix : [s.prefix]));
      assert.ok(prefixes.length > 0, `${file} has snippets`);
      const document = await vscode.workspace.openTextDocument({ language, content: '' });
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(0, 0));
      const offered = new Set(list.items.filter((item) => item.kind === vscode.CompletionItemKind.Snippet).map((item) => (typeof item.label === 'string' ? item.label : item.label.label)));
      for (const prefix of prefixes) assert.ok(offered.has(prefix), `${language}: snippet "${prefix}" from ${file} is offered`);
    }
  });

  test('"Preview annotations" opens its panel beside the editor', async () => {
    const contributed = (extension().packageJSON.contributes?.commands ?? []) as Array<{ command: string; title: string }>;
    assert.equal(contributed.find((c) => c.command === 'mcpToolLint.previewAnnotations')?.title, 'Preview annotations');
    await openFixture(PYTHON_FIXTURE);
    await waitFor('the extension to activate', () => (extension().isActive ? true : undefined));
    await vscode.commands.executeCommand('mcpToolLint.previewAnnotations');
    // The panel opens as "MCP annotations" and is named after the file once the server has answered.
    const title = `MCP annotations: ${path.basename(PYTHON_FIXTURE)}`;
    const tab = await waitFor(`the preview panel titled "${title}"`, () => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find(
      (t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('mcpToolLint.preview') && t.label === title,
    ));
    assert.notEqual(tab.group.viewColumn, vscode.window.activeTextEditor?.viewColumn, 'beside the editor');
  });
});

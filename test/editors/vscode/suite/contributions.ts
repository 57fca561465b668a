// What the extension contributes beyond the server: its snippets (the tool snippets come from the
// server, once each) and the "Preview annotations" panel.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { PYTHON_FIXTURE } from '../../shared';
import { openFixture, waitFor } from './vscode-helpers';

const EXTENSION_ID = 'mcp-tool-lint.mcp-tool-lint';

interface SnippetContribution { language: string; path: string }

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `${EXTENSION_ID} is loaded`);
  return found;
}

suite('contributions', () => {
  test('every contributed snippet is offered in its language', async () => {
    const contributed = (extension().packageJSON.contributes?.snippets ?? []) as SnippetContribution[];
    assert.deepEqual(contributed.map((c) => c.language).sort(), ['csharp', 'go', 'javascript', 'javascriptreact', 'python', 'typescript', 'typescriptreact']);
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

  test('the tool snippets come from the server, once each; `arcade-t` puts @app.tool first and it adds its imports', async () => {
    const expected: Record<string, string[]> = {
      python: ['arcade-tool', '@app.tool', 'arcade-tdk-tool', '@tool', 'mcp-tool', '@mcp.tool'],
      typescript: ['mcp-register-tool', 'registerTool', 'mcp-tool-object', 'mcp-tool-table', 'fastmcp-add-tool', 'addTool', 'mcp-tool-class'],
      go: ['mcp-go-sdk-tool', 'mcp.AddTool', 'mcp-go-new-tool', 'mcp.NewTool'],
      csharp: ['mcp-csharp-tool', '[McpServerTool'],
    };
    for (const [language, labels] of Object.entries(expected)) {
      const document = await vscode.workspace.openTextDocument({ language, content: '' });
      await vscode.window.showTextDocument(document);
      const list = await waitFor(`the server's snippets in ${language}`, async () => {
        const found = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(0, 0));
        return found.items.some((item) => labelOf(item) === labels[0]) ? found : undefined;
      });
      const snippets = list.items.filter((item) => item.kind === vscode.CompletionItemKind.Snippet).map(labelOf);
      for (const label of labels) assert.equal(snippets.filter((shown) => shown === label).length, 1, `${language}: "${label}" is offered once among ${JSON.stringify(snippets)}`);
    }
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, 'snippet_target.py');
    await vscode.workspace.fs.writeFile(file, Buffer.from('from arcade_mcp_server import MCPApp\n\napp = MCPApp(name="Mail")\n\narcade-t'));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    const first = await waitFor('the arcade-t items', async () => {
      const found = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', file, end);
      // The order VS Code shows items that match equally well: by sortText, else label.
      const matching = found.items.filter((item) => labelOf(item).startsWith('arcade-t')).sort((a, b) => (a.sortText ?? labelOf(a)).localeCompare(b.sortText ?? labelOf(b)));
      return matching.length >= 2 ? matching[0] : undefined;
    });
    assert.equal(labelOf(first), 'arcade-tool');
    assert.ok(first.insertText instanceof vscode.SnippetString && first.insertText.value.startsWith('@app.tool('), String(first.insertText));
    assert.deepEqual(first.additionalTextEdits?.map((edit) => edit.newText), ['\nfrom typing import Annotated\nfrom arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata']);
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

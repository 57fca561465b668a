// The language status item per document across tab switches, and what "Fix all" says it did.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { McpToolLintApi } from '../../../../client/src/extension';
import { expectedDiagnostics, PYTHON_FIXTURE, textAfterFixAll } from '../../shared';
import { closeAllEditors, openCopy, openFixture, waitFor, waitForDiagnostics, workspaceFolder } from './vscode-helpers';

const ONE_TOOL = 'from mcp.server.fastmcp import FastMCP\nfrom mcp.types import ToolAnnotations\n\nmcp = FastMCP("notes")\n\n\n'
  + '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))\ndef list_notes() -> list:\n    """List the notes of the current user, newest first."""\n';

async function api(): Promise<McpToolLintApi> {
  const extension = vscode.extensions.getExtension<McpToolLintApi>('mcp-tool-lint.mcp-tool-lint');
  assert.ok(extension);
  return extension.activate();
}

/** Waits until the status item shows `text` and `detail` for the active editor. */
async function waitForStatus(status: McpToolLintApi, text: string, detail: string): Promise<void> {
  await waitFor(`the language status "${text}" · "${detail}"`, () => {
    const shown = status.languageStatus();
    return shown.text === text && shown.detail === detail ? true : undefined;
  }).catch((error: Error) => assert.fail(`${error.message}; shown ${JSON.stringify(status.languageStatus())}`));
}

suite('language status and Fix all', () => {
  suiteTeardown(() => closeAllEditors());

  test('each document keeps its status: switching tabs away and back shows it again, with no typing', async () => {
    const status = await api();
    const other = path.join(workspaceFolder(), 'status_one_tool.py');
    fs.writeFileSync(other, ONE_TOOL);
    const mail = await openFixture(PYTHON_FIXTURE);
    await waitForStatus(status, 'MCP Tool Lint: recommended', '2 tools');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(other));
    await waitForStatus(status, 'MCP Tool Lint: recommended', '1 tool');
    // Back to the first tab: its editor was hidden meanwhile, and the server has nothing new to send.
    await vscode.window.showTextDocument(mail.document);
    await waitForStatus(status, 'MCP Tool Lint: recommended', '2 tools');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(other));
    await waitForStatus(status, 'MCP Tool Lint: recommended', '1 tool');
  });

  test('Fix all (palette, no argument) fixes the active file and says how many problems it fixed and which are left', async () => {
    const editor = await openCopy(PYTHON_FIXTURE, `fix-all-${PYTHON_FIXTURE}`);
    await waitForDiagnostics(editor.document.uri, expectedDiagnostics(PYTHON_FIXTURE));
    const summary = await vscode.commands.executeCommand('mcpToolLint.fixAll');
    // The two missing-flag findings are fixed; delete-not-destructive's quick-fix flips a flag the author wrote: theirs to choose.
    assert.deepEqual(summary, {
      applied: true, fixed: 2, withQuickFix: 1, withoutFix: 0,
      message: `mcp-tool-lint: Fixed 2 problems in fix-all-${PYTHON_FIXTURE}; 1 left with a quick-fix to choose.`,
    });
    await waitFor('the fixed text', () => (editor.document.getText() === textAfterFixAll(PYTHON_FIXTURE) ? true : undefined));
  });
});

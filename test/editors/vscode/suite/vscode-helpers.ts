/**
 * Helpers for the extension tests that run inside VS Code's extension host (code-server or VS Code
 * desktop): the workspace's fixtures, our diagnostics as the reviewed expectations' shape, and polling.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ExpectedDiagnostic, SeverityName, sortDiagnostics } from '../../shared';

export const SOURCE = 'mcp-tool-lint';
const SEVERITY_NAMES: Record<vscode.DiagnosticSeverity, SeverityName> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

export function workspaceFolder(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the tests need the fixture workspace open as a folder');
  return folder.uri.fsPath;
}

/**
 * A fresh copy of a workspace fixture under a new name (so a test that edits or saves it leaves the
 * others' files alone), opened in an editor.
 */
export async function openCopy(fixture: string, copyName: string): Promise<vscode.TextEditor> {
  const folder = workspaceFolder();
  const copy = path.join(folder, copyName);
  fs.copyFileSync(path.join(folder, fixture), copy);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(copy));
  return vscode.window.showTextDocument(document);
}

export async function openFixture(fixture: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(workspaceFolder(), fixture)));
  return vscode.window.showTextDocument(document);
}

/** Polls `check` every 50 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function ourDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

export function ruleOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return String(typeof code === 'object' ? code.value : code);
}

/** Our diagnostics on `uri`, in the shape of the reviewed expectations. */
export function shownDiagnostics(uri: vscode.Uri): ExpectedDiagnostic[] {
  return sortDiagnostics(ourDiagnostics(uri).map((d) => ({
    line: d.range.start.line,
    character: d.range.start.character,
    endLine: d.range.end.line,
    endCharacter: d.range.end.character,
    severity: SEVERITY_NAMES[d.severity],
    rule: ruleOf(d),
  })));
}

/** Waits until the diagnostics on `uri` are exactly `expected` (returns them), or fails showing the last ones. */
export async function waitForDiagnostics(uri: vscode.Uri, expected: ExpectedDiagnostic[], timeoutMs = 45_000): Promise<ExpectedDiagnostic[]> {
  const want = JSON.stringify(sortDiagnostics(expected));
  try {
    return await waitFor(`diagnostics on ${path.basename(uri.fsPath)}`, () => {
      const shown = shownDiagnostics(uri);
      return JSON.stringify(shown) === want ? shown : undefined;
    }, timeoutMs);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nexpected ${want}\nshown    ${JSON.stringify(shownDiagnostics(uri))}`);
  }
}

export function positionAt(document: vscode.TextDocument, where: { line: number; character: number }): vscode.Position {
  return new vscode.Position(where.line, where.character);
}

/** The plain text of hover contents, whatever form each part takes. */
export function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((hover) => hover.contents.map((part) => (typeof part === 'string' ? part : part.value))).join('\n');
}

export async function updateSetting(section: string, key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(section).update(key, value, vscode.ConfigurationTarget.Workspace);
}

/** Closes every editor, dropping unsaved changes (closing a dirty one would otherwise ask). */
export async function closeAllEditors(): Promise<void> {
  for (let i = 0; i < 50 && vscode.window.tabGroups.all.some((group) => group.tabs.length > 0); i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    if (!vscode.window.activeTextEditor) await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}

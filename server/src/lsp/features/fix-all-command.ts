/**
 * `mcpToolLint.fixAll` ([uri]): applies the safe fixes of a document through `workspace/applyEdit`,
 * the same edits as the `source.fixAll.mcpToolLint` code action, for clients that run commands
 * but do not ask for source actions. Answers whether an edit was applied.
 */
import { ApplyWorkspaceEditParams, Connection, TextDocumentEdit } from 'vscode-languageserver/node';
import { fileWideEdits } from '../../core/features/code-actions';
import type { ServerContext } from '../context';
import { uriToPath } from '../documents';

export const FIX_ALL_COMMAND = 'mcpToolLint.fixAll';

export function register(connection: Connection, context: ServerContext): void {
  const { analyzer, documents, log } = context;
  context.commands.add(FIX_ALL_COMMAND, async (args) => {
    const uri = typeof args[0] === 'string' ? args[0] : undefined;
    const document = uri ? documents.get(uri) : undefined;
    if (!uri || !document) {
      connection.window.showInformationMessage('mcp-tool-lint: Fix all works on an open Python, TypeScript or JavaScript file.');
      return false;
    }
    const analysis = await analyzer.analyze(uri);
    if (!analysis?.result || analysis.version !== document.version) return false;
    if (!analysis.result.findings.some((finding) => finding.fixes.some((fix) => fix.safe))) return false;
    const source = { text: document.getText(), filePath: uriToPath(uri), languageId: document.languageId, options: analysis.options };
    const edits = fileWideEdits(source, { kind: 'safe' });
    if (edits.length === 0) return false;
    const edit: ApplyWorkspaceEditParams = context.client.workspace?.workspaceEdit?.documentChanges
      ? { label: 'Fix all safe mcp-tool-lint problems', edit: { documentChanges: [TextDocumentEdit.create({ uri, version: document.version }, edits)] } }
      : { label: 'Fix all safe mcp-tool-lint problems', edit: { changes: { [uri]: edits } } };
    const result = await connection.workspace.applyEdit(edit);
    if (!result.applied) log.warn(`Fix all: the client did not apply the edit to ${uri}${result.failureReason ? `: ${result.failureReason}` : ''}.`);
    return result.applied;
  });
}

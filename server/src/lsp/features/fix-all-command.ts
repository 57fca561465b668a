/**
 * `mcpToolLint.fixAll` ([uri]): applies the safe fixes of a document through `workspace/applyEdit`,
 * the same edits as the `source.fixAll.mcpToolLint` code action, for clients that run commands
 * but do not ask for source actions. Then it tells the user (`window/showMessage`) how many
 * problems it fixed and how many are left: those with a quick-fix to choose, and those without
 * any. It answers the same as a FixAllSummary.
 */
import * as path from 'node:path';
import { ApplyWorkspaceEditParams, Connection, MessageType, ShowMessageNotification, TextDocumentEdit } from 'vscode-languageserver/node';
import { analyzeText, withLfLineBreaks } from '../../core/analyze';
import { differenceEdit, fixedByRule, safeFixAll } from '../../core/features/fix-file';
import { Finding } from '../../core/model';
import type { ServerContext } from '../context';
import { uriToPath } from '../documents';

export const FIX_ALL_COMMAND = 'mcpToolLint.fixAll';

export interface FixAllSummary {
  /** The client applied the edit (false when there was nothing to fix). */
  applied: boolean;
  fixed: number;
  /** Problems left with a quick-fix the author must choose. */
  withQuickFix: number;
  /** Problems left with no fix at all. */
  withoutFix: number;
  message: string;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "Fixed 3 problems in tools.py; 1 left with a quick-fix to choose." */
export function summaryMessage(file: string, fixed: number, withQuickFix: number, withoutFix: number): string {
  if (fixed + withQuickFix + withoutFix === 0) return `mcp-tool-lint: no problems in ${file}.`;
  const done = fixed > 0 ? `Fixed ${plural(fixed, 'problem')} in ${file}` : `No safe fix in ${file}`;
  const left = [withQuickFix > 0 ? `${withQuickFix} left with a quick-fix to choose` : '', withoutFix > 0 ? `${withoutFix} ${withQuickFix > 0 ? '' : 'left '}without a fix` : '']
    .filter(Boolean).join(' and ');
  return `mcp-tool-lint: ${done}; ${left || 'none left'}.`;
}

function hasQuickFix(finding: Finding): boolean {
  return finding.fixes.some((fix) => fix.edits.length > 0);
}

export function register(connection: Connection, context: ServerContext): void {
  const { analyzer, documents, log } = context;
  const show = (type: MessageType, message: string): void => {
    // A notification: a request would wait for the user to dismiss it.
    connection.sendNotification(ShowMessageNotification.type, { type, message }).catch((error: unknown) => log.error('Showing a message', error));
  };
  context.commands.add(FIX_ALL_COMMAND, async (args): Promise<FixAllSummary | false> => {
    const uri = typeof args[0] === 'string' ? args[0] : undefined;
    const document = uri ? documents.get(uri) : undefined;
    if (!uri || !document) {
      show(MessageType.Info, 'mcp-tool-lint: Fix all works on an open Python, TypeScript or JavaScript file.');
      return false;
    }
    const analysis = await analyzer.analyze(uri);
    if (!analysis?.result || analysis.version !== document.version) return false;
    const text = document.getText();
    const filePath = uriToPath(uri);
    const fixedText = safeFixAll({ text, filePath, languageId: document.languageId, options: analysis.options });
    const before = analysis.result.findings;
    const left = fixedText === text ? before : analyzeText(withLfLineBreaks(fixedText), filePath, analysis.options, document.languageId)?.findings ?? before;
    const withQuickFix = left.filter(hasQuickFix).length;
    const summary = { fixed: fixedByRule(before, left).fixedCount, withQuickFix, withoutFix: left.length - withQuickFix };
    const message = summaryMessage(path.basename(filePath), summary.fixed, summary.withQuickFix, summary.withoutFix);
    const edit = differenceEdit(text, fixedText);
    if (!edit) {
      show(MessageType.Info, message);
      return { applied: false, ...summary, message };
    }
    const label = 'Fix all safe mcp-tool-lint problems';
    const params: ApplyWorkspaceEditParams = context.client.workspace?.workspaceEdit?.documentChanges
      ? { label, edit: { documentChanges: [TextDocumentEdit.create({ uri, version: document.version }, [edit])] } }
      : { label, edit: { changes: { [uri]: [edit] } } };
    const result = await connection.workspace.applyEdit(params);
    if (!result.applied) {
      const reason = `mcp-tool-lint: Fix all could not change ${path.basename(filePath)}${result.failureReason ? `: ${result.failureReason}` : ''}.`;
      log.warn(reason);
      show(MessageType.Warning, reason);
      return { applied: false, ...summary, message: reason };
    }
    show(MessageType.Info, message);
    return { applied: true, ...summary, message };
  });
}

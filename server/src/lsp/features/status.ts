/**
 * `mcpToolLint/status`: what a status display needs for a document: the profile in effect, the
 * number of tools, the project config file and any problem with it. Sent after the first analysis
 * of a document and after each analysis that changes any of it (`version` names the analysis):
 * most keystrokes change none of it, and an extra message per keystroke went down the pipe ahead
 * of the diagnostics.
 */
import type { Connection } from 'vscode-languageserver/node';
import type { DocumentAnalysis } from '../analysis';
import type { ServerContext } from '../context';
import { withFields } from '../../core/with-fields';

export const STATUS_NOTIFICATION = 'mcpToolLint/status';

export interface StatusParams {
  uri: string;
  version: number;
  profile: string;
  /** Tools declared in the document (0 when it was not analysed). */
  tools: number;
  /** Findings published for the document. */
  problems: number;
  /** Why the document was not analysed: `disabled`, `excluded`, `too-large`, `not-linted`. */
  skipped?: DocumentAnalysis['skipped'];
  /** The project config file in effect. */
  configFile?: string;
  /** Why the project config could not be used. */
  configProblem?: string;
}

export function statusOf(analysis: DocumentAnalysis): StatusParams {
  const { settings, result } = analysis;
  const status: StatusParams = {
    uri: analysis.uri,
    version: analysis.version,
    profile: settings.profile,
    tools: result?.declarations.length ?? 0,
    problems: result?.findings.length ?? 0,
  };
  if (analysis.skipped) status.skipped = analysis.skipped;
  if (settings.configFile) status.configFile = settings.configFile;
  if (settings.configProblem) status.configProblem = settings.configProblem;
  return status;
}

export function register(connection: Connection, context: ServerContext): void {
  /** Per open document, the status last sent, without its version. */
  const sent = new Map<string, string>();
  context.analyzer.onDidAnalyze((analysis) => {
    const status = statusOf(analysis);
    const content = JSON.stringify(withFields(status, { version: undefined }));
    if (sent.get(status.uri) === content) return;
    sent.set(status.uri, content);
    connection.sendNotification(STATUS_NOTIFICATION, status).catch((error: unknown) => context.log.error('Sending the status', error));
  });
  context.documents.onDidClose((uri) => sent.delete(uri));
}

/**
 * `mcpToolLint/status`: after each analysis of a document, what a status display needs: the
 * profile in effect, the number of tools, the project config file and any problem with it.
 */
import type { Connection } from 'vscode-languageserver/node';
import type { DocumentAnalysis } from '../analysis';
import type { ServerContext } from '../context';

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
  context.analyzer.onDidAnalyze((analysis) => {
    connection.sendNotification(STATUS_NOTIFICATION, statusOf(analysis)).catch((error: unknown) => context.log.error('Sending the status', error));
  });
}

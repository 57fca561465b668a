/**
 * A "Preview" code lens above each tool (`mcpToolLint.codeLens.enable`, default on): it runs
 * the client command `mcpToolLint.previewAnnotations` with the document and the tool's position.
 */
import { CodeLens, CodeLensParams, Connection, ServerCapabilities } from 'vscode-languageserver/node';
import type { ServerContext } from '../context';
import { FeatureSwitch } from './code-actions-switches';

export const PREVIEW_COMMAND = 'mcpToolLint.previewAnnotations';

export function capabilities(): ServerCapabilities {
  return { codeLensProvider: { resolveProvider: false } };
}

export function register(connection: Connection, context: ServerContext): void {
  const { analyzer, log } = context;
  const setting = new FeatureSwitch(context, ['codeLens', 'enable'], true);
  setting.onDidChange(() => {
    if (context.client.workspace?.codeLens?.refreshSupport) connection.sendRequest('workspace/codeLens/refresh').catch((error: unknown) => log.error('Refreshing code lenses', error));
  });
  connection.onCodeLens(log.guardRequest('Code lenses', async (params: CodeLensParams): Promise<CodeLens[] | null> => {
    const uri = params.textDocument.uri;
    if (!(await setting.enabled(uri))) return null;
    const analysis = await analyzer.analyze(uri);
    if (!analysis?.result) return null;
    return analysis.result.declarations.map((declaration) => {
      const tool = declaration.name ?? declaration.functionName ?? 'this tool';
      return {
        range: { start: declaration.nameRange.start, end: declaration.nameRange.start },
        command: { title: 'Preview', tooltip: `Preview the annotations MCP clients receive for ${tool}`, command: PREVIEW_COMMAND, arguments: [uri, declaration.nameRange.start] },
      };
    });
  }, null));
}

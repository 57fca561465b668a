/**
 * Inlay hints (`mcpToolLint.inlayHints.enable`, default on): at each tool's registration, the
 * annotations a client will see in short words, the full table in the tooltip (core `inlayHintsFor`).
 */
import { Connection, InlayHint, InlayHintParams, MarkupKind, ServerCapabilities } from 'vscode-languageserver/node';
import { inlayHintsFor } from '../../core/features/inlay-hints';
import type { ServerContext } from '../context';
import { FeatureSwitch } from './code-actions-switches';

export function capabilities(): ServerCapabilities {
  return { inlayHintProvider: true };
}

export function register(connection: Connection, context: ServerContext): void {
  const { analyzer, documents, log } = context;
  const setting = new FeatureSwitch(context, ['inlayHints', 'enable'], true);
  setting.onDidChange(() => {
    if (context.client.workspace?.inlayHint?.refreshSupport) connection.languages.inlayHint.refresh().catch((error: unknown) => log.error('Refreshing inlay hints', error));
  });
  connection.languages.inlayHint.on(log.guardRequest('Inlay hints', async (params: InlayHintParams): Promise<InlayHint[] | null> => {
    const uri = params.textDocument.uri;
    if (!(await setting.enabled(uri))) return null;
    const analysis = await analyzer.analyze(uri);
    const document = documents.get(uri);
    if (!analysis?.result || !document || document.version !== analysis.version) return null;
    return inlayHintsFor(document.getText(), analysis.result.declarations, params.range).map((hint) => ({
      position: hint.position,
      label: hint.label,
      paddingLeft: true,
      paddingRight: true,
      tooltip: { kind: MarkupKind.Markdown, value: hint.tooltip },
    }));
  }, null));
}

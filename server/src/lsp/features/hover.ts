/** Hover: flags and hints, enum members, the tool's projected annotations, rule codes in suppression comments (core `hoverAt`). */
import { Connection, Hover, HoverParams, MarkupKind, ServerCapabilities } from 'vscode-languageserver/node';
import { hoverAt } from '../../core/features/hover';
import type { ServerContext } from '../context';

export function capabilities(): ServerCapabilities {
  return { hoverProvider: true };
}

export function register(connection: Connection, context: ServerContext): void {
  const { analyzer, documents, log } = context;
  connection.onHover(log.guardRequest('Hover', async (params: HoverParams): Promise<Hover | null> => {
    const uri = params.textDocument.uri;
    const analysis = await analyzer.analyze(uri);
    const document = documents.get(uri);
    if (!analysis || !document || document.version !== analysis.version) return null;
    const tree = documents.tree(uri, document.offsetAt(params.position));
    if (!tree) return null;
    const hover = hoverAt(tree, document.getText(), params.position, analysis.result, analysis.options.effects);
    return hover ? { contents: { kind: MarkupKind.Markdown, value: hover.markdown }, range: hover.range } : null;
  }, null));
}

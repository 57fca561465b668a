/**
 * Completion: `ServiceDomain.` / `Operation.` members, lowercase domain values in strings,
 * the keys of the metadata models and annotation objects, booleans after a flag, and the tool
 * snippets (kind Snippet, adding their imports with `additionalTextEdits`; their defaults as plain
 * text for clients without snippets). The context comes from the document's tree at the cursor
 * (core `completionsAt`).
 */
import {
  CompletionItem, CompletionItemKind, CompletionParams, Connection, InsertTextFormat, MarkupKind, ServerCapabilities,
} from 'vscode-languageserver/node';
import { completionsAt, CoreCompletionItem } from '../../core/features/completion';
import { withTextLineBreaks } from '../../core/fixes/apply';
import type { ServerContext } from '../context';

export const TRIGGER_CHARACTERS = ['.', '(', ',', '"', "'", '{'];

export function capabilities(): ServerCapabilities {
  return { completionProvider: { triggerCharacters: TRIGGER_CHARACTERS } };
}

const KINDS: Record<CoreCompletionItem['kind'], CompletionItemKind> = {
  'enum-member': CompletionItemKind.EnumMember,
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  snippet: CompletionItemKind.Snippet,
};

export function register(connection: Connection, context: ServerContext): void {
  const { analyzer, documents, log } = context;
  connection.onCompletion(log.guardRequest('Completion', async (params: CompletionParams): Promise<CompletionItem[] | null> => {
    const uri = params.textDocument.uri;
    // Waits for the grammars (on a fresh server) and reuses the analysis of this version.
    const analysis = await analyzer.analyze(uri);
    const document = documents.get(uri);
    const grammar = documents.grammarOf(uri);
    const tree = grammar && document && documents.tree(uri, document.offsetAt(params.position));
    if (!document || !grammar || !tree) return null;
    const snippets = context.client.textDocument?.completion?.completionItem?.snippetSupport === true;
    const declarations = analysis?.version === document.version ? analysis.result?.declarations : undefined;
    const text = document.getText();
    return completionsAt(grammar, tree, text, params.position, declarations).map((item) => {
      const snippet = snippets && item.snippet !== undefined;
      const result: CompletionItem = {
        label: item.label,
        kind: KINDS[item.kind],
        sortText: item.sortText,
        textEdit: { range: item.range, newText: snippet ? item.snippet! : item.insertText },
        insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      };
      if (item.detail) result.detail = item.detail;
      if (item.documentation) result.documentation = { kind: MarkupKind.Markdown, value: item.documentation };
      if (item.filterText) result.filterText = item.filterText;
      if (item.additionalEdits?.length) result.additionalTextEdits = withTextLineBreaks(text, item.additionalEdits);
      return result;
    });
  }, null));
}

// A DocumentStore fed by the test: the connection only hands the store's notification handlers back.
import type { Connection, DidChangeTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver/node';
import { DocumentStore } from '../../server/src/lsp/documents';
import { Logger } from '../../server/src/lsp/log';

export interface FedStore {
  store: DocumentStore;
  /** What the store logged as errors. */
  errors: string[];
  open(params: DidOpenTextDocumentParams): void;
  change(params: DidChangeTextDocumentParams): void;
}

export function fedDocumentStore(): FedStore {
  const errors: string[] = [];
  const handlers: { open?: (params: DidOpenTextDocumentParams) => void; change?: (params: DidChangeTextDocumentParams) => void } = {};
  const connection = {
    onDidOpenTextDocument: (handler: typeof handlers.open) => { handlers.open = handler; },
    onDidChangeTextDocument: (handler: typeof handlers.change) => { handlers.change = handler; },
    onDidCloseTextDocument: () => undefined,
    console: { error: (message: string) => errors.push(message), info: () => undefined, warn: () => undefined, log: () => undefined },
  } as unknown as Connection;
  const store = new DocumentStore(new Logger(connection));
  store.listen(connection);
  return { store, errors, open: (params) => handlers.open!(params), change: (params) => handlers.change!(params) };
}

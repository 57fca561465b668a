/**
 * Editor-feature requests on top of the test LSP client: code actions (with resolve),
 * completion, hover, inlay hints, and applying a WorkspaceEdit to a test document's text.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ClientCapabilities, CodeAction, CompletionItem, CompletionList, Diagnostic, Hover, InlayHint, MarkupContent, Position,
  Range, TextEdit, WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { repoRoot } from './fixtures';
import { DEFAULT_CAPABILITIES, LspClient, positionAt, TestDocument } from './lsp-client';

export const EDITOR_FIXTURES = path.join(repoRoot(), 'test', 'fixtures', 'editor');

/** A client that can resolve code action edits, apply versioned document changes, show documents and use snippets. */
export const EDITOR_CAPABILITIES: ClientCapabilities = {
  ...DEFAULT_CAPABILITIES,
  workspace: { ...DEFAULT_CAPABILITIES.workspace, workspaceEdit: { documentChanges: true }, inlayHint: { refreshSupport: false } },
  window: { showDocument: { support: true } },
  textDocument: {
    ...DEFAULT_CAPABILITIES.textDocument,
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
      isPreferredSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
    },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown'] } },
    hover: { contentFormat: ['markdown'] },
    inlayHint: {},
  },
};

/** A plain client: no resolve, no documentChanges, no snippets. */
export const PLAIN_CAPABILITIES: ClientCapabilities = DEFAULT_CAPABILITIES;

export function editorFixture(name: string, languageId: string): TestDocument {
  const file = path.join(EDITOR_FIXTURES, name);
  return new TestDocument(pathToFileURL(file).href, languageId, fs.readFileSync(file, 'utf8'));
}

export function inlineDocument(name: string, languageId: string, text: string): TestDocument {
  return new TestDocument(pathToFileURL(path.join(EDITOR_FIXTURES, 'inline', name)).href, languageId, text);
}

/** Opens a document and waits for its first diagnostics. */
export async function openAndLint(client: LspClient, document: TestDocument): Promise<Diagnostic[]> {
  await client.open(document);
  return (await client.waitForDiagnostics(document.uri, document.version)).diagnostics;
}

/** Sends a whole-text change and waits for the new version's diagnostics. */
export async function replaceText(client: LspClient, document: TestDocument, text: string): Promise<Diagnostic[]> {
  const after = client.diagnostics.length;
  const change = document.edit(0, document.text.length, text);
  document.nextVersion();
  await client.change(document, [change]);
  return (await client.waitForDiagnostics(document.uri, document.version, after)).diagnostics;
}

export async function codeActions(client: LspClient, document: TestDocument, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
  const result: Array<CodeAction> | null = await client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri: document.uri },
    range,
    context: { diagnostics, only, triggerKind: only ? 1 : 2 },
  });
  return result ?? [];
}

/** The action with its edit (resolving it when the server left the edit for later). */
export async function resolved(client: LspClient, action: CodeAction): Promise<CodeAction> {
  if (action.edit || action.data === undefined) return action;
  return client.connection.sendRequest('codeAction/resolve', action);
}

/** The edits a WorkspaceEdit makes to one document, checking the version when it carries one. */
export function editsFor(edit: WorkspaceEdit, document: TestDocument): TextEdit[] {
  if (edit.documentChanges) {
    const edits: TextEdit[] = [];
    for (const change of edit.documentChanges) {
      if (!('textDocument' in change)) throw new Error('unexpected resource operation');
      if (change.textDocument.uri !== document.uri) throw new Error(`edit for another document: ${change.textDocument.uri}`);
      if (change.textDocument.version !== null && change.textDocument.version !== document.version) {
        throw new Error(`edit for version ${change.textDocument.version}, document is at ${document.version}`);
      }
      edits.push(...(change.edits as TextEdit[]));
    }
    return edits;
  }
  return edit.changes?.[document.uri] ?? [];
}

/** The document's text after applying a WorkspaceEdit (the document itself is not changed). */
export function applyWorkspaceEdit(document: TestDocument, edit: WorkspaceEdit): string {
  const text = TextDocument.create(document.uri, document.languageId, document.version, document.text);
  return TextDocument.applyEdits(text, editsFor(edit, document));
}

export async function completion(client: LspClient, document: TestDocument, position: Position, triggerCharacter?: string): Promise<CompletionItem[]> {
  const result: CompletionItem[] | CompletionList | null = await client.connection.sendRequest('textDocument/completion', {
    textDocument: { uri: document.uri },
    position,
    context: triggerCharacter ? { triggerKind: 2, triggerCharacter } : { triggerKind: 1 },
  });
  if (!result) return [];
  return Array.isArray(result) ? result : result.items;
}

/** The position just after the `occurrence`-th `marker` (0-based) in the document. */
export function after(document: TestDocument, marker: string, occurrence = 0): Position {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = document.text.indexOf(marker, index + 1);
    if (index < 0) throw new Error(`no occurrence ${occurrence} of ${JSON.stringify(marker)}`);
  }
  return positionAt(document.text, index + marker.length);
}

export async function hover(client: LspClient, document: TestDocument, position: Position): Promise<string | undefined> {
  const result: Hover | null = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: document.uri }, position });
  if (!result) return undefined;
  return (result.contents as MarkupContent).value;
}

export async function inlayHints(client: LspClient, document: TestDocument): Promise<InlayHint[]> {
  const lines = document.text.split('\n').length;
  const result: InlayHint[] | null = await client.connection.sendRequest('textDocument/inlayHint', {
    textDocument: { uri: document.uri },
    range: { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } },
  });
  return result ?? [];
}

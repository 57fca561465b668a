/**
 * Code actions: the rules' quick-fixes for the diagnostics a client sends, file-wide fixes
 * (resolved lazily when the client can resolve edits), the ignore comment, "Show documentation"
 * (`mcpToolLint.showDocumentation`, answered with window/showDocument), and
 * `source.fixAll.mcpToolLint` for fix on save. A request for a document whose analysis is
 * not of its current version gets no actions.
 */
import {
  ClientCapabilities, CodeAction, CodeActionKind, CodeActionParams, Connection, Diagnostic, Range, ServerCapabilities,
  TextDocumentEdit, TextEdit, WorkspaceEdit,
} from 'vscode-languageserver/node';
import { pathToFileURL } from 'node:url';
import {
  CodeActionInput, codeActionsFor, CoreCodeAction, FileWideFix, fileWideEdits, FIX_ALL_KIND, SHOW_DOCUMENTATION_COMMAND,
} from '../../core/features/code-actions';
import { FileSource } from '../../core/features/fix-file';
import { Finding, TextEdit as CoreTextEdit } from '../../core/model';
import { languageOfGrammar } from '../../core/parse/parser';
import { docsUrl } from '../../core/rules/rule';
import type { DocumentAnalysis } from '../analysis';
import type { ServerContext } from '../context';
import { findingFor, SOURCE } from '../convert';
import { uriToPath } from '../documents';
import { FeatureSwitch } from './code-actions-switches';
import { withFields } from '../../core/with-fields';

interface ResolveData {
  uri: string;
  version: number;
  fileWide: FileWideFix;
}

/** Where every rule's page lives: `docsUrl(name)` without the name. */
const DOCS_PREFIX = docsUrl('-').slice(0, -'-.md'.length);

export function capabilities(): ServerCapabilities {
  return {
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true },
  };
}

/** Whether an action of `kind` answers a request limited to `only` (kinds are hierarchical: `source` covers `source.fixAll.x`). */
function requested(kind: string, only: readonly string[] | undefined): boolean {
  if (!only) return kind === CodeActionKind.QuickFix;
  return only.some((wanted) => kind === wanted || kind.startsWith(`${wanted}.`));
}

/**
 * The edits as a workspace edit: those of the document itself, and those of another file (a preset
 * imported from there: `TextEdit.file`), addressed to that file at the version open in the editor.
 */
function workspaceEdit(client: ClientCapabilities, uri: string, version: number, edits: readonly CoreTextEdit[], versionOf: (uri: string) => number | null, cursor?: CoreCodeAction['cursor']): WorkspaceEdit {
  const byUri = new Map<string, Array<TextEdit | SnippetTextEdit>>();
  const snippets = cursor !== undefined && takesSnippetEdits(client);
  edits.forEach(({ file, range, newText }, index) => {
    const target = file ? pathToFileURL(file).href : uri;
    const edit = snippets && index === cursor.edit ? snippetEdit(range, newText, cursor.index) : { range, newText };
    const list = byUri.get(target);
    if (list) list.push(edit);
    else byUri.set(target, [edit]);
  });
  if (client.workspace?.workspaceEdit?.documentChanges) {
    // A snippet edit is LSP 3.18's; the 3.17 types of the library do not list it yet.
    return { documentChanges: [...byUri].map(([target, list]) => TextDocumentEdit.create({ uri: target, version: target === uri ? version : versionOf(target) }, list as TextEdit[])) };
  }
  return { changes: Object.fromEntries(byUri) as Record<string, TextEdit[]> };
}

/** LSP 3.18's `SnippetTextEdit`: the text as a snippet, inserted by the client with its cursor at `$0`. */
interface SnippetTextEdit {
  range: Range;
  snippet: { kind: 'snippet'; value: string };
}

/** Whether the client takes snippet edits in a workspace edit (LSP 3.18 `workspace.workspaceEdit.snippetEditSupport`, with `documentChanges`). */
function takesSnippetEdits(client: ClientCapabilities): boolean {
  const workspaceEdit = client.workspace?.workspaceEdit as { documentChanges?: boolean; snippetEditSupport?: boolean } | undefined;
  return workspaceEdit?.documentChanges === true && workspaceEdit.snippetEditSupport === true;
}

function snippetEdit(range: Range, newText: string, cursor: number): SnippetTextEdit {
  const escape = (text: string) => text.replace(/[\\$}]/g, (char) => `\\${char}`);
  return { range, snippet: { kind: 'snippet', value: `${escape(newText.slice(0, cursor))}$0${escape(newText.slice(cursor))}` } };
}

function canResolveEdits(client: ClientCapabilities): boolean {
  return client.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true;
}

export function register(connection: Connection, context: ServerContext): void {
  const { analyzer, documents, log } = context;
  const ignoreComments = new FeatureSwitch(context, ['codeAction', 'disableRuleComment', 'enable'], true);
  const versionOf = (uri: string): number | null => documents.get(uri)?.version ?? null;

  /** The analysis and source of a document, when the analysis is of its current version. */
  async function current(uri: string): Promise<{ analysis: DocumentAnalysis; source: FileSource } | undefined> {
    const analysis = await analyzer.analyze(uri);
    const document = documents.get(uri);
    if (!analysis?.result || !document || document.version !== analysis.version) return undefined;
    return { analysis, source: { text: document.getText(), filePath: uriToPath(uri), languageId: document.languageId, options: analysis.options } };
  }

  connection.onCodeAction(log.guardRequest('Code actions', async (params: CodeActionParams): Promise<CodeAction[] | null> => {
    const uri = params.textDocument.uri;
    const only = params.context.only;
    const quickFixes = requested(CodeActionKind.QuickFix, only);
    const fixAll = !!only && requested(FIX_ALL_KIND, only);
    if (!quickFixes && !fixAll) return null;
    const found = await current(uri);
    // The tree holding the range (a broken statement has its own): ignore comments go on its lines.
    const tree = found && documents.tree(uri, documents.get(uri)!.offsetAt(params.range.start));
    if (!found || !tree || !found.analysis.result) return null;
    const pairs: Array<[Diagnostic, Finding]> = [];
    for (const diagnostic of params.context.diagnostics) {
      if (diagnostic.source !== SOURCE) continue;
      const finding = findingFor(found.analysis, diagnostic);
      if (finding) pairs.push([diagnostic, finding]);
    }
    const input: CodeActionInput = withFields(found.source, { tree,
      language: languageOfGrammar(found.analysis.result.grammar),
      allFindings: found.analysis.result.findings,
      requested: pairs.map(([, finding]) => finding),
      quickFixes,
      fixAll,
      ignoreComments: quickFixes && pairs.length > 0 && await ignoreComments.enabled(uri) });
    const lazy = canResolveEdits(context.client);
    return codeActionsFor(input).map((action) => toCodeAction(action, pairs, found.analysis.version, found.source, uri, lazy));
  }, null));

  function toCodeAction(action: CoreCodeAction, pairs: Array<[Diagnostic, Finding]>, version: number, source: FileSource, uri: string, lazy: boolean): CodeAction {
    const result: CodeAction = { title: action.title, kind: action.kind };
    const diagnostics = pairs.filter(([, finding]) => action.findings.includes(finding)).map(([diagnostic]) => diagnostic);
    if (diagnostics.length) result.diagnostics = diagnostics;
    if (action.isPreferred) result.isPreferred = true;
    if (action.command) result.command = action.command;
    if (action.fileWide) {
      if (lazy) result.data = { uri, version, fileWide: action.fileWide } satisfies ResolveData;
      else result.edit = workspaceEdit(context.client, uri, version, fileWideEdits(source, action.fileWide), versionOf);
    } else if (action.edits.length) {
      result.edit = workspaceEdit(context.client, uri, version, action.edits, versionOf, action.cursor);
    }
    return result;
  }

  connection.onCodeActionResolve(async (action: CodeAction): Promise<CodeAction> => {
    const data = action.data as Partial<ResolveData> | undefined;
    if (!data?.uri || !data.fileWide || action.edit) return action;
    try {
      const found = await current(data.uri);
      // The document changed since the action was offered: its edit would not fit any more.
      if (!found || found.analysis.version !== data.version) return action;
      return withFields(action, { edit: workspaceEdit(context.client, data.uri, data.version, fileWideEdits(found.source, data.fileWide), versionOf) });
    } catch (error) {
      log.error('Resolving a code action', error);
      return action;
    }
  });

  context.commands.add(SHOW_DOCUMENTATION_COMMAND, async (args) => {
    const url = args[0];
    // Only our own documentation pages, whatever a client sends.
    if (typeof url !== 'string' || !url.startsWith(DOCS_PREFIX)) return null;
    if (context.client.window?.showDocument?.support) {
      await connection.window.showDocument({ uri: url, external: true });
    } else {
      connection.window.showInformationMessage(`mcp-tool-lint documentation: ${url}`);
    }
    return null;
  });
}

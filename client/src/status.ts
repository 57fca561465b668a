/**
 * The language status item: the profile in effect and the number of tools in the active file,
 * from the server's `mcpToolLint/status` notification; an error when the server stopped or the
 * project config cannot be used. Clicking it opens the logs. The server sends a document's status
 * when it changes, so each open document keeps its last one here until it is closed (or the server
 * restarts), and the item shows the active document's whenever it becomes active again.
 */
import * as path from 'node:path';
import { Disposable, DocumentSelector, languages, LanguageStatusItem, LanguageStatusSeverity, window, workspace } from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';

/** What the server sends when a document's status changes (server/src/lsp/features/status.ts). */
interface StatusParams {
  uri: string;
  profile: string;
  tools: number;
  problems: number;
  skipped?: 'not-linted' | 'disabled' | 'too-large' | 'excluded';
  configFile?: string;
  configProblem?: string;
}

const SKIPPED: Record<NonNullable<StatusParams['skipped']>, string> = {
  'not-linted': 'not linted',
  disabled: 'disabled (mcpToolLint.enable)',
  'too-large': 'not linted: the file is too large',
  excluded: 'excluded by an exclude glob',
};

export class StatusItem implements Disposable {
  private readonly item: LanguageStatusItem;
  private readonly byUri = new Map<string, StatusParams>();
  private serverProblem: string | undefined;
  private readonly disposables: Disposable[] = [];

  constructor(private readonly client: LanguageClient, selector: DocumentSelector) {
    this.item = languages.createLanguageStatusItem('mcpToolLint.status', selector);
    this.item.name = 'MCP Tool Lint';
    this.item.command = { title: 'Show logs', command: 'mcpToolLint.showLogs' };
    this.disposables.push(
      this.item,
      window.onDidChangeActiveTextEditor(() => this.render()),
      client.onDidChangeState(({ newState }) => {
        this.serverProblem = newState === State.Stopped ? 'the language server is not running' : undefined;
        // A new server sends every document's status again.
        if (newState === State.Starting) this.byUri.clear();
        this.render();
      }),
      client.onNotification('mcpToolLint/status', (params: StatusParams) => {
        this.byUri.set(params.uri, params);
        this.render();
      }),
      workspace.onDidCloseTextDocument((document) => this.byUri.delete(document.uri.toString())),
    );
    this.render();
  }

  /** What the item shows now (the extension's API, for tests and other extensions). */
  get shown(): { text: string; detail: string | undefined; severity: LanguageStatusSeverity } {
    return { text: this.item.text, detail: this.item.detail, severity: this.item.severity };
  }

  private render(): void {
    const uri = window.activeTextEditor?.document.uri.toString();
    const status = uri ? this.byUri.get(uri) : undefined;
    const problem = this.serverProblem ?? status?.configProblem;
    this.item.text = status ? `MCP Tool Lint: ${status.profile}` : 'MCP Tool Lint';
    const details = [];
    if (status?.skipped) details.push(SKIPPED[status.skipped]);
    else if (status) details.push(`${status.tools} ${status.tools === 1 ? 'tool' : 'tools'}`);
    if (status?.configFile && !status.configProblem) details.push(`config: ${path.basename(status.configFile)}`);
    if (problem) details.push(problem);
    this.item.detail = details.join(' · ');
    this.item.severity = problem ? LanguageStatusSeverity.Error : status?.skipped === 'too-large' ? LanguageStatusSeverity.Warning : LanguageStatusSeverity.Information;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/**
 * "MCP Tool Lint: Preview annotations": a panel beside the editor that shows what MCP
 * clients receive for each tool of the active file, asked from the server
 * (`mcpToolLint/previewAnnotations`), following edits, the cursor and the active editor.
 */
import { randomBytes } from 'node:crypto';
import { Disposable, env, Position, TextEditor, Uri, ViewColumn, WebviewPanel, window, workspace } from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { PreviewData, renderPreviewHtml } from './preview-html';

const REQUEST = 'mcpToolLint/previewAnnotations';
const LANGUAGES = new Set(['python', 'typescript', 'typescriptreact', 'javascript', 'javascriptreact', 'go', 'csharp']);

export class PreviewPanel implements Disposable {
  private static current: PreviewPanel | undefined;
  private readonly disposables: Disposable[] = [];
  private document: Uri | undefined;
  private position: Position | undefined;
  private pending: NodeJS.Timeout | undefined;

  static show(client: LanguageClient, uri?: Uri, position?: Position): void {
    const editor = window.activeTextEditor;
    const target = uri ?? editor?.document.uri;
    const at = position ?? (editor && target && editor.document.uri.toString() === target.toString() ? editor.selection.active : undefined);
    if (!PreviewPanel.current) PreviewPanel.current = new PreviewPanel(client);
    PreviewPanel.current.panel.reveal(ViewColumn.Beside, true);
    PreviewPanel.current.follow(target, at);
  }

  private readonly panel: WebviewPanel;

  private constructor(private readonly client: LanguageClient) {
    this.panel = window.createWebviewPanel('mcpToolLint.preview', 'MCP annotations', { viewColumn: ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [],
    });
    this.panel.onDidDispose(() => this.dispose(), undefined, this.disposables);
    this.panel.webview.onDidReceiveMessage((message: { type?: string; text?: string }) => {
      if (message?.type === 'copy' && typeof message.text === 'string') void env.clipboard.writeText(message.text);
    }, undefined, this.disposables);
    this.disposables.push(
      workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === this.document?.toString()) this.schedule();
      }),
      window.onDidChangeActiveTextEditor((editor) => this.followEditor(editor)),
      window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document.uri.toString() !== this.document?.toString()) return;
        this.position = event.selections[0]?.active;
        this.schedule();
      }),
    );
  }

  private followEditor(editor: TextEditor | undefined): void {
    if (!editor || !LANGUAGES.has(editor.document.languageId)) return;
    this.follow(editor.document.uri, editor.selection.active);
  }

  private follow(uri: Uri | undefined, position: Position | undefined): void {
    this.document = uri;
    this.position = position;
    this.schedule(0);
  }

  /** Renders after the server has seen the latest change (it answers requests in order). */
  private schedule(delayMs = 100): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.render(), delayMs);
  }

  private async render(): Promise<void> {
    const nonce = randomBytes(16).toString('base64');
    const cspSource = this.panel.webview.cspSource;
    if (!this.document) {
      this.panel.webview.html = renderPreviewHtml(undefined, { nonce, cspSource });
      return;
    }
    try {
      const params = { uri: this.document.toString(), position: this.position && { line: this.position.line, character: this.position.character } };
      const data = await this.client.sendRequest<PreviewData>(REQUEST, params);
      this.panel.title = data.server ? `MCP annotations: server ${data.server.name}` : `MCP annotations: ${workspace.asRelativePath(this.document)}`;
      this.panel.webview.html = renderPreviewHtml(data, { nonce, cspSource, showUri: (uri) => workspace.asRelativePath(Uri.parse(uri)) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.panel.webview.html = renderPreviewHtml(undefined, { nonce, cspSource, message: `The preview is not available: ${message}` });
    }
  }

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    PreviewPanel.current = undefined;
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
    this.panel.dispose();
  }
}

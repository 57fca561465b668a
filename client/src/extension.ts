/**
 * The VS Code client: starts the bundled language server (dist/server.js) over IPC, watches the
 * project config files for it, and contributes the restart, log and preview commands and the
 * language status item. Everything else happens in the server; its commands (Fix all, Lint
 * workspace) are registered by the language client, which passes the active file to Fix all.
 */
import * as path from 'node:path';
import { commands, ExtensionContext, Position, Uri, window, workspace } from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { PreviewPanel } from './preview';
import { StatusItem } from './status';

const LANGUAGES = ['python', 'typescript', 'typescriptreact', 'javascript', 'javascriptreact', 'go', 'csharp'];

let client: LanguageClient | undefined;

/** What `activate` returns: what the language status item shows (tests read it, as a user reads the item). */
export interface McpToolLintApi {
  languageStatus(): StatusItem['shown'];
}

export async function activate(context: ExtensionContext): Promise<McpToolLintApi> {
  const outputChannel = window.createOutputChannel('MCP Tool Lint');
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const configWatchers = [workspace.createFileSystemWatcher('**/.mcp-tool-lint.json'), workspace.createFileSystemWatcher('**/pyproject.toml')];
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    synchronize: {
      configurationSection: 'mcpToolLint',
      // Project config: the server reads them again and re-lints when they change.
      fileEvents: configWatchers,
    },
    middleware: {
      // "Fix all" from the palette or a keybinding has no argument: it applies to the active file.
      executeCommand: (command, args, next) => {
        const active = window.activeTextEditor?.document.uri.toString();
        return next(command, command === 'mcpToolLint.fixAll' && args.length === 0 && active ? [active] : args);
      },
    },
    diagnosticCollectionName: 'mcp-tool-lint',
    outputChannel,
  };
  // The id makes the client read `mcpToolLint.trace.server`.
  const languageClient = new LanguageClient('mcpToolLint', 'MCP Tool Lint', serverOptions, clientOptions);
  client = languageClient;
  const status = new StatusItem(languageClient, clientOptions.documentSelector ?? []);
  context.subscriptions.push(
    outputChannel,
    ...configWatchers,
    status,
    commands.registerCommand('mcpToolLint.restartServer', () => languageClient.restart()),
    commands.registerCommand('mcpToolLint.showLogs', () => outputChannel.show(true)),
    // From the palette with no arguments; from the server's code lens with (uri, position).
    commands.registerCommand('mcpToolLint.previewAnnotations', (uri?: string | Uri, position?: { line: number; character: number }) =>
      PreviewPanel.show(languageClient, typeof uri === 'string' ? Uri.parse(uri) : uri, position && new Position(position.line, position.character))),
  );
  await languageClient.start();
  return { languageStatus: () => status.shown };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

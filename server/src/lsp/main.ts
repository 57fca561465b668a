/**
 * The mcp-tool-lint language server: `node dist/server.js --stdio` for any LSP client and the VS Code client (`--node-ipc` works too).
 * Each capability is one module under features/ exporting `register` (and `capabilities` if it adds any), listed in FEATURES.
 */
import {
  ClientCapabilities, Connection, createConnection, DidChangeWatchedFilesNotification, Emitter, InitializeResult, LogMessageNotification, MessageType, ProposedFeatures, ServerCapabilities,
  StreamMessageReader, TextDocumentSyncKind, TextDocumentSyncOptions,
} from 'vscode-languageserver/node';
import { inspect } from 'node:util';
import packageJson from '../../../package.json';
import { initAnalysis } from '../core/analyze';
import { GrammarId, initParserRuntime } from '../core/parse/parser';
import { Analyzer } from './analysis';
import { Feature, ServerContext } from './context';
import { DocumentStore } from './documents';
import * as diagnostics from './features/diagnostics';
import * as preview from './features/preview';
import * as codeActions from './features/code-actions';
import * as completion from './features/completion';
import * as hover from './features/hover';
import * as inlayHints from './features/inlay-hints';
import * as codeLens from './features/code-lens';
import * as fixAllCommand from './features/fix-all-command';
import * as status from './features/status';
import * as workspace from './features/workspace';
import { ServerCommands } from './commands';
import { watchFraming } from './framing';
import { Logger } from './log';
import { PROJECT_WATCHERS, ProjectService } from './project';
import { uriToPath } from './documents';
import { Settings } from './settings';
import { CANCEL_QUEUED } from './cancellation';
import { ShutdownGate } from './shutdown';
import { StdioMessageWriter } from './stdio-writer';
import { WarmUp } from './warm-up/warm-up';
import { wireEncoder } from './wire';
import { isIndexHelper, runIndexHelper } from './index-helper';
import { withFields } from '../core/with-fields';

const FEATURES: Feature[] = [diagnostics, preview, codeActions, completion, hover, inlayHints, codeLens, fixAllCommand, status, workspace];

/** What dist/server.js runs: the language server, or on the project index's second thread (index-helper.ts) that thread's reading. */
export function run(): void {
  if (isIndexHelper()) void runIndexHelper();
  else startServer();
}

function startServer(): void {
  const shutdownGate = new ShutdownGate();
  const stdio = process.argv.includes('--stdio');
  const connection = stdio ? stdioConnection() : createConnection(ProposedFeatures.all, { messageStrategy: shutdownGate, connectionStrategy: CANCEL_QUEUED });
  const log = new Logger(connection);
  process.on('uncaughtException', (error) => log.error('An uncaught exception', error));
  process.on('unhandledRejection', (error) => log.error('A promise', error));

  // The runtime starts loading now; each grammar when the first document of its language needs it,
  // so the first diagnostics of a Python file never wait for the TypeScript grammars.
  const runtime = initParserRuntime();
  runtime.catch((error: unknown) => log.error('Loading the tree-sitter runtime', error));
  const grammars = new Map<GrammarId, Promise<void>>();
  function loadGrammarOnce(grammar: GrammarId): Promise<void> {
    let loading = grammars.get(grammar);
    if (!loading) {
      const started = performance.now();
      loading = runtime.then(() => initAnalysis([grammar]).then(
        () => log.info(`Loaded the ${grammar} grammar (tree-sitter) in ${Math.round(performance.now() - started)} ms.`),
        (error: unknown) => {
          log.error(`Loading the tree-sitter grammar for ${grammar}`, error);
          throw error;
        },
      ));
      grammars.set(grammar, loading);
    }
    return loading;
  }

  const documents = new DocumentStore(log);
  const settings = new Settings(connection, log);
  const analyzer = new Analyzer(documents, settings, log, loadGrammarOnce);
  const project = new ProjectService(connection, documents, analyzer, log);
  analyzer.projectViews = (uri) => project.viewFor(uri);
  const warmUp = new WarmUp(log, !process.argv.includes('--no-warm-up'));
  project.warmingUp = () => warmUp.whileRunning();
  const context: ServerContext = {
    documents,
    settings,
    log,
    commands: new ServerCommands(),
    warmUp,
    analyzer,
    project,
    onInitialized: (listener) => initialized.event(listener),
    client: {},
  };

  connection.onInitialize((params): InitializeResult => {
    context.client = params.capabilities;
    settings.initialize(params.capabilities, params.workspaceFolders, params.rootUri);
    const client = params.clientInfo ? ` for ${params.clientInfo.name}${params.clientInfo.version ? ` ${params.clientInfo.version}` : ''}` : '';
    log.info(`mcp-tool-lint ${packageJson.version} language server started${client} (Node ${process.version}).`);
    return {
      capabilities: capabilitiesFor(params.capabilities),
      serverInfo: { name: packageJson.name, version: packageJson.version },
    };
  });

  function capabilitiesFor(client: ClientCapabilities): ServerCapabilities {
    const sync: TextDocumentSyncOptions = { openClose: true, change: TextDocumentSyncKind.Incremental };
    const capabilities: ServerCapabilities = {};
    for (const feature of FEATURES) {
      const { textDocumentSync, ...added } = feature.capabilities?.(client) ?? {};
      Object.assign(capabilities, added);
      if (typeof textDocumentSync === 'object') Object.assign(sync, textDocumentSync);
    }
    const commands = context.commands.names();
    if (commands.length) capabilities.executeCommandProvider = { commands };
    return withFields(capabilities, { textDocumentSync: sync });
  }

  documents.listen(connection);
  settings.listen();
  connection.onDidChangeWatchedFiles(log.guard('didChangeWatchedFiles', ({ changes }) => {
    settings.watchedFilesChanged(changes.map((change) => uriToPath(change.uri)));
    project.watchedFilesChanged(changes);
  }));
  const initialized = new Emitter<void>();
  connection.onInitialized(log.guard('initialized', async () => {
    startProject();
    initialized.fire();
    for (const line of await settings.describeFolders()) log.info(line);
  }));
  documents.onDidClose((uri) => settings.forget(uri));
  for (const feature of FEATURES) feature.register(connection, context);
  context.commands.listen(connection, log);
  shutdownGate.listen(connection);
  connection.listen();
  if (stdio) {
    watchFraming(process.stdin, (reason) => {
      const message = `The client sent ${reason}; the rest of its messages cannot be read, so the server ends.`;
      setTimeout(() => process.exit(1), 1000).unref();
      void connection.sendNotification(LogMessageNotification.type, { type: MessageType.Error, message }).finally(() => process.exit(1));
    });
  }

  /**
   * The project index over the workspace folders, and the watchers that keep it current: the
   * client's (registered dynamically) where it can, else the server's own.
   */
  function startProject(): void {
    const folders = settings.workspaceFolders();
    if (!folders.length) return;
    void project.start(folders);
    if (context.client.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: PROJECT_WATCHERS })
        .catch((error: unknown) => log.error('Registering file watchers', error));
    } else {
      project.watchFolders(folders);
    }
  }

  /**
   * Over stdio the server writes with its own encoder (wire.ts: diagnostics sent as encoded
   * before), each message in one write (stdio-writer.ts). The library's `--stdio` set-up ends the
   * server when stdin ends and sends console output to the client's log, where it cannot break the
   * stream: done here the same way.
   */
  function stdioConnection(): Connection {
    const writer = new StdioMessageWriter(process.stdout, wireEncoder());
    const created = createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), writer, { messageStrategy: shutdownGate, connectionStrategy: CANCEL_QUEUED });
    // What the library does for a stream it reads itself: the client went away, so does the server.
    for (const event of ['end', 'close']) process.stdin.on(event, () => process.exit(shutdownGate.received ? 0 : 1));
    const toLog = (write: (message: string) => void) => (...args: unknown[]) => write(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg))).join(' '));
    console.log = console.info = console.debug = toLog((message) => created.console.log(message));
    console.warn = toLog((message) => created.console.warn(message));
    console.error = toLog((message) => created.console.error(message));
    return created;
  }
}

/** What every server feature receives: the shared document, settings and analysis state. */
import type { ClientCapabilities, Connection, ServerCapabilities } from 'vscode-languageserver/node';
import type { Analyzer } from './analysis';
import type { ServerCommands } from './commands';
import type { DocumentStore } from './documents';
import type { Logger } from './log';
import type { ProjectService } from './project';
import type { Settings } from './settings';
import type { WarmUp } from './warm-up/warm-up';

export interface ServerContext {
  readonly documents: DocumentStore;
  readonly analyzer: Analyzer;
  /** The project index: other modules' servers and tools. */
  readonly project: ProjectService;
  readonly settings: Settings;
  readonly log: Logger;
  /** `workspace/executeCommand` handlers, by command. */
  readonly commands: ServerCommands;
  /** Types into sample modules while the server is idle after a document's first diagnostics. */
  readonly warmUp: WarmUp;
  /** Calls `listener` on `initialized` (the connection has one handler: main.ts's). */
  onInitialized(listener: () => void): void;
  /** The client's capabilities; filled in by `initialize`, before any document arrives. */
  client: ClientCapabilities;
}

/** One LSP capability: a module under features/ exporting these, listed once in main.ts. */
export interface Feature {
  /** What the feature adds to the capabilities answered to `initialize`. */
  capabilities?(client: ClientCapabilities): ServerCapabilities;
  /** Registers the feature's handlers; called once, before the connection starts listening. */
  register(connection: Connection, context: ServerContext): void;
}

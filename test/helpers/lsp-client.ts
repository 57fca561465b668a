/**
 * A small LSP client for tests: spawns the real `node dist/server.js --stdio`, speaks JSON-RPC
 * with Content-Length framing (vscode-jsonrpc's node API), records what the server sends, and
 * waits for it by re-checking a condition on every message (with a timeout, never a fixed sleep).
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import {
  ClientCapabilities, ConfigurationParams, createMessageConnection, InitializeResult, LogMessageParams, MessageConnection,
  Position, PublishDiagnosticsParams, Range, StreamMessageReader, StreamMessageWriter, TextDocumentContentChangeEvent, WorkDoneProgress,
  WorkDoneProgressBegin, WorkDoneProgressCreateParams, WorkDoneProgressEnd, WorkDoneProgressReport, WorkspaceFolder,
} from 'vscode-languageserver/node';
import { untilIdle } from '../../bench/process-idle';
import { repoRoot } from './fixtures';

export const SERVER = path.join(repoRoot(), 'dist', 'server.js');
const DEFAULT_TIMEOUT_MS = 15_000;

export const DEFAULT_CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
  textDocument: {
    synchronization: { dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
  },
};

interface Waiter {
  check(): boolean;
  fail(reason: string): void;
}

export class LspClient {
  /** Every `textDocument/publishDiagnostics`, in arrival order. */
  readonly diagnostics: PublishDiagnosticsParams[] = [];
  /** Every `window/logMessage`. */
  readonly logs: LogMessageParams[] = [];
  /** Every other notification (`window/showMessage`, `$/progress`, `mcpToolLint/status`...), in arrival order. */
  readonly notifications: Array<{ method: string; params: unknown }> = [];
  /** Every work-done progress the server created, with what it reported, in creation order. */
  readonly progress: Array<{ token: string | number; values: Array<WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd> }> = [];
  /** Every `workspace/configuration` request. */
  readonly configurationRequests: ConfigurationParams[] = [];
  /** The `mcpToolLint` section answered to `workspace/configuration`; change it, then call `configurationChanged`. */
  settings: Record<string, unknown>;
  stderr = '';
  exitCode: number | null | undefined;

  private readonly waiters = new Set<Waiter>();
  /** For each URI, how many diagnostics notifications had arrived when it was last opened. */
  private readonly openedAt = new Map<string, number>();

  private constructor(readonly process: ChildProcess, readonly connection: MessageConnection, settings: Record<string, unknown>) {
    this.settings = settings;
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.diagnostics.push(params);
      this.recheck();
    });
    connection.onNotification('window/logMessage', (params: LogMessageParams) => {
      this.logs.push(params);
      this.recheck();
    });
    connection.onNotification((method: string, params: unknown) => {
      this.notifications.push({ method, params });
      this.recheck();
    });
    connection.onRequest('workspace/configuration', (params: ConfigurationParams) => {
      this.configurationRequests.push(params);
      return params.items.map((item) => (item.section === 'mcpToolLint' ? this.settings : null));
    });
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', ({ token }: WorkDoneProgressCreateParams) => {
      const values: Array<WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd> = [];
      this.progress.push({ token, values });
      connection.onProgress(WorkDoneProgress.type, token, (value) => {
        values.push(value);
        this.recheck();
      });
      return null;
    });
    process.stderr?.on('data', (chunk: Buffer) => { this.stderr += chunk.toString(); });
    process.on('exit', (code) => {
      this.exitCode = code;
      this.recheck();
      for (const waiter of this.waiters) waiter.fail(`the server exited (code ${code})\n${this.stderr}`);
    });
  }

  /**
   * Spawns the server (dist/server.js unless `server` names another bundle) and sends `initialize` / `initialized`.
   * It warms up only with `warmUp` (`--no-warm-up` otherwise): a warm-up is about half the CPU time of a test
   * that opens a file and asks a few things, and the tests of what the warm-up does ask for it.
   */
  static async start(options: {
    settings?: Record<string, unknown>; capabilities?: ClientCapabilities; server?: string; workspaceFolders?: WorkspaceFolder[]; warmUp?: boolean;
    /** Added to the server's environment. */
    env?: Record<string, string>;
  } = {}): Promise<{ client: LspClient; initializeResult: InitializeResult }> {
    const env = options.env ? { ...process.env, ...options.env } : process.env;
    const child = spawn(process.execPath, [options.server ?? SERVER, '--stdio', ...(options.warmUp ? [] : ['--no-warm-up'])], { stdio: ['pipe', 'pipe', 'pipe'], env });
    const reader = new StreamMessageReader(child.stdout);
    // A server killed while it writes leaves half a message; the reader's timer for it re-arms every 10 s
    // for as long as the message stays unfinished, which kept a finished test file from exiting.
    reader.partialMessageTimeout = 0;
    const connection = createMessageConnection(reader, new StreamMessageWriter(child.stdin));
    const client = new LspClient(child, connection, options.settings ?? { enable: true, profile: 'recommended' });
    connection.listen();
    const initializeResult: InitializeResult = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: options.workspaceFolders?.[0]?.uri ?? null,
      workspaceFolders: options.workspaceFolders ?? null,
      capabilities: options.capabilities ?? DEFAULT_CAPABILITIES,
    });
    await connection.sendNotification('initialized', {});
    return { client, initializeResult };
  }

  open(document: TestDocument): Promise<void> {
    this.openedAt.set(document.uri, this.diagnostics.length);
    return this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: document.uri, languageId: document.languageId, version: document.version, text: document.text },
    });
  }

  /** Sends the changes a `TestDocument` edit returned, with the document's new version. */
  change(document: TestDocument, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: document.uri, version: document.version },
      contentChanges: changes,
    });
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Tells the server the settings changed (pull model: it asks again with `workspace/configuration`). */
  configurationChanged(): Promise<void> {
    return this.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  }

  /**
   * The first diagnostics published for `uri` at `version` after the `after`-th notification
   * (by default, since the document was last opened).
   */
  waitForDiagnostics(uri: string, version: number | undefined, after = this.openedAt.get(uri) ?? 0, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<PublishDiagnosticsParams> {
    return this.waitFor(
      () => this.diagnostics.slice(after).find((params) => params.uri === uri && params.version === version),
      `diagnostics for ${uri} version ${version}`,
      timeoutMs,
    );
  }

  /**
   * Resolves once the server process has used no CPU (any of its threads) for `quietMs`, polling
   * Linux's /proc every 20 ms: nothing is running in it then, a warm-up included.
   */
  async untilIdle(quietMs = 200, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    if (!(await untilIdle(this.process.pid!, quietMs, timeoutMs))) throw new Error(`the server was still busy after ${timeoutMs} ms`);
  }

  /** Resolves once the work-done progress titled `title` has ended, with everything it reported. */
  waitForProgressEnd(title: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Array<WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd>> {
    return this.waitFor(() => this.progress.find(({ values }) => values[0]?.kind === 'begin' && values[0].title === title && values.some((value) => value.kind === 'end'))?.values, `progress "${title}" to end`, timeoutMs);
  }

  /** Resolves with the condition's first defined value, re-checked on every message from the server. */
  waitFor<T>(condition: () => T | undefined, what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => waiter.fail(`timed out after ${timeoutMs} ms`), timeoutMs);
      const waiter: Waiter = {
        check: () => {
          const value = condition();
          if (value === undefined) return false;
          finish();
          resolve(value);
          return true;
        },
        fail: (reason) => {
          finish();
          const received = this.diagnostics.map((params) => `${params.uri}@${params.version}: ${params.diagnostics.length}`).join(', ');
          reject(new Error(`waiting for ${what}: ${reason}; diagnostics received: [${received}]`));
        },
      };
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
      };
      this.waiters.add(waiter);
      waiter.check();
    });
  }

  /** `shutdown`, then `exit`; resolves with the server's exit code. */
  async shutdown(): Promise<number | null> {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await this.waitFor(() => this.exitCode, 'the server to exit');
    this.connection.dispose();
    return code;
  }

  /** Ends the server whatever its state (for `after` hooks). */
  kill(): void {
    this.connection.dispose();
    if (this.exitCode === undefined) this.process.kill();
  }

  private recheck(): void {
    for (const waiter of [...this.waiters]) waiter.check();
  }
}

/** A document's text and version on the client side, with edits expressed as LSP incremental changes. */
export class TestDocument {
  constructor(readonly uri: string, readonly languageId: string, public text: string, public version = 1) {}

  /** The range of the only occurrence of `needle` (the `occurrence`-th when given, 0-based). */
  rangeOf(needle: string, occurrence?: number): Range {
    const start = nthIndexOf(this.text, needle, occurrence);
    return { start: positionAt(this.text, start), end: positionAt(this.text, start + needle.length) };
  }

  /** Replaces `needle` (which must occur once, or pick the occurrence) and returns the change to send. */
  replace(needle: string, replacement: string, occurrence?: number): TextDocumentContentChangeEvent {
    const start = nthIndexOf(this.text, needle, occurrence);
    return this.edit(start, start + needle.length, replacement);
  }

  /** Replaces the text between two offsets and returns the incremental change to send. */
  edit(start: number, end: number, newText: string): TextDocumentContentChangeEvent {
    const change = { range: { start: positionAt(this.text, start), end: positionAt(this.text, end) }, text: newText };
    this.text = this.text.slice(0, start) + newText + this.text.slice(end);
    return change;
  }

  /** Moves the version on; call once per `didChange` notification. */
  nextVersion(): this {
    this.version++;
    return this;
  }
}

function nthIndexOf(text: string, needle: string, occurrence?: number): number {
  const indices: number[] = [];
  for (let index = text.indexOf(needle); index >= 0; index = text.indexOf(needle, index + 1)) indices.push(index);
  if (occurrence === undefined && indices.length !== 1) throw new Error(`expected one ${JSON.stringify(needle)} in the document, found ${indices.length}`);
  const index = indices[occurrence ?? 0];
  if (index === undefined) throw new Error(`no occurrence ${occurrence} of ${JSON.stringify(needle)}`);
  return index;
}

/** The LSP position (0-based line, UTF-16 column) of an offset. */
export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

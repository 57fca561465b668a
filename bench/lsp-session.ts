/**
 * A lean LSP client for the benchmark: spawns the real `node dist/server.js --stdio`, records
 * when each `publishDiagnostics` (uri, version) arrives, and reads the server's RSS from /proc.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuTicks, mainThreadCpuNs, untilIdle } from './process-idle';
import {
  createMessageConnection, InitializeResult, MessageConnection, PublishDiagnosticsParams, StreamMessageReader,
  StreamMessageWriter, TextDocumentContentChangeEvent,
} from 'vscode-languageserver/node';

const TIMEOUT_MS = 120_000;

export interface SessionOptions {
  /**
   * A folder opened as the workspace (rootUri and the one workspace folder), with a client that
   * announces work-done progress and watched-file registration, as VS Code does.
   */
  workspace?: string;
}

interface Pending {
  resolve(params: PublishDiagnosticsParams): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class LspSession {
  initializeResult!: InitializeResult;
  /** The latest diagnostics per URI. */
  readonly latest = new Map<string, PublishDiagnosticsParams>();
  private readonly arrived = new Map<string, { params: PublishDiagnosticsParams; at: number }>();
  private readonly pending = new Map<string, Pending>();
  private stderr = '';
  /** When `initialized` was sent (performance.now). */
  initializedAt = NaN;
  /** The title of each work-done progress token that began, and when the first progress of each title ended. */
  private readonly progressTitles = new Map<string | number, string>();
  private readonly progressEnded = new Map<string, number>();
  private readonly progressWaiters: Array<{ title: string; resolve(at: number): void }> = [];
  /** Every `window/logMessage`, with when it arrived. */
  readonly logs: Array<{ message: string; at: number }> = [];
  private readonly logWaiters: Array<{ text: string; resolve: (at: number | undefined) => void }> = [];

  private constructor(readonly child: ChildProcess, readonly connection: MessageConnection) {
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const at = performance.now();
      this.latest.set(params.uri, params);
      const key = keyOf(params.uri, params.version);
      const waiting = this.pending.get(key);
      if (waiting) {
        clearTimeout(waiting.timer);
        this.pending.delete(key);
        waiting.resolve(params);
      } else {
        this.arrived.set(key, { params, at });
      }
    });
    connection.onRequest('workspace/configuration', (params: { items: Array<{ section?: string }> }) =>
      params.items.map((item) => (item.section === 'mcpToolLint' ? { enable: true, profile: 'recommended' } : null)));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      const at = performance.now();
      this.logs.push({ message: params.message, at });
      for (const waiter of this.logWaiters.filter((entry) => params.message.includes(entry.text))) waiter.resolve(at);
    });
    connection.onNotification('$/progress', (params: { token: string | number; value?: { kind?: string; title?: string } }) => {
      const at = performance.now();
      if (params.value?.kind === 'begin') this.progressTitles.set(params.token, params.value.title ?? '');
      const title = this.progressTitles.get(params.token);
      if (params.value?.kind !== 'end' || title === undefined || this.progressEnded.has(title)) return;
      this.progressEnded.set(title, at);
      for (const waiter of this.progressWaiters.filter((entry) => entry.title === title)) waiter.resolve(at);
    });
    child.stderr?.on('data', (chunk: Buffer) => { this.stderr += chunk.toString(); });
    child.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`the server exited (code ${code}): ${this.stderr}`));
    });
  }

  static async start(serverPath: string, options: SessionOptions = {}): Promise<LspSession> {
    const nodeArguments = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArguments, serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const reader = new StreamMessageReader(child.stdout!);
    // No timer for half a message (a server killed while writing): it re-arms for as long as the message stays unfinished.
    reader.partialMessageTimeout = 0;
    const connection = createMessageConnection(reader, new StreamMessageWriter(child.stdin!));
    const session = new LspSession(child, connection);
    connection.listen();
    const folder = options.workspace === undefined ? undefined : { uri: pathToFileURL(options.workspace).href, name: path.basename(options.workspace) };
    session.initializeResult = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folder?.uri ?? null,
      ...(folder ? { workspaceFolders: [folder] } : {}),
      capabilities: {
        workspace: folder ? { configuration: true, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true } } : { configuration: true },
        ...(folder ? { window: { workDoneProgress: true } } : {}),
        textDocument: {
          synchronization: { dynamicRegistration: false },
          publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          // As VS Code asks: file-wide fixes are computed when picked (codeAction/resolve), not with the list.
          codeAction: {
            codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
            isPreferredSupport: true, dataSupport: true, resolveSupport: { properties: ['edit'] },
          },
        },
      },
    });
    session.initializedAt = performance.now();
    await connection.sendNotification('initialized', {});
    return session;
  }

  /** Resolves with when the first log message holding `text` arrived, or with undefined after `timeoutMs`. */
  logged(text: string, timeoutMs: number): Promise<number | undefined> {
    const found = this.logs.find((log) => log.message.includes(text));
    if (found) return Promise.resolve(found.at);
    return new Promise((resolve) => {
      const waiter = { text, resolve: (at: number | undefined) => {
        clearTimeout(timer);
        this.logWaiters.splice(this.logWaiters.indexOf(waiter), 1);
        resolve(at);
      } };
      const timer = setTimeout(() => waiter.resolve(undefined), timeoutMs);
      this.logWaiters.push(waiter);
    });
  }

  /**
   * Resolves with when (performance.now) the first work-done progress titled `title` ended, or with
   * undefined if none has ended within `timeoutMs`.
   */
  progressEnd(title: string, timeoutMs: number): Promise<number | undefined> {
    const ended = this.progressEnded.get(title);
    if (ended !== undefined) return Promise.resolve(ended);
    return new Promise((resolve) => {
      const waiter = { title, resolve: (at: number | undefined) => {
        clearTimeout(timer);
        this.progressWaiters.splice(this.progressWaiters.indexOf(waiter), 1);
        resolve(at);
      } };
      const timer = setTimeout(() => waiter.resolve(undefined), timeoutMs);
      this.progressWaiters.push(waiter);
    });
  }

  /** Whether a progress titled `title` has begun. */
  progressBegan(title: string): boolean {
    return [...this.progressTitles.values()].includes(title);
  }

  /** When the first progress titled `title` ended, if it has. */
  progressEndedAt(title: string): number | undefined {
    return this.progressEnded.get(title);
  }

  open(uri: string, languageId: string, text: string, version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  /** Resolves with the time (performance.now) the diagnostics of that version arrived. */
  diagnosticsOf(uri: string, version: number): Promise<{ params: PublishDiagnosticsParams; at: number }> {
    const key = keyOf(uri, version);
    const already = this.arrived.get(key);
    if (already) {
      this.arrived.delete(key);
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(key);
        reject(new Error(`no diagnostics for ${uri} version ${version} within ${TIMEOUT_MS} ms`));
      }, TIMEOUT_MS);
      this.pending.set(key, { resolve: (params) => resolve({ params, at: performance.now() }), reject, timer });
    });
  }

  /** Forgets diagnostics nobody waited for (the memory run waits only for some versions). */
  dropUnclaimed(): void {
    this.arrived.clear();
  }

  /** The server process's resident set size in bytes (Linux /proc). */
  rss(): number | undefined {
    try {
      const status = fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
      return match ? Number(match[1]) * 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  /** The CPU time the server process has used, in clock ticks (Linux /proc); undefined once it is gone. */
  cpuTicks(): number | undefined {
    return cpuTicks(this.child.pid!);
  }

  /** The CPU time the server's main thread has run, in nanoseconds (Linux /proc); undefined once it is gone. */
  mainThreadCpuNs(): number | undefined {
    return mainThreadCpuNs(this.child.pid!);
  }

  /**
   * Resolves once the server has used no CPU for `quietMs` (all its threads: the main one and V8's),
   * or after `maxMs`; with the time waited. An author starts typing a moment after a file opens,
   * and the server uses such moments (lsp/warm-up).
   */
  async untilIdle(quietMs = 100, maxMs = 5000): Promise<number> {
    const started = performance.now();
    await untilIdle(this.child.pid!, quietMs, maxMs);
    return performance.now() - started;
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((resolve) => setTimeout(resolve, 2000))]);
      await this.connection.sendNotification('exit');
    } catch {
      // The server is gone already.
    }
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    const killer = setTimeout(() => this.child.kill(), 3000);
    if (this.child.exitCode === null) await exited;
    clearTimeout(killer);
    this.connection.dispose();
  }
}

function keyOf(uri: string, version: number | undefined): string {
  return `${version}@${uri}`;
}

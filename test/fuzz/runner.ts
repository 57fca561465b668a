/**
 * Runs fuzz sessions against the real server (one process for many sessions): opens the
 * document, sends each step's changes, waits for the diagnostics of that version, sends the
 * step's requests, and fails on the first sign of trouble: the server exited, logged an error
 * (every handler's exception is logged as one) or wrote to stderr, a request got an error or
 * no answer within the bound, diagnostics stopped coming, a diagnostic or a fix pointed
 * outside the document or at another version.
 */
import * as fs from 'node:fs';
import {
  CodeAction, Diagnostic, Position, PublishDiagnosticsParams, Range, TextDocumentContentChangeEvent, TextEdit, WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspClient } from '../helpers/lsp-client';
import { PREVIEW_REQUEST } from '../../server/src/lsp/features/preview';
import { FuzzEdit, FuzzRequest, FuzzSession, FuzzStep, insertedText } from './session';

/** The hang bound: every request answered, every version's diagnostics published, within this. */
export const BOUND_MS = 1000;

export interface SessionStart {
  fixture: string;
  uri: string;
  languageId: string;
  text: string;
}

/** Gives the next step for the document's current text, or undefined to end the session. */
export type StepSource = (text: string, offeredFixes: FuzzEdit[][]) => FuzzStep | undefined;

export interface SessionResult {
  session: FuzzSession;
  /** Steps run (one case each), the open included. */
  cases: number;
  failure?: string;
}

export class FuzzFailure extends Error {}

/** The slowest answer seen for each kind of request (ms), for the report. */
export type Latencies = Record<string, number>;

export class FuzzRunner {
  readonly latencies: Latencies = {};
  /** Time spent per kind of step (ms), edit and requests together. */
  readonly stepMs: Record<string, number> = {};
  private logsSeen: number;
  private stderrSeen: number;

  constructor(readonly client: LspClient, private readonly boundMs = BOUND_MS) {
    this.logsSeen = client.logs.length;
    this.stderrSeen = client.stderr.length;
  }

  async run(start: SessionStart, nextStep: StepSource): Promise<SessionResult> {
    const session: FuzzSession = { fixture: start.fixture, uri: start.uri, languageId: start.languageId, steps: [] };
    let mirror = TextDocument.create(start.uri, start.languageId, 1, start.text);
    let cases = 0;
    try {
      const after = this.client.diagnostics.length;
      await this.client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: start.uri, languageId: start.languageId, version: 1, text: start.text } });
      let diagnostics = await this.diagnostics(mirror, after, 'didOpen');
      cases++;
      let offered: FuzzEdit[][] = [];
      for (let step = nextStep(mirror.getText(), offered); step; step = nextStep(mirror.getText(), offered)) {
        session.steps.push(step);
        const stepStarted = Date.now();
        ({ mirror, diagnostics } = await this.change(mirror, step));
        offered = await this.requests(mirror, step.requests, diagnostics);
        this.checkHealth(`after step ${session.steps.length} (${step.label})`);
        this.stepMs[step.label] = (this.stepMs[step.label] ?? 0) + Date.now() - stepStarted;
        cases++;
      }
      await this.client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: start.uri } });
      this.checkHealth('after didClose');
      return { session, cases };
    } catch (error) {
      const where = `step ${session.steps.length} (${session.steps.at(-1)?.label ?? 'didOpen'})`;
      return { session, cases, failure: `${where}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  /** Sends the step's edits as one didChange and waits for that version's diagnostics; returns the edited mirror too. */
  private async change(before: TextDocument, step: FuzzStep): Promise<{ mirror: TextDocument; diagnostics: Diagnostic[] }> {
    const changes: TextDocumentContentChangeEvent[] = [];
    const version = before.version + 1;
    let mirror = TextDocument.create(before.uri, before.languageId, version, before.getText());
    for (const edit of step.edits) {
      const text = insertedText(edit.text);
      const change: TextDocumentContentChangeEvent = step.whole ? { text } : { range: { start: mirror.positionAt(edit.start), end: mirror.positionAt(edit.end) }, text };
      mirror = edited(mirror, change);
      changes.push(change);
    }
    const after = this.client.diagnostics.length;
    await this.client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: mirror.uri, version }, contentChanges: changes });
    return { mirror, diagnostics: await this.diagnostics(mirror, after, step.label) };
  }

  private async diagnostics(mirror: TextDocument, after: number, what: string): Promise<Diagnostic[]> {
    const started = Date.now();
    const publish = this.client.waitForDiagnostics(mirror.uri, mirror.version, after, 60 * this.boundMs);
    publish.catch(() => undefined);
    let published: PublishDiagnosticsParams | undefined;
    try {
      published = await Promise.race([publish, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), this.boundMs))]);
      if (!published) {
        // A document the server skips (excluded by a project config, disabled) gets no diagnostics; the preview says why.
        const preview = await this.request(PREVIEW_REQUEST, { uri: mirror.uri }) as { skipped?: string } | null;
        if (preview?.skipped) return [];
        published = await this.bounded(publish, `diagnostics for version ${mirror.version}`);
      }
    } catch (error) {
      this.checkHealth(`waiting for diagnostics after ${what}`);
      throw error;
    }
    this.note('diagnostics', Date.now() - started);
    for (const diagnostic of published.diagnostics) this.checkRange(mirror, diagnostic.range, `diagnostic ${String(diagnostic.code)}`);
    return published.diagnostics;
  }

  /** Sends the requests together; each must be answered within the bound. Returns the edits of the fixes offered. */
  private async requests(mirror: TextDocument, requests: readonly FuzzRequest[], diagnostics: Diagnostic[]): Promise<FuzzEdit[][]> {
    const offered: FuzzEdit[][] = [];
    await Promise.all(requests.map(async (request) => {
      const position: Position = { line: request.line, character: request.character };
      const textDocument = { uri: mirror.uri };
      switch (request.kind) {
        case 'hover':
          return this.request('textDocument/hover', { textDocument, position });
        case 'completion':
          return this.request('textDocument/completion', { textDocument, position, context: { triggerKind: 1 } });
        case 'inlayHint':
          return this.request('textDocument/inlayHint', { textDocument, range: { start: { line: 0, character: 0 }, end: position } });
        case 'preview':
          return this.request(PREVIEW_REQUEST, { uri: mirror.uri, position });
        case 'codeAction':
        case 'fixAll': {
          const range: Range = { start: position, end: position };
          const context = request.kind === 'fixAll'
            ? { diagnostics: [], only: ['source.fixAll'], triggerKind: 2 }
            : { diagnostics: diagnostics.filter((d) => d.range.start.line <= position.line && position.line <= d.range.end.line), triggerKind: 1 };
          const actions = (await this.request('textDocument/codeAction', { textDocument, range, context }) as CodeAction[] | null) ?? [];
          for (const action of actions) {
            const edit = (action.edit || action.data === undefined ? action : await this.request('codeAction/resolve', action) as CodeAction).edit;
            if (edit) offered.push(this.fuzzEdits(mirror, edit));
          }
        }
      }
    }));
    return offered;
  }

  private async request(method: string, params: unknown): Promise<unknown> {
    const started = Date.now();
    try {
      return await this.bounded(this.client.connection.sendRequest(method, params), method);
    } catch (error) {
      if (error instanceof FuzzFailure) throw error;
      throw new FuzzFailure(`${method} answered with an error: ${(error as Error).message}`);
    } finally {
      this.note(method, Date.now() - started);
    }
  }

  /**
   * Waits for `promise` within the hang bound: the server may spend at most `boundMs` of its own
   * CPU time on it (so a machine busy with other work does not fail the run), and the wall-clock
   * wait is capped at 20 times the bound (a server waiting on nothing).
   */
  private async bounded<T>(promise: Promise<T>, what: string): Promise<T> {
    const cpuAtStart = serverCpuMs(this.client);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      const check = () => {
        const wall = Date.now() - started;
        const cpu = cpuAtStart === undefined ? wall : (serverCpuMs(this.client) ?? Infinity) - cpuAtStart;
        if (cpu > this.boundMs || wall > 20 * this.boundMs) reject(new FuzzFailure(`${what}: no answer within ${this.boundMs} ms (server CPU ${cpu} ms, wall ${wall} ms)`));
        else timer = setTimeout(check, 100);
      };
      timer = setTimeout(check, this.boundMs);
    });
    try {
      return await Promise.race([promise, hang]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A fix's edits as fuzz edits applied one after another (last in the text first, so offsets stay valid). */
  private fuzzEdits(mirror: TextDocument, edit: WorkspaceEdit): FuzzEdit[] {
    const edits: TextEdit[] = [];
    for (const change of edit.documentChanges ?? []) {
      if (!('textDocument' in change) || change.textDocument.uri !== mirror.uri) throw new FuzzFailure(`a fix edits something else: ${JSON.stringify(change)}`);
      if (change.textDocument.version !== mirror.version) throw new FuzzFailure(`a fix for version ${change.textDocument.version} offered at version ${mirror.version}`);
      edits.push(...(change.edits as TextEdit[]));
    }
    for (const [uri, changes] of Object.entries(edit.changes ?? {})) {
      if (uri !== mirror.uri) throw new FuzzFailure(`a fix edits another document: ${uri}`);
      edits.push(...changes);
    }
    for (const textEdit of edits) this.checkRange(mirror, textEdit.range, 'fix edit');
    return edits
      .map((textEdit, index) => ({ index, start: mirror.offsetAt(textEdit.range.start), end: mirror.offsetAt(textEdit.range.end), text: textEdit.newText }))
      .sort((a, b) => b.start - a.start || b.index - a.index)
      .map(({ start, end, text }) => ({ start, end, text }));
  }

  private checkRange(mirror: TextDocument, range: Range, what: string): void {
    const lastLine = mirror.lineCount - 1;
    const inside = (position: Position) => position.line >= 0 && position.character >= 0 && position.line <= lastLine
      && mirror.offsetAt(position) === mirror.offsetAt({ line: position.line, character: 0 }) + position.character;
    const ordered = range.start.line < range.end.line || (range.start.line === range.end.line && range.start.character <= range.end.character);
    if (!inside(range.start) || !inside(range.end) || !ordered) throw new FuzzFailure(`${what} has a range outside the document: ${JSON.stringify(range)}`);
  }

  /** Fails when the server exited, logged an error or wrote to stderr since the last check. */
  checkHealth(when: string): void {
    const { client } = this;
    if (client.exitCode !== undefined) throw new FuzzFailure(`the server exited (code ${client.exitCode}) ${when}: ${client.stderr.slice(-2000)}`);
    const errors = client.logs.slice(this.logsSeen).filter((log) => log.type === 1);
    this.logsSeen = client.logs.length;
    if (errors.length) throw new FuzzFailure(`the server logged an error ${when}: ${errors.map((log) => log.message).join('\n').slice(0, 4000)}`);
    const stderr = client.stderr.slice(this.stderrSeen);
    this.stderrSeen = client.stderr.length;
    if (stderr) throw new FuzzFailure(`the server wrote to stderr ${when}: ${stderr.slice(0, 4000)}`);
  }

  private note(what: string, ms: number): void {
    this.latencies[what] = Math.max(this.latencies[what] ?? 0, ms);
  }
}

/**
 * The document after one change, as a client that follows the LSP spec sees it: rebuilt from its
 * text, so every CR, LF and CRLF is counted afresh. (TextDocument.update counts the line breaks of the
 * inserted text alone: a CR typed before an LF would stay two line breaks instead of one CRLF.)
 */
export function edited(document: TextDocument, change: TextDocumentContentChangeEvent): TextDocument {
  const text = 'range' in change ? TextDocument.applyEdits(document, [{ range: change.range, newText: change.text }]) : change.text;
  return TextDocument.create(document.uri, document.languageId, document.version, text);
}

const TICKS_PER_SECOND = 100;

/** The server process's CPU time (user + system, ms) from /proc; undefined where there is no /proc. */
export function serverCpuMs(client: LspClient): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${client.process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

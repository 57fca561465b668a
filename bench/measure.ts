/** One measurement per issue 7 target, each taken the way the table says. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Diagnostic, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { percentile, positionsAfter, typingEdits } from './edits';
import { LspSession } from './lsp-session';

export interface Paths {
  root: string;
  server: string;
  cli: string;
}

function languageIdOf(file: string): string {
  if (file.endsWith('.go')) return 'go';
  if (file.endsWith('.cs')) return 'csharp';
  return file.endsWith('.py') ? 'python' : file.endsWith('.ts') ? 'typescript' : 'javascript';
}

/**
 * Opens `file` in a fresh server and waits for its first diagnostics; with `idle`, also until the
 * server is idle (it warms up after the first diagnostics), as an author starts typing a moment later.
 */
async function openFresh(paths: Paths, file: string, idle = false): Promise<{ session: LspSession; uri: string; text: string }> {
  return openIn(await LspSession.start(paths.server), file, idle);
}

/** Opens `file` in `session` and waits for its first diagnostics (and with `idle`, for the server to be idle). */
export async function openIn(session: LspSession, file: string, idle = false): Promise<{ session: LspSession; uri: string; text: string }> {
  const uri = pathToFileURL(file).href;
  const text = fs.readFileSync(file, 'utf8');
  const first = session.diagnosticsOf(uri, 1);
  await session.open(uri, languageIdOf(file), text);
  await first;
  if (idle) await session.untilIdle();
  return { session, uri, text };
}

/** Keystroke → diagnostics: p95 over `count` one-character edits, each waited for before the next. */
export async function keystrokeP95(paths: Paths, file: string, count: number, seed: number): Promise<Typed> {
  return editsP95(paths, file, (text) => typingEdits(text, count, seed));
}

/** The same for the edits `editsOf` gives for the file's text (bench/broken-edits.ts). */
export async function editsP95(paths: Paths, file: string, editsOf: (text: string) => TextDocumentContentChangeEvent[]): Promise<Typed> {
  const { session, uri, text } = await openFresh(paths, file, true);
  try {
    return await typeEdits(session, uri, editsOf(text));
  } finally {
    await session.stop();
  }
}

export interface Typed {
  p95: number;
  median: number;
  /**
   * The p95 of the server main thread's CPU time from each keystroke sent to its diagnostics (its
   * share of the keystroke, and what it still ran for the one before), when /proc tells it.
   */
  cpuP95?: number;
  /** When each keystroke was sent (performance.now). */
  sent: number[];
}

/** Types `count` one-character edits into the open document `uri` (version 1, `text`), each waited for before the next. */
export async function typeInto(session: LspSession, uri: string, text: string, count: number, seed: number): Promise<Typed> {
  return typeEdits(session, uri, typingEdits(text, count, seed));
}

/** Sends the edits to the open document `uri` (version 1), each waited for before the next. */
async function typeEdits(session: LspSession, uri: string, edits: readonly TextDocumentContentChangeEvent[]): Promise<Typed> {
  const samples: number[] = [];
  const cpu: number[] = [];
  const sentAt: number[] = [];
  let version = 1;
  for (const edit of edits) {
    version++;
    const arrival = session.diagnosticsOf(uri, version);
    const cpuBefore = session.mainThreadCpuNs();
    const sent = performance.now();
    sentAt.push(sent);
    await session.change(uri, version, [edit]);
    const { at } = await arrival;
    samples.push(at - sent);
    const cpuAfter = session.mainThreadCpuNs();
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpu.push((cpuAfter - cpuBefore) / 1e6);
  }
  return { p95: percentile(samples, 95), median: percentile(samples, 50), cpuP95: cpu.length ? percentile(cpu, 95) : undefined, sent: sentAt };
}

/** Spawn → first diagnostics of `file`, in milliseconds. */
export async function coldStart(paths: Paths, file: string): Promise<number> {
  const started = performance.now();
  const { session } = await openFresh(paths, file);
  const elapsed = performance.now() - started;
  await session.stop();
  return elapsed;
}

export type RequestKind = 'completion' | 'hover' | 'toolCard' | 'codeAction';

const CAPABILITY: Record<RequestKind, string> = { completion: 'completionProvider', hover: 'hoverProvider', toolCard: 'hoverProvider', codeAction: 'codeActionProvider' };

/** Request → response p95 for each announced request kind on `file`; undefined for kinds not announced. */
export async function requestP95s(paths: Paths, file: string, count: number): Promise<Record<RequestKind, number | undefined>> {
  const { session, uri, text } = await openFresh(paths, file, true);
  try {
    const capabilities = session.initializeResult.capabilities as Record<string, unknown>;
    const diagnostics: Diagnostic[] = session.latest.get(uri)?.diagnostics ?? [];
    const requests: Record<RequestKind, () => Array<[string, unknown]>> = {
      completion: () => positionsAfter(text, ['Behavior(', 'ToolAnnotations(', 'annotations: { '], count)
        .map((position) => ['textDocument/completion', { textDocument: { uri }, position }]),
      hover: () => positionsAfter(text, ['read_only', 'readOnlyHint', 'ServiceDomain.', 'Operation.'], count)
        .map((position) => ['textDocument/hover', { textDocument: { uri }, position: { line: position.line, character: position.character - 2 } }]),
      // The tool card: on the decorator's callee (`@app.to|ol`).
      toolCard: () => positionsAfter(text, ['@app.tool', '@mcp.tool', '@tool'], count)
        .map((position) => ['textDocument/hover', { textDocument: { uri }, position: { line: position.line, character: position.character - 2 } }]),
      codeAction: () => spreadOver(diagnostics, count)
        .map((diagnostic) => ['textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } }]),
    };
    const result: Record<RequestKind, number | undefined> = { completion: undefined, hover: undefined, toolCard: undefined, codeAction: undefined };
    for (const kind of Object.keys(requests) as RequestKind[]) {
      if (!capabilities[CAPABILITY[kind]]) continue;
      const samples: number[] = [];
      for (const [method, params] of requests[kind]()) {
        const sent = performance.now();
        await session.connection.sendRequest(method, params);
        samples.push(performance.now() - sent);
      }
      result[kind] = samples.length ? percentile(samples, 95) : undefined;
    }
    return result;
  } finally {
    await session.stop();
  }
}

function spreadOver<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]);
}

/** The CLI on a folder, wall time including Node's start, in milliseconds. */
export function cliWall(paths: Paths, folder: string): { ms: number; status: number | null; findings: number } {
  const started = performance.now();
  const run = spawnSync(process.execPath, [paths.cli, '--format', 'json', folder], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - started;
  let findings = -1;
  try {
    findings = (JSON.parse(run.stdout) as unknown[]).length;
  } catch {
    // Reported as -1: the CLI printed something that is not the JSON array.
  }
  return { ms, status: run.status, findings };
}

/**
 * `--cache` on `folder`: a first run with an empty cache, then a second on the unchanged files,
 * each timed as a whole process (Node's start included), with the same output.
 */
export function cliCacheWalls(paths: Paths, folder: string): { firstMs: number; secondMs: number; sameOutput: boolean; findings: number } {
  const location = fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-bench-cache-'));
  try {
    const run = () => {
      const started = performance.now();
      const result = spawnSync(process.execPath, [paths.cli, '--cache', '--cache-location', `${location}${path.sep}`, '--format', 'json', folder], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      return { ms: performance.now() - started, stdout: result.stdout };
    };
    const first = run();
    const second = run();
    let findings = -1;
    try {
      findings = (JSON.parse(second.stdout) as unknown[]).length;
    } catch {
      // Reported as -1: the CLI printed something that is not the JSON array.
    }
    return { firstMs: first.ms, secondMs: second.ms, sameOutput: first.stdout === second.stdout, findings };
  } finally {
    fs.rmSync(location, { recursive: true, force: true });
  }
}

export interface MemoryFigures {
  afterOpen: number;
  after500: number;
  after5000: number;
  growth: number;
}

/**
 * RSS after opening `file` and applying `edits` one-character edits (waiting for the diagnostics
 * of every `waitEvery`-th one, so the server keeps up), and the growth after the first 500.
 */
export async function memory(paths: Paths, file: string, edits: number, seed: number, waitEvery = 10): Promise<MemoryFigures> {
  const { session, uri, text } = await openFresh(paths, file, true);
  try {
    const afterOpen = session.rss() ?? NaN;
    let after500 = NaN;
    let version = 1;
    for (const edit of typingEdits(text, edits, seed)) {
      version++;
      const waited = version % waitEvery === 0 || version - 1 === 500 || version - 1 === edits ? session.diagnosticsOf(uri, version) : undefined;
      await session.change(uri, version, [edit]);
      if (waited) {
        await waited;
        session.dropUnclaimed();
      }
      if (version - 1 === 500) after500 = session.rss() ?? NaN;
    }
    const after5000 = session.rss() ?? NaN;
    return { afterOpen, after500, after5000, growth: (after5000 - after500) / after500 };
  } finally {
    await session.stop();
  }
}

/** The `.vsix` size after `npm run package`, or undefined when packaging is not set up. */
export function vsixSize(root: string): { bytes?: number; note?: string } {
  const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string>; name: string; version: string };
  if (!packageJson.scripts?.package) return { note: 'no `npm run package` script' };
  if (!fs.existsSync(path.join(root, 'node_modules', '.bin', 'vsce'))) return { note: '`vsce` is not installed' };
  const run = spawnSync('npm', ['run', 'package'], { cwd: root, encoding: 'utf8' });
  const vsix = path.join(root, `${packageJson.name}-${packageJson.version}.vsix`);
  if (run.status !== 0 || !fs.existsSync(vsix)) return { note: `npm run package failed: ${(run.stderr || run.stdout).trim().split('\n').pop()}` };
  return { bytes: fs.statSync(vsix).size };
}

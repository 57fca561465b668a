/**
 * Linting on several threads (MCP_TOOL_LINT_WORKERS; see workerCount): the main thread lints too, beside
 * `threads - 1` worker threads. Every thread takes the next file from one shared counter
 * (largest files first), so no thread waits for another to hand it work and a slow file does
 * not hold up the others; the results are put back in discovery order. Each worker is this same
 * bundle, started with `workerData`.
 */
import * as fs from 'node:fs';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { initAnalysis } from '../core/analyze';
import { ConfigError, ConfigLoader, loadConfigFile } from '../core/config/config';
import { ALL_GRAMMARS, CompiledWasm, compileWasm, GrammarId, useCompiledWasm } from '../core/parse/parser';
import { ProfileName } from '../core/rules/rule';
import { RuleOverride } from '../core/severity';
import { InputError, LintTarget } from './discover';
import { LintedFile, LintOptions, lintTarget, projectIndexFor } from './lint';

export interface WorkerSettings {
  /** `--config FILE`, loaded again by each worker. */
  configFile?: string;
  profile?: ProfileName;
  overrides: readonly RuleOverride[];
  maxFileSize?: number;
  fix?: 'write' | 'preview';
  /** Whether the output needs each file's text (the text format's code frames, fix diffs). */
  keepText: boolean;
  /** The paths given on the command line: each thread builds the project index from them. */
  projectPaths: string[];
  serverModules?: string[];
}

interface WorkerData {
  mcpToolLintWorker: true;
  settings: WorkerSettings;
  /** The grammars the files need; a worker loads only these. */
  grammars: GrammarId[];
  targets: readonly LintTarget[];
  /** One Int32: the next slot of the order (`ToWorker`) to take, shared by every thread. */
  next: SharedArrayBuffer;
}

/**
 * Sent to each worker once the main thread has compiled the wasm modules (while the workers start):
 * indices into `targets`, largest file first, the order in which the threads take them, and the modules.
 */
interface ToWorker {
  order: number[];
  compiled: CompiledWasm;
}

type FromWorker =
  | { index: number; result?: LintedFile; notes: string[] }
  | { index: number; error: string; kind: 'input' | 'config' | 'internal' };

/**
 * How many threads lint files of these sizes (the main thread included): 1 means the main thread
 * alone, which is the default. Every thread builds the project index of all the targets (each tool
 * file parsed and its declarations read; the lint then only runs the rules on them), so a second
 * thread repeats most of the work instead of sharing it. Measured on 2 cores on the bench's
 * monorepo (2,000 files, 29 MB; 216 parsed): one thread 4.2-8.9 s, two 11.7-15.2 s (three
 * alternating runs each, a loaded machine). MCP_TOOL_LINT_WORKERS sets the number (at most one per file).
 */
export function workerCount(sizes: readonly number[]): number {
  const forced = process.env.MCP_TOOL_LINT_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Math.max(1, Math.min(Number(forced), sizes.length));
  return 1;
}

/** Each target's size in bytes (0 when it cannot be read: linting it reports why). */
export function fileSizes(targets: readonly LintTarget[]): number[] {
  return targets.map((target) => {
    try {
      return fs.statSync(target.absolute).size;
    } catch {
      return 0;
    }
  });
}

/** Lints `targets` (of `sizes` bytes) on the main thread and `threads - 1` workers; `options` are the main thread's (its loaded config). */
export function lintInParallel(
  targets: readonly LintTarget[],
  sizes: readonly number[],
  settings: WorkerSettings,
  threads: number,
  options: LintOptions,
  progress: (done: number) => void,
): Promise<LintedFile[]> {
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const counter = new Int32Array(next);
  // The project index reads modules of every language the targets import.
  const data: WorkerData = { mcpToolLintWorker: true, settings, grammars: [...ALL_GRAMMARS], targets, next };
  // Compiled once, here, while the workers start; they instantiate the same modules.
  const compiling = compileWasm(data.grammars);
  return new Promise((resolve, reject) => {
    const results: Array<LintedFile | undefined> = new Array(targets.length);
    const notes: string[][] = new Array(targets.length);
    let done = 0;
    let failed = false;
    const pool: Worker[] = [];
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      // No thread takes another file.
      Atomics.store(counter, 0, targets.length);
      for (const worker of pool) void worker.terminate();
      reject(error);
    };
    const finish = (index: number, result: LintedFile | undefined, fileNotes: string[]): void => {
      results[index] = result;
      notes[index] = fileNotes;
      done++;
      progress(done);
      if (done === targets.length) {
        // Every result is in: a worker still starting has nothing left to do.
        for (const worker of pool) void worker.terminate();
        for (const lines of notes) for (const line of lines ?? []) options.note(line);
        resolve(results.filter((linted): linted is LintedFile => linted !== undefined));
      }
    };
    for (let i = 1; i < threads; i++) {
      const worker = new Worker(__filename, { workerData: data });
      pool.push(worker);
      worker.on('error', (error) => fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && done < targets.length) fail(new Error(`a lint worker stopped (exit code ${code})`));
      });
      worker.on('message', (message: FromWorker) => {
        if (failed) return;
        if ('error' in message) fail(workerError(message));
        else finish(message.index, message.result, message.notes);
      });
    }
    const order = largestFirst(sizes);
    // The main thread's share: it starts as soon as its grammars are loaded, while the workers start.
    compiling.then((compiled) => {
      for (const worker of pool) worker.postMessage({ order, compiled } satisfies ToWorker);
      useCompiledWasm(compiled);
      return initAnalysis(data.grammars);
    }).then(() => projectIndexFor(settings.projectPaths, targets, { serverModules: settings.serverModules, maxFileSize: settings.maxFileSize })).then((project) => takeFiles(counter, order, (index) => {
      const fileNotes: string[] = [];
      const result = lintTarget(targets[index], { ...options, project, note: (line) => fileNotes.push(line) });
      finish(index, result && withText(result, settings.keepText), fileNotes);
    })).catch((error: unknown) => fail(error as Error));
  });
}

/** Takes the next slot of `order` from the shared counter until none is left. */
function takeFiles(counter: Int32Array, order: readonly number[], lint: (index: number) => void): void {
  for (let slot = Atomics.add(counter, 0, 1); slot < order.length; slot = Atomics.add(counter, 0, 1)) lint(order[slot]);
}

/** Target indices by file size, largest first (the small files fill the gaps at the end). */
function largestFirst(sizes: readonly number[]): number[] {
  return sizes.map((_, index) => index).sort((a, b) => sizes[b] - sizes[a] || a - b);
}

function withText(result: LintedFile, keepText: boolean): LintedFile {
  return keepText ? result : { ...result, text: '' };
}

function workerError(message: { error: string; kind: 'input' | 'config' | 'internal' }): Error {
  if (message.kind === 'input') return new InputError(message.error);
  if (message.kind === 'config') return new ConfigError(message.error);
  return new Error(message.error);
}

/** Whether this thread is one of the CLI's lint workers. */
export function isLintWorker(): boolean {
  return Boolean(parentPort && (workerData as WorkerData | undefined)?.mcpToolLintWorker);
}

export async function runLintWorker(): Promise<void> {
  const port = parentPort!;
  const { settings, grammars, targets, next } = workerData as WorkerData;
  const counter = new Int32Array(next);
  const { order, compiled } = await new Promise<ToWorker>((resolve) => port.once('message', resolve));
  // The other threads may have taken every file while this one started.
  if (Atomics.load(counter, 0) >= order.length) return;
  useCompiledWasm(compiled);
  await initAnalysis(grammars);
  const loader = new ConfigLoader();
  let config;
  try {
    config = settings.configFile ? loadConfigFile(settings.configFile) : undefined;
  } catch (error) {
    port.postMessage({ index: -1, error: (error as Error).message, kind: 'config' } satisfies FromWorker);
    return;
  }
  const options: LintOptions = { ...settings, loader, config, note: () => undefined };
  try {
    options.project = projectIndexFor(settings.projectPaths, targets, { serverModules: settings.serverModules, maxFileSize: settings.maxFileSize });
    takeFiles(counter, order, (index) => {
      const notes: string[] = [];
      const result = lintTarget(targets[index], { ...options, note: (line) => notes.push(line) });
      port.postMessage({ index, result: result && withText(result, settings.keepText), notes } satisfies FromWorker);
    });
  } catch (error) {
    const kind = error instanceof InputError ? 'input' : error instanceof ConfigError ? 'config' : 'internal';
    port.postMessage({ index: -1, error: (error as Error).message, kind } satisfies FromWorker);
  }
}

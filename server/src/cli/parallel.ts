/**
 * Linting on several threads (MCP_TOOL_LINT_WORKERS, or by size; see workerCount): the main thread
 * lints too, beside `threads - 1` worker threads, each of which is this same bundle started with
 * `workerData`. Each thread reads the tools of its share of the files, the threads swap what they
 * read, and each lints its share (cli/thread-share.ts); the results are put back in discovery order.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { initAnalysis } from '../core/analyze';
import { ConfigError, ConfigLoader, loadConfigFile } from '../core/config/config';
import { CompiledWasm, compileWasm, GrammarId, useCompiledWasm } from '../core/parse/parser';
import { ProfileName } from '../core/rules/rule';
import { RuleOverride } from '../core/severity';
import { InputError, LintTarget } from './discover';
import { CandidateList, SummaryEntries } from '../core/project/project-index';
import { grammarsFor, LintedFile, LintOptions, lintTarget } from './lint';
import { claimsFor, SHARE_SLOTS, ThreadShare } from './thread-share';
import { withFields } from '../core/with-fields';

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
  /** ThreadShare's counter (SHARE_SLOTS Int32s), shared by every thread. */
  counter: SharedArrayBuffer;
  /** This worker's number among the threads (the main thread is 0), and how many there are. */
  thread: number;
  threads: number;
}

/**
 * To a worker: first the wasm modules the main thread compiled while the workers started, with what its
 * pre-filter decided of the targets; then what the other threads read.
 */
type ToWorker = { compiled: CompiledWasm; candidates: CandidateList; claims: SharedArrayBuffer } | { others: SummaryEntries };

type FromWorker =
  | { read: SummaryEntries }
  | { index: number; result?: LintedFile; notes: string[] }
  | { error: string; kind: 'input' | 'config' | 'internal' };

/** Below this many bytes of files per thread, another thread costs more (its start, its index) than it saves. */
const BYTES_PER_THREAD = 512 * 1024;
const MAX_THREADS = 4;

/**
 * How many threads lint files of these sizes (the main thread included): one per 512 KB of files, at most
 * one per core left free by the machine's other work (`busy`: threads of other processes running) and
 * four. Each thread reads its share of the tool files, so the work divides but for what every thread
 * repeats: its start, the pre-filter over every file, the modules the tools import and V8's compiling
 * of the same code (bench/NOTES.md); on a core another process is using, a thread adds only that.
 * MCP_TOOL_LINT_WORKERS sets the number (at most one per file; 1 is the main thread alone).
 */
export function workerCount(sizes: readonly number[], cores = os.availableParallelism(), busy = 0): number {
  const forced = process.env.MCP_TOOL_LINT_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Math.max(1, Math.min(Number(forced), sizes.length));
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  return Math.max(1, Math.min(Math.floor(bytes / BYTES_PER_THREAD), cores - Math.round(busy), MAX_THREADS, sizes.length));
}

/**
 * How busy the machine is with other work, sampled while the CLI starts (a few reads between its first
 * steps): the threads the kernel has running (Linux, /proc/loadavg's running count) less this
 * process's own (its main thread and V8's compiling in the background, /proc/self/task), the fewest of
 * the samples; elsewhere the last minute's load average.
 */
export class MachineLoad {
  private fewest?: number;

  sample(): this {
    try {
      const running = Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[3]?.split('/')[0]);
      if (Number.isInteger(running)) this.fewest = Math.min(this.fewest ?? Infinity, Math.max(0, running - ownRunningThreads()));
    } catch {
      // Not Linux: the load average is the measure.
    }
    return this;
  }

  /** Threads of other processes running (as a count of cores they take). */
  busy(): number {
    return this.fewest ?? os.loadavg()[0];
  }
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

/** This process's threads the kernel has running (state R), this one at least. */
function ownRunningThreads(): number {
  let running = 0;
  for (const task of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      if (stat[stat.lastIndexOf(')') + 2] === 'R') running++;
    } catch {
      // The thread ended.
    }
  }
  return Math.max(1, running);
}

/** Lints `targets` on the main thread and `threads - 1` workers; `options` are the main thread's (its loaded config). */
export function lintInParallel(
  targets: readonly LintTarget[],
  settings: WorkerSettings,
  threads: number,
  options: LintOptions,
  progress: (done: number) => void,
): Promise<LintedFile[]> {
  const counter = new Int32Array(new SharedArrayBuffer(SHARE_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  const data: Omit<WorkerData, 'thread'> = { mcpToolLintWorker: true, settings, grammars: [...grammarsFor(targets)], targets, counter: counter.buffer as SharedArrayBuffer, threads };
  // Compiled once, here, while the main thread's pre-filter runs and the workers start; they instantiate the same modules.
  const compiling = compileWasm(data.grammars);
  return new Promise((resolve, reject) => {
    const results: Array<LintedFile | undefined> = new Array(targets.length);
    const notes: string[][] = new Array(targets.length);
    const read = new Map<Worker | 'main', SummaryEntries>();
    let done = 0;
    let failed = false;
    const pool: Worker[] = [];
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      // No thread takes another file.
      for (let slot = 0; slot < SHARE_SLOTS; slot++) Atomics.store(counter, slot, 0x3fffffff);
      for (const worker of pool) void worker.terminate();
      reject(error);
    };
    const finish = (index: number, result: LintedFile | undefined, fileNotes: string[]): void => {
      results[index] = result;
      notes[index] = fileNotes;
      done++;
      progress(done);
      if (done === targets.length) {
        for (const worker of pool) void worker.terminate();
        for (const lines of notes) for (const line of lines ?? []) options.note(line);
        resolve(results.filter((linted): linted is LintedFile => linted !== undefined));
      }
    };
    // Once every thread has read its share: each worker gets what the others read, and the main thread lints its share.
    const swapWhenAllRead = (): void => {
      if (failed || read.size < threads) return;
      const readBy = (thread: Worker | 'main') => [...read].flatMap(([reader, entries]) => reader === thread ? [] : entries);
      for (const worker of pool) worker.postMessage({ others: readBy(worker) } satisfies ToWorker);
      share.lintShare(readBy('main'), (index) => {
        const fileNotes: string[] = [];
        const result = lintTarget(targets[index], withFields(options, { project: share.index, note: (line: string) => fileNotes.push(line) }));
        finish(index, result && withText(result, settings.keepText), fileNotes);
      });
    };
    for (let i = 1; i < threads; i++) {
      // dist/cli.js, the CLI's entry: it loads the bundle as the main thread did (entry/code-cache.ts), then runs runLintWorker.
      const worker = new Worker(path.join(__dirname, 'cli.js'), { workerData: withFields(data, { thread: i }) });
      pool.push(worker);
      worker.on('error', (error) => fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && done < targets.length) fail(new Error(`a lint worker stopped (exit code ${code})`));
      });
      worker.on('message', (message: FromWorker) => {
        if (failed) return;
        if ('error' in message) fail(workerError(message));
        else if ('read' in message) {
          read.set(worker, message.read);
          swapWhenAllRead();
        } else finish(message.index, message.result, message.notes);
      });
    }
    // The main thread's share of the work, its pre-filter run while the workers start (Node's start of a worker
    // takes about as long as the pre-filter of the monorepo's 2,000 files); the pre-filter's result goes to them.
    let share: ThreadShare;
    let candidates: CandidateList;
    let claims: Int32Array;
    try {
      share = new ThreadShare(targets, settings, counter);
      candidates = share.index.candidateList();
      claims = claimsFor(candidates);
    } catch (error) {
      compiling.catch(() => undefined);
      fail(error as Error);
      return;
    }
    compiling.then((compiled) => {
      for (const worker of pool) worker.postMessage({ compiled, candidates, claims: claims.buffer as SharedArrayBuffer } satisfies ToWorker);
      useCompiledWasm(compiled);
      return initAnalysis(data.grammars);
    }).then(() => {
      read.set('main', share.readShare(claims, 0, threads));
      swapWhenAllRead();
    }).catch((error: unknown) => fail(error as Error));
  });
}

function withText(result: LintedFile, keepText: boolean): LintedFile {
  return keepText ? result : withFields(result, { text: '' });
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
  const { settings, grammars, targets, counter, thread, threads } = workerData as WorkerData;
  const next = () => new Promise<ToWorker>((resolve) => port.once('message', resolve));
  const first = await next();
  if (!('compiled' in first)) return;
  useCompiledWasm(first.compiled);
  await initAnalysis(grammars);
  const loader = new ConfigLoader();
  let config;
  try {
    config = settings.configFile ? loadConfigFile(settings.configFile) : undefined;
  } catch (error) {
    port.postMessage({ error: (error as Error).message, kind: 'config' } satisfies FromWorker);
    return;
  }
  try {
    const share = new ThreadShare(targets, settings, new Int32Array(counter), first.candidates);
    port.postMessage({ read: share.readShare(new Int32Array(first.claims), thread, threads) } satisfies FromWorker);
    const swapped = await next();
    if (!('others' in swapped)) return;
    const options: LintOptions = withFields(settings, { loader, config, project: share.index, note: () => undefined });
    share.lintShare(swapped.others, (index) => {
      const notes: string[] = [];
      const result = lintTarget(targets[index], withFields(options, { note: (line: string) => notes.push(line) }));
      port.postMessage({ index, result: result && withText(result, settings.keepText), notes } satisfies FromWorker);
    });
  } catch (error) {
    const kind = error instanceof InputError ? 'input' : error instanceof ConfigError ? 'config' : 'internal';
    port.postMessage({ error: (error as Error).message, kind } satisfies FromWorker);
  }
}

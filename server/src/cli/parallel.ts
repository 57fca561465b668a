/**
 * Linting on worker threads, one per core (at most eight): the main thread hands out files one
 * at a time as workers finish, so a slow file does not hold up the others, and puts the results
 * back in discovery order. Each worker is this same bundle, started with `workerData`.
 */
import * as os from 'node:os';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { initAnalysis } from '../core/analyze';
import { ConfigError, ConfigLoader, loadConfigFile } from '../core/config';
import { ProfileName } from '../core/rules/rule';
import { RuleOverride } from '../core/severity';
import { InputError, LintTarget } from './discover';
import { LintedFile, lintTarget } from './lint';

export interface WorkerSettings {
  /** `--config FILE`, loaded again by each worker. */
  configFile?: string;
  profile?: ProfileName;
  overrides: readonly RuleOverride[];
  maxFileSize?: number;
  fix?: 'write' | 'preview';
}

interface WorkerData {
  mcpToolLintWorker: true;
  settings: WorkerSettings;
}

type ToWorker = { index: number; target: LintTarget } | { stop: true };
type FromWorker =
  | { ready: true }
  | { index: number; result?: LintedFile; notes: string[] }
  | { index: number; error: string; kind: 'input' | 'config' | 'internal' };

/** How many workers to start for `fileCount` files: 1 means lint on the main thread. */
export function workerCount(fileCount: number): number {
  const forced = process.env.MCP_TOOL_LINT_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Math.max(1, Math.min(Number(forced), fileCount));
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(cores, 8, Math.floor(fileCount / 16)));
}

export function lintInParallel(
  targets: readonly LintTarget[],
  settings: WorkerSettings,
  workers: number,
  note: (message: string) => void,
  progress: (done: number) => void,
): Promise<LintedFile[]> {
  return new Promise((resolve, reject) => {
    const results: Array<LintedFile | undefined> = new Array(targets.length);
    const notes: string[][] = new Array(targets.length);
    let next = 0;
    let done = 0;
    let failed = false;
    const pool: Worker[] = [];
    const stopAll = (): void => {
      for (const worker of pool) void worker.terminate();
    };
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      stopAll();
      reject(error);
    };
    const feed = (worker: Worker): void => {
      if (next < targets.length) {
        const index = next++;
        worker.postMessage({ index, target: targets[index] } satisfies ToWorker);
      }
    };
    for (let i = 0; i < workers; i++) {
      const data: WorkerData = { mcpToolLintWorker: true, settings };
      const worker = new Worker(__filename, { workerData: data });
      pool.push(worker);
      worker.on('error', (error) => fail(error));
      worker.on('message', (message: FromWorker) => {
        if (failed) return;
        if ('ready' in message) {
          feed(worker);
          feed(worker);
          return;
        }
        if ('error' in message) {
          fail(message.kind === 'input' ? new InputError(message.error) : message.kind === 'config' ? new ConfigError(message.error) : new Error(message.error));
          return;
        }
        results[message.index] = message.result;
        notes[message.index] = message.notes;
        done++;
        progress(done);
        if (done === targets.length) {
          for (const fileNotes of notes) for (const line of fileNotes ?? []) note(line);
          for (const other of pool) other.postMessage({ stop: true } satisfies ToWorker);
          resolve(results.filter((result): result is LintedFile => result !== undefined));
        } else {
          feed(worker);
        }
      });
    }
  });
}

/** Whether this thread is one of the CLI's lint workers. */
export function isLintWorker(): boolean {
  return Boolean(parentPort && (workerData as WorkerData | undefined)?.mcpToolLintWorker);
}

export async function runLintWorker(): Promise<void> {
  const port = parentPort!;
  const { settings } = workerData as WorkerData;
  await initAnalysis();
  const loader = new ConfigLoader();
  let config;
  try {
    config = settings.configFile ? loadConfigFile(settings.configFile) : undefined;
  } catch (error) {
    port.postMessage({ index: -1, error: (error as Error).message, kind: 'config' } satisfies FromWorker);
    return;
  }
  port.on('message', (message: ToWorker) => {
    if ('stop' in message) {
      port.close();
      return;
    }
    const fileNotes: string[] = [];
    try {
      const result = lintTarget(message.target, { ...settings, loader, config, note: (line) => fileNotes.push(line) });
      port.postMessage({ index: message.index, result, notes: fileNotes } satisfies FromWorker);
    } catch (error) {
      const kind = error instanceof InputError ? 'input' : error instanceof ConfigError ? 'config' : 'internal';
      port.postMessage({ index: message.index, error: (error as Error).message, kind } satisfies FromWorker);
    }
  });
  port.postMessage({ ready: true } satisfies FromWorker);
}

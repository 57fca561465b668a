/**
 * A second thread for the project index's first build (lsp/project.ts): on a large workspace the
 * server reads the candidates' tools on its main thread, in slices between messages, and on one
 * worker thread beside it, each taking the next candidate from a shared counter, largest first (the
 * CLI's threads share theirs by package, cli/thread-share.ts, as each also reads the helpers its tools'
 * effects call; the index reads no effects). The worker then hands over what it read (plain
 * summaries) and ends. It is this same server bundle started with `workerData`, started as soon as
 * discovery has found many source files, so that Node's start of it and its grammars overlap the
 * main thread's pre-filter; it reads files as they are on disk, so the documents open in the editor
 * are left to the main thread, and it waits while the author types, as the main thread's indexing does.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { initAnalysis } from '../core/analyze';
import { GrammarId, grammarsForFiles } from '../core/parse/parser';
import { DiskFileSystem } from '../core/project/file-system';
import { CandidateList, ProjectIndex, SummaryEntries } from '../core/project/project-index';

/** A worker is started for this many source files found, and kept for this many candidates to read: fewer take less than its start. */
const MIN_FILES = 300;
const MIN_CANDIDATES = 60;
/** The shared Int32s: the next candidate to take, and whether the author is typing (1: wait). */
const NEXT = 0;
const TYPING = 1;
/** How long the worker reads before it looks whether the author is typing (its steps: a parse's slices, then each stage of reading). */
const STEP_MS = 15;
/** The worker's young generation: it allocates as a lint does, not as a keystroke does (lsp/start.ts keeps the server's at 1 MB). */
const WORKER_YOUNG_GENERATION_MB = 16;

interface HelperData {
  mcpToolLintIndexHelper: true;
  folders: readonly string[];
  serverModules: readonly string[];
  grammars: GrammarId[];
  shared: SharedArrayBuffer;
}

/** What the worker reads, once the main thread's pre-filter has chosen the candidates. */
interface Work {
  candidates: CandidateList;
  /** The candidates in the order both threads take them. */
  order: readonly string[];
  /** Files the worker leaves to the main thread (open documents: their text is the editor's). */
  leave: readonly string[];
}

type FromHelper = { read: SummaryEntries } | { error: string };

export class IndexHelper {
  private readonly shared = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  private readonly worker: Worker;
  private order: readonly string[] = [];
  /** Set when this side ends the worker: its exit is no error then. */
  private ended = false;
  /** What the worker read, once it is done (empty when it failed or was not given work). */
  readonly read: Promise<SummaryEntries>;

  /**
   * A helper for the index of `files` (what discovery found), or undefined when the machine has one core or
   * there are too few files. MCP_TOOL_LINT_INDEX_HELPER says otherwise: 0 none, 1 one, `only` one that reads
   * every candidate but the open documents (the tests' way to see its summaries used).
   */
  static start(index: ProjectIndex, folders: readonly string[], files: readonly string[], onError: (message: string) => void): IndexHelper | undefined {
    const forced = process.env.MCP_TOOL_LINT_INDEX_HELPER || undefined;
    const wanted = forced !== undefined ? forced !== '0' : files.length >= MIN_FILES && os.availableParallelism() >= 2;
    return wanted ? new IndexHelper(index, folders, files, forced, onError) : undefined;
  }

  private constructor(index: ProjectIndex, folders: readonly string[], files: readonly string[], private readonly forced: string | undefined, onError: (message: string) => void) {
    const data: HelperData = {
      mcpToolLintIndexHelper: true, folders, serverModules: index.serverModules, grammars: [...grammarsForFiles(files)], shared: this.shared.buffer as SharedArrayBuffer,
    };
    // dist/server.js, the server's entry: it loads the bundle as the main thread did, then runs runIndexHelper.
    const worker = new Worker(path.join(__dirname, 'server.js'), { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    this.worker = worker;
    this.read = new Promise<SummaryEntries>((resolve) => {
      let settled = false;
      const settle = (read: SummaryEntries, error?: string) => {
        if (settled) return;
        settled = true;
        if (error && !this.ended) onError(error);
        resolve(read);
        void worker.terminate();
      };
      worker.once('message', (message: FromHelper) => ('read' in message ? settle(message.read) : settle([], message.error)));
      worker.once('error', (error) => settle([], error.message));
      worker.once('exit', (code) => settle([], `the index's second thread stopped (exit code ${code})`));
    });
  }

  /**
   * Gives the worker the candidates to read in `order`, but for `leave`; false when there are too few to be
   * worth it (`cancel` ends it then). From then on both threads `take` the next one.
   */
  begin(candidates: CandidateList, order: readonly string[], leave: readonly string[]): boolean {
    if (this.forced === undefined && order.length < MIN_CANDIDATES) return false;
    this.order = order;
    this.worker.postMessage({ candidates, order, leave } satisfies Work);
    return true;
  }

  /** The next candidate this thread reads; undefined once all are taken (always, with `only`: the worker reads them all). */
  take(): string | undefined {
    if (this.forced === 'only') return undefined;
    const slot = Atomics.add(this.shared, NEXT, 1);
    return slot < this.order.length ? this.order[slot] : undefined;
  }

  /** How many candidates the two threads have taken so far, and of how many. */
  progress(): { taken: number; total: number } {
    return { taken: Math.min(Atomics.load(this.shared, NEXT), this.order.length), total: this.order.length };
  }

  /** The author is typing: the worker waits after the step of reading it is in (STEP_MS at most, or one stage of a file). */
  hold(holding: boolean): void {
    Atomics.store(this.shared, TYPING, holding ? 1 : 0);
    if (!holding) Atomics.notify(this.shared, TYPING);
  }

  /** Ends the worker's reading (the index was replaced, or it is done): it takes no more files. */
  stop(): void {
    Atomics.store(this.shared, NEXT, 0x3fffffff);
    this.hold(false);
  }

  /** Ends the worker, without what it has not handed over yet; resolves once it has exited. */
  async cancel(): Promise<void> {
    this.ended = true;
    this.stop();
    await this.worker.terminate();
  }
}

/** Blocks this worker while the main thread says the author is typing. */
function waitWhileTyping(flags: Int32Array): void {
  while (Atomics.load(flags, TYPING) === 1) Atomics.wait(flags, TYPING, 1, 250);
}

/** Whether this thread is the index's second thread. */
export function isIndexHelper(): boolean {
  return Boolean(parentPort && (workerData as HelperData | undefined)?.mcpToolLintIndexHelper);
}

export async function runIndexHelper(): Promise<void> {
  const port = parentPort!;
  const { folders, serverModules, grammars, shared } = workerData as HelperData;
  try {
    const flags = new Int32Array(shared);
    // The grammars compile while the main thread's pre-filter runs (unless the author is typing); then the work it chose.
    waitWhileTyping(flags);
    const [, work] = await Promise.all([initAnalysis(grammars), new Promise<Work>((resolve) => port.once('message', resolve))]);
    const index = new ProjectIndex(folders, new DiskFileSystem(folders), { serverModules });
    index.takeCandidates(work.candidates);
    const left = new Set(work.leave);
    const own: string[] = [];
    const { order } = work;
    for (let slot = Atomics.add(flags, NEXT, 1); slot < order.length; slot = Atomics.add(flags, NEXT, 1)) {
      if (left.has(order[slot])) continue;
      for (const _step of index.summariseInSteps(order[slot], STEP_MS)) waitWhileTyping(flags);
      own.push(order[slot]);
    }
    port.postMessage({ read: index.summariesOf(own) } satisfies FromHelper);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies FromHelper);
  }
}

/**
 * A second thread for the project index's first build (lsp/project.ts): on a large workspace the
 * server reads the candidates' tools on its main thread, in slices between messages, and on one
 * worker thread beside it, each taking the next candidate from a shared counter, largest first (as
 * the CLI's threads do, cli/thread-share.ts). The worker then hands over what it read (plain
 * summaries) and ends. It is this same server bundle started with `workerData`; it reads files as
 * they are on disk, so the documents open in the editor are left to the main thread, and it waits
 * while the author types, as the main thread's indexing does.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { initAnalysis } from '../core/analyze';
import { grammarsForFiles } from '../core/parse/parser';
import { DiskFileSystem } from '../core/project/file-system';
import { CandidateList, ModuleSummary, ProjectIndex } from '../core/project/project-index';

/** Below this many candidates to read, a second thread costs more (its start, its grammars) than it saves. */
const MIN_CANDIDATES = 60;
/** The shared Int32s: the next candidate to take, and whether the author is typing (1: wait). */
const NEXT = 0;
const TYPING = 1;
/** The worker's young generation: it allocates as a lint does, not as a keystroke does (lsp/start.ts keeps the server's at 1 MB). */
const WORKER_YOUNG_GENERATION_MB = 16;

interface HelperData {
  mcpToolLintIndexHelper: true;
  folders: readonly string[];
  serverModules: readonly string[];
  candidates: CandidateList;
  /** The candidates in the order both threads take them. */
  order: readonly string[];
  /** Files the worker leaves to the main thread (open documents: their text is the editor's). */
  leave: readonly string[];
  shared: SharedArrayBuffer;
}

type Summaries = Array<[file: string, summary: ModuleSummary]>;
type FromHelper = { read: Summaries } | { error: string };

export class IndexHelper {
  private readonly shared = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  /** What the worker read, once it is done (empty when it failed). */
  readonly read: Promise<Summaries>;

  /**
   * A helper for reading `order` beside the main thread, or undefined when the machine has one core or there
   * is too little to read. MCP_TOOL_LINT_INDEX_HELPER says otherwise: 0 none, 1 one, `only` one that reads
   * every candidate but the open documents (the tests' way to see its summaries used).
   */
  static start(index: ProjectIndex, folders: readonly string[], order: readonly string[], leave: readonly string[], onError: (message: string) => void): IndexHelper | undefined {
    const forced = process.env.MCP_TOOL_LINT_INDEX_HELPER;
    const wanted = forced !== undefined && forced !== '' ? forced !== '0' : order.length >= MIN_CANDIDATES && os.availableParallelism() >= 2;
    return wanted ? new IndexHelper(index, folders, order, leave, forced === 'only', onError) : undefined;
  }

  private constructor(
    index: ProjectIndex, folders: readonly string[], readonly order: readonly string[], leave: readonly string[], private readonly readsAll: boolean, onError: (message: string) => void,
  ) {
    const data: HelperData = {
      mcpToolLintIndexHelper: true, folders, serverModules: index.serverModules, candidates: index.candidateList(), order, leave, shared: this.shared.buffer as SharedArrayBuffer,
    };
    // dist/server.js, the server's entry: it loads the bundle as the main thread did, then runs runIndexHelper.
    const worker = new Worker(path.join(__dirname, 'server.js'), { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    this.read = new Promise<Summaries>((resolve) => {
      let settled = false;
      const settle = (read: Summaries, error?: string) => {
        if (settled) return;
        settled = true;
        if (error) onError(error);
        resolve(read);
        void worker.terminate();
      };
      worker.once('message', (message: FromHelper) => ('read' in message ? settle(message.read) : settle([], message.error)));
      worker.once('error', (error) => settle([], error.message));
      worker.once('exit', (code) => settle([], `the index's second thread stopped (exit code ${code})`));
    });
  }

  /** The next candidate of `order` this thread reads; undefined once all are taken. */
  take(): string | undefined {
    if (this.readsAll) return undefined;
    const slot = Atomics.add(this.shared, NEXT, 1);
    return slot < this.order.length ? this.order[slot] : undefined;
  }

  /** How many candidates the two threads have taken so far. */
  taken(): number {
    return Math.min(Atomics.load(this.shared, NEXT), this.order.length);
  }

  /** The author is typing: the worker waits after the file it is reading. */
  hold(holding: boolean): void {
    Atomics.store(this.shared, TYPING, holding ? 1 : 0);
    if (!holding) Atomics.notify(this.shared, TYPING);
  }

  /** Ends the worker's reading at once (the index was replaced): it takes no more files. */
  stop(): void {
    Atomics.store(this.shared, NEXT, 0x3fffffff);
    this.hold(false);
  }
}

/** Whether this thread is the index's second thread. */
export function isIndexHelper(): boolean {
  return Boolean(parentPort && (workerData as HelperData | undefined)?.mcpToolLintIndexHelper);
}

export async function runIndexHelper(): Promise<void> {
  const port = parentPort!;
  const { folders, serverModules, candidates, order, leave, shared } = workerData as HelperData;
  try {
    await initAnalysis([...grammarsForFiles(order)]);
    const index = new ProjectIndex(folders, new DiskFileSystem(folders), { serverModules });
    index.takeCandidates(candidates);
    const flags = new Int32Array(shared);
    const left = new Set(leave);
    const own: string[] = [];
    for (let slot = Atomics.add(flags, NEXT, 1); slot < order.length; slot = Atomics.add(flags, NEXT, 1)) {
      while (Atomics.load(flags, TYPING) === 1) Atomics.wait(flags, TYPING, 1, 250);
      if (left.has(order[slot])) continue;
      index.summarise(order[slot]);
      own.push(order[slot]);
    }
    const read: Summaries = [];
    for (const file of own) {
      const summary = index.summaryOf(file);
      if (summary) read.push([file, summary]);
    }
    port.postMessage({ read } satisfies FromHelper);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies FromHelper);
  }
}

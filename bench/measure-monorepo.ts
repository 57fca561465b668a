/**
 * The monorepo rows' measurements (bench/monorepo.ts): the server opened on the monorepo as its
 * workspace folder, the time from `initialized` to the end of its "Indexing MCP tools" work-done
 * progress and its RSS then, and keystrokes typed while that index builds and once it is ready.
 */
import { LspSession } from './lsp-session';
import { openIn, Paths, Typed, typeInto } from './measure';

/** The title of the work-done progress the server reports its project index under (the server team's contract). */
export const INDEX_TITLE = 'Indexing MCP tools';
/** How long a run waits for that progress to end before it reports the index as not measured. */
export const INDEX_TIMEOUT_MS = 30_000;

export interface IndexFigures {
  /** From sending `initialized` to the progress's end; undefined when it did not end within INDEX_TIMEOUT_MS. */
  ms?: number;
  /** The server's VmRSS in bytes once the progress ended (or once the wait was over). */
  rss?: number;
}

/** Starts the server on `folder` and waits for its index. */
export async function indexTime(paths: Paths, folder: string): Promise<IndexFigures> {
  const session = await LspSession.start(paths.server, { workspace: folder });
  try {
    const ended = await session.progressEnd(INDEX_TITLE, INDEX_TIMEOUT_MS);
    return { ms: ended === undefined ? undefined : ended - session.initializedAt, rss: session.rss() };
  } finally {
    await session.stop();
  }
}

export interface MonorepoTyping extends Typed {
  /** How many keystrokes were sent before the index's progress ended (all of them when it never did). */
  beforeIndexEnd: number;
  /** Whether the index's progress began (it holds back while the author types, so it may not have ended). */
  indexing: boolean;
  /** Whether the index's progress ended, before or during the typing. */
  indexed: boolean;
}

/** What the server logs (at debug level) once its warm-up has typed into a sample module (lsp/warm-up/warm-up.ts). */
export const WARMED_UP_LOG = 'Ready for fast typing in';
/** How long typing waits for the warm-up at most. */
const WARM_UP_TIMEOUT_MS = 5_000;

/**
 * Keystrokes into `file` of the monorepo opened as the workspace. `during`: the file is opened right
 * after `initialized` and typed into once the server has warmed up (the single-file rows wait for the
 * same: the server idle after its warm-up; with the index building it is never idle), while the index builds.
 * Otherwise the file is opened once the index's progress ended (or, with `waitForIndex` false or after
 * INDEX_TIMEOUT_MS, without it) and typed into once the server is idle, as the single-file rows do.
 */
export async function keystrokesInMonorepo(
  paths: Paths, folder: string, file: string, count: number, seed: number, during: boolean, waitForIndex = true,
): Promise<MonorepoTyping> {
  const session = await LspSession.start(paths.server, { workspace: folder });
  try {
    if (!during && waitForIndex) await session.progressEnd(INDEX_TITLE, INDEX_TIMEOUT_MS);
    const { uri, text } = await openIn(session, file, !during);
    if (during) await session.logged(WARMED_UP_LOG, WARM_UP_TIMEOUT_MS);
    const typed = await typeInto(session, uri, text, count, seed);
    const ended = session.progressEndedAt(INDEX_TITLE);
    return { ...typed, beforeIndexEnd: typed.sent.filter((at) => ended === undefined || at < ended).length, indexed: ended !== undefined, indexing: session.progressBegan(INDEX_TITLE) };
  } finally {
    await session.stop();
  }
}

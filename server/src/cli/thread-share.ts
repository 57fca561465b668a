/**
 * One thread's part of a lint on several threads (cli/parallel.ts). Every thread builds the project
 * index of the same targets, but reads the tools of only its share of the candidates: in path order,
 * each thread from its own part of the list on, claiming each file on a shared array, so threads read
 * different packages (whose helpers each reads for the effects) until they meet. The threads then
 * hand each other what they read (plain summaries, no trees), so every index knows every server's
 * tools, and each thread lints the files it read (their declarations and effects are still in its
 * index: one parse per file) and its share of the files no thread read (those the pre-filter turns
 * away: most take no parse).
 */
import { CandidateList, ProjectIndex, SummaryEntries } from '../core/project/project-index';
import { LintTarget } from './discover';
import { unreadProjectIndex } from './lint';

/** The shared counter's slot: the next unread target to lint. */
const LINT_SLOT = 0;
export const SHARE_SLOTS = 1;

export interface ShareSettings {
  projectPaths: readonly string[];
  serverModules?: readonly string[];
  maxFileSize?: number;
}

export class ThreadShare {
  readonly index: ProjectIndex;
  /** The candidates this thread read from the shared order. */
  private readonly own = new Set<string>();

  /**
   * `counter`: SHARE_SLOTS Int32s on a SharedArrayBuffer, the same for every thread, all 0 at the start;
   * `candidates`: the main thread's pre-filter over the targets (a worker takes it instead of reading every file).
   */
  constructor(private readonly targets: readonly LintTarget[], settings: ShareSettings, private readonly counter: Int32Array, candidates?: CandidateList) {
    this.index = unreadProjectIndex(settings.projectPaths, targets, { serverModules: settings.serverModules, maxFileSize: settings.maxFileSize }, candidates);
  }

  /**
   * Reads the tools of the candidates this thread claims, thread `thread` of `threads` starting at its part of
   * the candidates in path order; `claims`: one Int32 per candidate, shared, all 0 at the start (`claimsFor`).
   * Returns what it read of them.
   */
  readShare(claims: Int32Array, thread: number, threads: number): SummaryEntries {
    const order = this.index.candidatesByPath();
    const start = Math.floor((order.length * thread) / threads);
    for (let step = 0; step < order.length; step++) {
      const slot = (start + step) % order.length;
      if (Atomics.compareExchange(claims, slot, 0, 1) !== 0) continue;
      this.index.summarise(order[slot]);
      this.own.add(order[slot]);
    }
    const entries = this.index.summariesOf(this.own);
    // Without a summary to hand over, a file is no thread's own: one thread lints it with the unread ones.
    const handed = new Set(entries.map(([file]) => file));
    for (const file of this.own) if (!handed.has(file)) this.own.delete(file);
    return entries;
  }

  /**
   * Takes what the other threads read (`readShare`'s entries of every other thread), then lints the
   * targets this thread read and its share of those no thread read, by index into the targets.
   */
  lintShare(others: SummaryEntries, lint: (target: number) => void): void {
    for (const [file, summary] of others) this.index.adopt(file, summary);
    // The files that call a registration wrapper another module defines, now that every module's wrappers are known.
    this.index.summariseAll();
    const readByOthers = new Set(others.map(([file]) => file));
    const unread: number[] = [];
    this.targets.forEach((target, index) => {
      if (this.own.has(target.absolute)) lint(index);
      else if (!readByOthers.has(target.absolute)) unread.push(index);
    });
    takeSlots(this.counter, LINT_SLOT, unread.length, (slot) => lint(unread[slot]));
  }
}

/** The shared claims `readShare` takes, one per candidate of `list` (`ProjectIndex.candidateList`). */
export function claimsFor(list: CandidateList): Int32Array {
  return new Int32Array(new SharedArrayBuffer(list.candidates.length * Int32Array.BYTES_PER_ELEMENT));
}

/** Takes the next slot of `slotIndex` of the shared counter until `count` are taken. */
function takeSlots(counter: Int32Array, slotIndex: number, count: number, take: (slot: number) => void): void {
  for (let slot = Atomics.add(counter, slotIndex, 1); slot < count; slot = Atomics.add(counter, slotIndex, 1)) take(slot);
}

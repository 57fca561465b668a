/**
 * One thread's part of a lint on several threads (cli/parallel.ts). Every thread builds the project
 * index of the same targets, but reads the tools of only its share of the candidates, taken from a
 * shared counter largest first. The threads then hand each other what they read (plain summaries,
 * no trees), so every index knows every server's tools, and each thread lints the files it read
 * (their declarations and effects are still in its index: one parse per file) and its share of the
 * files no thread read (those the pre-filter turns away: most take no parse).
 */
import { CandidateList, ProjectIndex, SummaryEntries } from '../core/project/project-index';
import { LintTarget } from './discover';
import { unreadProjectIndex } from './lint';

/** The shared counter's slots: the next candidate to read, and the next unread target to lint. */
const READ_SLOT = 0;
const LINT_SLOT = 1;
export const SHARE_SLOTS = 2;

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

  /** Reads the tools of the candidates this thread takes; returns what it read of them. */
  readShare(): SummaryEntries {
    const order = this.index.candidatesLargestFirst();
    takeSlots(this.counter, READ_SLOT, order.length, (slot) => {
      this.index.summarise(order[slot]);
      this.own.add(order[slot]);
    });
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

/** Takes the next slot of `slotIndex` of the shared counter until `count` are taken. */
function takeSlots(counter: Int32Array, slotIndex: number, count: number, take: (slot: number) => void): void {
  for (let slot = Atomics.add(counter, slotIndex, 1); slot < count; slot = Atomics.add(counter, slotIndex, 1)) take(slot);
}

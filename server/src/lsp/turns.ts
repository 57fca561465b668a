/**
 * Turns of the event loop. Work that runs in slices (the warm-up, a large document's first parse and
 * analysis, preparing for the next edit) gives the messages already received a turn in between.
 */

/** Resolves in the next turn of the event loop, after the I/O that is waiting. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `steps` to their end, `sliceMs` at a time (asked before each slice, when a function) with a
 * turn of the event loop between slices.
 * Undefined when `stillWanted()`, asked after each turn, says no; the steps are closed either way
 * (their `finally` runs: a parse in steps frees its parser).
 */
export async function runInSlices<T>(
  steps: Generator<void, T, undefined>, sliceMs: number | (() => number), stillWanted: () => boolean,
  /** Before each slice: a promise to wait for, when the work should hold back for now. */
  holdBack?: () => Promise<void> | undefined,
): Promise<T | undefined> {
  try {
    for (;;) {
      for (let hold = holdBack?.(); hold; hold = holdBack?.()) await hold;
      if (!stillWanted()) return undefined;
      const until = performance.now() + (typeof sliceMs === 'number' ? sliceMs : sliceMs());
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) return step.value;
        if (performance.now() >= until) break;
      }
      await nextTurn();
      if (!stillWanted()) return undefined;
    }
  } finally {
    // After the last step this does nothing; `return`'s value is never read.
    steps.return(undefined as unknown as T);
  }
}

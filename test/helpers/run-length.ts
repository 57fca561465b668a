/**
 * How long a random-edit exactness run is (so many edits, each state compared with a fresh analysis;
 * or so many generated lines): `npm test` runs half of it; `npm run test:slow` runs the same test
 * files at full length (test/slow/full-length-*.test.ts import ./full-length first, and skip the
 * files' other tests, which npm test runs). The tallies a run asserts (how often a path was taken)
 * are given for the full length and scale with it.
 */
let full = false;

/** From now on, runs are as long as their full length (called by ./full-length before a unit test file is loaded). */
export function useFullLength(): void {
  full = true;
}

/** A run's length: `fullLength` in test:slow, half of it in npm test. */
export function runLength(fullLength: number): number {
  return full ? fullLength : Math.ceil(fullLength / 2);
}

/** A tally's minimum for a run of `length` edits, given its minimum `atFull` for a run of `fullLength` (and longer ones). */
export function scaledMinimum(atFull: number, length: number, fullLength: number): number {
  return Math.floor((atFull * Math.min(length, fullLength)) / fullLength);
}

/**
 * The options of a test that is no random-edit run (the same at either length): `npm test` runs it, a
 * test/slow/full-length-*.test.ts file skips it.
 */
export function sameAtEitherLength(): { skip?: string } {
  return full ? { skip: 'the same at either length: npm test runs it' } : {};
}

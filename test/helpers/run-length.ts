/**
 * A random-edit exactness run (so many edits, each state compared with a fresh analysis; or so many
 * generated lines) is split in two halves that start from different seeds: `npm test` runs the first,
 * `npm run test:slow` the second (test/slow/second-half-*.test.ts import ./second-half first, then the
 * unit test file, whose other tests they skip: npm test runs those). Together they make as many edits
 * as one run of full length, none of them twice. The tallies a run asserts (how often a path was taken)
 * are given for the full length and scale with the half.
 */
let secondHalf = false;

/** From now on, runs start from the second half's seeds (called by ./second-half before a unit test file is loaded). */
export function useSecondHalf(): void {
  secondHalf = true;
}

/** A run's length in either half: half of `fullLength`, rounded up. */
export function runLength(fullLength: number): number {
  return Math.ceil(fullLength / 2);
}

/** Far above every seed written in a test, so no run of the second half starts from a seed of the first. */
const SECOND_HALF_SEEDS = 1_000_000;

/** The seed of the run written with `seed`: that seed in npm test, `seed` + 1,000,000 in test:slow. */
export function runSeed(seed: number): number {
  return secondHalf ? seed + SECOND_HALF_SEEDS : seed;
}

/** A tally's minimum for a run of `length` edits, given its minimum `atFull` for a run of `fullLength` (and longer ones). */
export function scaledMinimum(atFull: number, length: number, fullLength: number): number {
  return Math.floor((atFull * Math.min(length, fullLength)) / fullLength);
}

/** The options of a test that is no random-edit run (the same in either half): `npm test` runs it, test:slow skips it. */
export function sameInEitherHalf(): { skip?: string } {
  return secondHalf ? { skip: 'the same in either half: npm test runs it' } : {};
}

/**
 * A random-edit exactness run (so many edits, each state compared with a fresh analysis; or so many
 * generated lines) is split in two parts that start from different seeds: `npm test` runs the first,
 * two fifths of it, `npm run test:slow` the second, the other three fifths (test/slow/second-part-*.test.ts
 * import ./second-part first, then the unit test file, whose other tests they skip: npm test runs those).
 * Together they make as many edits as one run of full length, none of them twice. The tallies a run
 * asserts (how often a path was taken) are given for the full length and scale with the part.
 */
let secondPart = false;

/** From now on, runs start from the second part's seeds (called by ./second-part before a unit test file is loaded). */
export function useSecondPart(): void {
  secondPart = true;
}

/** A run's length in either part: two fifths of `fullLength` (rounded up) in npm test, the rest in test:slow. */
export function runLength(fullLength: number): number {
  const first = Math.ceil((fullLength * 2) / 5);
  return secondPart ? fullLength - first : first;
}

/** Far above every seed written in a test, so no run of the second part starts from a seed of the first. */
const SECOND_PART_SEEDS = 1_000_000;

/** The seed of the run written with `seed`: that seed in npm test, `seed` + 1,000,000 in test:slow. */
export function runSeed(seed: number): number {
  return secondPart ? seed + SECOND_PART_SEEDS : seed;
}

/** A tally's minimum for a run of `length` edits, given its minimum `atFull` for a run of `fullLength` (and longer ones). */
export function scaledMinimum(atFull: number, length: number, fullLength: number): number {
  return Math.floor((atFull * Math.min(length, fullLength)) / fullLength);
}

/** The options of a test that is no random-edit run (the same in either part): `npm test` runs it, test:slow skips it. */
export function sameInEitherPart(): { skip?: string } {
  return secondPart ? { skip: 'the same in either part: npm test runs it' } : {};
}

/**
 * `npm run fuzz [-- --cases N --seed S --pathological]`: the long fuzz run (10,000 cases by
 * default, a random seed unless given; `--pathological` adds 10,000-deep nesting and 2 MB lines).
 * `npm run fuzz -- --fix-safety` checks the fixes over every generated benchmark file instead. Prints progress and a summary; exits 1 when a session failed (each one is
 * saved under test/fuzz/regressions/ and replayed by `npm test`).
 */
import { checkBenchFixes } from '../reliability/fix-safety-bench';
import { runFuzz } from './fuzz';

function option(name: string): string | undefined {
  const index = process.argv.lastIndexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function integer(name: string, fallback: number): number {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} needs a non-negative integer, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  if (process.argv.includes('--fix-safety')) {
    const problems = await checkBenchFixes();
    for (const problem of problems) console.log(`  ${problem}`);
    process.exit(problems.length ? 1 : 0);
  }
  const cases = integer('cases', 10_000);
  const seed = integer('seed', Math.floor(Math.random() * 2 ** 31));
  console.log(`fuzz: ${cases} cases, seed ${seed}`);
  let lastPrint = Date.now();
  const pathological = process.argv.includes('--pathological');
  const report = await runFuzz({
    cases,
    seed,
    pathological,
    onSession: (sessions, result) => {
      if (result.failure) console.log(`session ${sessions} (${result.session.fixture}) FAILED: ${result.failure.slice(0, 500)}`);
      if (Date.now() - lastPrint > 10_000) {
        lastPrint = Date.now();
        console.log(`  ${sessions} sessions...`);
      }
    },
  });
  console.log(`fuzz: ${report.cases} cases in ${report.sessions} sessions from ${report.fixtures} fixtures, ${(report.elapsedMs / 1000).toFixed(1)} s, seed ${seed}`);
  console.log(`edits: ${JSON.stringify(report.edits)}`);
  console.log(`slowest answer per request (ms): ${JSON.stringify(report.latencies)}`);
  if (report.failures.length) {
    console.log(`${report.failures.length} failing sessions, saved as:\n${report.failures.map((f) => `  ${f.file}`).join('\n')}`);
    process.exit(1);
  }
  console.log('no failures');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});

// A bounded fuzz run through the real server: 1,000 cases from every fixture (edits as a user
// types, pastes and breaks things, then diagnostics, hover, completion, code actions, inlay hints
// and the preview at random positions). Soak-like, so in `npm run test:slow`; `npm run fuzz` runs
// the long version (10,000 cases by default).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { runFuzz } from '../fuzz/fuzz';

const CASES = Number(process.env.FUZZ_CASES ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

test(`${CASES} fuzz cases (seed ${SEED}): the server never exits, logs no error, answers within 1 s and keeps publishing`, { timeout: 600_000 }, async () => {
  // Failing sessions go to test-output/ (not the source tree); copy one to test/fuzz/regressions/ to keep it.
  const report = await runFuzz({ cases: CASES, seed: SEED, saveTo: path.join(repoRoot(), 'test-output', 'fuzz-regressions') });
  assert.deepEqual(report.failures, []);
  assert.ok(report.cases >= CASES, `ran ${report.cases} cases`);
  assert.ok(report.fixtures >= Math.min(40, report.sessions), `started from ${report.fixtures} fixtures`);
  for (const kind of ['type', 'delete', 'paste', 'brackets', 'unicode']) assert.ok(report.edits[kind] > 0, `no ${kind} edit was made`);
  console.log(`fuzz: ${report.cases} cases, ${report.sessions} sessions, ${report.fixtures} fixtures, ${(report.elapsedMs / 1000).toFixed(1)} s (server CPU ${((report.serverCpuMs ?? NaN) / 1000).toFixed(1)} s); slowest answers (ms): ${JSON.stringify(report.latencies)}; edits: ${JSON.stringify(report.edits)}`);
});

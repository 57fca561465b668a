// The replay of every saved failing session of the fuzzer through the real server. The bounded
// fuzz run (1,000 cases) is in test/slow/fuzz.test.ts (`npm run test:slow`); `npm run fuzz` runs
// the long version (10,000 cases by default).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { listRegressions, recordedSteps, sessionStart, startServer } from './fuzz';
import { FuzzRunner } from './runner';

const KNOWN = path.join(repoRoot(), 'test', 'fuzz', 'known');
const replays = [
  ...listRegressions().map((entry) => ({ ...entry, todo: undefined })),
  // Failing sessions whose cause is reported but not yet fixed: replayed as todo tests.
  ...listRegressions(KNOWN).map((entry) => ({ ...entry, todo: 'a known issue, reported (see test/fuzz/RELIABILITY.md)' })),
];
for (const { file, regression, todo } of replays) {
  test(`fuzz regression ${path.basename(file)} replays cleanly (was: ${regression.failure.slice(0, 120)})`, { timeout: 120_000, todo }, async () => {
    const client = await startServer();
    try {
      const result = await new FuzzRunner(client).run(sessionStart(regression.session), recordedSteps(regression.session));
      assert.equal(result.failure, undefined);
      assert.equal(result.cases, regression.session.steps.length + 1);
      assert.equal(await client.shutdown(), 0);
    } finally {
      client.kill();
    }
  });
}

// A fuzz run of the real server with every process, worker and network call denied and recorded
// (test/reliability/deny-side-effects.cjs): the server attempts none. Soak-like (300 cases), so in
// `npm run test:slow`; the static checks of the bundles are in test/reliability/security.test.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { runFuzz } from '../fuzz/fuzz';

const ROOT = repoRoot();

describe('no processes, workers, network or foreign modules in the server', () => {
  test('a 300-case fuzz run with every such call denied and recorded: nothing was attempted', { timeout: 600_000 }, async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-deny-')), 'attempts.log');
    const saved = { NODE_OPTIONS: process.env.NODE_OPTIONS, MTL_DENY_LOG: process.env.MTL_DENY_LOG };
    // The server inherits this process's environment (test/helpers/lsp-client.ts spawns it).
    process.env.NODE_OPTIONS = `${saved.NODE_OPTIONS ?? ''} --require ${path.join(ROOT, 'test', 'reliability', 'deny-side-effects.cjs')}`.trim();
    process.env.MTL_DENY_LOG = log;
    try {
      const report = await runFuzz({ cases: 300, seed: 7, saveTo: path.join(ROOT, 'test-output', 'fuzz-regressions') });
      assert.deepEqual(report.failures, []);
    } finally {
      process.env.NODE_OPTIONS = saved.NODE_OPTIONS;
      if (saved.NODE_OPTIONS === undefined) delete process.env.NODE_OPTIONS;
      process.env.MTL_DENY_LOG = saved.MTL_DENY_LOG;
    }
    assert.equal(fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '', '');
  });

  test('the preload really denies: a process started under it records the attempt', async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-deny-')), 'attempts.log');
    const { spawnSync } = await import('node:child_process');
    const preload = path.join(ROOT, 'test', 'reliability', 'deny-side-effects.cjs');
    const script = "try { require('node:child_process').execSync('true') } catch {} try { require('node:net').connect(1) } catch {}";
    spawnSync(process.execPath, ['--require', preload, '-e', script], { env: { ...process.env, MTL_DENY_LOG: log } });
    const attempts = fs.readFileSync(log, 'utf8');
    assert.match(attempts, /^node:child_process\.execSync$/m);
    assert.match(attempts, /^node:net\.connect$/m);
  });
});

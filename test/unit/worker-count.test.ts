/** How many threads the CLI lints with: by the files' size and the cores other processes leave, unless MCP_TOOL_LINT_WORKERS says otherwise. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fs from 'node:fs';
import { MachineLoad, workerCount } from '../../server/src/cli/parallel';

const MB = 1024 * 1024;

function withWorkersVariable<T>(value: string | undefined, run: () => T): T {
  const saved = process.env.MCP_TOOL_LINT_WORKERS;
  if (value === undefined) delete process.env.MCP_TOOL_LINT_WORKERS;
  else process.env.MCP_TOOL_LINT_WORKERS = value;
  try {
    return run();
  } finally {
    if (saved === undefined) delete process.env.MCP_TOOL_LINT_WORKERS;
    else process.env.MCP_TOOL_LINT_WORKERS = saved;
  }
}

test('by default, a thread per 512 KB of files, at most one per core and four', () => {
  withWorkersVariable(undefined, () => {
    assert.equal(workerCount([], 2, 0), 1);
    assert.equal(workerCount(new Array(40).fill(12_000), 2, 0), 1, 'under 512 KB: the main thread alone');
    assert.equal(workerCount(new Array(200).fill(9_000), 2, 0), 2, 'the benchmark\'s 200 files, 1.8 MB, on 2 cores');
    assert.equal(workerCount(new Array(200).fill(9_000), 8, 0), 3, '1.8 MB on 8 cores');
    assert.equal(workerCount(new Array(2000).fill(15_000), 2, 0), 2, 'the monorepo, 29 MB, on 2 cores');
    assert.equal(workerCount(new Array(2000).fill(15_000), 16, 0), 4, 'at most four threads');
    assert.equal(workerCount(new Array(2000).fill(15_000), 1, 0), 1, 'one core');
    assert.equal(workerCount([40 * MB], 8, 0), 1, 'one file is one thread\'s');
  });
});

test('a core another process is using takes no thread', () => {
  withWorkersVariable(undefined, () => {
    assert.equal(workerCount(new Array(2000).fill(15_000), 2, 0.4), 2, 'nothing else running on 2 cores');
    assert.equal(workerCount(new Array(2000).fill(15_000), 2, 1), 1, 'one other thread running on 2 cores');
    assert.equal(workerCount(new Array(2000).fill(15_000), 2, 9), 1, 'load 9 on 2 cores');
    assert.equal(workerCount(new Array(2000).fill(15_000), 8, 5), 3, 'five others running on 8 cores');
  });
  withWorkersVariable('2', () => assert.equal(workerCount(new Array(2000).fill(15_000), 2, 9), 2, 'MCP_TOOL_LINT_WORKERS still decides'));
});

test('the machine\'s load is sampled from the kernel\'s running threads, this one not counted', () => {
  const load = new MachineLoad();
  for (let sample = 0; sample < 5; sample++) load.sample();
  const busy = load.busy();
  assert.ok(Number.isFinite(busy) && busy >= 0, `busy: ${busy}`);
  if (fs.existsSync('/proc/loadavg')) assert.ok(Number.isInteger(busy), 'a count of running threads on Linux');
});

test('MCP_TOOL_LINT_WORKERS sets the number of threads, at most one per file', () => {
  withWorkersVariable('3', () => {
    assert.equal(workerCount([100, 100, 100, 100]), 3);
    assert.equal(workerCount([100, 100]), 2);
  });
  withWorkersVariable('0', () => assert.equal(workerCount([100, 100]), 1));
});

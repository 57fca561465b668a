/** How many threads the CLI lints with: the main thread alone unless MCP_TOOL_LINT_WORKERS says otherwise. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workerCount } from '../../server/src/cli/parallel';

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

test('the main thread lints alone by default, whatever the size: every thread would build the whole project index', () => {
  withWorkersVariable(undefined, () => {
    assert.equal(workerCount([]), 1);
    assert.equal(workerCount(new Array(200).fill(12_000)), 1, 'the benchmark\'s 200 files, 2.3 MB');
    assert.equal(workerCount(new Array(800).fill(12_000)), 1, '9.2 MB');
    assert.equal(workerCount(new Array(2000).fill(MB)), 1);
    assert.equal(workerCount([40 * MB]), 1, 'one file is one thread\'s');
  });
});

test('MCP_TOOL_LINT_WORKERS sets the number of threads, at most one per file', () => {
  withWorkersVariable('3', () => {
    assert.equal(workerCount([100, 100, 100, 100]), 3);
    assert.equal(workerCount([100, 100]), 2);
  });
  withWorkersVariable('0', () => assert.equal(workerCount([100, 100]), 1));
});

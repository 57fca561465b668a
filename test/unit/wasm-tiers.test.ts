/** Which wasm tiers the CLI compiles the grammars in: Liftoff's code alone for short lints, TurboFan's too for long ones. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wasmTiersFor } from '../../server/src/cli/wasm-tiers';

const KB = 1024;

test('under 512 KB of files on one thread, Liftoff alone; from 512 KB or on several threads, both tiers', () => {
  assert.equal(wasmTiersFor([], 1), 'liftoff', 'no files');
  assert.equal(wasmTiersFor([3 * KB], 1), 'liftoff', 'one staged file, as a pre-commit hook lints it');
  assert.equal(wasmTiersFor(new Array(50).fill(10 * KB), 1), 'liftoff', 'a 50-file server, 500 KB');
  assert.equal(wasmTiersFor([512 * KB - 1], 1), 'liftoff');
  assert.equal(wasmTiersFor([256 * KB, 256 * KB], 1), 'tiered', 'exactly 512 KB');
  assert.equal(wasmTiersFor(new Array(200).fill(9_000), 1), 'tiered', 'the benchmark\'s 200 files, 1.8 MB');
  assert.equal(wasmTiersFor([3 * KB, 3 * KB], 2), 'tiered', 'two files on two threads (MCP_TOOL_LINT_WORKERS=2)');
});

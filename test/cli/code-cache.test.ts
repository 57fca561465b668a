// The CLI's bundle compiled from the build's V8 code cache (entry/code-cache.ts): used on the main thread and in
// lint workers, and a missing, foreign or corrupt cache changes nothing but the compiling.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { CLI, CLI_FIXTURES } from './run';

const DIST = path.dirname(CLI);

/** The CLI run with MCP_TOOL_LINT_DEBUG: its output, and the lines saying what each thread did with the cache. */
function lint(cli: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [cli, '--format', 'json', 'project', 'fixable'], {
    cwd: CLI_FIXTURES, encoding: 'utf8', env: { ...process.env, MCP_TOOL_LINT_DEBUG: '1', MCP_TOOL_LINT_WASM_DIR: DIST, ...env },
  });
  const cacheLines = run.stderr.split('\n').filter((line) => line.startsWith('mcp-tool-lint: code cache'));
  return { status: run.status, stdout: run.stdout, cacheLines, otherStderr: run.stderr.split('\n').filter((line) => line && !cacheLines.includes(line)) };
}

/** dist/cli.js and dist/cli-main.js copied to a folder of their own, with `cache` as the code cache (none if undefined). */
function copyWithCache(cache: Buffer | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-code-cache-'));
  for (const file of ['cli.js', 'cli-main.js']) fs.copyFileSync(path.join(DIST, file), path.join(dir, file));
  if (cache) fs.writeFileSync(path.join(dir, 'cli-main.js.cache'), cache);
  return path.join(dir, 'cli.js');
}

const built = fs.readFileSync(path.join(DIST, 'cli-main.js.cache'));
const buildLineEnd = built.indexOf(0x0a) + 1;

test('the build made a code cache for this build of the bundle, and a run uses it', () => {
  const firstLine = fs.readFileSync(path.join(DIST, 'cli-main.js'), 'latin1').split('\n')[0];
  assert.match(firstLine, /^\/\/ mcp-tool-lint build [0-9a-f]{40}$/);
  assert.equal(built.subarray(0, buildLineEnd).toString('latin1'), `${firstLine}\n`);
  const run = lint(CLI, { MCP_TOOL_LINT_WORKERS: '1' });
  assert.deepEqual(run.cacheLines, ['mcp-tool-lint: code cache used']);
  assert.equal(run.status, 1);
});

test('lint worker threads compile the bundle from the cache too, and find the same', () => {
  const one = lint(CLI, { MCP_TOOL_LINT_WORKERS: '1' });
  const two = lint(CLI, { MCP_TOOL_LINT_WORKERS: '2' });
  assert.deepEqual(two.cacheLines, ['mcp-tool-lint: code cache used', 'mcp-tool-lint: code cache used']);
  assert.equal(two.stdout, one.stdout);
});

test('without a cache, with one of another build or a corrupt one, the bundle is compiled as usual: the same findings', () => {
  const expected = lint(CLI, { MCP_TOOL_LINT_WORKERS: '1' });
  const otherBuild = Buffer.concat([Buffer.from(`// mcp-tool-lint build ${'1'.repeat(40)}\n`, 'latin1'), built.subarray(buildLineEnd)]);
  const corrupt = Buffer.concat([built.subarray(0, buildLineEnd), Buffer.from('not a V8 code cache at all')]);
  const cases: Array<[string, Buffer | undefined, string]> = [
    ['none', undefined, 'mcp-tool-lint: code cache none for this build'],
    ['another build\'s', otherBuild, 'mcp-tool-lint: code cache none for this build'],
    ['corrupt', corrupt, 'mcp-tool-lint: code cache refused by V8'],
  ];
  for (const [what, cache, said] of cases) {
    const run = lint(copyWithCache(cache), { MCP_TOOL_LINT_WORKERS: '1' });
    assert.deepEqual(run.cacheLines, [said], what);
    assert.deepEqual(run.otherStderr, [], what);
    assert.equal(run.stdout, expected.stdout, what);
    assert.equal(run.status, expected.status, what);
  }
});

// The server's bundle compiled from the build's V8 code cache (entry/code-cache.ts; the CLI's tests cover a
// missing, foreign or corrupt cache, which the server loads the same way).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { SERVER } from '../helpers/lsp-client';

test('the build made the server a code cache of this build of its bundle, and the server starts from it', () => {
  const bundle = path.join(path.dirname(SERVER), 'server-main.js');
  const firstLine = fs.readFileSync(bundle, 'latin1').split('\n')[0];
  assert.match(firstLine, /^\/\/ mcp-tool-lint build [0-9a-f]{40}$/);
  assert.equal(fs.readFileSync(`${bundle}.cache`).subarray(0, firstLine.length + 1).toString('latin1'), `${firstLine}\n`);
  // With its input closed at once, the server starts and ends.
  const run = spawnSync(process.execPath, [SERVER, '--stdio'], { input: '', encoding: 'utf8', env: { ...process.env, MCP_TOOL_LINT_DEBUG: '1' }, timeout: 20_000 });
  assert.equal(run.stderr.split('\n')[0], 'mcp-tool-lint: code cache used');
});

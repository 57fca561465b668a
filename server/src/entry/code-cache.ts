/**
 * Loads one of our bundles (dist/cli-main.js, dist/server-main.js) as `require` would, but compiled with
 * the V8 code cache the build wrote beside it (`<bundle>.cache`): the bytecode of every function a run of
 * it executed, so a start parses and compiles next to nothing of the bundle. A CLI run on the test
 * fixtures took 0.17 s instead of 0.23 s, and a lint worker thread starts reading about 0.1 s sooner; the
 * server's cold start (first diagnostics of a 1,000-line file) took 325-365 ms instead of 397-465 ms
 * (bench/NOTES.md, "The CLI's and the server's code caches").
 *
 * V8 takes a cache only from its own version and flags (VS Code's Electron, or another Node version, just
 * compiles as before), and checks the source by its length alone, so the cache begins with the bundle's
 * first line, which names its build (esbuild.mjs): a cache of another build, or none, and the bundle is
 * compiled as usual. The build makes each cache by running the bundle (a lint; an LSP session) with
 * CODE_CACHE_OUT set to where the cache goes; the cache is written as that process exits (a V8 flag set
 * during that run would make V8 refuse the cache: cli/wasm-tiers.ts sets none then). With
 * MCP_TOOL_LINT_DEBUG set, a start says on stderr whether it used the cache.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

export const CODE_CACHE_OUT = 'MCP_TOOL_LINT_CODE_CACHE_OUT';

/** The bundle's `module.exports`. */
export function requireWithCodeCache(bundle: string): unknown {
  const source = fs.readFileSync(bundle, 'utf8');
  const buildLine = source.slice(0, source.indexOf('\n') + 1);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    cachedData: cacheOf(`${bundle}.cache`, buildLine),
  });
  if (process.env.MCP_TOOL_LINT_DEBUG) process.stderr.write(`mcp-tool-lint: code cache ${script.cachedDataRejected === false ? 'used' : script.cachedDataRejected ? 'refused by V8' : 'none for this build'}\n`);
  const out = process.env[CODE_CACHE_OUT];
  // What the run executed on the main thread is compiled by the time it exits.
  if (out && isMainThread) process.once('exit', () => fs.writeFileSync(out, Buffer.concat([Buffer.from(buildLine, 'latin1'), script.createCachedData()])));
  const module = { exports: {} };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  return module.exports;
}

/** The cache in `file` if it was made from the build whose first line is `buildLine`. */
function cacheOf(file: string, buildLine: string): Buffer | undefined {
  let cache: Buffer;
  try {
    cache = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const prefix = Buffer.from(buildLine, 'latin1');
  return buildLine.length > 1 && cache.subarray(0, prefix.length).equals(prefix) ? cache.subarray(prefix.length) : undefined;
}

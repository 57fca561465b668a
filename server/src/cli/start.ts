/**
 * The CLI's entry point (dist/cli.js, the package's bin): V8 settings, then the CLI itself
 * (dist/cli-main.js, built from main.ts), as dist/server.js does for the server (lsp/start.ts).
 *
 * A lint is a few seconds of hot code: by default V8 optimizes a function after little of its run,
 * and on the benchmark's 200 files that kept V8's background threads compiling for 2.2-2.6 s of CPU
 * beside the main thread's 2.3 s (the work moved to the main thread with
 * --no-concurrent-recompilation). Optimizing once a function has run four times as long costs 0.7 s
 * and leaves the main thread's time as it was (bench/NOTES.md, "The CLI on threads, and V8's compiler").
 * The bundle is compiled from the code cache the build made (entry/code-cache.ts). Lint worker threads
 * start here too: the flags are the process's, set once by the main thread.
 */
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';
import { requireWithCodeCache } from '../entry/code-cache';

export const CLI_FLAGS: readonly string[] = ['--interrupt-budget=500000'];

if (isMainThread) for (const flag of CLI_FLAGS) v8.setFlagsFromString(flag);
(requireWithCodeCache(path.join(__dirname, 'cli-main.js')) as typeof import('./main')).runFromCommandLine();

/**
 * V8 compiles the grammars' wasm in two tiers: Liftoff's quick code at once, then TurboFan's for the
 * functions that run hot, on background threads. A short lint is done before TurboFan's code pays for
 * its compiling (about 150 ms of CPU for the lexers), and Node waits at exit until those compiles end
 * (70-100 ms of wall clock). So below LIFTOFF_ONLY_BYTES of files the CLI keeps Liftoff's code: on
 * the test fixtures (100 KB) a run takes 0.24 s instead of 0.33 s and 0.26 s of CPU instead of 0.42 s;
 * on 50 of the benchmark's files (490 KB) 1.09 s of CPU instead of 1.30 s. At about 1 MB the tiers
 * break even, and above it TurboFan's faster parsing wins (bench/NOTES.md, "Liftoff for short lints").
 */
import * as v8 from 'node:v8';
import { CODE_CACHE_OUT } from '../entry/code-cache';

const LIFTOFF_ONLY_BYTES = 512 * 1024;

export type WasmTiers = 'liftoff' | 'tiered';

/**
 * The tiers for a lint of files of these sizes (bytes) on `threads` threads. Several threads lint at least
 * 1 MB unless MCP_TOOL_LINT_WORKERS says otherwise; a worker started after the flag is set could not use
 * the code cache (entry/code-cache.ts), so Liftoff alone is for the main thread alone.
 */
export function wasmTiersFor(sizes: readonly number[], threads: number): WasmTiers {
  const bytes = sizes.reduce((sum, size) => sum + size, 0);
  return bytes < LIFTOFF_ONLY_BYTES && threads === 1 ? 'liftoff' : 'tiered';
}

/** Sets V8 to compile wasm in these tiers: before the grammars are compiled (flags set later do not change compiled modules). */
export function useWasmTiers(tiers: WasmTiers): void {
  // Not in the build's run that makes the code cache: V8 takes a cache only under the flags it was made with (entry/code-cache.ts).
  if (tiers === 'liftoff' && !process.env[CODE_CACHE_OUT]) v8.setFlagsFromString('--liftoff-only');
}

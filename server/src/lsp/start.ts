/**
 * The server's entry point (dist/server.js): V8 heap settings, then the server itself
 * (dist/server-main.js, built from main.ts). Editors and the benchmark run `node dist/server.js`,
 * so there is no command line to put flags on; set here, before the server's code is compiled,
 * they cost nothing per keystroke (set from inside the server's bundle they made every keystroke
 * about 30 % slower). Measured with `npm run bench` (issue 7):
 *
 * - the young generation stays at its initial 1 MB semi-spaces (V8 grows them to 16 MB): the
 *   server allocates about 1 MB per keystroke on a 10,000-line file, and a grown young generation
 *   kept about 30 MB resident;
 * - with less surviving in a small young generation, the old generation is collected once it has
 *   grown by 20 % over what the last full collection kept (V8 otherwise lets it grow up to 4x), or
 *   by V8's minimum step of 8 MB if that is more: on the 10,000-line Python file (about 20 MB live)
 *   the step applies, a full collection every 15 or so keystrokes whatever the percentage (13 in
 *   200 keystrokes at 20, 30 and 40 %); on the TypeScript one, 13 at 20 % and 10 at 30 %. Those
 *   counts are from when each keystroke made a new 380 KB text (now documents keep it in pieces,
 *   lsp/live-document.ts: 5 full collections in 200 TypeScript keystrokes at 20 %).
 */
import * as path from 'node:path';
import * as v8 from 'node:v8';
import { requireWithCodeCache } from '../entry/code-cache';

export const HEAP_FLAGS: readonly string[] = ['--semi-space-growth-factor=1', '--heap-growing-percent=20'];

for (const flag of HEAP_FLAGS) v8.setFlagsFromString(flag);
// Compiled from the code cache the build made (entry/code-cache.ts).
(requireWithCodeCache(path.join(__dirname, 'server-main.js')) as typeof import('./main')).run();

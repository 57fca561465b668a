/**
 * V8 heap settings the server gives itself when it starts (editors and the benchmark run
 * `node dist/server.js`, so there is no command line to put flags on). Imported first by main.ts.
 *
 * - A young generation that stays at its initial size (1 MB semi-spaces instead of growing to 16 MB
 *   ones): the server allocates about 1 MB per keystroke on a 10,000-line file, and a grown young
 *   generation kept about 30 MB resident.
 * - With a small young generation more survives into the old one: it is collected once it has grown
 *   by 30 % over what the last full collection kept (V8 otherwise lets it grow by up to 4x).
 * Measured with `npm run bench -- --only memory` (issue 7; the figures are in the commit message).
 */
import * as v8 from 'node:v8';

export const HEAP_FLAGS: readonly string[] = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];

for (const flag of HEAP_FLAGS) v8.setFlagsFromString(flag);

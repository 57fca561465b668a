#!/usr/bin/env node
// The node tests of `npm test`: every test file under dist/test/ but slow/ (`npm run test:slow`).
// Independent files run several at a time (node --test concurrency; MTL_TEST_CONCURRENCY, default
// 3: most files wait on the servers and CLIs they start); then the few that bound wall-clock
// answers run one after the other, so other test files do not take their CPU. Arguments are
// passed on to both runs (e.g. --test-name-pattern=...). With --slow, the files of `npm run
// test:slow` (dist/test/slow/) instead, several at a time.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist', 'test');
const FOLDERS = ['unit', 'cli', 'lsp', 'reliability', 'fuzz', 'editors'];
/** Files whose assertions are wall-clock bounds or orderings that starve when other files run beside them. */
const ALONE = [
  'lsp/large-file-parse.test.js', // hovers answered while a large file is parsed, before its diagnostics
  'reliability/protocol.test.js', // every answer within 1 s of wall clock
  'reliability/large-files.test.js', // requests on a 10 MB file within 5 s of wall clock
  'lsp/shutdown.test.js', // a change after shutdown is not linted within the time a change took
];

/**
 * The files that take the most CPU time (5-35 s each alone, 2 cores at load 2-4), longest first: each
 * is started ahead of two others, so all are started in the first third and none runs on alone at the
 * end while the cores idle; the files that mostly wait on servers and CLIs run beside them. (Here
 * the random-edit runs make their first part; `npm run test:slow` the second: test/helpers/run-length.ts.)
 */
const FIRST = [
  'unit/broken-typing.test.js',
  'reliability/fix-safety.test.js',
  'unit/incremental-typescript.test.js',
  'cli/cache.test.js',
  'cli/preview.test.js',
  'unit/broken-regions-typescript.test.js',
  'unit/broken-regions.test.js',
  'cli/flags.test.js',
  'unit/incremental.test.js',
  'cli/effects-compiled.test.js',
  'unit/fixes.test.js',
  'lsp/broken-typing.test.js',
];

function testFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.js') ? [full] : [];
  }).sort();
}

/** Those of test:slow, likewise (15-45 s of CPU each; the others take 3-12 s, half of them waiting on servers and npm). */
const SLOW_FIRST = [
  'slow/long-typing.test.js',
  'slow/second-part-broken-typing.test.js',
  'slow/second-part-broken-regions-typescript.test.js',
];

const slow = process.argv.includes('--slow');
const files = (slow ? ['slow'] : FOLDERS).flatMap((folder) => testFiles(path.join(dist, folder)));
if (!files.length) {
  console.error('scripts/run-tests.mjs: no test files in dist/test/: run `npm run build` first');
  process.exit(1);
}
const alone = files.filter((file) => ALONE.includes(path.relative(dist, file)));
const heavy = (slow ? SLOW_FIRST : FIRST).map((name) => path.join(dist, name)).filter((file) => files.includes(file));
const light = files.filter((file) => !alone.includes(file) && !heavy.includes(file));
const together = heavy.flatMap((file, index) => [file, ...light.slice(2 * index, 2 * index + 2)]).concat(light.slice(2 * heavy.length));
const concurrency = Number(process.env.MTL_TEST_CONCURRENCY ?? 3);
const extra = process.argv.slice(2).filter((arg) => arg !== '--slow');

const reporter = extra.some((arg) => arg.startsWith('--test-reporter')) ? [] : ['--test-reporter=spec'];

// The tests make no network requests (the package test installs offline), so their Node processes (several
// hundred: the CLI and server runs) need no extra CA certificates: where NODE_EXTRA_CA_CERTS names a bundle,
// each would spend about 45 ms loading it as it starts (bench/NOTES.md, "Liftoff for short lints").
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;

function run(label, options, testFiles) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--test', ...reporter, ...options, ...extra, ...testFiles], { stdio: 'inherit', env });
  console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return result.status === 0;
}

const passedTogether = run(`${together.length} test files, ${concurrency} at a time`, [`--test-concurrency=${concurrency}`], together);
const passedAlone = !alone.length || run(`${alone.length} timing-bound test files, one at a time`, ['--test-concurrency=1'], alone);
process.exit(passedTogether && passedAlone ? 0 : 1);

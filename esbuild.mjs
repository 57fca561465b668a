// Bundles the extension client, the language server and the CLI into dist/, copies the
// tree-sitter wasm files next to them, and bundles the tests into dist/test/.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeCliCodeCache, makeServerCodeCache } from './scripts/code-caches.mjs';
import { treeSitterNodeHandle } from './scripts/tree-sitter-node-handle.mjs';

const production = process.argv.includes('--production');
const withTests = !production;
const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');

const WASM_FILES = [
  'web-tree-sitter/tree-sitter.wasm',
  'tree-sitter-python/tree-sitter-python.wasm',
  'tree-sitter-typescript/tree-sitter-typescript.wasm',
  'tree-sitter-typescript/tree-sitter-tsx.wasm',
  'tree-sitter-javascript/tree-sitter-javascript.wasm',
  'tree-sitter-go/tree-sitter-go.wasm',
  'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm',
];

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  // The ESM build of web-tree-sitter needs import.meta.url, which a CJS bundle lacks; use its CJS build.
  // jsonc-parser's main (UMD) build loads its parts with a require esbuild cannot follow; use its ESM build.
  alias: {
    'web-tree-sitter': path.join(root, 'node_modules/web-tree-sitter/tree-sitter.cjs'),
    'jsonc-parser': path.join(root, 'node_modules/jsonc-parser/lib/esm/main.js'),
  },
  plugins: [treeSitterNodeHandle(path.join(root, 'node_modules/web-tree-sitter/tree-sitter.cjs'))],
};

function testEntries(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Fixture files and fixture projects (with tests of their own) are inputs, not tests of ours.
    if (entry.isDirectory()) return ['fixtures', 'projects'].includes(entry.name) ? [] : testEntries(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

fs.mkdirSync(dist, { recursive: true });
const cliCodeCache = path.join(dist, 'cli-main.js.cache');
const serverCodeCache = path.join(dist, 'server-main.js.cache');
for (const cache of [cliCodeCache, serverCodeCache]) fs.rmSync(cache, { force: true });
for (const file of WASM_FILES) {
  fs.copyFileSync(path.join(root, 'node_modules', file), path.join(dist, path.basename(file)));
}

const BUILD_LINE = `// mcp-tool-lint build ${'0'.repeat(40)}`;

const builds = [
  esbuild.build({ ...common, entryPoints: { extension: 'client/src/extension.ts' }, outdir: dist, external: ['vscode'] }),
  // The first line names the build (BUILD_LINE, filled in below): the CLI and the server take a code cache only from the same build (entry/code-cache.ts).
  esbuild.build({ ...common, entryPoints: { 'server-main': 'server/src/lsp/main.ts', 'cli-main': 'server/src/cli/main.ts' }, outdir: dist, banner: { js: BUILD_LINE } }),
  // dist/server.js and dist/cli.js set V8's flags before the server's and the CLI's bundles are compiled (lsp/start.ts, cli/start.ts).
  esbuild.build({ ...common, entryPoints: { server: 'server/src/lsp/start.ts' }, outdir: dist, external: ['./server-main.js'], banner: { js: '#!/usr/bin/env node' } }),
  esbuild.build({ ...common, entryPoints: { cli: 'server/src/cli/start.ts' }, outdir: dist, external: ['./cli-main.js'], banner: { js: '#!/usr/bin/env node' } }),
];
if (withTests) {
  builds.push(esbuild.build({ ...common, entryPoints: { 'bench/run': 'bench/run.ts' }, outdir: dist }));
  builds.push(esbuild.build({
    ...common,
    entryPoints: {
      'tools/profile': 'scripts/profile-front-end.ts',
      'tools/replay': 'scripts/replay-keystrokes.ts',
      'tools/large-file': 'scripts/large-file-open.ts',
      'tools/sliced-parse': 'scripts/sliced-parse.ts',
    },
    outdir: dist,
  }));
}
if (withTests) {
  builds.push(esbuild.build({ ...common, entryPoints: { fuzz: 'test/fuzz/main.ts', soak: 'test/reliability/soak.ts' }, outdir: dist }));
}
if (withTests) {
  const entries = testEntries(path.join(root, 'test'));
  // A renamed or deleted test's old bundle would still run (node --test runs every *.test.js under dist/test/).
  fs.rmSync(path.join(dist, 'test'), { recursive: true, force: true });
  if (entries.length) {
    builds.push(esbuild.build({ ...common, entryPoints: entries, outdir: path.join(dist, 'test'), outbase: path.join(root, 'test') }));
  }
}
await Promise.all(builds);

// V8 keeps a script's source as one string, in two bytes per character if a single character is not
// Latin-1: about 1 MB more of the server's memory. esbuild escapes strings, not comments or regular
// expressions, so those must stay ASCII. Then each bundle's build line gets the SHA-1 of the bundle, in place
// (the same length: the source map stays right).
for (const bundle of ['server-main.js', 'cli-main.js']) {
  const file = path.join(dist, bundle);
  const text = fs.readFileSync(file, 'latin1');
  const at = text.search(/[^\x00-\x7f]/);
  if (at >= 0) {
    const line = text.slice(0, at).split('\n').length;
    console.error(`esbuild.mjs: dist/${bundle}:${line} has a non-ASCII character (byte 0x${text.charCodeAt(at).toString(16)}); write it as an escape, or keep it out of comments in class bodies.`);
    process.exit(1);
  }
  if (!text.startsWith(BUILD_LINE)) throw new Error(`esbuild.mjs: dist/${bundle} does not begin with its build line`);
  fs.writeFileSync(file, `// mcp-tool-lint build ${createHash('sha1').update(text).digest('hex')}${text.slice(BUILD_LINE.length)}`, 'latin1');
}

// The code caches (scripts/code-caches.mjs): the CLI's from a lint of the examples and of real-shaped test projects in
// each language, the server's from an LSP session that opens the examples, where the checkout has them (a build
// without them ships none, and the bundles compile as usual).
const existing = (inputs) => inputs.filter((input) => fs.existsSync(path.join(root, input)));
const cliCacheInputs = existing(['examples', 'test/fixtures/cli/project', ...['python-jira', 'python-weather', 'ts-monorepo', 'ts-notes', 'go-issuetracker', 'csharp-tasks'].map((name) => `test/projects/${name}`)]);
const serverCacheInputs = existing(['examples']).flatMap((folder) => fs.readdirSync(path.join(root, folder)).sort().map((name) => path.join(root, folder, name)));
try {
  if (cliCacheInputs.length) makeCliCodeCache(path.join(dist, 'cli.js'), cliCodeCache, cliCacheInputs, root);
  if (serverCacheInputs.length) await makeServerCodeCache(path.join(dist, 'server.js'), serverCodeCache, serverCacheInputs);
} catch (error) {
  console.error(`esbuild.mjs: ${error.message}`);
  process.exit(1);
}

// Bundles the VS Code editor tests (not part of `npm run build`, whose *.test.ts run under `node --test`):
//   test/editors/vscode/suite/*.ts   -> dist/e2e/vscode/*.js   mocha suites for the extension host (vscode, mocha external)
//   test/editors/vscode/*.e2e.ts     -> dist/e2e/*.e2e.js      node tests that launch the workbench
//   test/editors/vscode/harness/code-shim.ts -> dist/e2e/code-shim.js (executable: test-electron's vscodeExecutablePath)
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const source = path.join(root, 'test', 'editors', 'vscode');
const out = path.join(root, 'dist', 'e2e');
const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: 'linked', logLevel: 'warning' };
const tsFiles = (dir, suffix) => fs.readdirSync(dir).filter((name) => name.endsWith(suffix)).map((name) => path.join(dir, name));

await Promise.all([
  esbuild.build({ ...common, entryPoints: tsFiles(path.join(source, 'suite'), '.ts').filter((file) => !file.endsWith('-helpers.ts')), outdir: path.join(out, 'vscode'), external: ['vscode', 'mocha'] }),
  esbuild.build({
    ...common,
    entryPoints: [...tsFiles(source, '.e2e.ts'), { in: path.join(source, 'harness', 'code-shim.ts'), out: 'code-shim' }],
    outdir: out,
    external: ['playwright-core', '@vscode/test-electron'],
    banner: { js: '#!/usr/bin/env node' },
  }),
]);
fs.chmodSync(path.join(out, 'code-shim.js'), 0o755);

/** The benchmark's generated monorepo (bench/monorepo.ts): its shape, its 1-in-10 tool files, its seed. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { SERVERS } from '../../bench/monorepo-layout';
import { createMonorepo, isSource, lineCount, MONOREPO_FILES, MONOREPO_LINES, MonorepoFile, monorepoFiles, TYPING_FILES } from '../../bench/monorepo';

const SMALL = { seed: 3, scale: 0.05 };
/** A tool declared or registered: a decorator, `server.registerTool(` or the common helper `registerTool(server, `. */
const DECLARES_TOOLS = /@\w+\.tool\(|\.registerTool\(|^registerTool\(/m;

function byPath(files: readonly MonorepoFile[]): Map<string, MonorepoFile> {
  return new Map(files.map((file) => [file.path, file]));
}

test('the monorepo has the workspace manifests, the common helper and each server package', () => {
  const files = byPath([...monorepoFiles(SMALL)]);
  const root = JSON.parse(files.get('package.json')!.text) as { workspaces: string[] };
  assert.deepEqual(root.workspaces, ['packages/*', 'servers/*']);
  assert.ok(files.has('pnpm-workspace.yaml') && files.has('.git/HEAD') && files.has('.gitignore'));
  assert.match(files.get('packages/common/package.json')!.text, /"@modelcontextprotocol\/sdk"/);
  assert.match(files.get('packages/common/src/register.ts')!.text, /export function registerTool[\s\S]*server\.registerTool\(/);
  for (const pkg of SERVERS) {
    if (pkg.language === 'typescript') {
      assert.match(files.get(`${pkg.dir}/package.json`)!.text, pkg.flavour === 'sdk' ? /@modelcontextprotocol\/sdk/ : /"@repo\/common"/);
      assert.ok((JSON.parse(files.get(`${pkg.dir}/tsconfig.json`)!.text) as { compilerOptions: { paths?: object } }).compilerOptions.paths, pkg.dir);
      assert.match(files.get(`${pkg.dir}/src/server.ts`)!.text, /export const server = new McpServer\(/);
      assert.match(files.get(`${pkg.dir}/src/index.ts`)!.text, /import "\.\/tools\//);
    } else {
      const src = `${pkg.dir}/src/${pkg.module}`;
      assert.match(files.get(`${pkg.dir}/pyproject.toml`)!.text, /dependencies = \["(mcp|fastmcp|arcade-mcp-server)>=/);
      assert.ok(files.has(`${src}/__init__.py`) && files.has(`${src}/tools/__init__.py`), src);
      assert.match(files.get(`${src}/server.py`)!.text, /^(mcp = FastMCP|app = MCPApp)\(/m);
    }
  }
});

test('tool modules import their server object from the server module of their package', () => {
  const files = [...monorepoFiles(SMALL)];
  const tools = files.filter((file) => file.kind === 'tools');
  assert.ok(tools.length >= 3);
  assert.ok(tools.some((file) => file.path === TYPING_FILES.python500) && tools.some((file) => file.path === TYPING_FILES.typescript10000));
  for (const file of tools) {
    const pkg = SERVERS.find((server) => file.path.startsWith(`${server.dir}/`))!;
    assert.ok(pkg, file.path);
    if (pkg.language === 'typescript') {
      assert.match(file.text, /^import \{ server \} from "\.\.\/server\.js";$/m, file.path);
      assert.doesNotMatch(file.text, /new McpServer\(/, file.path);
    } else {
      const name = /^from \w+\.server import (mcp|app)$/m.exec(file.text)?.[1];
      assert.ok(name && file.text.includes(`from ${pkg.module}.server import ${name}`), file.path);
      assert.doesNotMatch(file.text, new RegExp(`^${name} = `, 'm'), file.path);
    }
    assert.match(file.text, DECLARES_TOOLS, file.path);
  }
});

test('about one source file in ten holds tools; ordinary code speaks of tools and metadata without declaring any', () => {
  const files = [...monorepoFiles(SMALL)].filter((file) => isSource(file.path));
  const declaring = files.filter((file) => !file.path.startsWith('packages/common/') && DECLARES_TOOLS.test(file.text));
  assert.deepEqual(declaring.map((file) => file.path).sort(), files.filter((file) => file.kind === 'tools' || file.kind === 'test-tools').map((file) => file.path).sort());
  const ratio = declaring.length / files.length;
  assert.ok(ratio > 0.07 && ratio < 0.13, `ratio ${ratio}`);
  const app = files.filter((file) => file.kind === 'app');
  const toolish = app.filter((file) => /tool|metadata|annotations/i.test(file.text)).length;
  assert.ok(toolish > app.length / 5 && toolish < app.length * 0.6, `${toolish} of ${app.length}`);
  assert.ok(files.some((file) => file.kind === 'test-tools' && /FastMCP\(/.test(file.text)));
});

test('the same seed makes the same monorepo, another seed another one', () => {
  const digest = (seed: number) => {
    const hash = createHash('sha256');
    for (const file of monorepoFiles({ seed, scale: 0.02 })) hash.update(`${file.path}\0${file.text}\0`);
    return hash.digest('hex');
  };
  assert.equal(digest(5), digest(5));
  assert.notEqual(digest(5), digest(6));
});

test('at scale 1: about 2,000 source files and 800,000 lines, most of 100-800 lines, a few over 3,000', () => {
  let files = 0;
  let lines = 0;
  const sizes: number[] = [];
  for (const file of monorepoFiles()) {
    if (!isSource(file.path)) continue;
    const count = lineCount(file.text);
    files++;
    lines += count;
    sizes.push(count);
    if (file.path === TYPING_FILES.typescript10000) assert.ok(count >= 10_000 && count < 10_100, `${count}`);
    if (file.path === TYPING_FILES.python500) assert.ok(count >= 500 && count < 560, `${count}`);
  }
  assert.ok(Math.abs(files - MONOREPO_FILES) <= MONOREPO_FILES * 0.02, `${files} files`);
  assert.ok(Math.abs(lines - MONOREPO_LINES) <= MONOREPO_LINES * 0.03, `${lines} lines`);
  assert.ok(sizes.filter((size) => size >= 3000).length >= 5);
  assert.ok(sizes.filter((size) => size >= 60 && size <= 800).length > files * 0.8);
});

test('createMonorepo writes into a temporary folder and remove() deletes it', () => {
  const monorepo = createMonorepo({ scale: 0.02 });
  try {
    assert.ok(fs.existsSync(monorepo.python500) && fs.existsSync(monorepo.typescript10000));
    assert.ok(fs.existsSync(path.join(monorepo.dir, '.git', 'HEAD')));
    assert.equal(monorepo.lines, [...monorepoFiles({ scale: 0.02 })].filter((file) => isSource(file.path)).reduce((sum, file) => sum + lineCount(file.text), 0));
  } finally {
    monorepo.remove();
  }
  assert.ok(!fs.existsSync(monorepo.dir));
});

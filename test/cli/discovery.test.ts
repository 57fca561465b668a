// Which files the CLI lints: folders recursively, skipping dependencies, virtualenvs, build output,
// .gitignore'd and excluded paths; binary, non-UTF-8 and oversized files skipped with a note.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { makeTree, runCli } from './run';

// A finding in every lintable file: an unused suppression (MTL901), so the JSON lists the files linted.
const TOOL = '# mcp-tool-lint: ignore[MTL101] kept for the strict profile\nx = 1\n';
const TS_TOOL = '// mcp-tool-lint: ignore[MTL101] kept for the strict profile\nexport const x = 1;\n';

function lintedFiles(args: string[], cwd: string): { files: string[]; stderr: string; status: number | null } {
  const run = runCli(['--format', 'json', ...args], { cwd });
  return { files: [...new Set((JSON.parse(run.stdout) as Array<{ file: string }>).map((f) => f.file))], stderr: run.stderr, status: run.status };
}

test('folders are searched recursively; dependency, virtualenv and build folders are skipped', () => {
  const root = makeTree({
    'app/server.py': TOOL,
    'app/tools/index.ts': TS_TOOL,
    'app/tools/widget.tsx': TS_TOOL,
    'app/tools/legacy.cjs': TS_TOOL,
    'app/readme.md': TOOL,
    'node_modules/pkg/index.js': TS_TOOL,
    '.venv/lib/python3.12/site-packages/mcp/server.py': TOOL,
    'env/pyvenv.cfg': 'home = /usr/bin\n',
    'env/lib/tool.py': TOOL,
    'lib/site-packages/x.py': TOOL,
    'dist/cli.js': TS_TOOL,
    'build/lib/tool.py': TOOL,
    '__pycache__/tool.py': TOOL,
  });
  const result = lintedFiles([], root);
  assert.deepEqual(result.files, ['app/server.py', 'app/tools/index.ts', 'app/tools/legacy.cjs', 'app/tools/widget.tsx']);
  assert.equal(result.stderr, '');
  assert.deepEqual(lintedFiles(['app/tools', 'app/server.py'], root).files, ['app/tools/index.ts', 'app/tools/legacy.cjs', 'app/tools/widget.tsx', 'app/server.py']);
  assert.deepEqual(lintedFiles(['./app/tools/'], root).files, ['app/tools/index.ts', 'app/tools/legacy.cjs', 'app/tools/widget.tsx'], 'paths as given, normalised');
});

test('.gitignore patterns of the tree are honoured, with negation and folder-only patterns', () => {
  const root = makeTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.gitignore': '# generated code\ngenerated/\n*_pb2.py\n!keep_pb2.py\n/top_only.py\n',
    'src/generated/tools.py': TOOL,
    'src/api_pb2.py': TOOL,
    'src/keep_pb2.py': TOOL,
    'src/top_only.py': TOOL,
    'top_only.py': TOOL,
    'src/sub/.gitignore': 'local.py\n',
    'src/sub/local.py': TOOL,
    'src/sub/tools.py': TOOL,
  });
  assert.deepEqual(lintedFiles([], root).files, ['src/keep_pb2.py', 'src/sub/tools.py', 'src/top_only.py']);
  // Starting below the work tree's root, the .gitignore files above still apply.
  assert.deepEqual(lintedFiles(['src'], root).files, ['src/keep_pb2.py', 'src/sub/tools.py', 'src/top_only.py']);
  // A file named on the command line is linted even when ignored, and so is a folder.
  assert.deepEqual(lintedFiles(['src/api_pb2.py'], root).files, ['src/api_pb2.py']);
  assert.deepEqual(lintedFiles(['src/generated'], root).files, ['src/generated/tools.py']);
});

test('the exclude globs of the nearest config apply to the folder it sits in', () => {
  const root = makeTree({
    '.mcp-tool-lint.json': '{"exclude": ["legacy/", "**/*_generated.py"]}',
    'legacy/tools.py': TOOL,
    'a/legacy/tools.py': TOOL,
    'a/b_generated.py': TOOL,
    'a/tools.py': TOOL,
    'pkg/pyproject.toml': '[tool.mcp-tool-lint]\nexclude = ["vendored"]\n',
    'pkg/vendored/tools.py': TOOL,
    'pkg/legacy/tools.py': TOOL,
  });
  // pkg/ has its own config (the nearest wins), so the root's exclude does not reach into it.
  assert.deepEqual(lintedFiles([], root).files, ['a/tools.py', 'pkg/legacy/tools.py']);
});

test('exclude is gitignore-style: folder-only, bare names at any depth, globs and negation', () => {
  const root = makeTree({
    '.mcp-tool-lint.json': '{"exclude": ["generated/", "legacy", "*_old.py", "!keep_old.py"]}',
    'generated/tools.py': TOOL,
    'src/generated/tools.py': TOOL,
    'src/legacy/tools.py': TOOL,
    'legacy': 'a file named like the pattern\n',
    'src/api_old.py': TOOL,
    'src/keep_old.py': TOOL,
    'src/tools.py': TOOL,
  });
  assert.deepEqual(lintedFiles([], root).files, ['src/keep_old.py', 'src/tools.py']);
  assert.deepEqual(lintedFiles(['src/generated'], root).files, ['src/generated/tools.py'], 'a folder named on the command line is searched');
});

test('binary, non-UTF-8 and too-large files are skipped with a one-line note on stderr', () => {
  const root = makeTree({
    'binary.py': Buffer.from([0x74, 0x6f, 0x6f, 0x6c, 0x00, 0x01, 0x02]),
    'latin1.py': Buffer.from('# caf\xe9 tool\n', 'latin1'),
    'big.py': `${TOOL}${'# padding for the tool file\n'.repeat(100)}`,
    'ok.py': TOOL,
  });
  const result = lintedFiles(['--max-file-size', '1KB'], root);
  assert.deepEqual(result.files, ['ok.py']);
  assert.equal(result.stderr, [
    'mcp-tool-lint: skipped big.py: 2.8 KB is over the 1 KB limit (--max-file-size)',
    'mcp-tool-lint: skipped binary.py: a binary file',
    'mcp-tool-lint: skipped latin1.py: not UTF-8 text',
    '',
  ].join('\n'));
  assert.equal(result.status, 0, 'skipped files are not errors');
  assert.deepEqual(lintedFiles([], root).files, ['big.py', 'ok.py'], 'the default limit is 5 MB');
  const configured = makeTree({ 'pyproject.toml': '[tool.mcp-tool-lint]\nmaxFileSize = 100\n', 'ok.py': TOOL, 'big.py': `${TOOL}${'#\n'.repeat(100)}` });
  assert.deepEqual(lintedFiles([], configured), { files: ['ok.py'], stderr: 'mcp-tool-lint: skipped big.py: 266 bytes is over the 100 bytes limit (--max-file-size)\n', status: 0 });
});

test('a minified file (a line over 100,000 characters) is skipped with a one-line note', () => {
  const root = makeTree({ 'bundle.js': `const tools = [${'{ name: "t", annotations: { readOnlyHint: true } }, '.repeat(2500)}];\n`, 'ok.py': TOOL });
  const result = lintedFiles([], root);
  assert.deepEqual(result.files, ['ok.py']);
  assert.equal(result.stderr, 'mcp-tool-lint: skipped bundle.js: a line longer than 100,000 characters (minified or generated code)\n');
  assert.equal(result.status, 0);
});

test('a file that is not Python, TypeScript or JavaScript, named on the command line, is skipped with a note', () => {
  const root = makeTree({ 'notes.md': TOOL });
  const run = runCli(['notes.md'], { cwd: root });
  assert.equal(run.status, 0);
  assert.equal(run.stderr, 'mcp-tool-lint: skipped notes.md: not a Python, TypeScript or JavaScript file\n');
  assert.equal(run.stdout, 'No problems found in 0 files.\n');
});

test('absolute paths stay absolute in the output', () => {
  const root = makeTree({ 'tools.py': TOOL });
  assert.deepEqual(lintedFiles([path.join(root, 'tools.py')], root).files, [path.join(root, 'tools.py')]);
  const sarif = JSON.parse(runCli(['--format', 'sarif', path.join(root, 'tools.py')], { cwd: root }).stdout);
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, pathToFileURL(path.join(root, 'tools.py')).href);
});

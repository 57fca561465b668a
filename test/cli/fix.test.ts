// `--fix` and `--fix-dry-run` on copies of the fixtures: exact files after the fix, idempotence,
// line endings and byte-order marks kept, a unified diff that changes nothing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { CLI_FIXTURES, copyFixture, makeTree, runCli } from './run';

const fixed = (file: string) => fs.readFileSync(path.join(CLI_FIXTURES, `${file}.fixed`), 'utf8');

test('--fix applies the safe fixes in place, reports them, and a second run changes nothing', () => {
  const root = copyFixture('fixable');
  const first = runCli(['--fix', '--format', 'json', 'fixable'], { cwd: root });
  assert.equal(first.stderr, [
    'mcp-tool-lint: fixed 2 problems in fixable/server.ts (MTL202 missing-annotation-hint ×2)',
    'mcp-tool-lint: fixed 3 problems in fixable/tools.py (MTL201 missing-behavior-flag ×2, MTL211 duplicate-entry)',
    'mcp-tool-lint: fixed 5 problems in 2 files',
    '',
  ].join('\n'));
  assert.equal(fs.readFileSync(path.join(root, 'fixable/server.ts'), 'utf8'), fixed('fixable/server.ts'));
  assert.equal(fs.readFileSync(path.join(root, 'fixable/tools.py'), 'utf8'), fixed('fixable/tools.py'));
  // What is left is reported on the fixed text: MTL101 has no safe fix, so the run still fails.
  assert.equal(first.status, 1);
  assert.deepEqual(JSON.parse(first.stdout).map((f: { line: number; code: string }) => `${f.line} ${f.code}`), ['29 MTL101']);
  assert.deepEqual(fs.readdirSync(path.join(root, 'fixable')).filter((name) => name.includes('.tmp')), [], 'no temporary files left');

  const second = runCli(['--fix', 'fixable'], { cwd: root });
  assert.equal(second.stderr, 'mcp-tool-lint: nothing to fix\n');
  assert.equal(fs.readFileSync(path.join(root, 'fixable/server.ts'), 'utf8'), fixed('fixable/server.ts'));
  assert.equal(fs.readFileSync(path.join(root, 'fixable/tools.py'), 'utf8'), fixed('fixable/tools.py'));
});

test('--fix on the project fixture changes only notes.py, exactly', () => {
  const root = copyFixture('project');
  const run = runCli(['--fix', 'project'], { cwd: root });
  assert.equal(run.stderr, 'mcp-tool-lint: fixed 1 problem in project/notes.py (MTL201 missing-behavior-flag)\nmcp-tool-lint: fixed 1 problem in 1 file\n');
  assert.equal(fs.readFileSync(path.join(root, 'project/notes.py'), 'utf8'), fixed('project/notes.py'));
  for (const file of ['calendar.ts', 'clean.py', 'pyproj/tools.py', 'pyproj/generated_tools.py', 'strict/tools.py']) {
    assert.equal(fs.readFileSync(path.join(root, 'project', file), 'utf8'), fs.readFileSync(path.join(CLI_FIXTURES, 'project', file), 'utf8'), file);
  }
});

test('--fix keeps CRLF line endings and a UTF-8 byte-order mark', () => {
  const lf = fs.readFileSync(path.join(CLI_FIXTURES, 'fixable/tools.py'), 'utf8');
  const root = makeTree({ 'tools.py': `\uFEFF${lf.replace(/\n/g, '\r\n')}` });
  const run = runCli(['--fix', 'tools.py'], { cwd: root });
  assert.equal(run.status, 1);
  const bytes = fs.readFileSync(path.join(root, 'tools.py'));
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.equal(bytes.toString('utf8'), `\uFEFF${fixed('fixable/tools.py').replace(/\n/g, '\r\n')}`);
});

test('--fix-dry-run prints a unified diff and changes nothing', () => {
  const root = copyFixture('project');
  const run = runCli(['--fix-dry-run', 'project'], { cwd: root });
  assert.equal(run.stdout, [
    '--- a/project/notes.py',
    '+++ b/project/notes.py',
    '@@ -25,6 +25,9 @@',
    '         behavior=Behavior(',
    '             operations=[Operation.READ],',
    '             read_only=True,',
    '+            destructive=False,',
    '+            idempotent=True,',
    '+            open_world=True,',
    '         ),',
    '     ),',
    ' )',
    '',
  ].join('\n'));
  assert.equal(run.stderr, 'mcp-tool-lint: would fix 1 problem in project/notes.py (MTL201 missing-behavior-flag)\nmcp-tool-lint: would fix 1 problem in 1 file\n');
  assert.equal(run.status, 1, 'the errors that no fix removes remain');
  assert.equal(fs.readFileSync(path.join(root, 'project/notes.py'), 'utf8'), fs.readFileSync(path.join(CLI_FIXTURES, 'project/notes.py'), 'utf8'));
});

test('--fix-dry-run: hunks of several changes in one file', () => {
  const root = copyFixture('fixable');
  const run = runCli(['--fix-dry-run', 'fixable/tools.py'], { cwd: root });
  assert.equal(run.stdout, [
    '--- a/fixable/tools.py',
    '+++ b/fixable/tools.py',
    '@@ -4,7 +4,7 @@',
    ' app = MCPApp(name="Files")',
    ' ',
    ' ',
    '-@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ, Operation.READ], read_only=True)))',
    '+@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ], read_only=True, destructive=False, idempotent=True, open_world=True)))',
    ' def list_files(folder: Annotated[str, "The folder, relative to the workspace."]) -> list[str]:',
    '     """List the files of a folder."""',
    '     return []',
    '@@ -15,6 +15,9 @@',
    '         behavior=Behavior(',
    '             operations=[Operation.DELETE],',
    '             open_world=False,',
    '+            read_only=False,',
    '+            destructive=True,',
    '+            idempotent=False,',
    '         )',
    '     )',
    ' )',
    '',
  ].join('\n'));
});

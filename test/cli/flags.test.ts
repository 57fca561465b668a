// Flags of `node dist/cli.js`: profile, rule overrides, config, quiet, max-warnings, help, version, usage errors.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { makeTree, runCli } from './run';
import { repoRoot } from '../helpers/fixtures';

function codes(args: string[], cwd?: string): string[] {
  const run = runCli(['--format', 'json', ...args], { cwd });
  assert.equal(run.stderr, '');
  return (JSON.parse(run.stdout) as Array<{ code: string; severity: string; line: number }>).map((f) => `${f.line} ${f.code} ${f.severity}`);
}

test('--profile wins over the project config; the config\'s rules still apply', () => {
  assert.deepEqual(codes(['project/strict/tools.py']), ['13 MTL203 error']);
  // recommended: MTL203 back to a warning; MTL202 stays off (config rules apply on top of any profile).
  assert.deepEqual(codes(['--profile', 'recommended', 'project/strict/tools.py']), ['13 MTL203 warning']);
  assert.deepEqual(codes(['--profile=spec', 'project/notes.py']), ['12 MTL105 error'], 'spec: Arcade-only rules are off');
});

test('--rule CODE=SEVERITY (code, name or glob; repeatable; later flags win; after the config)', () => {
  assert.deepEqual(codes(['--rule', 'MTL101=off', '--rule', 'read-only-destructive=warning', 'project/notes.py']), ['12 MTL105 warning', '25 MTL201 warning']);
  assert.deepEqual(codes(['--rule', 'MTL2*=off', 'project/notes.py']), ['11 MTL101 error', '12 MTL105 error']);
  assert.deepEqual(codes(['--rule', 'MTL201=error', '--rule', 'MTL201=downgrade', 'project/notes.py']), ['11 MTL101 error', '12 MTL105 error', '25 MTL201 warning']);
  // The pyproject.toml says MTL203=error; the flag comes after it.
  assert.deepEqual(codes(['--rule', 'missing-annotations=info', 'project/pyproj/tools.py']), ['11 MTL203 info']);
  // A rule off in the profile can be turned on.
  assert.deepEqual(codes(['--profile', 'spec', '--rule', 'MTL101=error', 'project/notes.py']), ['11 MTL101 error', '12 MTL105 error']);
});

test('--config FILE replaces the nearest config for every file', () => {
  const root = makeTree({ 'lint.json': '{"profile": "arcade"}', 'conf/pyproject.toml': '[tool.mcp-tool-lint]\nrules = { MTL105 = "off" }\n' });
  assert.deepEqual(codes(['--config', path.join(root, 'lint.json'), 'project/notes.py']), ['11 MTL101 error']);
  assert.deepEqual(codes(['-c', path.join(root, 'conf/pyproject.toml'), 'project/notes.py']), ['11 MTL101 error', '25 MTL201 warning']);
  // With --config, the pyproject.toml next to the file is not used: MTL201 comes back, MTL203 is a warning again.
  assert.deepEqual(codes(['--config', path.join(root, 'lint.json'), '--profile', 'recommended', 'project/pyproj/tools.py']), ['5 MTL201 warning', '11 MTL203 warning']);
});

test('--quiet reports errors only', () => {
  const run = runCli(['--quiet', '--format', 'json', 'project/notes.py']);
  assert.equal(run.status, 1);
  assert.deepEqual(JSON.parse(run.stdout).map((f: { code: string }) => f.code), ['MTL101', 'MTL105']);
  const warningsOnly = runCli(['--quiet', '--rule', 'MTL1*=off', 'project/notes.py']);
  assert.equal(warningsOnly.status, 0);
  assert.equal(warningsOnly.stdout, 'No problems found in 1 file.\n');
});

test('--max-warnings N: exit 1 with more warnings than N', () => {
  const args = ['--rule', 'MTL1*=off', 'project/notes.py'];
  assert.equal(runCli(args).status, 0, 'warnings alone do not fail the run');
  assert.equal(runCli(['--max-warnings', '1', ...args]).status, 0);
  const over = runCli(['--max-warnings', '0', ...args]);
  assert.equal(over.status, 1);
  assert.equal(over.stderr, 'mcp-tool-lint: 1 warning, more than --max-warnings 0\n');
});

test('--exit-zero (the npm start demo) exits 0 with errors', () => {
  const run = runCli(['--exit-zero', 'project/notes.py']);
  assert.equal(run.status, 0);
  assert.ok(run.stdout.includes('MTL101 read-only-mutation'));
});

test('--help and --version', () => {
  const help = runCli(['--help']);
  assert.equal(help.status, 0);
  assert.ok(help.stdout.startsWith('Usage: mcp-tool-lint [check] [options] [paths...]\n'));
  for (const flag of ['--format', '--profile', '--rule', '--config', '--max-warnings', '--max-file-size', '--quiet', '--fix', '--fix-dry-run']) {
    assert.ok(help.stdout.includes(`${flag} `), flag);
  }
  const version = runCli(['--version']);
  assert.equal(version.stdout, `${JSON.parse(fs.readFileSync(path.join(repoRoot(), 'package.json'), 'utf8')).version}\n`);
});

test('usage, config and I/O errors: exit 2 with one line on stderr', () => {
  const badConfig = makeTree({ '.mcp-tool-lint.json': '{"profile": "loose"}', 'tools.py': 'x = 1\n' });
  const cases: Array<[string[], string, string?]> = [
    [['--frobnicate'], 'mcp-tool-lint: unknown option --frobnicate (see mcp-tool-lint --help)'],
    [['--format', 'xml'], 'mcp-tool-lint: --format must be one of text, json, sarif, github, not "xml"'],
    [['--profile', 'lenient'], 'mcp-tool-lint: --profile must be one of recommended, strict, spec, arcade, openai-apps, not "lenient"'],
    [['--rule', 'MTL101'], 'mcp-tool-lint: --rule wants CODE=SEVERITY, such as MTL101=off or read-only-mutation=warning, not "MTL101"'],
    [['--rule', 'MTL999=off'], 'mcp-tool-lint: --rule: unknown rule "MTL999" (use a code such as MTL101, a name such as read-only-mutation, or a glob)'],
    [['--rule', 'MTL101=loud'], 'mcp-tool-lint: --rule: the severity of "MTL101" must be one of off, hint, info, warning, error, downgrade, upgrade, default, not "loud"'],
    [['--max-warnings', 'many'], 'mcp-tool-lint: --max-warnings must be a whole number, not "many"'],
    [['--format'], 'mcp-tool-lint: --format needs a value'],
    [['--fix', '--fix-dry-run'], 'mcp-tool-lint: use either --fix or --fix-dry-run, not both'],
    [['no/such/dir'], 'mcp-tool-lint: cannot read no/such/dir: no such file or directory'],
    [['--config', 'missing.json'], 'mcp-tool-lint: missing.json: cannot read the config file (ENOENT)'],
    [['explain', 'MTL999'], 'mcp-tool-lint: unknown rule "MTL999" (mcp-tool-lint rules lists them)'],
    [['explain'], 'mcp-tool-lint: explain needs a rule code or name, such as: mcp-tool-lint explain MTL101'],
    [['tools.py'], `mcp-tool-lint: ${path.join(badConfig, '.mcp-tool-lint.json')}: "profile" must be one of recommended, strict, spec, arcade, openai-apps, not "loose"`, badConfig],
  ];
  for (const [args, message, cwd] of cases) {
    const run = runCli(args, { cwd });
    assert.equal(run.status, 2, args.join(' '));
    assert.equal(run.stderr, `${message}\n`);
    assert.equal(run.stdout, '');
  }
});

test('check is the default command; `check rules` lints a folder named like a subcommand', () => {
  const root = makeTree({ 'rules/tools.py': '# mcp-tool-lint: ignore[MTL101] kept for the strict profile\nx = 1\n' });
  const run = runCli(['check', '--format', 'json', 'rules'], { cwd: root });
  assert.equal(run.status, 0);
  assert.deepEqual(JSON.parse(run.stdout).map((f: { file: string; code: string }) => `${f.file} ${f.code}`), ['rules/tools.py MTL901']);
  const defaultPath = runCli(['--format', 'json'], { cwd: root });
  assert.deepEqual(JSON.parse(defaultPath.stdout).map((f: { file: string }) => f.file), ['rules/tools.py'], 'default path is ., shown without ./');
});

test('the config key serverModules makes a wrapper module count as an MCP SDK', () => {
  const tool = "import { createServer } from '@acme/mcp-kit';\nconst server = createServer();\nserver.registerTool('wipe', { description: 'Erase the cache of every project.', annotations: { readOnlyHint: true, destructiveHint: true, openWorldHint: false } }, async () => ({ content: [] }));\n";
  const root = makeTree({ 'plain/server.ts': tool, 'kit/server.ts': tool, 'kit/.mcp-tool-lint.json': '{"serverModules": ["@acme/mcp-kit"]}' });
  const run = runCli(['--format', 'json', '.'], { cwd: root });
  assert.deepEqual(JSON.parse(run.stdout).map((f: { file: string; code: string }) => `${f.file} ${f.code}`), ['kit/server.ts MTL105']);
});

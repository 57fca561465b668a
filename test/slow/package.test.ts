// The package as people install it (`npm run test:slow`): `npm pack` of a source checkout with no
// dist/ (as a git install has: its `prepare` builds), the tarball's files, the tarball installed
// offline into an empty project and run with `npx mcp-tool-lint`; the pre-commit hook's entry run
// the way pre-commit runs it (on the staged files its `files` pattern selects, from the
// repository's root, with the installed bin on PATH); README's GitHub Actions workflow and the
// composite action.yml run step by step as a runner runs them.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { grammarForPath } from '../../server/src/core/parse/parser';
import { repoRoot } from '../helpers/fixtures';
import { runSteps, WorkflowStep } from './workflow-steps';

const ROOT = repoRoot();
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-package-')));
let tarball = '';
let consumer = '';
let checkout = '';

/** The checkout as a git install has it: the repository's files (tracked or not ignored), no dist/, no node_modules of its own. */
function sourceCheckout(): string {
  const checkout = path.join(work, 'checkout');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    const stat = fs.lstatSync(from, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    fs.mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    fs.copyFileSync(from, path.join(checkout, file));
  }
  // The dependencies `npm install` would have put there (offline: the repository's own).
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
  return checkout;
}

function npm(args: string[], cwd: string): string {
  const run = spawnSync(NPM, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  assert.equal(run.status, 0, `npm ${args.join(' ')}:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

before(() => {
  checkout = sourceCheckout();
  assert.ok(!fs.existsSync(path.join(checkout, 'dist')));
  const packed = npm(['pack', '--pack-destination', work], checkout).trim().split('\n').pop()!;
  tarball = path.join(work, packed);
  consumer = path.join(work, 'consumer');
  fs.mkdirSync(consumer);
  fs.writeFileSync(path.join(consumer, 'package.json'), '{"name": "consumer", "version": "1.0.0", "private": true}\n');
  npm(['install', '--offline', '--no-audit', '--no-fund', tarball], consumer);
}, { timeout: 240_000 });

after(() => fs.rmSync(work, { recursive: true, force: true }));

test('npm pack holds what the bin and the extension need (bundles, grammars, assets) and nothing of the tests', () => {
  const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map((entry) => entry.replace(/^package\//, '')).sort();
  assert.deepEqual(listed, [
    'CHANGELOG.md', 'LICENSE', 'README.md',
    'dist/cli-main.js', 'dist/cli-main.js.cache', 'dist/cli.js', 'dist/extension.js', 'dist/server-main.js', 'dist/server-main.js.cache', 'dist/server.js',
    'dist/tree-sitter-c_sharp.wasm', 'dist/tree-sitter-go.wasm',
    'dist/tree-sitter-javascript.wasm', 'dist/tree-sitter-python.wasm', 'dist/tree-sitter-tsx.wasm', 'dist/tree-sitter-typescript.wasm', 'dist/tree-sitter.wasm',
    'images/icon.png', 'package.json', 'schemas/mcp-tool-lint.schema.json',
    'snippets/csharp.json', 'snippets/go.json', 'snippets/javascript.json', 'snippets/python.json', 'snippets/typescript.json',
  ]);
  const installed = JSON.parse(fs.readFileSync(path.join(consumer, 'node_modules', 'mcp-tool-lint', 'package.json'), 'utf8'));
  assert.equal(installed.version, JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  assert.deepEqual(fs.readdirSync(path.join(consumer, 'node_modules')).filter((name) => !name.startsWith('.')), ['mcp-tool-lint'], 'no runtime dependencies: everything is bundled');
});

test('installed from the tarball into an empty project, npx mcp-tool-lint runs', () => {
  fs.writeFileSync(path.join(consumer, 'tools.py'), [
    'from arcade_tdk import ToolMetadata, Behavior, Operation, tool',
    '',
    '',
    '@tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.DELETE], read_only=True, destructive=True, idempotent=False, open_world=False)))',
    'def delete_note(note_id: str) -> None:',
    '    """Delete a note and its attachments for good.',
    '',
    '    Args:',
    '        note_id: The ID of the note to delete.',
    '    """',
    '',
  ].join('\n'));
  const version = spawnSync('npx', ['--no', '--', 'mcp-tool-lint', '--version'], { cwd: consumer, encoding: 'utf8' });
  assert.equal(version.stdout, `${JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}\n`);
  const run = spawnSync('npx', ['--no', '--', 'mcp-tool-lint', '--format', 'json', 'tools.py'], { cwd: consumer, encoding: 'utf8' });
  assert.equal(run.status, 1, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout).map((finding: { line: number; code: string }) => `${finding.line} ${finding.code}`), ['4 MTL101', '4 MTL105', '4 MTL106']);
});

interface Hook { id: string; entry: string; language: string; files: string; args?: string[]; require_serial?: boolean }

/** The staged files pre-commit gives a hook: those whose path matches `files` (a Python regex; a leading `(?i)` is its flag). */
function filesFor(hook: Hook, staged: readonly string[]): string[] {
  const caseless = hook.files.startsWith('(?i)');
  const pattern = new RegExp(caseless ? hook.files.slice(4) : hook.files, caseless ? 'i' : '');
  return staged.filter((file) => pattern.test(file));
}

test('.pre-commit-hooks.yaml: the hook lints exactly the files the CLI lints, and its entry runs on staged files as pre-commit runs it', () => {
  const hooks: Hook[] = parseYaml(fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'));
  assert.equal(hooks.length, 1);
  const hook = hooks[0];
  assert.deepEqual({ id: hook.id, language: hook.language, entry: hook.entry, serial: hook.require_serial }, { id: 'mcp-tool-lint', language: 'node', entry: 'mcp-tool-lint', serial: true });
  const candidates = ['a.py', 'b.pyi', 'c.ts', 'd.tsx', 'e.mts', 'f.cts', 'g.js', 'h.mjs', 'i.cjs', 'j.jsx', 'K.PY', 'l.go', 'm.cs', 'README.md', 'setup.cfg', 'x.json', 'y.pyc', 'z.d.ts.map', 'go.mod', 'n.csproj', 'o.cshtml'];
  assert.deepEqual(filesFor(hook, candidates), candidates.filter((file) => grammarForPath(file) !== undefined), 'the hook\'s files are the CLI\'s extensions');

  const repo = path.join(work, 'repo');
  fs.mkdirSync(path.join(repo, 'src'), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  git('init', '-q');
  fs.writeFileSync(path.join(repo, 'src', 'tools.py'), fs.readFileSync(path.join(consumer, 'tools.py')));
  fs.writeFileSync(path.join(repo, 'src', 'clean.ts'), 'export const answer = 42;\n');
  fs.writeFileSync(path.join(repo, 'README.md'), '# a project\n');
  git('add', '-A');
  const env = { ...process.env, PATH: `${path.join(consumer, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
  const runHook = (): { status: number | null; stdout: string } => {
    const staged = git('diff', '--cached', '--name-only').trim().split('\n');
    const [command, ...entryArgs] = hook.entry.split(' ');
    const run = spawnSync(command, [...entryArgs, ...(hook.args ?? []), ...filesFor(hook, staged)], { cwd: repo, env, encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout };
  };
  const failing = runHook();
  assert.equal(failing.status, 1);
  assert.match(failing.stdout, /^src\/tools\.py\n {2}4:\d+ +error +.*MTL101 read-only-mutation$/m);
  assert.doesNotMatch(failing.stdout, /README|clean\.ts/);
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'tools', '--no-verify');
  fs.appendFileSync(path.join(repo, 'src', 'clean.ts'), 'export const question = "?";\n');
  git('add', 'src/clean.ts');
  assert.deepEqual(runHook(), { status: 0, stdout: 'No problems found in 1 file.\n' }, 'only the staged file is linted');
});

/** The ```yaml blocks of a Markdown text. */
function yamlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

function sarifResults(file: string): string[] {
  const sarif = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(sarif.version, '2.1.0');
  return sarif.runs[0].results.map((result: { ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number } } }> }) => `${result.locations[0].physicalLocation.region.startLine} ${result.ruleId}`);
}

test('README: the GitHub Actions workflow writes and uploads the SARIF when findings fail the job, and shows them inline', () => {
  const block = yamlBlocks(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).find((text) => text.startsWith('# .github/workflows/mcp-tool-lint.yml'));
  assert.ok(block, 'README has the workflow');
  const steps: WorkflowStep[] = parseYaml(block).jobs.lint.steps;
  const outcomes = runSteps(steps, { cwd: consumer, env: process.env, skip: (step) => step.uses === 'actions/checkout@v4' });
  const upload = outcomes.find((outcome) => outcome.step.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
  assert.equal(upload.ran, true, 'the upload step runs');
  const sarifFile = path.join(consumer, String(upload.step.with?.sarif_file));
  assert.deepEqual(sarifResults(sarifFile), ['4 MTL101', '4 MTL105', '4 MTL106']);
  const last = outcomes[outcomes.length - 1];
  assert.equal(last.status, 1, 'the job fails on errors');
  assert.match(last.stdout!, /^::error file=tools\.py,line=4,/m);
  assert.ok(fs.existsSync(path.join(consumer, 'node_modules/.cache/mcp-tool-lint/lint-cache.json')), '--cache, in node_modules/.cache');
});

test('action.yml: the composite action lints with --format github and writes the SARIF even when the lint fails', () => {
  const action = parseYaml(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8'));
  assert.equal(action.runs.using, 'composite');
  const steps: WorkflowStep[] = action.runs.steps;
  // The build step runs `npm ci` and the `prepare` script: the checkout's prepare already built dist/ when it was packed.
  const build = steps[0];
  assert.match(build.run!, /npm ci --ignore-scripts[^\n]*\n\s*npm run prepare/);
  assert.ok(fs.existsSync(path.join(checkout, 'dist', 'cli.js')));
  const defaults = Object.fromEntries(Object.entries(action.inputs as Record<string, { default: string }>).map(([name, input]) => [name, String(input.default ?? '')]));
  const run = (inputs: Record<string, string>) => {
    const given = { ...defaults, ...inputs };
    const values = { 'github.action_path': checkout, 'runner.temp': work, ...Object.fromEntries(Object.entries(given).map(([name, value]) => [`inputs.${name}`, value])) };
    const evaluate = (expression: string) => {
      const match = /^inputs\.([\w-]+) != ''$/.exec(expression);
      return match ? given[match[1]] !== '' : undefined;
    };
    return runSteps(steps, { cwd: consumer, env: process.env, values, evaluate, skip: (step) => step === build });
  };
  const [, sarif, lint] = run({ 'sarif-file': 'action.sarif', args: '--profile strict' });
  assert.deepEqual([sarif.status, lint.status], [0, 1]);
  assert.deepEqual(sarifResults(path.join(consumer, 'action.sarif')), ['4 MTL101', '4 MTL105', '4 MTL106']);
  assert.match(lint.stdout!, /^::error file=tools\.py,line=4,/m);
  const withoutSarif = run({});
  assert.deepEqual(withoutSarif.map((outcome) => outcome.ran), [false, false, true], 'no SARIF step without sarif-file');
});

// `--cache` / `--cache-location`: findings reused for unchanged files, and linted again when the
// file, its settings, the files it reads, or what the project index saw (a manifest) change; a
// corrupt or foreign cache file is one note, never a crash.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { makeTree, runCli } from './run';

interface JsonFinding { file: string; line: number; code: string; severity: string; message: string }

function lint(args: string[], cwd: string): { findings: JsonFinding[]; stderr: string; status: number | null } {
  const run = runCli(['--cache', '--format', 'json', ...args], { cwd });
  return { findings: JSON.parse(run.stdout), stderr: run.stderr, status: run.status };
}

const summary = (findings: readonly JsonFinding[]) => findings.map((f) => `${f.file}:${f.line} ${f.code} ${f.severity}`);

/** A copy of the python-jira project (a server module, tools in several modules, MTL216 across two). */
function jiraCopy(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-cache-')));
  fs.cpSync(path.join(repoRoot(), 'test', 'projects', 'python-jira'), root, { recursive: true });
  return root;
}

const CACHE_FILE = path.join('.mcp-tool-lint-cache', 'lint-cache.json');

/** Rewrites the message of every cached finding of `file`: a run that prints it reused the cache. */
function doctorCachedMessages(root: string, file: string, message: string): void {
  const cache = JSON.parse(fs.readFileSync(path.join(root, CACHE_FILE), 'utf8'));
  const entry = cache.files[path.join(root, file)];
  for (const finding of entry.findings) finding.message = message;
  fs.writeFileSync(path.join(root, CACHE_FILE), JSON.stringify(cache));
}

test('--cache: a second run reuses the findings of unchanged files; an edited file is linted again', () => {
  const root = jiraCopy();
  const first = lint(['.'], root);
  assert.equal(first.status, 1);
  assert.equal(first.stderr, '');
  assert.ok(fs.existsSync(path.join(root, CACHE_FILE)), 'the default location, without node_modules');
  assert.equal(fs.readFileSync(path.join(root, '.mcp-tool-lint-cache', '.gitignore'), 'utf8'), '# Written by mcp-tool-lint --cache\n*\n');
  const uncached = JSON.parse(runCli(['--format', 'json', '.'], { cwd: root }).stdout);
  assert.deepEqual(first.findings, uncached);
  assert.deepEqual(lint(['.'], root), first, 'the same output from the cache');

  doctorCachedMessages(root, 'src/jira_mcp/tools/comments.py', 'from the cache');
  const reused = lint(['.'], root);
  assert.deepEqual([...new Set(reused.findings.filter((f) => f.file.endsWith('comments.py')).map((f) => f.message))], ['from the cache']);
  // An edit (a comment added) means the file is linted again.
  fs.appendFileSync(path.join(root, 'src/jira_mcp/tools/comments.py'), '# edited\n');
  assert.deepEqual(lint(['.'], root).findings, uncached);
});

test('--cache: a change in one module relints the modules whose findings it can change (MTL216 across files)', () => {
  const root = jiraCopy();
  const duplicates = (findings: JsonFinding[]) => findings.filter((f) => f.code === 'MTL216').map((f) => `${f.file}:${f.line}`);
  assert.deepEqual(duplicates(lint(['.'], root).findings), ['src/jira_mcp/tools/issues.py:8', 'src/jira_mcp/tools/search.py:11']);
  // search.py renames its get_issue: issues.py, unchanged, no longer has a duplicate.
  const search = path.join(root, 'src/jira_mcp/tools/search.py');
  fs.writeFileSync(search, fs.readFileSync(search, 'utf8').replace('@mcp.tool(name="get_issue",', '@mcp.tool(name="get_issue_by_url",'));
  assert.deepEqual(duplicates(lint(['.'], root).findings), []);
  // A module added with the same tool name brings it back; removed, it goes again.
  fs.writeFileSync(path.join(root, 'src/jira_mcp/tools/more.py'), 'from ..server import mcp\n\n\n@mcp.tool(name="get_issue", annotations={"readOnlyHint": True, "openWorldHint": True, "idempotentHint": True, "destructiveHint": False})\ndef other_get_issue(key: str) -> dict:\n    return {}\n');
  assert.deepEqual(duplicates(lint(['.'], root).findings), ['src/jira_mcp/tools/issues.py:8', 'src/jira_mcp/tools/more.py:4']);
  fs.rmSync(path.join(root, 'src/jira_mcp/tools/more.py'));
  assert.deepEqual(duplicates(lint(['.'], root).findings), []);
  // Linting one file alone after the whole folder: it is grouped with other files, so it is linted again, as it would be without the cache.
  assert.deepEqual(lint(['src/jira_mcp/tools/issues.py'], root).findings, JSON.parse(runCli(['--format', 'json', 'src/jira_mcp/tools/issues.py'], { cwd: root }).stdout));
});

test('--cache: a changed config, profile or rule flag relints; so does a manifest the files never name', () => {
  const tool = "export function setup(context: { registerTool: Function }) {\n  context.registerTool('wipe', { description: 'Erase the cache of every project.', annotations: { readOnlyHint: true, destructiveHint: true, openWorldHint: false } }, async () => ({ content: [] }));\n}\n";
  const root = makeTree({ 'package.json': '{"name": "app", "dependencies": {}}\n', 'src/tools.ts': tool });
  // Without an MCP SDK among the dependencies, `context.registerTool` is not a tool registration.
  assert.deepEqual(summary(lint(['.'], root).findings), []);
  fs.writeFileSync(path.join(root, 'package.json'), '{"name": "app", "dependencies": {"@modelcontextprotocol/sdk": "1.17.0"}}\n');
  assert.deepEqual(summary(lint(['.'], root).findings), ['src/tools.ts:2 MTL105 error']);
  assert.deepEqual(summary(lint(['--rule', 'MTL105=warning', '.'], root).findings), ['src/tools.ts:2 MTL105 warning']);
  fs.writeFileSync(path.join(root, '.mcp-tool-lint.json'), '{"rules": {"MTL105": "info"}}');
  assert.deepEqual(summary(lint(['.'], root).findings), ['src/tools.ts:2 MTL105 info']);
  fs.writeFileSync(path.join(root, '.mcp-tool-lint.json'), '{"profile": "spec", "rules": {"MTL105": "hint"}}');
  assert.deepEqual(summary(lint(['.'], root).findings), ['src/tools.ts:2 MTL105 hint']);
});

test('--cache-location: a folder (existing, or with a trailing slash) holds lint-cache.json; another path is the file; node_modules/.cache by default', () => {
  const root = jiraCopy();
  fs.mkdirSync(path.join(root, 'node_modules'));
  lint(['.'], root);
  assert.ok(fs.existsSync(path.join(root, 'node_modules/.cache/mcp-tool-lint/lint-cache.json')));
  assert.ok(!fs.existsSync(path.join(root, '.mcp-tool-lint-cache')));
  lint(['--cache-location', 'caches/', '.'], root);
  assert.ok(fs.existsSync(path.join(root, 'caches/lint-cache.json')));
  lint(['--cache-location', 'caches', '.'], root);
  lint(['--cache-location', 'my-cache.json', '.'], root);
  assert.ok(fs.existsSync(path.join(root, 'my-cache.json')));
  assert.deepEqual(fs.readdirSync(path.join(root, 'caches')).sort(), ['.gitignore', 'lint-cache.json']);
});

test('a corrupt or foreign cache file: one note, the files linted, never a crash; a foreign file is left as it is', () => {
  const root = jiraCopy();
  const expected = JSON.parse(runCli(['--format', 'json', '.'], { cwd: root }).stdout);
  const cacheFile = path.join(root, CACHE_FILE);
  lint(['.'], root);
  const whole = fs.readFileSync(cacheFile, 'utf8');
  fs.writeFileSync(cacheFile, whole.slice(0, whole.length / 2));
  assert.deepEqual(lint(['.'], root), { findings: expected, stderr: `mcp-tool-lint: ignored the cache file ${cacheFile}: it is corrupt (it will be written anew)\n`, status: 1 });
  assert.deepEqual(lint(['.'], root), { findings: expected, stderr: '', status: 1 }, 'written anew');
  fs.writeFileSync(cacheFile, '{"mcpToolLintCache":1,"linter":"0.0.0","files":[]}');
  assert.deepEqual(lint(['.'], root).stderr, '', 'another version\'s cache is replaced silently');
  const cache = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
  for (const entry of Object.values(cache.files) as Array<{ findings: unknown }>) entry.findings = 'nonsense';
  fs.writeFileSync(cacheFile, JSON.stringify(cache));
  assert.deepEqual(lint(['.'], root), { findings: expected, stderr: `mcp-tool-lint: ignored the cache file ${cacheFile}: it is corrupt (it will be written anew)\n`, status: 1 });

  const foreign = path.join(root, 'notes.txt');
  fs.writeFileSync(foreign, 'my notes\n');
  for (let run = 0; run < 2; run++) {
    assert.deepEqual(lint(['--cache-location', 'notes.txt', '.'], root), {
      findings: expected,
      stderr: `mcp-tool-lint: ignored ${foreign}: it is not an mcp-tool-lint cache, so it is left as it is (choose another --cache-location)\n`,
      status: 1,
    });
  }
  assert.equal(fs.readFileSync(foreign, 'utf8'), 'my notes\n');
});

test('--cache with --fix: the fixed files are linted again next time; --fix-dry-run does not use the cache', () => {
  const root = makeTree({});
  fs.cpSync(path.join(repoRoot(), 'test/fixtures/cli/fixable'), path.join(root, 'fixable'), { recursive: true });
  const before = lint(['.'], root).findings;
  const dryRun = runCli(['--cache', '--fix-dry-run', '.'], { cwd: root });
  assert.equal(dryRun.stdout, runCli(['--fix-dry-run', '.'], { cwd: root }).stdout);
  runCli(['--cache', '--fix', '.'], { cwd: root });
  const after = lint(['.'], root).findings;
  assert.notDeepEqual(after, before);
  assert.deepEqual(after, JSON.parse(runCli(['--format', 'json', '.'], { cwd: root }).stdout));
});

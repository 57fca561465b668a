// What a tool's body does (issue 27) in the CLI's outputs, on the fixture projects: the preview's
// `effects` per tool with their paths, SARIF's code flow for an effect finding, JSON `related` and
// the text format's path lines; `--fix` never applies an effect's quick-fix.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures';
import { makeTree, runCli } from './run';

const WEATHER = path.join(repoRoot(), 'test', 'projects', 'python-weather');
const NOTES = path.join(repoRoot(), 'test', 'projects', 'ts-notes');

test('preview lists each tool\'s effects with the path from its body to the effect, across files', () => {
  const run = runCli(['preview', 'src/weather_mcp/tools/alerts.py', '--tool', 'check_alerts'], { cwd: WEATHER });
  assert.equal(run.status, 0, run.stderr);
  const [tool] = JSON.parse(run.stdout).tools;
  assert.deepEqual(tool.effects, [
    {
      kind: 'write', conditional: false, what: 'writes a file', path: [
        { file: 'src/weather_mcp/tools/alerts.py', line: 13, column: 5, message: 'The tool\'s body starts here (check_alerts).' },
        { file: 'src/weather_mcp/tools/alerts.py', line: 17, column: 5, message: 'Calls save_watches.' },
        { file: 'src/weather_mcp/state.py', line: 20, column: 5, message: 'Writes a file: write_text.' },
      ],
    },
    {
      kind: 'write', conditional: false, what: 'changes a file', path: [
        { file: 'src/weather_mcp/tools/alerts.py', line: 13, column: 5, message: 'The tool\'s body starts here (check_alerts).' },
        { file: 'src/weather_mcp/tools/alerts.py', line: 17, column: 5, message: 'Calls save_watches.' },
        { file: 'src/weather_mcp/state.py', line: 19, column: 5, message: 'Changes a file: mkdir.' },
      ],
    },
  ]);
  const conditional = JSON.parse(runCli(['preview', 'src/weather_mcp/tools/alerts.py', '--tool', 'export_watches'], { cwd: WEATHER }).stdout).tools[0];
  assert.deepEqual(conditional.effects.map((effect: { kind: string; conditional: boolean }) => `${effect.kind} ${effect.conditional}`), ['write true']);
  const quiet = JSON.parse(runCli(['preview', 'src/weather_mcp/tools/alerts.py', '--tool', 'list_watches'], { cwd: WEATHER }).stdout).tools[0];
  assert.deepEqual(quiet.effects, []);
});

test('SARIF gives an effect finding a code flow through every step; JSON and text give the same steps as related places', () => {
  const sarif = JSON.parse(runCli(['src/store', 'src/tools/notes.ts', '--format', 'sarif'], { cwd: NOTES }).stdout);
  const deleteNote = sarif.runs[0].results.find((result: { ruleId: string; message: { text: string } }) => result.ruleId === 'MTL312');
  const steps = deleteNote.codeFlows[0].threadFlows[0].locations.map((step: { nestingLevel: number; location: { message: { text: string }; physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } } }) =>
    `${step.nestingLevel} ${step.location.physicalLocation.artifactLocation.uri}:${step.location.physicalLocation.region.startLine} ${step.location.message.text}`);
  assert.deepEqual(steps, [
    '0 src/tools/notes.ts:34 The tool\'s body starts here (delete_note).',
    '1 src/tools/notes.ts:35 Calls notes.remove.',
    '2 src/store/notes.ts:24 Deletes or overwrites data (DELETE): query(DELETE …).',
  ]);
  const json = JSON.parse(runCli(['src/tools/notes.ts', '--format', 'json'], { cwd: NOTES }).stdout);
  const finding = json.find((found: { code: string }) => found.code === 'MTL312');
  assert.deepEqual(finding.related.map((step: { file: string; line: number }) => `${step.file}:${step.line}`), ['src/tools/notes.ts:34', 'src/tools/notes.ts:35', 'src/store/notes.ts:24']);
  assert.equal(finding.fixable, false, 'an effect\'s quick-fix is never applied by --fix');
  const text = runCli(['src/tools/notes.ts'], { cwd: NOTES }).stdout;
  assert.ok(text.includes('src/store/notes.ts:24:11  Deletes or overwrites data (DELETE): query(DELETE …).'), text);
});

test('--fix leaves the flags an effect contradicts as they are', () => {
  const root = makeTree(Object.fromEntries(['pyproject.toml', 'src/weather_mcp/__init__.py', 'src/weather_mcp/server.py', 'src/weather_mcp/state.py', 'src/weather_mcp/storage.py', 'src/weather_mcp/db.py', 'src/weather_mcp/tools/__init__.py', 'src/weather_mcp/tools/alerts.py']
    .map((file) => [file, fs.readFileSync(path.join(WEATHER, file), 'utf8')]).concat([['.git/HEAD', 'ref: refs/heads/main\n']])));
  const before = fs.readFileSync(path.join(root, 'src/weather_mcp/tools/alerts.py'), 'utf8');
  runCli(['--fix', 'src'], { cwd: root });
  const after = fs.readFileSync(path.join(root, 'src/weather_mcp/tools/alerts.py'), 'utf8');
  // Only the safe gap-filling fixes ran (idempotentHint added); every readOnlyHint=True stays.
  assert.equal((after.match(/readOnlyHint=True/g) ?? []).length, (before.match(/readOnlyHint=True/g) ?? []).length);
  const remaining = JSON.parse(runCli(['src/weather_mcp/tools/alerts.py', '--format', 'json'], { cwd: root }).stdout);
  assert.ok(remaining.some((found: { code: string }) => found.code === 'MTL311'));
  fs.rmSync(root, { recursive: true, force: true });
});

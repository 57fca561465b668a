// Presets imported from another module (test/projects/python-jira/src/jira_mcp/annotations.py,
// test/projects/ts-monorepo/packages/common/src/annotations.ts and apps/server/src/tools/presets.ts):
// the tool that uses one sees its values, findings sit at the use site with related information in
// the preset's file, and their quick-fixes edit that file, name it, and are never applied unasked.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits, fixAll } from '../../server/src/core/fixes/apply';
import { Finding, Fix } from '../../server/src/core/model';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { repoRoot } from '../helpers/fixtures';

const PROJECTS = path.join(repoRoot(), 'test', 'projects');

/** A project index over `root` whose files may be overridden, as open documents override the disk. */
function projectOver(root: string, overrides: Map<string, string> = new Map()) {
  const index = new ProjectIndex([root], new DiskFileSystem([root], (file) => overrides.get(file)));
  return {
    analyse(file: string) {
      const text = overrides.get(file) ?? fs.readFileSync(file, 'utf8');
      return { text, result: analyzeText(text, file, { project: index.viewFor(file) })! };
    },
  };
}

function findingAt(findings: readonly Finding[], code: string, line: number): Finding {
  const found = findings.find((finding) => finding.code === code && finding.range.start.line + 1 === line);
  assert.ok(found, `${code} on line ${line} among ${findings.map((f) => `${f.code}@${f.range.start.line + 1}`).join(', ')}`);
  return found;
}

/** Applies a fix whose edits are all in `file`; fails when an edit is in another file. */
function applyIn(file: string, fix: Fix): string {
  assert.ok(fix.edits.every((edit) => edit.file === file), `every edit of "${fix.title}" is in ${path.basename(file)}`);
  return applyEdits(fs.readFileSync(file, 'utf8'), fix.edits);
}

const jira = path.join(PROJECTS, 'python-jira', 'src', 'jira_mcp');
const projects = path.join(jira, 'tools', 'projects.py');
const presets = path.join(jira, 'annotations.py');

test('Python: a preset imported by name or through its module gives the tool its annotations', async () => {
  await initAnalysis();
  const { result } = projectOver(path.join(PROJECTS, 'python-jira')).analyse(projects);
  const hints = (name: string) => {
    const declaration = result.declarations.find((candidate) => candidate.name === name);
    return Object.fromEntries(Object.entries(declaration?.annotations?.hints ?? {}).map(([hint, field]) => [hint, field.state]));
  };
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
  assert.deepEqual(hints('list_projects'), readOnly);
  assert.deepEqual(hints('get_project'), readOnly, '`annotations.READ_ONLY`, the module imported');
  assert.deepEqual(hints('rename_project'), { readOnlyHint: false, destructiveHint: false });
});

test('Python: the contradiction in an imported preset is fixed in the preset\'s module, the file named in the title', async () => {
  await initAnalysis();
  const { result } = projectOver(path.join(PROJECTS, 'python-jira')).analyse(projects);
  const finding = findingAt(result.findings, 'MTL105', 20);
  assert.deepEqual(finding.range, { start: { line: 19, character: 22 }, end: { line: 19, character: 29 } }, 'at `ARCHIVE` in the decorator');
  assert.deepEqual(finding.related.map((info) => [path.basename(info.file ?? ''), info.range.start.line + 1]), [['annotations.py', 14], ['annotations.py', 13]]);
  assert.deepEqual(finding.fixes.map((fix) => [fix.title, fix.safe]), [
    ['Set readOnlyHint to False (clients keep asking for confirmation) in the shared constant ARCHIVE of annotations.py (changes every tool that uses it)', false],
    ['Set destructiveHint to False in the shared constant ARCHIVE of annotations.py (changes every tool that uses it)', false],
  ]);
  const fixed = applyIn(presets, finding.fixes[1]);
  assert.ok(fixed.includes('ARCHIVE = ToolAnnotations(\n    readOnlyHint=True,\n    destructiveHint=False,\n'), fixed);
  const after = projectOver(path.join(PROJECTS, 'python-jira'), new Map([[presets, fixed]])).analyse(projects);
  assert.ok(!after.result.findings.some((other) => other.code === 'MTL105'), 'fixed where it is written, the tool is no longer contradictory');
});

test('Python: missing hints of an imported dict preset are added to it, in its own style', async () => {
  await initAnalysis();
  const { result } = projectOver(path.join(PROJECTS, 'python-jira')).analyse(projects);
  const finding = findingAt(result.findings, 'MTL202', 25);
  assert.deepEqual(finding.fixes.map((fix) => [fix.title, fix.safe]), [['Add "openWorldHint": True, "idempotentHint": False in annotations.py', false]]);
  const fixed = applyIn(presets, finding.fixes[0]);
  assert.ok(fixed.endsWith('WRITE = {\n    "readOnlyHint": False,\n    "destructiveHint": False,\n    "openWorldHint": True,\n    "idempotentHint": False,\n}\n'), fixed);
});

test('Python: the safe fix-all of a tool module never edits (or reads as its own) a preset of another module', async () => {
  await initAnalysis();
  const index = new ProjectIndex([path.join(PROJECTS, 'python-jira')], new DiskFileSystem([path.join(PROJECTS, 'python-jira')]));
  const text = fs.readFileSync(projects, 'utf8');
  assert.equal(fixAll(text, projects, { project: index.viewFor(projects) }), text);
});

const monorepo = path.join(PROJECTS, 'ts-monorepo');
const jobs = path.join(monorepo, 'apps', 'server', 'src', 'tools', 'jobs.ts');

test('TypeScript: presets from a workspace package (re-exported) and through tsconfig paths are read, and fixed where written', async () => {
  await initAnalysis();
  const { result } = projectOver(monorepo).analyse(jobs);
  const listJobs = result.declarations.find((declaration) => declaration.name === 'list_jobs');
  assert.equal(listJobs?.annotations?.hints.readOnlyHint?.state, true, '`readOnly` from @repo/common, `as const satisfies`');

  const contradiction = findingAt(result.findings, 'MTL105', 20);
  const appPresets = path.join(monorepo, 'apps', 'server', 'src', 'tools', 'presets.ts');
  assert.deepEqual(contradiction.fixes.map((fix) => fix.title), [
    'Set readOnlyHint to false (clients keep asking for confirmation) in the shared constant cacheWrite of presets.ts (changes every tool that uses it)',
    'Set destructiveHint to false in the shared constant cacheWrite of presets.ts (changes every tool that uses it)',
  ]);
  assert.ok(applyIn(appPresets, contradiction.fixes[0]).includes('export const cacheWrite = { readOnlyHint: false, destructiveHint: true,'));

  const missing = findingAt(result.findings, 'MTL202', 14);
  const shared = path.join(monorepo, 'packages', 'common', 'src', 'annotations.ts');
  assert.deepEqual(missing.related.map((info) => info.file), [shared]);
  assert.deepEqual(missing.fixes.map((fix) => fix.title), ['Add idempotentHint: false in annotations.ts']);
  assert.ok(applyIn(shared, missing.fixes[0]).includes('  destructiveHint: true,\n  openWorldHint: false,\n  idempotentHint: false,\n};'));
});

test('a preset module that cannot be read leaves the tool\'s annotations unknown: rules stay silent', async () => {
  await initAnalysis();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-presets-'));
  try {
    fs.writeFileSync(path.join(root, 'pyproject.toml'), '[project]\nname = "x"\ndependencies = ["mcp"]\n');
    fs.writeFileSync(path.join(root, 'presets.py'), 'READ = ToolAnnotations(readOnlyHint=True, destructiveHint=True,\n');
    const tool = path.join(root, 'tools.py');
    fs.writeFileSync(tool, 'from mcp.server.fastmcp import FastMCP\nfrom presets import READ\n\nmcp = FastMCP("x")\n\n\n@mcp.tool(annotations=READ)\ndef read() -> str:\n    """Return the note of the day."""\n    return ""\n');
    const { result } = projectOver(root).analyse(tool);
    assert.deepEqual(result.findings.map((finding) => finding.code), []);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

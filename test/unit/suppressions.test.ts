// Suppression comments: MTL901's fix (remove the unused code, or the whole comment) gives exactly
// the expected text, and the finding is gone afterwards. Which findings are suppressed is checked by
// the fixtures under test/fixtures/{python,typescript}/suppressions/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits } from '../../server/src/core/fixes/apply';
import { FIXTURES } from '../helpers/fixtures';

before(() => initAnalysis());

/** Applies the fix of the MTL901 finding at `line:column` (1-based) and returns the changed lines. */
function fixUnused(file: string, text: string, line: number, column: number): { lines: string[]; after: string } {
  const findings = analyzeText(text, file)!.findings;
  const finding = findings.find((f) => f.code === 'MTL901' && f.range.start.line === line - 1 && f.range.start.character === column - 1);
  assert.ok(finding, `an MTL901 finding at ${line}:${column}`);
  assert.equal(finding.fixes.length, 1);
  assert.equal(finding.fixes[0].safe, false, 'a quick-fix only, never on save');
  const after = applyEdits(text, finding.fixes[0].edits);
  const unusedBefore = findings.filter((f) => f.code === 'MTL901').map((f) => f.message);
  const unusedAfter = analyzeText(after, file)!.findings.filter((f) => f.code === 'MTL901').map((f) => f.message);
  assert.ok(unusedAfter.length < unusedBefore.length, 'the fixed finding is gone');
  assert.ok(unusedAfter.every((message) => unusedBefore.includes(message)), 'no new finding appears');
  const before = text.split('\n');
  return { lines: after.split('\n').filter((candidate, index) => candidate !== before[index]).slice(0, 1), after };
}

test('Python: remove one unused code, or the whole trailing comment when nothing in it is used', () => {
  const file = path.join(FIXTURES, 'python', 'suppressions', 'suppressions.py');
  const text = fs.readFileSync(file, 'utf8');
  assert.deepEqual(fixUnused(file, text, 1, 42).lines, ['# mcp-tool-lint: ignore-file[empty-list] scaffolding writes empty operation lists']);
  assert.deepEqual(fixUnused(file, text, 42, 45).lines, ['def ping() -> str:']);
  assert.deepEqual(fixUnused(file, text, 51, 62).lines, ['            read_only=True,  # mcp-tool-lint: ignore[MTL101] -- only MTL101 fires here']);
  assert.deepEqual(fixUnused(file, text, 64, 65).lines, ['def unsuppressed(item_id: str) -> str:']);
});

test('TypeScript: a trailing line comment with two unused codes goes as a whole', () => {
  const file = path.join(FIXTURES, 'typescript', 'suppressions', 'suppressions.ts');
  const text = fs.readFileSync(file, 'utf8');
  assert.deepEqual(fixUnused(file, text, 29, 89).lines, ['    annotations: { readOnlyHint: true, openWorldHint: false },']);
});

test('a suppression alone on its line is removed with its line; other text in the comment stays', () => {
  const python = [
    'from mcp.server.fastmcp import FastMCP',
    'mcp = FastMCP("x")',
    '# mcp-tool-lint: ignore[MTL105] no longer needed',
    'x = 1  # noqa: E501  # mcp-tool-lint: ignore[MTL106] old',
    '',
  ].join('\n');
  assert.equal(fixUnused('a.py', python, 3, 25).after, python.replace('# mcp-tool-lint: ignore[MTL105] no longer needed\n', ''));
  assert.equal(fixUnused('a.py', python, 4, 46).after, python.replace('x = 1  # noqa: E501  # mcp-tool-lint: ignore[MTL106] old', 'x = 1  # noqa: E501'));
  const script = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    '  /* mcp-tool-lint: ignore[MTL105] stale */',
    'export const x = 1;',
    '',
  ].join('\n');
  assert.equal(fixUnused('a.ts', script, 2, 28).after, script.replace('  /* mcp-tool-lint: ignore[MTL105] stale */\n', ''));
});

test('no reason: MTL902; a reason after a separator counts; suppression rules can be turned off', () => {
  const text = 'from mcp.server.fastmcp import FastMCP\nx = 1  # mcp-tool-lint: ignore[MTL105]\ny = 2  # mcp-tool-lint: ignore[MTL105] -- because\n';
  const codes = (options = {}) => analyzeText(text, 'a.py', options)!.findings.map((f) => `${f.range.start.line + 1} ${f.code} ${f.severity}`);
  assert.deepEqual(codes(), ['2 MTL902 hint', '2 MTL901 info', '3 MTL901 info']);
  assert.deepEqual(codes({ profile: 'strict' }), ['2 MTL902 warning', '2 MTL901 info', '3 MTL901 info']);
  assert.deepEqual(codes({ overrides: [{ rule: 'MTL9*', severity: 'off' }] }), []);
  assert.deepEqual(codes({ profile: 'arcade' }), [], 'the arcade profile runs only Arcade\'s own checks');
});

test('a dash alone is no reason, whichever dash it is', () => {
  for (const dash of ['-', '\u2013', '\u2014']) {
    const text = `from mcp.server.fastmcp import FastMCP\nx = 1  # mcp-tool-lint: ignore[MTL105] ${dash}\ny = 2  # mcp-tool-lint: ignore[MTL105] ${dash} because\n`;
    const codes = analyzeText(text, 'a.py', {})!.findings.map((f) => `${f.range.start.line + 1} ${f.code}`);
    assert.deepEqual(codes, ['2 MTL902', '2 MTL901', '3 MTL901'], JSON.stringify(dash));
  }
});

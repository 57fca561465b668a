// Fix safety cases that once failed: MTL103 on a tool that is also read_only=True (destructive=True
// alone made it read-only and destructive, an MTL105 error on a tool whose strict=False findings
// were all hints), and gap-filling fixes after an entry whose value is not typed yet (the appended
// text did not parse). Each asserts the exact fixes offered and the text after them, then runs the
// full fix-safety checks (fix-checks.ts) over the text.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits } from '../../server/src/core/fixes/apply';
import { Finding } from '../../server/src/core/model';
import { ProfileName } from '../../server/src/core/rules/rule';
import { checkFixes } from './fix-checks';

before(() => initAnalysis());

function findings(file: string, text: string, profile: ProfileName = 'recommended'): Finding[] {
  const result = analyzeText(text, file, { profile });
  assert.ok(result, `not lintable: ${file}`);
  return result.findings;
}

function only(all: Finding[], code: string): Finding {
  const matching = all.filter((f) => f.code === code);
  assert.equal(matching.length, 1, `${code}: ${matching.length} findings`);
  return matching[0];
}

const summary = (all: Finding[]) => all.map((f) => `${f.range.start.line + 1} ${f.severity} ${f.code}`).sort();

const ARCADE_HEADER = [
  'from typing import Annotated',
  'from arcade_mcp_server import MCPApp',
  'from arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata',
  '',
  'app = MCPApp(name="Files")',
  '',
];

function deleteTool(strictFalse: boolean): string {
  return [
    ...ARCADE_HEADER,
    '@app.tool(',
    '    metadata=ToolMetadata(',
    '        behavior=Behavior(operations=[Operation.DELETE], read_only=True, destructive=False, idempotent=True, open_world=True),',
    ...(strictFalse ? ['        strict=False,'] : []),
    '    ),',
    ')',
    'def delete_file(file_id: Annotated[str, "The file\'s ID."]) -> None:',
    '    """Delete a file from the workspace for good."""',
    '',
  ].join('\n');
}

for (const strictFalse of [true, false]) {
  test(`MTL103 on a DELETE tool also marked read_only=True${strictFalse ? ' (strict=False)' : ''} sets read_only=False with destructive=True, and creates no MTL105`, () => {
    const text = deleteTool(strictFalse);
    const file = 'files.py';
    const level = strictFalse ? 'hint' : 'error';
    assert.deepEqual(summary(findings(file, text)), [`9 ${level} MTL101`, `9 ${level} MTL103`]);
    const finding = only(findings(file, text), 'MTL103');
    assert.match(finding.message, /Set destructive=True and read_only=False\.$/);
    assert.deepEqual(finding.fixes.map((fix) => [fix.title, fix.isPreferred ?? false, fix.safe]), [['Set destructive=True and read_only=False', true, false]]);
    const fixed = applyEdits(text, finding.fixes[0].edits);
    assert.equal(fixed, text.replace('read_only=True, destructive=False', 'read_only=False, destructive=True'));
    // No contradiction is left; strict=False, if written, is now unneeded (MTL903).
    assert.deepEqual(summary(findings(file, fixed)), strictFalse ? ['10 hint MTL903'] : []);
    assert.deepEqual(checkFixes({ file, text, profile: 'recommended' }).problems, []);
    assert.deepEqual(checkFixes({ file, text, profile: 'strict' }).problems, []);
  });
}

test('MTL103 without read_only=True still sets destructive=True alone', () => {
  const text = deleteTool(false).replace('read_only=True', 'read_only=False');
  const finding = only(findings('files.py', text), 'MTL103');
  assert.deepEqual(finding.fixes.map((fix) => fix.title), ['Set destructive=True']);
  assert.equal(applyEdits(text, finding.fixes[0].edits), text.replace('destructive=False', 'destructive=True'));
});

test('MTL103 with read_only=True in a shared Behavior constant: the combined fix says it changes every tool that uses it', () => {
  const text = [
    ...ARCADE_HEADER,
    'CLEANUP = Behavior(operations=[Operation.DELETE], read_only=True, destructive=False, idempotent=True, open_world=True)',
    '',
    '',
    '@app.tool(metadata=ToolMetadata(behavior=CLEANUP, strict=False))',
    'def purge_cache() -> None:',
    '    """Purge the cache."""',
    '',
  ].join('\n');
  const finding = only(findings('files.py', text), 'MTL103');
  assert.deepEqual(finding.fixes.map((fix) => [fix.title, fix.safe]), [
    ['Set destructive=True and read_only=False in the shared constant CLEANUP (changes every tool that uses it)', false],
  ]);
  assert.equal(applyEdits(text, finding.fixes[0].edits), text.replace('read_only=True, destructive=False', 'read_only=False, destructive=True'));
  assert.deepEqual(checkFixes({ file: 'files.py', text, profile: 'recommended' }).problems, []);
});

// Half-typed entries: `key:` / `"key":` with the value not typed yet, the container closed on the next line.
const HALF_TYPED: Array<{ file: string; text: string; missing: string }> = [
  {
    file: 'half-typed-value.ts',
    missing: 'idempotentHint',
    text: [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'const server = new McpServer({ name: "typing", version: "1.0.0" });',
      'server.registerTool("typing_a_value", {',
      '  annotations: { readOnlyHint: true, openWorldHint: false, destructiveHint:',
      '}, async () => ({ content: [] }));',
      '',
    ].join('\n'),
  },
  {
    file: 'half_typed_value.py',
    missing: 'idempotentHint',
    text: [
      'from mcp.server.fastmcp import FastMCP',
      '',
      'mcp = FastMCP("typing")',
      '',
      '',
      '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False, "destructiveHint":',
      '})',
      'def typing_a_value() -> None:',
      '    """Typing."""',
      '',
    ].join('\n'),
  },
];

for (const { file, text, missing } of HALF_TYPED) {
  test(`${file} [strict]: MTL202 after a half-typed entry is reported but offers no fix that would not parse`, () => {
    const finding = only(findings(file, text, 'strict'), 'MTL202');
    assert.equal(finding.severity, 'error');
    assert.match(finding.message, new RegExp(`omit ${missing}, so clients will assume`));
    assert.deepEqual(finding.fixes.map((fix) => fix.title), []);
    for (const profile of ['recommended', 'strict', 'openai-apps'] as const) {
      assert.deepEqual(checkFixes({ file, text, profile }).problems, [], profile);
    }
  });
}

test('once the value is typed, MTL202 offers its fix again, right after it', () => {
  const { file, text } = HALF_TYPED[0];
  const typed = text.replace('destructiveHint:\n', 'destructiveHint: false\n');
  const finding = only(findings(file, typed, 'strict'), 'MTL202');
  assert.deepEqual(finding.fixes.map((fix) => fix.title), ['Add idempotentHint: true']);
  assert.equal(applyEdits(typed, finding.fixes[0].edits), typed.replace('destructiveHint: false\n', 'destructiveHint: false, idempotentHint: true\n'));
});

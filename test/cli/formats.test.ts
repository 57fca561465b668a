// The four output formats of `node dist/cli.js` on the fixture project, and its exit codes.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { ALL_RULES } from '../../server/src/core/rules';
import { PROFILES } from '../../server/src/core/rules/rule';
import { formatText } from '../../server/src/cli/format/text';
import { expectedLines, makeTree, runCli } from './run';

interface JsonFinding {
  file: string; line: number; column: number; endLine: number; endColumn: number;
  code: string; rule: string; severity: string; message: string; fixable: boolean;
  related?: Array<{ file: string; line: number; column: number; message: string }>;
}

function asExpectedLine(finding: JsonFinding): string {
  return `${finding.line}:${finding.column}-${finding.endLine}:${finding.endColumn} ${finding.severity} ${finding.code} ${finding.rule} ${finding.message}`;
}

test('json: a bare array, file as given, 1-based lines and UTF-16 columns, the same findings as the fixtures expect', () => {
  const run = runCli(['--format', 'json', 'project']);
  assert.equal(run.status, 1, 'errors found');
  assert.equal(run.stderr, '');
  const findings = JSON.parse(run.stdout) as JsonFinding[];
  assert.ok(Array.isArray(findings));
  const keys = ['file', 'line', 'column', 'endLine', 'endColumn', 'code', 'rule', 'severity', 'message', 'fixable'];
  for (const finding of findings) {
    // `related` only when the finding has related information: each entry a 1-based place and a message.
    assert.deepEqual(Object.keys(finding), finding.related ? [...keys, 'related'] : keys);
    for (const related of finding.related ?? []) assert.deepEqual(Object.keys(related), ['file', 'line', 'column', 'message']);
  }
  assert.ok(findings.some((finding) => finding.related?.length), 'some finding has related information');
  const of = (file: string) => findings.filter((finding) => finding.file === file).map(asExpectedLine);
  // Files without a project config get exactly the recommended profile's findings.
  assert.deepEqual(of('project/notes.py'), expectedLines('project/notes.py'));
  assert.deepEqual(of('project/calendar.ts'), expectedLines('project/calendar.ts'));
  assert.deepEqual(of('project/clean.py'), []);
  // After "🗑️ " (three UTF-16 units, two code points) the column counts UTF-16 units.
  assert.equal(findings.find((finding) => finding.file === 'project/calendar.ts')?.column, 125);
  // The config files apply: pyproject.toml turns MTL201 off and MTL203 into an error; the JSON file sets strict.
  assert.deepEqual(of('project/pyproj/tools.py').map((line) => line.split(' ').slice(0, 3).join(' ')), ['11:2-11:6 error MTL203']);
  assert.deepEqual(of('project/strict/tools.py').map((line) => line.split(' ').slice(0, 3).join(' ')), ['13:2-13:10 error MTL203']);
  assert.deepEqual(of('project/pyproj/generated_tools.py'), [], 'excluded by the pyproject.toml');
  assert.deepEqual(findings.filter((finding) => finding.fixable).map((finding) => finding.code), ['MTL201']);
});

test('json: no findings is an empty array and exit 0', () => {
  const run = runCli(['--format', 'json', 'project/clean.py']);
  assert.equal(run.status, 0);
  assert.equal(run.stdout, '[]\n');
});

test('text: grouped by file, line:col severity message code name, a code frame with carets, a summary line', () => {
  const run = runCli(['project']);
  assert.equal(run.status, 1);
  assert.equal(run.stderr, '');
  const lines = run.stdout.split('\n');
  assert.deepEqual(lines.filter((line) => /^\S/.test(line)), [
    'project/calendar.ts',
    'project/notes.py',
    'project/pyproj/tools.py',
    'project/strict/tools.py',
    '6 problems (5 errors, 1 warning) in 4 of 5 files; 1 fixable with --fix.',
  ]);
  const noteLines = lines.slice(lines.indexOf('project/notes.py'), lines.indexOf('project/pyproj/tools.py'));
  assert.match(noteLines[1], /^ {2}11:13 {2}error {4}read_only=True on a DELETE tool: .+ {2}MTL101 read-only-mutation$/);
  assert.equal(noteLines[2], '    11 |             read_only=True,');
  assert.equal(noteLines[3], '       |             ^^^^^^^^^^^^^^');
  // Related places follow the code frame, one a line, as `file:line:col` (clickable in terminals) and a message.
  assert.equal(noteLines[4], '    ↳ project/notes.py:10:25  The mutating operation DELETE is declared here.');
  assert.equal(noteLines[8], '    ↳ project/notes.py:11:13  read_only is set to True here.');
  assert.match(noteLines[9], /^ {2}25:18 {2}warning {2}Behavior leaves .+ {2}MTL201 missing-behavior-flag$/);
  assert.equal(noteLines[11], '       |                  ^^^^^^^^');
  assert.equal(noteLines[12], '', 'no related lines for a finding without related information');
  const calendar = lines.slice(lines.indexOf('project/calendar.ts'), lines.indexOf('project/notes.py'));
  // The caret sits under `destructiveHint` although an emoji comes before it on the line.
  const source = calendar[2].slice('    6 | '.length);
  const caret = calendar[3].slice('      | '.length);
  assert.equal(Array.from(source).slice(caret.indexOf('^'), caret.indexOf('^') + 21).join(''), 'destructiveHint: true');
  assert.ok(!run.stdout.includes('\u001b['), 'no colours when stdout is not a TTY');
});

test('text: exact output for suppression findings, and the clean summary', () => {
  const root = makeTree({
    'tools.py': 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n# mcp-tool-lint: ignore[read-only-mutation]\nvalue = 1\n',
  });
  const run = runCli(['tools.py'], { cwd: root });
  assert.equal(run.status, 0, 'info and hint findings do not fail the run');
  assert.equal(run.stdout, [
    'tools.py',
    '  5:3   hint  This suppression gives no reason, so reviewers cannot tell why the finding is accepted. Write one after the closing bracket.  MTL902 suppression-without-reason',
    '    5 | # mcp-tool-lint: ignore[read-only-mutation]',
    '      |   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  5:25  info  This suppression of read-only-mutation (MTL101) is unused: no MTL101 finding on the line it covers. Remove it, so that it hides no future problem.  MTL901 unused-suppression',
    '    5 | # mcp-tool-lint: ignore[read-only-mutation]',
    '      |                         ^^^^^^^^^^^^^^^^^^',
    '',
    '2 problems (1 info, 1 hint) in 1 of 1 file.',
    '',
  ].join('\n'));
  assert.equal(runCli(['project/clean.py']).stdout, 'No problems found in 1 file.\n');
});

test('text: a related place in another file is named by its path as given, relative to the working folder', () => {
  const root = makeTree({
    'server.py': 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("notes")\n',
    'tools/__init__.py': '',
    'tools/a.py': 'from server import mcp\n\n\n@mcp.tool(name="ping", annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False})\ndef ping_a() -> str:\n    """Answer pong to show the server is up."""\n    return "pong"\n',
    'tools/b.py': 'from server import mcp\n\n\n@mcp.tool(name="ping", annotations={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False})\ndef ping_b() -> str:\n    """Answer pong to show the server is up."""\n    return "pong"\n',
  });
  const run = runCli(['.'], { cwd: root });
  const lines = run.stdout.split('\n');
  assert.deepEqual(lines.filter((line) => line.includes('↳')), [
    '    ↳ tools/b.py:4:16  "ping" is registered here too.',
    '    ↳ tools/a.py:4:16  "ping" is registered here too.',
  ]);
  const absolute = runCli([root], { cwd: root }).stdout;
  assert.ok(absolute.includes(`    ↳ ${path.join(root, 'tools', 'b.py')}:4:16  "ping" is registered here too.`), absolute);
});

test('text: colours on request (a TTY without NO_COLOR)', () => {
  const text = 'x = 1  # mcp-tool-lint: ignore[MTL101] why\n';
  const finding = {
    code: 'MTL901', rule: 'unused-suppression', severity: 'info' as const, message: 'Unused.', related: [], fixes: [],
    range: { start: { line: 0, character: 31 }, end: { line: 0, character: 37 } },
  };
  const coloured = formatText([{ file: 'a.py', text, findings: [finding] }], { color: true, fileCount: 1 });
  assert.ok(coloured.includes('\u001b[36minfo\u001b[0m'), coloured);
  assert.ok(coloured.includes('\u001b[4ma.py\u001b[0m'));
  const plain = formatText([{ file: 'a.py', text, findings: [finding] }], { color: false, fileCount: 1 });
  assert.ok(!plain.includes('\u001b['));
});

test('github: one workflow command per finding, error/warning/notice, properties escaped', () => {
  const run = runCli(['--format', 'github', 'project/notes.py']);
  assert.equal(run.status, 1);
  const lines = run.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 3);
  assert.match(lines[0], /^::error file=project\/notes\.py,line=11,col=13,endLine=11,endColumn=27,title=MTL101 read-only-mutation::read_only=True on a DELETE tool: /);
  assert.match(lines[1], /^::error file=project\/notes\.py,line=12,col=13,endLine=12,endColumn=29,title=MTL105 read-only-destructive::/);
  assert.match(lines[2], /^::warning file=project\/notes\.py,line=25,col=18,endLine=25,endColumn=26,title=MTL201 missing-behavior-flag::/);
  const root = makeTree({ 'a,b:c.py': '# mcp-tool-lint: ignore[MTL101] 100% sure\nx = 1\n' });
  const escaped = runCli(['--format', 'github', 'a,b:c.py'], { cwd: root });
  assert.equal(escaped.stdout, '::notice file=a%2Cb%3Ac.py,line=1,col=25,endLine=1,endColumn=31,title=MTL901 unused-suppression::This suppression of read-only-mutation (MTL101) is unused: no MTL101 finding on the line it covers. Remove it, so that it hides no future problem.\n');
});

test('sarif: 2.1.0 with every required property, one rule descriptor per rule, fixes where a fix exists', () => {
  const run = runCli(['--format', 'sarif', 'project']);
  assert.equal(run.status, 1);
  const log = JSON.parse(run.stdout);
  assert.equal(log.version, '2.1.0');
  assert.equal(log.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
  assert.equal(log.runs.length, 1);
  const [sarifRun] = log.runs;
  assert.equal(sarifRun.columnKind, 'utf16CodeUnits');
  const driver = sarifRun.tool.driver;
  assert.equal(driver.name, 'mcp-tool-lint');
  assert.deepEqual(driver.rules.map((rule: { id: string }) => rule.id), ALL_RULES.map((rule) => rule.code));
  for (const [index, descriptor] of driver.rules.entries()) {
    const rule = ALL_RULES[index];
    assert.equal(descriptor.name, rule.name);
    assert.equal(descriptor.helpUri, `https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/${rule.name}.md`);
    assert.equal(descriptor.shortDescription.text, rule.docs.summary);
    assert.equal(typeof descriptor.fullDescription.text, 'string');
  }
  const json = JSON.parse(runCli(['--format', 'json', 'project']).stdout) as JsonFinding[];
  assert.equal(sarifRun.results.length, json.length);
  sarifRun.results.forEach((result: any, index: number) => {
    const expected = json[index];
    assert.equal(result.ruleId, expected.code);
    assert.equal(driver.rules[result.ruleIndex].id, expected.code);
    assert.equal(result.level, { error: 'error', warning: 'warning', info: 'note', hint: 'note' }[expected.severity]);
    assert.equal(result.message.text, expected.message);
    const location = result.locations[0].physicalLocation;
    assert.equal(location.artifactLocation.uri, expected.file);
    assert.deepEqual(location.region, { startLine: expected.line, startColumn: expected.column, endLine: expected.endLine, endColumn: expected.endColumn });
    for (const fix of result.fixes ?? []) {
      assert.equal(typeof fix.description.text, 'string');
      for (const change of fix.artifactChanges) {
        assert.equal(change.artifactLocation.uri, expected.file);
        for (const replacement of change.replacements) {
          assert.equal(typeof replacement.deletedRegion.startLine, 'number');
          assert.equal(typeof replacement.insertedContent.text, 'string');
        }
      }
    }
  });
  const missingFlags = sarifRun.results.find((result: any) => result.ruleId === 'MTL201');
  assert.equal(missingFlags.fixes[0].artifactChanges[0].replacements[0].insertedContent.text.includes('destructive=False'), true);
  const mutation = sarifRun.results.find((result: any) => result.ruleId === 'MTL101');
  assert.ok(mutation.relatedLocations[0].physicalLocation.region.startLine === 10, 'related location: the DELETE operation');
});

test('rules table lists every rule with its severity in each profile and its fixability', () => {
  const run = runCli(['rules']);
  assert.equal(run.status, 0);
  const lines = run.stdout.split('\n');
  assert.match(lines[0], new RegExp(`^Code +Name +${PROFILES.join(' +')} +Fix$`));
  for (const rule of ALL_RULES) {
    const row = lines.find((line) => line.startsWith(`${rule.code} `));
    assert.ok(row, `a row for ${rule.code}`);
    const fix = { safe: 'safe fix', quickfix: 'quick-fix', none: '-' }[rule.fixable];
    assert.deepEqual(row.split(/ {2,}/), [rule.code, rule.name, ...PROFILES.map((profile) => rule.severity[profile]), fix]);
  }
  // A kind of finding with a severity of its own, on an indented line under its rule.
  const unknownField = lines.findIndex((line) => line.startsWith('MTL206 '));
  assert.deepEqual(lines[unknownField + 1].split(/ {2,}/), ['', 'annotation key', 'warning', 'warning', 'warning', 'off', 'warning']);
  const missingHint = lines.findIndex((line) => line.startsWith('MTL202 '));
  assert.deepEqual(lines[missingHint + 1].split(/ {2,}/), ['', 'idempotentHint (openai-apps)', '-', '-', '-', 'off', 'info']);
});

test('explain prints the rule docs, by code or name', () => {
  const byCode = runCli(['explain', 'MTL901']);
  assert.equal(byCode.status, 0);
  const rule = ALL_RULES.find((candidate) => candidate.code === 'MTL901')!;
  assert.ok(byCode.stdout.startsWith(`MTL901 unused-suppression\n\n${rule.docs.summary}\n`));
  assert.ok(byCode.stdout.includes(`What it does\n    ${rule.docs.whatItDoes}\n`));
  assert.ok(byCode.stdout.includes('Docs: https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/unused-suppression.md'));
  assert.equal(runCli(['explain', 'unused-suppression']).stdout, byCode.stdout);
});

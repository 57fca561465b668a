// Every fix offered on the rule fixtures: the result still parses (no new ERROR/MISSING nodes), the
// finding it targets is gone, and fix-all is stable (a second run changes nothing). A few chosen
// fixes are checked against the exact text they produce.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits, fixAll, keepsSyntax, syntaxProblemCount } from '../../server/src/core/fixes/apply';
import { insertEntriesEdits, lineBreakOf, removeEntryEdit } from '../../server/src/core/fixes/edits';
import { ChunkedText, SourceText } from '../../server/src/core/source-text';
import { Container, Finding } from '../../server/src/core/model';
import { grammarForPath } from '../../server/src/core/parse/parser';
import { ProfileName } from '../../server/src/core/rules/rule';
import { FIXTURES, listFixtures } from '../helpers/fixtures';

const RULE_FIXTURES = ['python', 'typescript', 'javascript', 'go', 'csharp']
  .map((language) => path.join(FIXTURES, language, 'rules'))
  .filter((dir) => fs.existsSync(dir))
  .flatMap((dir) => listFixtures(dir));

/** Profiles whose fixes differ from recommended's (openai-apps splits MTL201/MTL202; strict requires more hints). */
const PROFILES: ProfileName[] = ['recommended', 'strict', 'openai-apps'];

before(() => initAnalysis());

function syntaxProblems(file: string, text: string): number {
  const grammar = grammarForPath(file);
  assert.ok(grammar, `no grammar for ${file}`);
  return syntaxProblemCount(grammar, text);
}

function findings(file: string, text: string, profile: ProfileName): Finding[] {
  const result = analyzeText(text, file, { profile });
  assert.ok(result, `not lintable: ${file}`);
  return result.findings;
}

/** How often the same finding (rule, severity, message) occurs: a fix must lower it for its target. */
function occurrences(all: readonly Finding[], target: Finding): number {
  return all.filter((f) => f.code === target.code && f.severity === target.severity && f.message === target.message).length;
}

test('rule fixtures exist', () => {
  assert.ok(RULE_FIXTURES.length >= 10, `found ${RULE_FIXTURES.length} rule fixtures`);
});

for (const file of RULE_FIXTURES) {
  const name = path.relative(FIXTURES, file);
  for (const profile of PROFILES) {
    test(`${name} [${profile}]: every fix parses and clears its finding`, () => {
      const text = fs.readFileSync(file, 'utf8');
      const before = findings(file, text, profile);
      const problemsBefore = syntaxProblems(file, text);
      for (const finding of before) {
        for (const fix of finding.fixes) {
          const label = `${finding.code} at ${finding.range.start.line + 1}:${finding.range.start.character + 1} "${fix.title}"`;
          assert.ok(fix.edits.length > 0, `${label}: a fix without edits`);
          const fixed = applyEdits(text, fix.edits);
          assert.notEqual(fixed, text, `${label}: changes nothing`);
          assert.ok(syntaxProblems(file, fixed) <= problemsBefore, `${label}: leaves code that no longer parses:\n${fixed}`);
          const after = findings(file, fixed, profile);
          assert.ok(occurrences(after, finding) < occurrences(before, finding), `${label}: the finding is still there:\n${fixed}`);
        }
      }
    });

    test(`${name} [${profile}]: fix-all is stable and only applies safe fixes`, () => {
      const text = fs.readFileSync(file, 'utf8');
      const once = fixAll(text, file, { profile });
      assert.ok(syntaxProblems(file, once) <= syntaxProblems(file, text), `fix-all broke the syntax:\n${once}`);
      assert.equal(fixAll(once, file, { profile }), once, 'a second fix-all changed the text');
      const remaining = findings(file, once, profile);
      for (const finding of remaining) {
        assert.ok(!finding.fixes.some((fix) => fix.safe), `${finding.code} still has a safe fix after fix-all: ${finding.message}`);
      }
    });
  }
}

// Exact text after chosen fixes.

function fixFor(file: string, code: string, line: number, title?: string, profile: ProfileName = 'recommended'): { text: string; fixed: string } {
  const full = path.join(FIXTURES, file);
  const text = fs.readFileSync(full, 'utf8');
  const finding = findings(full, text, profile).find((f) => f.code === code && f.range.start.line + 1 === line);
  assert.ok(finding, `no ${code} on line ${line} of ${file}`);
  const fix = title ? finding.fixes.find((f) => f.title === title) : finding.fixes[0];
  assert.ok(fix, `no fix "${title}" for ${code} on line ${line}; offered: ${finding.fixes.map((f) => f.title).join(' | ')}`);
  return { text, fixed: applyEdits(text, fix.edits) };
}

function lines(text: string, from: number, to: number): string {
  return text.split('\n').slice(from - 1, to).join('\n');
}

test('MTL201 fills a multi-line Behavior one flag per line, with the trailing comma, from the READ operation (not the name)', () => {
  const { fixed } = fixFor('python/rules/missing_behavior_flag.py', 'MTL201', 12);
  assert.equal(lines(fixed, 10, 21), [
    '@app.tool(',
    '    metadata=ToolMetadata(',
    '        behavior=Behavior(',
    '            operations=[Operation.READ],',
    '            read_only=True,',
    '            destructive=False,',
    '            idempotent=True,',
    '            open_world=True,',
    '        ),',
    '    ),',
    ')',
    'def delete_history_report() -> str:',
  ].join('\n'));
});

test('MTL201 fills a dict behavior with quoted keys and values inferred from read_only=True', () => {
  const { fixed } = fixFor('python/rules/missing_behavior_flag.py', 'MTL201', 34);
  assert.equal(lines(fixed, 34, 34), '@app.tool(metadata=ToolMetadata(behavior={"read_only": True, "open_world": False, "destructive": False, "idempotent": True}))');
});

test('MTL201 leaves out a flag that would contradict what the author wrote, and says why', () => {
  const full = path.join(FIXTURES, 'python/rules/missing_behavior_flag.py');
  const finding = findings(full, fs.readFileSync(full, 'utf8'), 'recommended').find((f) => f.code === 'MTL201' && f.range.start.line === 39);
  assert.ok(finding);
  assert.deepEqual(finding.fixes.map((f) => f.title), []);
  assert.match(finding.message, /leaves read_only unset/);
});

test('MTL202 adds the missing hints inline after the existing ones, with spec defaults', () => {
  const { fixed } = fixFor('python/rules/missing_annotation_hint.py', 'MTL202', 19);
  assert.equal(lines(fixed, 19, 19), '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, openWorldHint=True, destructiveHint=True, idempotentHint=False))');
});

test('MTL105 offers read-only false first (preferred) and destructive false second, neither safe', () => {
  const full = path.join(FIXTURES, 'python/rules/read_only_destructive.py');
  const finding = findings(full, fs.readFileSync(full, 'utf8'), 'recommended').find((f) => f.code === 'MTL105' && f.range.start.line === 13);
  assert.ok(finding);
  assert.deepEqual(finding.fixes.map((f) => [f.title, f.isPreferred ?? false, f.safe]), [
    ['Set readOnlyHint to False (clients keep asking for confirmation)', true, false],
    ['Set destructiveHint to False', false, false],
  ]);
  const { fixed } = fixFor('python/rules/read_only_destructive.py', 'MTL105', 14);
  assert.equal(lines(fixed, 14, 14), '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False))');
});

test('MTL203 completes a bare decorator with pessimistic annotations', () => {
  const { fixed } = fixFor('python/rules/missing_annotations_sdk.py', 'MTL203', 10);
  assert.equal(lines(fixed, 10, 10), '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=True))');
});

test('MTL203 adds a behavior to Arcade metadata that has only a classification, on its own line', () => {
  const { fixed } = fixFor('python/rules/missing_annotations_arcade.py', 'MTL203', 18);
  assert.equal(lines(fixed, 18, 23), [
    '@app.tool(',
    '    metadata=ToolMetadata(',
    '        classification=Classification(service_domains=[ServiceDomain.CALENDAR]),',
    '        behavior=Behavior(read_only=False, destructive=True, idempotent=False, open_world=True),',
    '    ),',
    ')',
  ].join('\n'));
});

test('MTL209 rewrites a metadata dict as ToolMetadata(...)', () => {
  const { fixed } = fixFor('python/rules/arcade_registration.py', 'MTL209', 8);
  assert.equal(lines(fixed, 8, 8), '@app.tool(metadata=ToolMetadata(behavior={"read_only": True, "destructive": False, "idempotent": True, "open_world": True}, strict=True))');
});

test('MTL211 removes an identical earlier key safely, and a differing one only on request', () => {
  const { fixed } = fixFor('python/rules/duplicate_entry.py', 'MTL211', 30);
  assert.equal(lines(fixed, 30, 30), '@mcp.tool(annotations={"openWorldHint": False, "readOnlyHint": True})');
  const full = path.join(FIXTURES, 'python/rules/duplicate_entry.py');
  const all = findings(full, fs.readFileSync(full, 'utf8'), 'recommended').filter((f) => f.code === 'MTL211');
  assert.deepEqual(all.map((f) => [f.range.start.line + 1, f.severity, f.fixes[0]?.safe]), [
    [15, 'warning', true], [15, 'warning', false], [17, 'warning', true], [20, 'error', false], [30, 'warning', true], [35, 'warning', false],
  ]);
});

test('MTL212 removes an empty list with its whole line', () => {
  const { fixed } = fixFor('python/rules/empty_list.py', 'MTL212', 12);
  assert.equal(lines(fixed, 11, 13), ['        behavior=Behavior(', '            read_only=True,', '            destructive=False,'].join('\n'));
});

test('MTL101 offers read_only=False (preferred) and strict=False on its own line', () => {
  const { fixed } = fixFor('python/rules/contradictions.py', 'MTL101', 14, 'Add strict=False to accept the contradiction');
  assert.equal(lines(fixed, 17, 20), ['            open_world=True,', '        ),', '        strict=False,', '    ),'].join('\n'));
});

test('fix-all fills gaps and removes identical duplicates but flips no written value', () => {
  const full = path.join(FIXTURES, 'python/rules/contradictions.py');
  const text = fs.readFileSync(full, 'utf8');
  assert.equal(fixAll(text, full), text, 'contradictions have no safe fix');
  const duplicates = path.join(FIXTURES, 'python/rules/duplicate_entry.py');
  const fixed = fixAll(fs.readFileSync(duplicates, 'utf8'), duplicates);
  assert.match(fixed, /service_domains=\["email", ServiceDomain\.EMAIL\]/);
  assert.match(fixed, /"readOnlyHint": True, "openWorldHint": False, "readOnlyHint": False/);
});

test('MTL202 in a multi-line TS object without trailing comma adds one hint per line and no trailing comma', () => {
  const { fixed } = fixFor('typescript/rules/missing-hints.ts', 'MTL202', 20);
  assert.equal(lines(fixed, 20, 25), [
    '    annotations: {',
    '      readOnlyHint: false,',
    '      openWorldHint: false,',
    '      destructiveHint: true,',
    '      idempotentHint: false',
    '    },',
  ].join('\n'));
});

test('MTL202 fills an empty TS object with spaces inside the braces', () => {
  const { fixed } = fixFor('typescript/rules/missing-hints.ts', 'MTL202', 46);
  assert.equal(lines(fixed, 46, 46), 'server.registerTool("pin_note", { description: "Pin a note", annotations: { readOnlyHint: false, openWorldHint: true, destructiveHint: true, idempotentHint: false } }, async () => ({ content: [] }));');
});

test('MTL203 adds a TS annotations object on its own line in a multi-line registerTool config', () => {
  const { fixed } = fixFor('typescript/rules/missing-hints.ts', 'MTL203', 36);
  assert.equal(lines(fixed, 38, 42), [
    '  {',
    '    description: "Rename a note",',
    '    inputSchema: { id: z.string(), title: z.string() },',
    '    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },',
    '  },',
  ].join('\n'));
});

test('MTL105 on a class property edits the class\'s own literal', () => {
  const { fixed } = fixFor('typescript/rules/contradictions.ts', 'MTL105', 53);
  assert.equal(lines(fixed, 52, 53), '    readOnlyHint: false,\n    destructiveHint: true,');
});

test('in a tool table, MTL202 fills the entry\'s own annotations and MTL105 edits its hint (storage-tools.ts)', () => {
  const missing = fixFor('typescript/forms/storage-tools.ts', 'MTL202', 42);
  assert.equal(lines(missing.fixed, 42, 42), '    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: false },');
  const contradiction = fixFor('typescript/forms/storage-tools.ts', 'MTL105', 33);
  assert.equal(lines(contradiction.fixed, 33, 33), '    annotations: { readOnlyHint: false, destructiveHint: true },');
  const other = fixFor('typescript/forms/storage-tools.ts', 'MTL105', 33, 'Set destructiveHint to false');
  assert.equal(lines(other.fixed, 33, 33), '    annotations: { readOnlyHint: true, destructiveHint: false },');
});

test('MTL207 replaces a TS string hint with the boolean it spells', () => {
  const { fixed } = fixFor('typescript/rules/invalid-values.ts', 'MTL207', 19);
  assert.match(lines(fixed, 19, 19), /annotations: \{ readOnlyHint: false, destructiveHint: 1,/);
});

// The edit builders on their own, over real text.

function container(text: string, open: string, entries: string[], syntax: Container['syntax']): Container {
  const openOffset = text.indexOf(open) + 1;
  const closeChar = open === '(' ? ')' : '}';
  const closeOffset = text.lastIndexOf(closeChar);
  return { openOffset, closeOffset, syntax, entryOffsets: entries.map((entry) => ({ start: text.indexOf(entry), end: text.indexOf(entry) + entry.length })) };
}

test('insertEntriesEdits keeps a trailing comma where the author writes one, inline', () => {
  const text = 'f(a=1, b=2,)\n';
  const edits = insertEntriesEdits(text, container(text, '(', ['a=1', 'b=2'], 'call'), ['c=3']);
  assert.ok(edits);
  assert.equal(applyEdits(text, edits), 'f(a=1, b=2, c=3,)\n');
});

test('insertEntriesEdits puts new lines before a bracket that closes on the last entry\'s line', () => {
  const text = 'f(\n    a=1,\n    b=2)\n';
  const edits = insertEntriesEdits(text, container(text, '(', ['a=1', 'b=2'], 'call'), ['c=3', 'd=4']);
  assert.ok(edits);
  assert.equal(applyEdits(text, edits), 'f(\n    a=1,\n    b=2,\n    c=3,\n    d=4)\n');
});

test('insertEntriesEdits keeps a comment after the last entry on its line', () => {
  const text = 'f(\n    a=1,  # why\n)\n';
  const edits = insertEntriesEdits(text, container(text, '(', ['a=1'], 'call'), ['b=2']);
  assert.ok(edits);
  assert.equal(applyEdits(text, edits), 'f(\n    a=1,  # why\n    b=2,\n)\n');
});

test('insertEntriesEdits offers nothing while the closing bracket is not typed', () => {
  const text = 'f(a=1, ';
  assert.equal(insertEntriesEdits(text, { openOffset: 2, syntax: 'call', entryOffsets: [{ start: 2, end: 5 }] }, ['b=2']), undefined);
});

test('removeEntryEdit removes an entry with the right comma in every position', () => {
  const cases: Array<[string, string, string]> = [
    ['f(a=1, b=2, c=3)', 'a=1', 'f(b=2, c=3)'],
    ['f(a=1, b=2, c=3)', 'b=2', 'f(a=1, c=3)'],
    ['f(a=1, b=2, c=3)', 'c=3', 'f(a=1, b=2)'],
    ['f(a=1)', 'a=1', 'f()'],
    ['f(\n    a=1,\n    b=2,\n)', 'a=1', 'f(\n    b=2,\n)'],
    ['f(\n    a=1,\n    b=2\n)', 'b=2', 'f(\n    a=1\n)'],
    ['{ x: 1, y: 2 }', 'y: 2', '{ x: 1 }'],
  ];
  for (const [text, entry, expected] of cases) {
    const start = text.indexOf(entry);
    assert.equal(applyEdits(text, [removeEntryEdit(text, start, start + entry.length)]), expected, `${JSON.stringify(text)} without ${entry}`);
  }
});

test('applyEdits applies several edits against the original text', () => {
  const text = 'abc def';
  assert.equal(applyEdits(text, [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, newText: 'X' },
    { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } }, newText: '!' },
  ]), 'X def!');
});

test('fix-all in code that is already broken adds no syntax error, and keepsSyntax tells a fix that would', () => {
  // A broken string swallows the rest of the line: the dict's extent is a guess, so inserting into it is refused.
  const file = path.join(FIXTURES, 'python/rules/empty_list.py');
  const text = [
    'from arcade_mcp_server import MCPApp',
    'from arcade_mcp_server.metadata import Behavior, ToolMetadata',
    'app = MCPApp(name="x")',
    '@app.tool(metadata=ToolMetadata(behavior={"read_only": True, "dse, "idempotent": True, "open_world": False}))',
    'def get_date() -> str:',
    '    """Get the date."""',
    '',
  ].join('\n');
  const before = syntaxProblemCount('python', text);
  const fixed = fixAll(text, file);
  assert.ok(syntaxProblemCount('python', fixed) <= before);
  const offered = findings(file, text, 'recommended').flatMap((finding) => finding.fixes);
  const breaking = offered.filter((fix) => !keepsSyntax(text, file, fix));
  assert.ok(breaking.length > 0, 'this broken input has a fix that would add errors');
  for (const fix of breaking) assert.ok(syntaxProblemCount('python', applyEdits(text, fix.edits)) > before);
  assert.ok(breaking.some((fix) => fix.safe), 'fix-all had a safe fix to refuse');
});

test('a fix adds lines with the line break of its own text, whatever text was fixed before', () => {
  const lf = 'a = 1\nb = 2\n';
  const crlf = 'a = 1\r\nb = 2\r\n';
  // The same texts as pieces, as the server keeps documents: the answer is kept per text, not per content.
  const texts: Array<[SourceText, string]> = [[crlf, '\r\n'], [lf, '\n'], [ChunkedText.of(crlf), '\r\n'], [crlf, '\r\n'], [ChunkedText.of(lf), '\n'], [lf, '\n']];
  assert.deepEqual(texts.map(([text]) => lineBreakOf(text)), texts.map(([, lineBreak]) => lineBreak));
});

/**
 * Incremental analysis of TypeScript and JavaScript (server/src/core/incremental/typescript.ts)
 * gives exactly what a fresh full analysis gives, after every edit of a long random sequence on a
 * generated file: the same declarations (deeply, positions and offsets included) and the same
 * findings in the same order. The edits include the ones that change how other statements read:
 * the file's imports, a preset other tools use, and a const tool object that `addTool` registers.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { generateScript } from '../../bench/generate';
import { Random } from '../../bench/random';
import { AnalysisResult, analyzeText, analyzeTree, initAnalysis } from '../../server/src/core/analyze';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { IncrementalScriptAnalyzer } from '../../server/src/core/incremental/typescript';
import { GrammarId } from '../../server/src/core/parse/parser';
import { ProfileName } from '../../server/src/core/rules/rule';
import { assertSameSnapshot, EditedDocument, randomEdit, RandomEditOptions, snapshot, undoEdit } from '../helpers/document-edits';
import { SCRIPT_EDITS, SCRIPT_PASTES, ScriptCase, scriptRandomEdits } from '../helpers/long-typing';
import { repoRoot, scriptFixtures } from '../helpers/fixtures';
import { runLength, runSeed, sameInEitherPart } from '../helpers/run-length';

before(() => initAnalysis());

/** Tool tables pasted into the fixtures: inline entries, a const entry by value and by shorthand, and the const. */
const TABLE_PASTES = [
  'export const TABLE = { pasted_entry: { description: "Pasted.", annotations: { readOnlyHint: true, destructiveHint: true } }, by_const: TABLE_DEF, PASTED_TOOL };\n',
  'const TABLE_DEF = { description: "A table entry.", annotations: { readOnlyHint: false } };\n',
];

// The long random sequences: the recommended profile here, strict in `npm run test:slow` (test/slow/long-typing.test.ts).
// 200 edits each, and 40 per fixture, split in two parts (two fifths, three fifths): `npm test` runs the first, test:slow the second (test/slow/second-part-incremental-typescript.test.ts).
const EDITS = runLength(200);
const EDITS_PER_FIXTURE = runLength(40);
const CASES: ScriptCase[] = [
  { grammar: 'typescript', file: 'bench.ts', profile: 'recommended', seed: 5 },
  { grammar: 'javascript', file: 'bench.js', profile: 'recommended', seed: 17 },
  { grammar: 'tsx', file: 'bench.tsx', profile: 'recommended', seed: 31 },
];

for (const scriptCase of CASES) {
  test(`incremental ${scriptCase.grammar} analysis equals a fresh full analysis after ${EDITS} random edits (${scriptCase.profile})`, () => scriptRandomEdits(scriptCase, EDITS));
}

/** A small server file: the header, a preset, a const tool object that `addTool` registers, and tools that use them. */
const SERVER_FILE = `// Tools of a small server.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { FastMCP } from "fastmcp";

const server = new McpServer({ name: "small", version: "1.0.0" });
const fast = new FastMCP({ name: "small-fast", version: "1.0.0" });
const READ_ONLY = { readOnlyHint: true, destructiveHint: true };
const TOOL = { name: "const_tool", description: "A tool.", annotations: { readOnlyHint: true } };

server.registerTool("uses_preset", { description: "Uses the preset.", annotations: READ_ONLY }, async () => {
  const answer = await fetch("/api/preset");
  return { content: [{ type: "text", text: String(answer.status) }] };
});
server.registerTool("own_hints", { description: "Writes its hints.", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
fast.addTool(TOOL);
server.tool("positional", "Deletes one thing.", { id: z.string() }, { readOnlyHint: false, destructiveHint: true }, async () => ({ content: [] }));
`;

/** Analyses `before`, then the text with the first `find` replaced by `replace`, incrementally; checks it against a full analysis. */
function editOnce(before: string, find: string, replace: string, grammar: GrammarId = 'typescript'): { analyzer: IncrementalScriptAnalyzer; result: ReturnType<IncrementalScriptAnalyzer['analyze']>; first: ReturnType<IncrementalScriptAnalyzer['analyze']> } {
  const start = before.indexOf(find);
  assert.ok(start >= 0, `the test file holds ${find}`);
  const edited = new EditedDocument(grammar, before);
  const analyzer = new IncrementalScriptAnalyzer();
  // The same settings object, as the server passes: new settings mean a full analysis.
  const options = {};
  try {
    const first = analyzer.analyze(grammar, edited.tree, before, options);
    edited.apply({ range: { start: edited.document.positionAt(start), end: edited.document.positionAt(start + find.length) }, text: replace });
    const result = analyzer.analyze(grammar, edited.tree, edited.text, options);
    assertSameSnapshot(snapshot(result), snapshot(analyzeText(edited.text, grammar === 'typescript' ? 'small.ts' : 'small.js', { effects: EFFECTS_NOT_READ })), `after replacing ${find} with ${replace}`);
    return { analyzer, result, first };
  } finally {
    edited.delete();
  }
}

test('typing in the header comment, a description, a handler body or a tool\'s hints re-reads only that statement', sameInEitherPart(), () => {
  for (const [find, replace] of [
    ['small server', 'smalll server'],
    ['Uses the preset.', 'Uses the presets.'],
    ['"/api/preset"', '"/api/preset/x"'],
    ['{ readOnlyHint: true } }, async () => ({ content: [] })', '{ readOnlyHint: false } }, async () => ({ content: [] })'],
    ['"small-fast"', '"small-fast-2"'],
  ]) {
    const { analyzer } = editOnce(SERVER_FILE, find, replace);
    assert.equal(analyzer.lastMode, 'incremental', `${find}: ${analyzer.lastReason}`);
    assert.equal(analyzer.lastRead, 1, find);
  }
});

test('editing a preset re-reads the tools that use it, and their findings follow', sameInEitherPart(), () => {
  const { analyzer, result, first } = editOnce(SERVER_FILE, 'readOnlyHint: true, destructiveHint: true }', 'readOnlyHint: true, destructiveHint: false }');
  assert.equal(analyzer.lastMode, 'incremental', analyzer.lastReason);
  assert.equal(analyzer.lastRead, 2);
  const onPreset = (findings: typeof result.findings) => findings.filter((finding) => finding.range.start.line === 9).map((finding) => finding.code);
  assert.ok(onPreset(first.findings).length > onPreset(result.findings).length, 'the contradiction of the preset is gone from the tool that uses it');
});

test('a second binding of a preset\'s name makes the tools that use it unknown', sameInEitherPart(), () => {
  const { analyzer, result } = editOnce(SERVER_FILE, 'fast.addTool(TOOL);', 'fast.addTool(TOOL);\nfunction helper(READ_ONLY: unknown) { return READ_ONLY; }');
  assert.equal(analyzer.lastMode, 'incremental', analyzer.lastReason);
  assert.equal(analyzer.lastRead, 3, 'the new function, the tool that read READ_ONLY and the statement the insertion ends at');
  assert.equal(result.declarations.find((declaration) => declaration.name === 'uses_preset')?.annotations?.value.kind, 'unknown');
});

test('an object literal addTool stops registering becomes a tool of its own, and back', sameInEitherPart(), () => {
  const renamed = editOnce(SERVER_FILE, 'fast.addTool(TOOL);', 'fast.addTool(OTHER);');
  assert.equal(renamed.analyzer.lastMode, 'incremental', renamed.analyzer.lastReason);
  assert.equal(renamed.analyzer.lastRead, 2, 'the addTool call and the object it released');
  const forms = (result: typeof renamed.result) => result.declarations.filter((declaration) => declaration.name === 'const_tool').map((declaration) => declaration.form);
  assert.deepEqual(forms(renamed.first), ['fastmcp-add-tool']);
  assert.deepEqual(forms(renamed.result), ['ts-object-literal']);
  const restored = editOnce(SERVER_FILE.replace('fast.addTool(TOOL);', 'fast.addTool(OTHER);'), 'fast.addTool(OTHER);', 'fast.addTool(TOOL);');
  assert.equal(restored.analyzer.lastRead, 2);
  assert.deepEqual(forms(restored.result), ['fastmcp-add-tool']);
});

test('an import that makes the file a client, not a server, is a full analysis; one that keeps it a server is not', sameInEitherPart(), () => {
  const client = editOnce(SERVER_FILE.replace('import { FastMCP } from "fastmcp";\n', ''), '"@modelcontextprotocol/sdk/server/mcp.js"', '"@modelcontextprotocol/sdk/client/index.js"');
  assert.equal(client.analyzer.lastMode, 'full');
  assert.match(client.analyzer.lastReason, /imports/);
  assert.ok(client.first.declarations.length > 0);
  assert.equal(client.result.declarations.length, 0);
  const stillServer = editOnce(SERVER_FILE, '"fastmcp"', '"fastmcp-x"');
  assert.equal(stillServer.analyzer.lastMode, 'incremental', stillServer.analyzer.lastReason);
});

const TABLE_FILE = `import { z } from "zod";
const DELETE_DOC = { description: "Deletes a doc.", annotations: { readOnlyHint: true, destructiveHint: true } };
export const docTools = {
  search_docs: { description: "Searches.", parameters: z.object({ q: z.string() }), annotations: { readOnlyHint: true } },
  delete_doc: DELETE_DOC,
};
export const other = { plain: { description: "No annotations." } };
`;

test('a tool table: typing in an entry re-reads its statement; editing the const an entry names re-reads the table too', sameInEitherPart(), () => {
  const typing = editOnce(TABLE_FILE, 'Searches.', 'Searches docs.');
  assert.equal(typing.analyzer.lastMode, 'incremental', typing.analyzer.lastReason);
  assert.equal(typing.analyzer.lastRead, 1);
  assert.deepEqual(typing.result.declarations.map((declaration) => declaration.name), ['search_docs', 'delete_doc']);
  const constant = editOnce(TABLE_FILE, 'readOnlyHint: true, destructiveHint: true', 'readOnlyHint: false, destructiveHint: true');
  assert.equal(constant.analyzer.lastMode, 'incremental', constant.analyzer.lastReason);
  assert.equal(constant.analyzer.lastRead, 2, 'the const and the table that names it');
  assert.deepEqual(constant.first.findings.filter((finding) => finding.code === 'MTL105').map((finding) => finding.range.start.line), [4]);
  assert.deepEqual(constant.result.findings.filter((finding) => finding.code === 'MTL105'), []);
  const annotated = editOnce(TABLE_FILE, '{ description: "No annotations." }', '{ description: "Now annotated.", annotations: { openWorldHint: false } }');
  assert.equal(annotated.analyzer.lastRead, 1);
  assert.deepEqual(annotated.result.declarations.map((declaration) => declaration.name), ['search_docs', 'delete_doc', 'plain']);
});

test('JavaScript: typing in a tool re-reads one statement', sameInEitherPart(), () => {
  const javascript = SERVER_FILE.replace('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";', 'const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");');
  const { analyzer } = editOnce(javascript, 'Writes its hints.', 'Writes its own hints.', 'javascript');
  assert.equal(analyzer.lastMode, 'incremental', analyzer.lastReason);
  assert.equal(analyzer.lastRead, 1);
});

/**
 * Broken code (lines of the generated file after 66 random edits, seed 23, cut down): a half-deleted tool
 * object, then a tool whose call a stray `c` breaks. Each reparse re-reads statements holding an ERROR
 * wherever the edit is, and tree-sitter's recovery from the same text may differ from the last one's.
 */
const BROKEN_FILE = `
const USER_11_PRESET = { readOnlyHint: true, idempotentHint: false, openWorldHint: false };
  {
    name: "purge_ticket_2
5",
   description: "Works on one ticket.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
lowLevel.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS_GET_DEVICE_20 }));
server.registerTool(
  "get_event_26",
  {
    description: "Works on one event.",
    inputSchema: { eventId: z.string().describe("The event's id") },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }c,
  async ({ eventId }) => {
    return { content: [{ type: "text", text: String(step1.status) }] };
  },`;

/**
 * BROKEN_FILE with its `server.registerTool(` line deleted, then a tool pasted at the top, analysed after each edit from
 * `syntaxOf` the edited document (its one tree, or that tree with the reparse's changed ranges): each time incrementally,
 * and as a full analysis of the same tree gives. The last result, and the text.
 */
function typeIntoBrokenFile(syntaxOf: (edited: EditedDocument) => Parameters<IncrementalScriptAnalyzer['analyze']>[1]): { result: AnalysisResult; text: string } {
  const edited = new EditedDocument('javascript', BROKEN_FILE);
  const analyzer = new IncrementalScriptAnalyzer();
  const options = { profile: 'strict' as ProfileName };
  const line = (at: number) => ({ line: at, character: 0 });
  try {
    analyzer.analyze('javascript', edited.tree, edited.text, options);
    const edits = [
      { range: { start: line(8), end: line(9) }, text: '' },
      { range: { start: line(1), end: line(1) }, text: SCRIPT_PASTES[0] },
    ];
    let result: AnalysisResult | undefined;
    for (const [step, edit] of edits.entries()) {
      edited.apply(edit);
      result = analyzer.analyze('javascript', syntaxOf(edited), edited.text, options);
      assert.equal(analyzer.lastMode, 'incremental', analyzer.lastReason);
      assertSameSnapshot(snapshot(result), snapshot(analyzeTree('javascript', edited.tree, edited.text, options)), `after edit ${step}`);
    }
    return { result: result!, text: edited.text };
  } finally {
    edited.delete();
  }
}

test('a broken statement away from the edit is read again: the reparse may recover from its errors differently', sameInEitherPart(), () => {
  // The paste does not touch the broken statement, which keeps its extent, but its ERROR nodes come out of this reparse
  // otherwise: the second reparse reads the broken code as a fresh parse does (the first does not).
  const { result, text } = typeIntoBrokenFile((edited) => edited.tree);
  assertSameSnapshot(snapshot(result), snapshot(analyzeText(text, 'broken.js', { profile: 'strict', effects: EFFECTS_NOT_READ })), 'after the paste, against a fresh parse');
});

test('given the reparse\'s changed ranges, the broken statement tree-sitter reshaped away from the edit is read again, and only where it did', sameInEitherPart(), () => {
  // As above: the paste reshapes the broken call below it, which its changed ranges say.
  typeIntoBrokenFile((edited) => edited.syntax);
});

test('typing into a TypeScript file whose broken statements pile up, one tree: with the changed ranges fewer statements are read, and every result is a full analysis\'s', sameInEitherPart(), () => {
  const random = new Random(29);
  const options = { profile: 'strict' as ProfileName };
  const edited = new EditedDocument('typescript', generateScript(250, 29, true), 'file:///bench.ts');
  const withRanges = new IncrementalScriptAnalyzer();
  const without = new IncrementalScriptAnalyzer();
  let read = { withRanges: 0, without: 0 };
  let previousText = edited.text;
  try {
    withRanges.analyze('typescript', edited.tree, edited.text, options);
    without.analyze('typescript', edited.tree, edited.text, options);
    for (let step = 0; step < 150; step++) {
      // A fifth of the typos stay: the file keeps more and more broken statements, in one tree.
      const edit = step % 2 === 1 && random.chance(0.8) ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, SCRIPT_EDITS);
      previousText = edited.text;
      edited.apply(edit);
      const expected = snapshot(analyzeTree('typescript', edited.tree, edited.text, options));
      assertSameSnapshot(snapshot(withRanges.analyze('typescript', edited.syntax, edited.text, options)), expected, `with the changed ranges, after edit ${step} (${JSON.stringify(edit)})`);
      assertSameSnapshot(snapshot(without.analyze('typescript', edited.tree, edited.text, options)), expected, `without them, after edit ${step}`);
      read = { withRanges: read.withRanges + withRanges.lastRead, without: read.without + without.lastRead };
    }
    assert.ok(edited.tree.rootNode.hasError, 'the file ends broken');
    assert.ok(read.withRanges < 0.8 * read.without, `statements read with the changed ranges ${read.withRanges}, without ${read.without}`);
  } finally {
    edited.delete();
  }
});

const FIXTURE_EDITS: RandomEditOptions = { ...SCRIPT_EDITS, pastes: [...SCRIPT_PASTES, ...TABLE_PASTES] };

test(`incremental analysis equals a fresh full analysis after ${EDITS_PER_FIXTURE} random edits of every TypeScript and JavaScript fixture`, () => {
  const options = { profile: 'strict' as ProfileName };
  const files = scriptFixtures();
  assert.ok(files.length >= 10, `only ${files.length} TypeScript/JavaScript fixtures found`);
  files.forEach(({ file, grammar }, index) => {
    const random = new Random(runSeed(300 + index));
    const edited = new EditedDocument(grammar, fs.readFileSync(file, 'utf8'), pathToFileURL(file).href);
    const incremental = new IncrementalScriptAnalyzer();
    let previousText = edited.text;
    try {
      incremental.analyze(grammar, edited.tree, edited.text, options);
      for (let step = 0; step < EDITS_PER_FIXTURE; step++) {
        const edit = step % 2 === 1 && random.chance(0.5) ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, FIXTURE_EDITS);
        previousText = edited.text;
        edited.apply(edit);
        const result = incremental.analyze(grammar, edited.tree, edited.text, options);
        // Compared with a full analysis of the same tree: tree-sitter's incremental parse of broken code (an open
        // template literal) may recover differently from a fresh parse of the same text.
        assertSameSnapshot(snapshot(result), snapshot(analyzeTree(grammar, edited.tree, edited.text, options)), `${path.relative(repoRoot(), file)}, after edit ${step} (${JSON.stringify(edit)})`);
      }
    } finally {
      edited.delete();
    }
  });
});

/**
 * Broken regions (server/src/core/parse/windows.ts) for TypeScript, JavaScript and TSX: a statement
 * an edit leaves broken is parsed on its own and the rest without it, and the incremental analysis
 * (server/src/core/incremental/typescript.ts) reads the region's statements from the region's tree.
 * Random typing (each typo undone) is checked state by state as test/helpers/broken-regions.ts says.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Node } from 'web-tree-sitter';
import { generateScript } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { TopLevelNodes } from '../../server/src/core/frontends/typescript/document-syntax';
import { IncrementalScriptAnalyzer } from '../../server/src/core/incremental/typescript';
import { GrammarId, parse } from '../../server/src/core/parse/parser';
import { DocumentSyntax, IncrementalParse } from '../../server/src/core/parse/windows';
import { treeEditFor } from '../../server/src/lsp/edits';
import { checkTyping, RegionOutcome } from '../helpers/broken-regions';
import { RandomEditOptions, snapshot } from '../helpers/document-edits';
import { repoRoot, scriptFixtures } from '../helpers/fixtures';
import { runLength, runSeed, sameInEitherPart, scaledMinimum } from '../helpers/run-length';

before(() => initAnalysis());

const EDITS: RandomEditOptions = {
  pastes: [
    'server.registerTool("pasted_tool", { description: "Pasted.", annotations: { readOnlyHint: true } }, handler);\n',
    'const PASTED_TOOL = { name: "pasted_object", description: "Pasted.", annotations: { readOnlyHint: true, destructiveHint: true } };\n',
    'fast.addTool(PASTED_TOOL);\n',
  ],
  characters: 'abcxyz_ ()[]{},"\'`=:;.',
};

const FILES: Record<Exclude<GrammarId, 'python' | 'go' | 'csharp'>, string> = { typescript: 'edited.ts', tsx: 'edited.tsx', javascript: 'edited.js' };

function check(name: string, grammar: Exclude<GrammarId, 'python' | 'go' | 'csharp'>, text: string, random: Random, steps: number, outcome: RegionOutcome): void {
  const options = { profile: 'strict' as const };
  checkTyping({ name, grammar, file: FILES[grammar], text, random, steps, undo: 1, edits: EDITS, options, analyzer: () => new IncrementalScriptAnalyzer() }, outcome);
}

test('with no budget for reparses, a TypeScript file is parsed afresh instead: every state still checks out', sameInEitherPart(), () => {
  const outcome: RegionOutcome = { regions: 0, regionAnalyses: 0, afresh: 0 };
  checkTyping({
    name: 'generated typescript, no budget', grammar: 'typescript', file: FILES.typescript, text: generateScript(150, 9, true), random: new Random(9),
    steps: 100, undo: 1, edits: EDITS, options: { profile: 'strict' }, analyzer: () => new IncrementalScriptAnalyzer(), checksFor: () => 0,
  }, outcome);
  // Half the edits undo the one before: those take back the tree from before it, the others are parsed afresh.
  assert.ok(outcome.afresh! >= 30 - outcome.undone!, `only ${outcome.afresh} documents parsed afresh, ${outcome.undone} undone`);
  assert.ok(outcome.undone! >= 10, `only ${outcome.undone} undone`);
});

// 200 edits of each generated file, and 40 of each fixture, split in two parts (two fifths, three fifths): `npm test` runs the first, `npm run test:slow`
// the second (test/slow/second-part-broken-regions-typescript.test.ts).
const GENERATED_EDITS = runLength(200);
const EDITS_PER_FIXTURE = runLength(40);
const atLeast = (atFull: number) => scaledMinimum(atFull, GENERATED_EDITS, 200);

for (const [grammar, seed] of [['typescript', 5], ['tsx', 31], ['javascript', 17]] as const) {
  test(`a generated ${grammar} file typed into ${GENERATED_EDITS} times (each typo undone): every state checks out, and broken and clean regions are used`, () => {
    const outcome: RegionOutcome = { regions: 0, regionAnalyses: 0, cleanRegions: 0, settled: 0 };
    check(`generated ${grammar}`, grammar, generateScript(250, seed, grammar !== 'javascript'), new Random(runSeed(seed)), GENERATED_EDITS, outcome);
    assert.ok(outcome.regions >= atLeast(20) && outcome.regionAnalyses >= atLeast(15), `only ${outcome.regions} broken regions, ${outcome.regionAnalyses} analysed incrementally`);
    // 100 edits make 36 to 59 clean regions over the twelve seeds and grammars tried (2026-11-28).
    assert.ok(outcome.cleanRegions! >= atLeast(60) && outcome.settled! >= atLeast(20), `only ${outcome.cleanRegions} clean regions, ${outcome.settled} settled`);
    assert.ok(outcome.undone! >= atLeast(20), `only ${outcome.undone} typos deleted again took back the tree from before them`);
  });
}

test(`a generated JavaScript file without semicolons typed into ${GENERATED_EDITS} times (each typo undone): every state checks out`, () => {
  const outcome = { regions: 0, regionAnalyses: 0 };
  // Statements end at line breaks only (automatic semicolons), and one starting with `[` follows each function and class: with the
  // declaration before it broken, it would continue the statement before that (`handler)` then `[handler]` is one expression).
  const lines = generateScript(250, 41, false).split('\n').map((line) => (line.endsWith(';') ? line.slice(0, -1) : line));
  const text = lines.flatMap((line) => (line === '}' ? [line, '[handler].forEach(String)'] : [line])).join('\n');
  check('generated javascript without semicolons', 'javascript', text, new Random(runSeed(41)), GENERATED_EDITS, outcome);
  assert.ok(outcome.regions >= atLeast(20) && outcome.regionAnalyses >= atLeast(15), `only ${outcome.regions} broken regions, ${outcome.regionAnalyses} analysed incrementally`);
});

test(`every TypeScript / JavaScript fixture typed into ${EDITS_PER_FIXTURE} times (each typo undone): every state checks out`, () => {
  const outcome = { regions: 0, regionAnalyses: 0 };
  const files = scriptFixtures();
  assert.ok(files.length >= 10, `only ${files.length} TypeScript/JavaScript fixtures found`);
  files.forEach(({ file, grammar }, index) => check(path.relative(repoRoot(), file), grammar as Exclude<GrammarId, 'python' | 'go' | 'csharp'>, fs.readFileSync(file, 'utf8'), new Random(runSeed(300 + index)), EDITS_PER_FIXTURE, outcome));
  const atLeastPerFixture = (atFull: number) => scaledMinimum(atFull, EDITS_PER_FIXTURE, 40);
  assert.ok(outcome.regions >= atLeastPerFixture(100) && outcome.regionAnalyses >= atLeastPerFixture(100), `only ${outcome.regions} broken regions, ${outcome.regionAnalyses} analysed incrementally`);
});

/** A document typed into as the server does: its parse with broken regions, and its analysis. */
class Typed {
  document: TextDocument;
  readonly parsed: IncrementalParse;
  readonly analyzer = new IncrementalScriptAnalyzer();
  readonly options = {};
  syntax: DocumentSyntax;

  /** `checksFor`: the reparse budget (IncrementalParse's), 0 to parse every edit afresh. */
  constructor(text: string, checksFor?: () => number) {
    this.document = TextDocument.create('file:///small.ts', 'typescript', 1, text);
    this.parsed = new IncrementalParse('typescript', checksFor);
    this.syntax = this.parsed.current(text);
    this.analyzer.analyze('typescript', this.syntax, text, this.options);
  }

  get text(): string {
    return this.document.getText();
  }

  /** Types `typed` in place of `deleted` code units at `offset`; returns the analysis of the new text. */
  type(offset: number, typed: string, deleted = 0): ReturnType<IncrementalScriptAnalyzer['analyze']> {
    const edit = { range: { start: this.document.positionAt(offset), end: this.document.positionAt(offset + deleted) }, text: typed };
    this.parsed.edit(treeEditFor(this.document, edit.range, edit.text));
    this.document = TextDocument.update(this.document, [edit], this.document.version + 1);
    this.syntax = this.parsed.current(this.text);
    return this.analyzer.analyze('typescript', this.syntax, this.text, this.options);
  }
}

const SERVER_FILE = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "small", version: "1.0.0" });
const READ_ONLY = { readOnlyHint: true, destructiveHint: true };

server.registerTool("before", { description: "The tool written before the typed one.", annotations: READ_ONLY }, handler);
server.registerTool("typed", { description: "Typed.", annotations: READ_ONLY }, handler); // mcp-tool-lint: ignore[MTL105] checked by hand
server.registerTool("after", { description: "The tool written after the typed one.", annotations: { readOnlyHint: true } }, handler);
`;

test('a tool typed into in a broken region is read from the region\'s tree, with a preset from the rest and its own suppression comment', sameInEitherPart(), () => {
  const typed = new Typed(SERVER_FILE);
  try {
    const line = SERVER_FILE.indexOf('server.registerTool("typed"');
    const result = typed.type(SERVER_FILE.indexOf('"Typed."'), '"');
    const broken = typed.syntax.regions?.[0];
    assert.equal(typed.parsed.lastParse, 'broken-region');
    assert.deepEqual([broken?.start, broken?.end], [line, SERVER_FILE.indexOf('server.registerTool("after"') + 1], 'the region is the typed line, with its comment');
    assert.equal(typed.analyzer.lastMode, 'incremental', typed.analyzer.lastReason);
    assert.deepEqual(result.declarations.map((declaration) => declaration.name), ['before', 'typed', 'after']);
    // The preset READ_ONLY, read from the rest's tree, is contradictory: reported on the tool before, suppressed on the typed one.
    const codes = (line: number) => result.findings.filter((finding) => finding.range.start.line === line).map((finding) => finding.code);
    assert.deepEqual(codes(5), ['MTL202', 'MTL105']);
    assert.deepEqual(codes(6), ['MTL202']);
    // What a fresh analysis of the text gives, incrementally and in full from the same two trees.
    const expected = snapshot(analyzeText(typed.text, 'small.ts', { effects: EFFECTS_NOT_READ }));
    assert.equal(snapshot(result), expected);
    assert.equal(snapshot(new IncrementalScriptAnalyzer().analyze('typescript', typed.syntax, typed.text, {})), expected);
    const restored = typed.type(SERVER_FILE.indexOf('"Typed."'), '', 1);
    assert.equal(typed.parsed.lastParse, 'undo', 'the quote deleted again: the tree from before it, taken back');
    assert.equal(typed.syntax.regions?.[0], undefined);
    assert.equal(typed.syntax.tree.rootNode.toString(), parse('typescript', SERVER_FILE).rootNode.toString());
    assert.equal(typed.analyzer.lastMode, 'incremental', typed.analyzer.lastReason);
    assert.equal(snapshot(restored), snapshot(analyzeText(SERVER_FILE, 'small.ts', { effects: EFFECTS_NOT_READ })));
  } finally {
    typed.parsed.delete();
  }
});

test('a letter typed at a statement\'s start or after its end makes a clean region (not two whole reparses through the rest), read as a fresh analysis reads the text', sameInEitherPart(), () => {
  const start = SERVER_FILE.indexOf('server.registerTool("typed"');
  const end = SERVER_FILE.indexOf('\n', start);
  for (const [offset, where] of [[start, 'at the start'], [SERVER_FILE.indexOf('handler);', start) + 'handler);'.length, 'after the end']] as const) {
    const typed = new Typed(SERVER_FILE);
    try {
      const result = typed.type(offset, 'x');
      assert.equal(typed.parsed.lastParse, 'clean-region', where);
      assert.ok(typed.syntax.regions?.[0] && typed.syntax.regions?.[0].start <= start && typed.syntax.regions?.[0].end >= end, `${where}: the region holds the typed line`);
      assert.equal(snapshot(result), snapshot(analyzeText(typed.text, 'small.ts', { effects: EFFECTS_NOT_READ })), where);
      const restored = typed.type(offset, '', 1);
      assert.equal(typed.parsed.lastParse, 'undo', `${where}, deleted again: the tree from before the letter`);
      assert.equal(snapshot(restored), snapshot(analyzeText(SERVER_FILE, 'small.ts', { effects: EFFECTS_NOT_READ })), `${where}, deleted again`);
    } finally {
      typed.parsed.delete();
    }
  }
});

test('no broken region when the statements around it would join without it (no semicolon before, a parenthesis after)', sameInEitherPart(), () => {
  const joining = SERVER_FILE.replace('handler);\nserver.registerTool("typed"', 'handler)\nserver.registerTool("typed"').replace('server.registerTool("after"', '(async () => server.connect())();\nserver.registerTool("after"');
  for (const [text, joins] of [[joining, true], [joining.replace('handler)\n', 'handler);\n'), false]] as const) {
    const typed = new Typed(text);
    try {
      const result = typed.type(text.indexOf('"Typed."'), '"');
      // Without the typed line, `{ ... }\n(async () => ...)()` would read as one call spanning the region.
      assert.equal(typed.syntax.regions?.[0] === undefined, joins, joins ? 'one tree' : 'a broken region');
      assert.equal(typed.parsed.lastParse, joins ? 'incremental' : 'broken-region');
      assert.equal(snapshot(result), snapshot(analyzeText(typed.text, 'small.ts', { effects: EFFECTS_NOT_READ })));
    } finally {
      typed.parsed.delete();
    }
  }
});

test('a file parsed afresh with a broken statement that cannot be split off (the statements around it would join) stays one tree, read as a fresh analysis reads it', sameInEitherPart(), () => {
  const joining = SERVER_FILE.replace('handler);\nserver.registerTool("typed"', 'handler)\nserver.registerTool("typed"').replace('server.registerTool("after"', '(async () => server.connect())();\nserver.registerTool("after"');
  // No reparse budget: each edit is parsed afresh, and the broken tree is deleted before its rest is tried alone.
  const typed = new Typed(joining, () => 0);
  try {
    const offset = joining.indexOf('"Typed."');
    const result = typed.type(offset, '"');
    assert.equal(typed.parsed.lastParse, 'afresh');
    assert.equal(typed.syntax.regions, undefined, 'one tree');
    assert.ok(typed.syntax.tree.rootNode.hasError);
    assert.equal(typed.syntax.tree.rootNode.toString(), parse('typescript', typed.text).rootNode.toString());
    assert.equal(snapshot(result), snapshot(analyzeText(typed.text, 'small.ts', { effects: EFFECTS_NOT_READ })));
    const restored = typed.type(offset, '', 1);
    assert.equal(snapshot(restored), snapshot(analyzeText(joining, 'small.ts', { effects: EFFECTS_NOT_READ })), 'the quote deleted again');
  } finally {
    typed.parsed.delete();
  }
});

test('a broken region that does not parse as a program (an ERROR root) is one statement: its tool is read, incrementally as afresh', sameInEitherPart(), () => {
  const text = `${SERVER_FILE.slice(0, SERVER_FILE.indexOf('server.registerTool("typed"'))}server.registerTool(
  "typed",
  { description: "Typed.", annotations: READ_ONLY },
  async ({ id }) => {
    const answer = await fetch(\`/api/\${id}\`);
    return { content: [{ type: "text", text: String(answer.status) }] };
  },
);
${SERVER_FILE.slice(SERVER_FILE.indexOf('server.registerTool("after"'))}`;
  const typed = new Typed(text);
  try {
    for (const [at, typing] of [[text.indexOf('=> {') + 2, '{'], [text.indexOf('Typed.'), 'x']] as const) {
      const result = typed.type(at, typing);
      assert.equal(typed.syntax.regions?.[0]?.tree.rootNode.type, 'ERROR', `after typing ${typing}: the region alone is no program`);
      assert.equal(typed.analyzer.lastMode, 'incremental', typed.analyzer.lastReason);
      assert.deepEqual(result.declarations.map((declaration) => declaration.name), ['before', 'typed', 'after']);
      assert.equal(snapshot(result), snapshot(new IncrementalScriptAnalyzer().analyze('typescript', typed.syntax, typed.text, {})));
    }
  } finally {
    typed.parsed.delete();
  }
});

test('the top-level statements, made into nodes one by one, are those of both trees in source order, with a broken region or without', sameInEitherPart(), () => {
  const typed = new Typed(SERVER_FILE);
  try {
    const describe = (nodes: readonly Node[]) => nodes.map((node) => `${node.type}@${node.startIndex}-${node.endIndex}`);
    const whole = describe(new TopLevelNodes(typed.syntax).all());
    assert.equal(whole.length, 7, 'the import, two constants, three calls and the comment');
    typed.type(SERVER_FILE.indexOf('"Typed."'), '"');
    assert.ok(typed.syntax.regions?.[0], 'a broken region');
    const nodes = new TopLevelNodes(typed.syntax);
    const all = describe(nodes.all());
    const line = SERVER_FILE.indexOf('server.registerTool("typed"');
    // The region's statements (read from its own tree) sit between the rest's, whose positions moved past the typed quote.
    assert.deepEqual(all.slice(0, 4), whole.slice(0, 4));
    assert.ok(all.slice(4, -1).every((described) => Number(described.split('@')[1].split('-')[0]) >= line), all.join(' '));
    assert.equal(all[all.length - 1], whole[whole.length - 1].replace(/\d+-\d+$/, (range) => range.split('-').map((offset) => Number(offset) + 1).join('-')));
    assert.equal(nodes.length, all.length);
    assert.deepEqual(describe(Array.from({ length: nodes.length }, (_, index) => nodes.at(index))), all, 'one by one');
    assert.deepEqual(describe(nodes.slice(3, nodes.length - 1)), all.slice(3, -1), 'a slice');
  } finally {
    typed.parsed.delete();
  }
});

/**
 * Typing in broken code (issue 22): one to five unclosed brackets, each in its own tool declaration,
 * stay open while the author types away from them and inside them (letters, never a closing
 * bracket), in Python, TypeScript, JavaScript and TSX. The breaks are typed into a clean file, or
 * the file is opened broken (its first edit then splits it into broken regions: region-split.ts).
 * After every edit the state checks out as test/helpers/broken-regions.ts says: each region's tree
 * is a fresh parse of the region alone, the rest's statements are those of a fresh parse with the
 * broken regions blanked, and the incremental analysis is what a fresh full analysis of the same
 * trees gives (with no broken region, a fresh full analysis of the text). And an edit away from the
 * broken regions reads only its own statement: the broken regions and every other statement's
 * reading are reused; an edit inside one reads only that region's statements. (Edits away from them
 * may break more statements, as an author's typos do: those get their own regions.)
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Node } from 'web-tree-sitter';
import { breakDeclarations } from '../../bench/broken-edits';
import { generatePython, generateScript } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { IncrementalScriptAnalyzer } from '../../server/src/core/incremental/typescript';
import { GrammarId } from '../../server/src/core/parse/parser';
import { DocumentSyntax, IncrementalParse, lookupIn, regionsOf } from '../../server/src/core/parse/windows';
import { extractPython } from '../../server/src/core/frontends/python';
import { extractWithRepairs } from '../../server/src/core/frontends/python/recovery';
import { treeEditFor } from '../../server/src/lsp/edits';
import { LiveDocument } from '../../server/src/lsp/live-document';
import { checkTyping, RegionOutcome, SyntaxAnalyzer } from '../helpers/broken-regions';
import { DocumentEdit, randomEdit, RandomEditOptions, snapshot, undoEdit } from '../helpers/document-edits';
import { runLength, runSeed, sameInEitherPart, scaledMinimum } from '../helpers/run-length';

before(() => initAnalysis());

const PYTHON_EDITS: RandomEditOptions = {
  pastes: ['@mcp.tool(annotations={"readOnlyHint": True})\ndef pasted_tool() -> None:\n    """Pasted."""\n\n\n'],
  characters: 'abcxyz_ ()[],"=:#.',
};
const SCRIPT_EDITS: RandomEditOptions = {
  pastes: ['server.registerTool("pasted_tool", { description: "Pasted.", annotations: { readOnlyHint: true } }, handler);\n'],
  characters: 'abcxyz_ ()[]{},"\'`=:;.',
};
const LETTERS = 'abcdefghijklmnopqrstuvwxyz_';

interface Case {
  grammar: GrammarId;
  file: string;
  text: string;
  edits: RandomEditOptions;
  analyzer: () => SyntaxAnalyzer;
}

const CASES: Case[] = [
  { grammar: 'python', file: 'broken.py', text: generatePython(300, 21), edits: PYTHON_EDITS, analyzer: () => new IncrementalAnalyzer() },
  { grammar: 'typescript', file: 'broken.ts', text: generateScript(300, 22, true), edits: SCRIPT_EDITS, analyzer: () => new IncrementalScriptAnalyzer() },
  { grammar: 'javascript', file: 'broken.js', text: generateScript(300, 23, false), edits: SCRIPT_EDITS, analyzer: () => new IncrementalScriptAnalyzer() },
  { grammar: 'tsx', file: 'broken.tsx', text: generateScript(300, 24, true), edits: SCRIPT_EDITS, analyzer: () => new IncrementalScriptAnalyzer() },
];

/** What the typing did, per kind of edit. */
interface Tally {
  edits: number;
  /** Analysed without a full analysis. */
  reused: number;
  /**
   * Of those, how many read only the statements of the edit: away from the breaks at most two (the
   * edited one, and one an edit at its end reaches), inside one those of its broken region.
   */
  local: number;
}

// 120 edits per run, split in parts of 48 and 72: `npm test` runs the first, `npm run test:slow` the second (test/slow/second-part-broken-typing.test.ts).
const FULL_STEPS = 120;
// Longer runs: BROKEN_TYPING_SEEDS=N adds N seeds per case, each with 1 to 5 breaks typed in and opened so, of
// BROKEN_TYPING_STEPS edits (e.g. BROKEN_TYPING_SEEDS=6 BROKEN_TYPING_STEPS=250 node dist/test/unit/broken-typing.test.js).
// There the random edits away, one in five left in place, pile up breaks of their own: one may open a string or a
// template literal that takes in the rest of the file, and the breaks are then no longer apart. Every state is still
// checked, and the reuse, but not that the breaks stay apart.
const STEPS = Number(process.env.BROKEN_TYPING_STEPS ?? runLength(FULL_STEPS));
const MORE_SEEDS = Number(process.env.BROKEN_TYPING_SEEDS ?? 0);

for (const typed of CASES) {
  test(`${typed.grammar}: 1, 3 and 5 unclosed brackets kept open while typing away from them and inside them, typed in or opened so: every state checks out, and typing reuses the rest`, () => {
    for (const [count, opened] of [[1, false], [3, false], [5, false], [5, true]] as const) typeWithBreaks(typed, count, opened, runSeed(100 * count + (opened ? 1 : 0)), STEPS);
  });
  for (let run = 1; run <= MORE_SEEDS; run++) {
    test(`${typed.grammar}, seed ${run}: 1 to 5 unclosed brackets, typed in and opened so: every state checks out`, () => {
      for (let count = 1; count <= 5; count++) for (const opened of [false, true]) typeWithBreaks(typed, count, opened, runSeed(10_000 * run + 100 * count + (opened ? 1 : 0)), STEPS, false);
    });
  }
}

test('regressions found by longer runs: every state checks out', sameInEitherPart(), () => {
  // A statement kept right after the change, starting the line where a changed ERROR statement ended (column 0), was not
  // moved down by a line deleted before it (edit 157).
  typeWithBreaks(CASES[0], 5, true, 2501, 160);
  // A declaration read from a broken region whose last statement ends before the region's last line does (a `}` after
  // an ERROR belongs to no statement) counted as reaching past its statement: every edit after was a full analysis.
  typeWithBreaks(CASES[0], 3, false, 30_300, 130);
});

/**
 * Breaks `count` declarations of the case's text (typed in, or `opened` so) and types `steps` edits away and inside, checking
 * every state; with `apart`, also that the breaks stay open, each a broken region of its own.
 */
function typeWithBreaks({ grammar, file, text, edits, analyzer }: Case, count: number, opened: boolean, seed: number, steps: number, apart = true): void {
  const declarations = analyzeText(text, file, { profile: 'strict' })!.declarations;
  const broken = breakDeclarations(text, declarations, count);
  assert.equal(broken.breaks.length, count, `${count} declarations to break`);
  const random = new Random(seed);
  const breaking = opened ? 0 : broken.edits.length;
  const kinds: Array<'away' | 'inside' | 'undo' | 'break'> = [];
  // Where the removed brackets were, moved by every edit since (offsets), and the offset typed at inside a broken region.
  let marks: number[] | undefined;
  const typedAt: number[] = [];
  const away: Tally = { edits: 0, reused: 0, local: 0 };
  const inside: Tally = { edits: 0, reused: 0, local: 0 };
  let brokenStates = 0;
  let splitAtFirstEdit = false;
  const outcome: RegionOutcome = { regions: 0, regionAnalyses: 0, severalBroken: 0, split: 0 };
  const nextEdit = (step: number, document: LiveDocument, syntax: DocumentSyntax, previousText: string): DocumentEdit => {
    if (step < breaking) return record(kinds, 'break', broken.edits[step] as DocumentEdit);
    marks ??= broken.breaks.map(({ closer }) => document.offsetAt(closer));
    const regions = regionsOf(syntax).filter((region) => !region.clean);
    let edit: DocumentEdit;
    // (Before a file opened broken is first edited, it is one tree, with no region yet.)
    const target = random.chance(0.4) ? regionHolding(regions, random.pick(marks)) : undefined;
    if ((step - breaking) % 2 === 1 && random.chance(0.8)) {
      edit = record(kinds, 'undo', undoEdit(document, previousText));
    } else if (target) {
      edit = record(kinds, 'inside', letterInside(random, document, target));
      typedAt[step] = document.offsetAt(edit.range.start);
    } else {
      edit = record(kinds, 'away', randomEdit(random, document, { ...edits, line: (_, lines) => lineAway(random, document, regions, lines) }));
    }
    const start = document.offsetAt(edit.range.start);
    const end = document.offsetAt(edit.range.end);
    marks = marks.map((mark) => (mark >= end ? mark + edit.text.length - (end - start) : mark > start ? start : mark));
    return edit;
  };
  const afterEdit = (step: number, syntax: DocumentSyntax, incremental: SyntaxAnalyzer) => {
    const kind = kinds[step];
    if (kind === 'break') return;
    if (step === 0) splitAtFirstEdit = outcome.split === 1;
    if (regionsOf(syntax).filter((region) => !region.clean).length >= count) brokenStates++;
    if (kind === 'undo') return;
    const tally = kind === 'away' ? away : inside;
    tally.edits++;
    if (incremental.lastMode === 'full') return;
    tally.reused++;
    const region = kind === 'inside' ? regionsOf(syntax).find((candidate) => candidate.start <= typedAt[step] && typedAt[step] < candidate.end) : undefined;
    if (incremental.lastRead <= (region ? statementsIn(grammar, region.tree.rootNode) : 2)) tally.local++;
  };
  const name = `${file}, ${count} unclosed bracket(s)${opened ? ', opened so' : ''}`;
  checkTyping({
    name, grammar, file, text: opened ? broken.text : text, random, steps: breaking + steps, undo: 0, edits, analyzer,
    options: { profile: 'strict' }, nextEdit, afterEdit,
  }, outcome);
  const report = `${name}: away ${JSON.stringify(away)}, inside ${JSON.stringify(inside)}, ${brokenStates} of ${steps} states with every bracket still open; ${JSON.stringify(outcome)}`;
  // The breaks stay open, each its own broken region, while the author types (an edit that breaks another statement adds one).
  if (apart) assert.ok(brokenStates >= 0.9 * steps, report);
  if (apart && count > 1) assert.ok(outcome.severalBroken! >= 0.9 * steps, report);
  if (opened) assert.ok(splitAtFirstEdit, `${report}: the first edit splits the file opened broken`);
  // Away from the breaks, an edit is analysed incrementally and mostly reads its own statement (an edit in an import or
  // a preset, or one that breaks an import, also reads what uses it); inside one, mostly the broken region's statements.
  // Where the typos pile up (not `apart`), more of them break an import or a definition's name, which a full analysis
  // reads, as in one tree.
  const reused = apart ? 0.9 : 0.8;
  assert.ok(away.edits >= scaledMinimum(25, steps, FULL_STEPS) && away.reused >= reused * away.edits && away.local >= 0.6 * away.edits, report);
  assert.ok(inside.edits >= scaledMinimum(15, steps, FULL_STEPS) && inside.reused >= reused * inside.edits && inside.local >= 0.7 * inside.edits, report);
}

test('with three unclosed brackets, a letter typed in a function body away from them reads that statement alone and keeps every broken region; one typed inside a break reads that region\'s statements alone and keeps the others', sameInEitherPart(), () => {
  for (const { grammar, file, text, analyzer } of CASES) {
    const declarations = analyzeText(text, file)!.declarations;
    const broken = breakDeclarations(text, declarations, 3);
    const document = new LiveDocument(`file:///${file}`, grammar, 1, text);
    const parsed = new IncrementalParse(grammar);
    const incremental = analyzer();
    const options = {};
    const type = (position: { line: number; character: number }, typed: string, deleted = 0) => {
      const range = { start: position, end: { line: position.line, character: position.character + deleted } };
      parsed.edit(treeEditFor(document, range, typed));
      document.update([{ range, text: typed }], document.version + 1);
      const syntax = parsed.current(document.text);
      const result = incremental.analyze(grammar, syntax, document.text, options);
      assert.equal(snapshot(result), snapshot(analyzer().analyze(grammar, syntax, document.text, options)), `${file}: a fresh analysis of the same trees`);
      assert.notEqual(incremental.lastMode, 'full', `${file}: ${incremental.lastReason}`);
      return syntax;
    };
    const ids = (syntax: DocumentSyntax) => regionsOf(syntax).filter((region) => !region.clean).map((region) => region.id);
    try {
      incremental.analyze(grammar, parsed.current(document.text), document.text, options);
      // The breaks typed in, as an author leaves three declarations half-typed.
      let syntax = parsed.current(document.text);
      for (const edit of broken.edits) syntax = type(edit.range.start, '', 1);
      const regions = ids(syntax);
      assert.equal(regions.length, 3, `${file}: three broken regions`);
      // An assignment in a function body (or a handler) after the second break, away from the broken declarations: a letter
      // typed into the name it assigns.
      const lines = document.getText().split('\n');
      const away = lines.findIndex((lineText, line) => line > broken.breaks[1].lines[1] + 1 && line < broken.breaks[2].lines[0] - 1 && /^ {4}\S/.test(lineText) && lineText.includes(' = '));
      assert.ok(away > 0, `${file}: a body line between the second and third breaks`);
      for (const [typed, deleted] of [['x', 0], ['', 1]] as const) {
        syntax = type({ line: away, character: lines[away].indexOf(' = ') - 1 }, typed, deleted);
        assert.deepEqual(ids(syntax), regions, `${file}: typing away keeps the broken regions (their trees, by id)`);
        assert.ok(incremental.lastRead <= 1, `${file}: typing away read ${incremental.lastRead} statements`);
      }
      // A letter typed on a line of the first broken declaration: its region is parsed again, alone, and read alone.
      const inside = { line: broken.breaks[0].lines[0] + 1, character: 4 };
      for (const [typed, deleted] of [['x', 0], ['', 1]] as const) {
        syntax = type(inside, typed, deleted);
        const region = regionsOf(syntax).find((candidate) => candidate.startPosition.row === broken.breaks[0].lines[0])!;
        assert.ok(region && !region.clean, `${file}: the first declaration is still a broken region`);
        assert.deepEqual(ids(syntax).slice(1), regions.slice(1), `${file}: typing inside one keeps the other broken regions`);
        assert.ok(incremental.lastRead <= statementsIn(grammar, region.tree.rootNode), `${file}: typing inside read ${incremental.lastRead} statements, its region holds ${statementsIn(grammar, region.tree.rootNode)}`);
      }
    } finally {
      parsed.delete();
    }
  }
});

test('a file opened with three unclosed brackets is read as the CLI reads it; its first edit makes each broken declaration a region of its own, its lines, and the rest is clean', sameInEitherPart(), () => {
  for (const { grammar, file, text, analyzer } of CASES) {
    const declarations = analyzeText(text, file)!.declarations;
    const broken = breakDeclarations(text, declarations, 3);
    const document = new LiveDocument(`file:///${file}`, grammar, 1, broken.text);
    const parsed = new IncrementalParse(grammar);
    const incremental = analyzer();
    try {
      const first = incremental.analyze(grammar, parsed.current(document.text), document.text, {});
      // The keystroke path reads no effects (the server's second publish adds them): the CLI's analysis without them.
      assert.equal(snapshot(first), snapshot(analyzeText(broken.text, file, { effects: EFFECTS_NOT_READ })), `${file}: the first analysis is the CLI's`);
      // A space typed at the end of the first line, away from the breaks.
      const end = { line: 0, character: broken.text.indexOf('\n') };
      parsed.edit(treeEditFor(document, { start: end, end }, ' '));
      document.update([{ range: { start: end, end }, text: ' ' }], 2);
      const syntax = parsed.current(document.text);
      assert.equal(parsed.lastParse, 'split', file);
      assert.equal(syntax.tree.rootNode.hasError, false, `${file}: the rest is clean`);
      const regions = regionsOf(syntax);
      assert.deepEqual(regions.map((region) => region.startPosition.row), broken.breaks.map((one) => one.lines[0]), `${file}: a region starts at each broken declaration`);
      regions.forEach((region, index) => {
        const next = declarations.find((declaration) => declaration.range.start.line > broken.breaks[index].lines[1]);
        assert.ok(region.endPosition.row > broken.breaks[index].lines[1] && (!next || region.endPosition.row <= next.range.start.line), `${file}: the region ${region.startPosition.row}-${region.endPosition.row} holds its declaration, and no other`);
      });
      const result = incremental.analyze(grammar, syntax, document.text, {});
      assert.equal(snapshot(result), snapshot(analyzer().analyze(grammar, syntax, document.text, {})), `${file}: after the split, a fresh analysis of the same trees`);
    } finally {
      parsed.delete();
    }
  }
});

/** How many top-level statements the analysis reads in a region's tree (TS/JS reads an ERROR root as one: TopLevelNodes). */
function statementsIn(grammar: GrammarId, root: Node): number {
  return root.type === 'ERROR' && grammar !== 'python' ? 1 : root.namedChildCount;
}

function regionHolding(regions: readonly { start: number; end: number }[], offset: number): { start: number; end: number } | undefined {
  return regions.find((region) => region.start <= offset && offset < region.end);
}

function record<T>(kinds: Array<'away' | 'inside' | 'undo' | 'break'>, kind: 'away' | 'inside' | 'undo' | 'break', edit: T): T {
  kinds.push(kind);
  return edit;
}

/** A letter typed at a random place of a broken region (a keyword being completed): the bracket stays open. */
function letterInside(random: Random, document: LiveDocument, region: { start: number; end: number }): DocumentEdit {
  const at = document.positionAt(region.start + random.int(Math.max(1, region.end - region.start - 1)));
  return { range: { start: at, end: at }, text: random.pick([...LETTERS]) };
}

/** A random line outside the broken regions (and not the one just before one, whose end an edit could join to it). */
function lineAway(random: Random, document: LiveDocument, regions: readonly { start: number; end: number }[], lines: number): number {
  const taken = regions.map((region) => [document.positionAt(region.start).line - 1, document.positionAt(region.end).line]);
  for (;;) {
    const line = random.int(lines);
    if (!taken.some(([first, last]) => line >= first && line <= last)) return line;
  }
}

test('Python, five unclosed brackets: each broken region\'s bracket repair parses that region alone, and reads its own tool', sameInEitherPart(), () => {
  const { file, text } = CASES[0];
  const declarations = analyzeText(text, file)!.declarations;
  const broken = breakDeclarations(text, declarations, 5);
  const document = new LiveDocument(`file:///${file}`, 'python', 1, text);
  const parsed = new IncrementalParse('python');
  try {
    parsed.current(document.text);
    for (const edit of broken.edits) {
      parsed.edit(treeEditFor(document, edit.range, edit.text));
      document.update([edit], document.version + 1);
      parsed.current(document.text);
    }
    const syntax = parsed.current(document.text);
    const regions = regionsOf(syntax).filter((region) => !region.clean);
    assert.equal(regions.length, 5, 'a broken region per unclosed bracket');
    const brokenText = document.getText();
    regions.forEach((region, index) => {
      const range = { startIndex: region.start, endIndex: region.end, startPosition: region.startPosition, endPosition: region.endPosition };
      const repaired = extractWithRepairs(region.tree, brokenText, (tree, repairedText) => ({
        declarations: [],
        parsed: [tree.rootNode.startIndex, tree.rootNode.endIndex],
        grown: repairedText.length - brokenText.length,
        clean: !tree.rootNode.hasError,
      }), undefined, range);
      assert.ok(repaired, `region ${index}: repaired`);
      assert.equal(repaired.clean, true, `region ${index}: the repaired region parses without errors`);
      assert.ok(repaired.grown > 0, `region ${index}: closers inserted`);
      assert.ok(repaired.parsed[0] >= region.start && repaired.parsed[1] <= region.end + repaired.grown, `region ${index} (${region.start}-${region.end}): the repair parsed ${repaired.parsed.join('-')}, nothing outside it`);
      // What the analysis reads from the region: its own tool, as before the bracket was deleted, and no other.
      const { declarations: own } = extractPython(region.tree, brokenText, { around: { bindings: [], lookup: lookupIn(syntax), region: range } });
      const original = declarations.find((declaration) => declaration.range.start.line === broken.breaks[index].lines[0]);
      assert.deepEqual(own.map((declaration) => [declaration.name, declaration.range.start.line]), [[original?.name, broken.breaks[index].lines[0]]], `region ${index}: its tool`);
    });
  } finally {
    parsed.delete();
  }
});

/**
 * Typing into a document parsed with broken regions (server/src/core/parse/windows.ts), as the
 * server does, checking every state:
 * - with one tree, its top-level statements are those of a fresh parse, and the analysis is a fresh
 *   full analysis of the text;
 * - with regions, each starts and ends on line starts and its tree is a fresh parse of the region
 *   alone, with syntax errors when it is a broken region and none when it is a clean one; the rest's
 *   statements outside the regions are those of a fresh parse with the broken regions blanked out
 *   (line breaks kept);
 * - with a broken region, the incremental analysis is what a fresh analyzer gives for the same trees;
 *   with a clean region alone, it is a fresh full analysis of the text.
 */
import assert from 'node:assert/strict';
import { Node, Range, Tree } from 'web-tree-sitter';
import { SourceText } from '../../server/src/core/source-text';
import { Random } from '../../bench/random';
import { AnalysisOptions, AnalysisResult, analyzeParsedText } from '../../server/src/core/analyze';
import { GrammarId, parse } from '../../server/src/core/parse/parser';
import { DocumentSyntax, IncrementalParse, Region, regionsOf } from '../../server/src/core/parse/windows';
import { brokenRegions } from '../../server/src/core/parse/document-syntax';
import { treeEditFor } from '../../server/src/lsp/edits';
import { LiveDocument } from '../../server/src/lsp/live-document';
import { assertSameSnapshot, DocumentEdit, randomEdit, RandomEditOptions, snapshot, undoEdit } from './document-edits';

/**
 * How often the edits made a broken region, how many of those were analysed without a full analysis,
 * and how often the whole was reparsed through the rest (`IncrementalParse.lastParse`).
 */
export interface RegionOutcome {
  regions: number;
  /** How many states had more than one broken region, and how often a broken tree was split into regions. */
  severalBroken?: number;
  split?: number;
  /** How often an edit left a clean region (parse/windows.ts), and how often one was settled into one tree. */
  cleanRegions?: number;
  settled?: number;
  regionAnalyses: number;
  throughRest?: number;
  /** How often the reparse spent its budget and the document was parsed afresh. */
  afresh?: number;
  /** How often a change gave back the text from before the edit ahead of it, and took back its tree (TypeScript, JavaScript). */
  undone?: number;
}

/** An incremental analyzer (Python's or TypeScript / JavaScript's). */
export interface SyntaxAnalyzer {
  analyze(grammar: GrammarId, syntax: DocumentSyntax, text: SourceText, options: AnalysisOptions): AnalysisResult;
  lastMode: string;
  lastReason: string;
  /** How many top-level statements the last analysis read. */
  lastRead: number;
}

export interface Typing {
  /** Names the document in failures. */
  name: string;
  grammar: GrammarId;
  /** A file name of the grammar's language, for the fresh full analysis. */
  file: string;
  text: string;
  random: Random;
  steps: number;
  /** How likely an edit undoes the one before (a typo and its correction). */
  undo: number;
  edits: RandomEditOptions;
  analyzer: () => SyntaxAnalyzer;
  options?: AnalysisOptions;
  /** The reparse budget per edit, in progress checks (IncrementalParse's own by default). */
  checksFor?: (text: SourceText) => number;
  /**
   * The edit to make at `step`, given the document and its syntax as they stand and the text before
   * the last edit; undefined: a random edit, or the last one undone (`undo`).
   */
  nextEdit?: (step: number, document: LiveDocument, syntax: DocumentSyntax, previousText: string) => DocumentEdit | undefined;
  /** Called once an edit's state is checked, with the syntax it was analysed with. */
  afterEdit?: (step: number, syntax: DocumentSyntax, analyzer: SyntaxAnalyzer) => void;
}

/** Edits the document `steps` times and checks every state; counts the broken regions into `outcome`. */
export function checkTyping(typing: Typing, outcome: RegionOutcome): void {
  const { grammar, text, random } = typing;
  // As the server keeps an open document: its text in pieces (lsp/live-document.ts), read through SourceText.
  const document = new LiveDocument(`file:///${typing.file}`, grammar, 1, text);
  const parsed = new IncrementalParse(grammar, typing.checksFor);
  const analyzer = typing.analyzer();
  const options = typing.options ?? {};
  let previousText = text;
  try {
    let last = parsed.current(document.text);
    analyzer.analyze(grammar, last, document.text, options);
    for (let step = 0; step < typing.steps; step++) {
      const edit: DocumentEdit = typing.nextEdit?.(step, document, last, previousText)
        ?? (step % 2 === 1 && random.chance(typing.undo) ? undoEdit(document, previousText) : randomEdit(random, document, typing.edits));
      previousText = document.text.slice();
      parsed.edit(treeEditFor(document, edit.range, edit.text));
      document.update([edit], document.version + 1);
      // One fresh parse of the text per edit, for every check that compares with one.
      const fresh = new FreshParse(grammar, document.text.slice());
      try {
        last = checkEdit(typing, { parsed, analyzer, options, outcome, fresh }, step, edit, document.text);
      } finally {
        fresh.delete();
      }
    }
  } finally {
    parsed.delete();
  }
}

interface TypingState {
  parsed: IncrementalParse;
  analyzer: SyntaxAnalyzer;
  options: AnalysisOptions;
  outcome: RegionOutcome;
  fresh: FreshParse;
}

/** Checks the state after one edit (already applied to the document and the parse); the syntax it leaves, settled or not. */
function checkEdit(typing: Typing, state: TypingState, step: number, edit: DocumentEdit, source: SourceText): DocumentSyntax {
  const { grammar } = typing;
  const { parsed, analyzer, options, outcome, fresh } = state;
  const current = fresh.text;
  const syntax = parsed.current(source);
  const where = `${typing.name}, edit ${step} (${JSON.stringify(edit)}), parsed as ${parsed.lastParse}`;
  const broken = brokenRegions(syntax).length > 0;
  if (syntax.regions?.length) checkRegions(grammar, syntax, current, where, outcome);
  else assert.deepEqual(topLevel(syntax.tree.rootNode), fresh.topLevel(), where);
  if (parsed.lastParse === 'split') outcome.split = (outcome.split ?? 0) + 1;
  if (parsed.lastParse === 'through-rest' && !syntax.regions?.length) {
    outcome.throughRest = (outcome.throughRest ?? 0) + 1;
    assertSameTree(syntax.tree, fresh, `${where}, through the rest`);
  }
  if (parsed.lastParse === 'undo') outcome.undone = (outcome.undone ?? 0) + 1;
  if (parsed.lastParse === 'afresh') {
    outcome.afresh = (outcome.afresh ?? 0) + 1;
    // Parsed afresh beside the broken regions the edit left alone, the rest is checked as any rest.
    if (!syntax.regions?.length) assertSameTree(syntax.tree, fresh, `${where}, parsed afresh`);
  }
  const result = analyzer.analyze(grammar, syntax, source, options);
  if (broken) {
    outcome.regionAnalyses += analyzer.lastMode === 'full' ? 0 : 1;
    // Read afresh from the same trees: what the incremental analysis reused and moved must be the same.
    const again = typing.analyzer().analyze(grammar, syntax, source, options);
    assertSameSnapshot(snapshot(result), snapshot(again), `${where}: with the regions ${describeRegions(syntax)}, ${analyzer.lastMode} ${analyzer.lastReason}`);
  } else {
    const region = syntax.regions?.length ? ` with the regions ${describeRegions(syntax)}` : '';
    assertSameSnapshot(snapshot(result), snapshot(fresh.analysis(options)), `${where}${region}: ${analyzer.lastMode} ${analyzer.lastReason}`);
  }
  typing.afterEdit?.(step, syntax, analyzer);
  // As the server does between keystrokes, now and then: a clean region and the rest made one tree again.
  if (step % 3 !== 2 || !parsed.settle(source)) return syntax;
  outcome.settled = (outcome.settled ?? 0) + 1;
  const settled = parsed.current(source);
  assert.ok(!settled.regions?.some((region) => region.clean), `${where}, settled: no clean region is left`);
  if (settled.regions?.length) checkRegions(grammar, settled, current, `${where}, settled`, { regions: 0, regionAnalyses: 0 });
  else assert.deepEqual(topLevel(settled.tree.rootNode), fresh.topLevel(), `${where}, settled`);
  return settled;
}

/** A fresh parse of one text, made when first asked for: its top-level statements, all its nodes, its full analysis. */
class FreshParse {
  private tree?: Tree;

  constructor(readonly grammar: GrammarId, readonly text: string) {}

  get root(): Node {
    this.tree ??= parse(this.grammar, this.text);
    return this.tree.rootNode;
  }

  topLevel(): string[] {
    return topLevel(this.root);
  }

  /** What `analyzeText` gives for the text. */
  analysis(options: AnalysisOptions): AnalysisResult {
    this.tree ??= parse(this.grammar, this.text);
    return analyzeParsedText(this.grammar, this.tree, this.text, options);
  }

  delete(): void {
    this.tree?.delete();
  }
}

/** Every node of `tree`, with its range, is the one a fresh parse of the text gives. */
function assertSameTree(tree: Tree, fresh: FreshParse, where: string): void {
  assert.deepEqual(allNodes(tree.rootNode), allNodes(fresh.root), where);
}

function allNodes(root: Node): string[] {
  const nodes: string[] = [];
  const cursor = root.walk();
  for (let more = true; more;) {
    nodes.push(`${cursor.nodeType}@${cursor.startIndex}-${cursor.endIndex}`);
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        more = false;
        break;
      }
    }
  }
  cursor.delete();
  return nodes;
}

export function topLevel(root: Node): string[] {
  return root.namedChildren.map((node) => `${node!.type}@${node!.startIndex}-${node!.endIndex}`);
}

/** The text with `start`-`end` blanked out: spaces, line breaks kept. */
function blanked(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

function freshTopLevel(grammar: GrammarId, text: string, ranges?: Range[]): string[] {
  const tree: Tree = parse(grammar, text, undefined, ranges);
  try {
    return topLevel(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** Each region (its tree a fresh parse of it alone), and the rest's statements outside them: those of a fresh parse with the broken regions blanked. */
function checkRegions(grammar: GrammarId, syntax: DocumentSyntax, text: string, where: string, outcome: RegionOutcome): void {
  const regions = regionsOf(syntax);
  const broken = regions.filter((region) => !region.clean);
  if (broken.length) outcome.regions++;
  if (broken.length > 1) outcome.severalBroken = (outcome.severalBroken ?? 0) + 1;
  if (broken.length < regions.length) outcome.cleanRegions = (outcome.cleanRegions ?? 0) + 1;
  assert.ok(regions.filter((region) => region.clean).length <= 1, `${where}: at most one clean region`);
  regions.forEach((region, index) => {
    const name = `${where}: the ${region.clean ? 'clean' : 'broken'} region ${region.start}-${region.end}`;
    if (index > 0) assert.ok(regions[index - 1].end <= region.start, `${name} comes after the one before it`);
    assert.equal(region.tree.rootNode.hasError, !region.clean, `${name} has syntax errors exactly when it is broken`);
    checkRegionTree(grammar, region, text, name);
  });
  const blankedText = broken.reduce((blankedSoFar, region) => blanked(blankedSoFar, region.start, region.end), text);
  const outside = outsideRegions(regions);
  assert.deepEqual(outside(topLevel(syntax.tree.rootNode)), outside(freshTopLevel(grammar, blankedText)), `${where}: the rest's tree (regions ${describeRegions(syntax)})`);
}

function describeRegions(syntax: DocumentSyntax): string {
  return regionsOf(syntax).map((region) => `${region.start}-${region.end}${region.clean ? ' (clean)' : ''}`).join(', ');
}

/** The statements (`type@start-end`) starting outside the regions. */
function outsideRegions(regions: readonly { start: number; end: number }[]): (statements: string[]) => string[] {
  return (statements) => statements.filter((statement) => {
    const start = Number(statement.slice(statement.indexOf('@') + 1, statement.indexOf('-', statement.indexOf('@'))));
    return regions.every((region) => start < region.start || start >= region.end);
  });
}

/** The region starts and ends a line, and its tree is a fresh parse of it alone. */
function checkRegionTree(grammar: GrammarId, region: Region, text: string, where: string): void {
  assert.ok(region.start === 0 || text[region.start - 1] === '\n', `${where}: the region starts a line`);
  assert.ok(region.end === text.length || text[region.end - 1] === '\n', `${where}: the region ends a line`);
  const range = { startIndex: region.start, endIndex: region.end, startPosition: region.startPosition, endPosition: region.endPosition };
  const lines = text.slice(0, region.start).split('\n');
  assert.deepEqual(region.startPosition, { row: lines.length - 1, column: 0 }, `${where}: the region's start position`);
  assert.deepEqual(topLevel(region.tree.rootNode), freshTopLevel(grammar, text, [range]), `${where}: the region's tree`);
}

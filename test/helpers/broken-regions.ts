/**
 * Typing into a document parsed with broken regions (server/src/core/parse/windows.ts), as the
 * server does, checking every state:
 * - with one tree, its top-level statements are those of a fresh parse, and the analysis is a fresh
 *   full analysis of the text;
 * - with a broken region, the region starts and ends on line starts, its tree is a fresh parse of the
 *   region alone, the rest's statements outside the region are those of a fresh parse with the region
 *   blanked out (line breaks kept), and the incremental analysis is what a fresh analyzer gives for the
 *   same two trees;
 * - with a clean region, the region starts and ends on line starts, its tree is a fresh parse of the
 *   region alone and has no syntax error, the rest's statements outside the region are those of a
 *   fresh parse of the text, and the analysis is a fresh full analysis of the text.
 */
import assert from 'node:assert/strict';
import { Node, Range, Tree } from 'web-tree-sitter';
import { SourceText } from '../../server/src/core/source-text';
import { Random } from '../../bench/random';
import { AnalysisOptions, AnalysisResult, analyzeParsedText } from '../../server/src/core/analyze';
import { GrammarId, parse } from '../../server/src/core/parse/parser';
import { DocumentSyntax, IncrementalParse } from '../../server/src/core/parse/windows';
import { treeEditFor } from '../../server/src/lsp/edits';
import { LiveDocument } from '../../server/src/lsp/live-document';
import { assertSameSnapshot, DocumentEdit, randomEdit, RandomEditOptions, snapshot, undoEdit } from './document-edits';

/**
 * How often the edits made a broken region, how many of those were analysed without a full analysis,
 * and how often the whole was reparsed through the rest (`IncrementalParse.lastParse`).
 */
export interface RegionOutcome {
  regions: number;
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
    analyzer.analyze(grammar, parsed.current(document.text), document.text, options);
    for (let step = 0; step < typing.steps; step++) {
      const edit: DocumentEdit = step % 2 === 1 && random.chance(typing.undo) ? undoEdit(document, previousText) : randomEdit(random, document, typing.edits);
      previousText = document.text.slice();
      parsed.edit(treeEditFor(document, edit.range, edit.text));
      document.update([edit], document.version + 1);
      const source = document.text;
      const current = source.slice();
      // One fresh parse of the text per edit, for every check that compares with one.
      const fresh = new FreshParse(grammar, current);
      try {
        checkEdit(typing, { parsed, analyzer, options, outcome, fresh }, step, edit, source);
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

/** Checks the state after one edit (already applied to the document and the parse). */
function checkEdit(typing: Typing, state: TypingState, step: number, edit: DocumentEdit, source: SourceText): void {
  const { grammar } = typing;
  const { parsed, analyzer, options, outcome, fresh } = state;
  const current = fresh.text;
  const where = `${typing.name}, edit ${step} (${JSON.stringify(edit)})`;
  const syntax = parsed.current(source);
  const broken = syntax.region && !syntax.region.clean;
  if (syntax.region?.clean) checkCleanRegion(grammar, syntax, fresh, where, outcome);
  else if (broken) checkRegion(grammar, syntax, current, where, outcome);
  else assert.deepEqual(topLevel(syntax.tree.rootNode), fresh.topLevel(), where);
  if (parsed.lastParse === 'through-rest') {
    outcome.throughRest = (outcome.throughRest ?? 0) + 1;
    assertSameTree(syntax.tree, fresh, `${where}, through the rest`);
  }
  if (parsed.lastParse === 'undo') outcome.undone = (outcome.undone ?? 0) + 1;
  if (parsed.lastParse === 'afresh') {
    outcome.afresh = (outcome.afresh ?? 0) + 1;
    assertSameTree(syntax.tree, fresh, `${where}, parsed afresh`);
  }
  const result = analyzer.analyze(grammar, syntax, source, options);
  if (broken) {
    outcome.regionAnalyses += analyzer.lastMode === 'full' ? 0 : 1;
    // Read afresh from the same trees: what the incremental analysis reused and moved must be the same.
    const again = typing.analyzer().analyze(grammar, syntax, source, options);
    assertSameSnapshot(snapshot(result), snapshot(again), `${where}: with the broken region ${syntax.region!.start}-${syntax.region!.end}, ${analyzer.lastMode} ${analyzer.lastReason}`);
  } else {
    const region = syntax.region ? ` with the clean region ${syntax.region.start}-${syntax.region.end}` : '';
    assertSameSnapshot(snapshot(result), snapshot(fresh.analysis(options)), `${where}${region}: ${analyzer.lastMode} ${analyzer.lastReason}`);
  }
  // As the server does between keystrokes, now and then: a clean region and the rest made one tree again.
  if (step % 3 === 2 && parsed.settle(source)) {
    outcome.settled = (outcome.settled ?? 0) + 1;
    assert.deepEqual(topLevel(parsed.current(source).tree.rootNode), fresh.topLevel(), `${where}, settled`);
  }
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

function checkRegion(grammar: GrammarId, syntax: DocumentSyntax, text: string, where: string, outcome: RegionOutcome): void {
  const region = syntax.region!;
  outcome.regions++;
  assert.ok(region.tree.rootNode.hasError, `${where}: the region is broken`);
  checkRegionTree(grammar, syntax, text, where);
  // The rest's tree is reparsed without the region, or kept as it was (holding stale statements inside the region).
  const outside = outsideRegion(region);
  assert.deepEqual(outside(topLevel(syntax.tree.rootNode)), outside(freshTopLevel(grammar, blanked(text, region.start, region.end))), `${where}: the rest's tree`);
}

/** The statements (`type@start-end`) starting outside the region. */
function outsideRegion(region: { start: number; end: number }): (statements: string[]) => string[] {
  return (statements) => statements.filter((statement) => {
    const start = Number(statement.slice(statement.indexOf('@') + 1, statement.indexOf('-', statement.indexOf('@'))));
    return start < region.start || start >= region.end;
  });
}

function checkCleanRegion(grammar: GrammarId, syntax: DocumentSyntax, fresh: FreshParse, where: string, outcome: RegionOutcome): void {
  const region = syntax.region!;
  outcome.cleanRegions = (outcome.cleanRegions ?? 0) + 1;
  assert.ok(!region.tree.rootNode.hasError, `${where}: the clean region has no syntax error`);
  checkRegionTree(grammar, syntax, fresh.text, where);
  const outside = outsideRegion(region);
  assert.deepEqual(outside(topLevel(syntax.tree.rootNode)), outside(fresh.topLevel()), `${where}: the rest's tree around the clean region`);
}

/** The region starts and ends a line, and its tree is a fresh parse of it alone. */
function checkRegionTree(grammar: GrammarId, syntax: DocumentSyntax, text: string, where: string): void {
  const region = syntax.region!;
  assert.ok(region.start === 0 || text[region.start - 1] === '\n', `${where}: the region starts a line`);
  assert.ok(region.end === text.length || text[region.end - 1] === '\n', `${where}: the region ends a line`);
  const range = { startIndex: region.start, endIndex: region.end, startPosition: region.startPosition, endPosition: region.endPosition };
  const lines = text.slice(0, region.start).split('\n');
  assert.deepEqual(region.startPosition, { row: lines.length - 1, column: 0 }, `${where}: the region's start position`);
  assert.deepEqual(topLevel(region.tree.rootNode), freshTopLevel(grammar, text, [range]), `${where}: the region's tree`);
}

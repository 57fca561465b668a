/**
 * A statement an edit leaves broken is parsed on its own (server/src/core/parse/windows.ts) and the
 * rest of the document without it. After every edit of random sequences (typos, mostly undone):
 * - with one tree, it is the tree a fresh parse gives, and the analysis is a fresh full analysis;
 * - with a broken region, the region starts and ends on line starts, its tree is a fresh parse of the
 *   region alone, the rest's statements are those of a fresh parse with the region blanked out, and the
 *   incremental analysis is what a fresh analysis of the same two trees gives.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Node, Tree } from 'web-tree-sitter';
import { generatePython } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { IncrementalAnalyzer } from '../../server/src/core/incremental';
import { parse } from '../../server/src/core/parse/parser';
import { DocumentSyntax, IncrementalParse } from '../../server/src/core/parse/windows';
import { treeEditFor } from '../../server/src/lsp/edits';
import { DocumentEdit, randomEdit, undoEdit } from '../helpers/document-edits';
import { pythonFixtures, repoRoot } from '../helpers/fixtures';

before(() => initAnalysis());

const EDITS = {
  pastes: ['@mcp.tool(annotations={"readOnlyHint": True})\ndef pasted_tool() -> None:\n    """Pasted."""\n\n\n'],
  characters: 'abcxyz_ ()[],"=:#.@',
};

function topLevel(root: Node): string[] {
  return root.namedChildren.map((node) => `${node!.type}@${node!.startIndex}-${node!.endIndex}`);
}

function blanked(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

interface Outcome {
  regions: number;
  regionAnalyses: number;
}

/** Edits `text` `steps` times and checks every state; `undo` is how likely an edit undoes the one before. */
function check(name: string, text: string, random: Random, steps: number, undo: number, outcome: Outcome): void {
  let document = TextDocument.create('file:///edited.py', 'python', 1, text);
  const parsed = new IncrementalParse('python');
  const analyzer = new IncrementalAnalyzer();
  const options = {};
  let previousText = text;
  try {
    analyzer.analyze('python', parsed.current(text), text, options);
    for (let step = 0; step < steps; step++) {
      const edit: DocumentEdit = step % 2 === 1 && random.chance(undo) ? undoEdit(document, previousText) : randomEdit(random, document, EDITS);
      previousText = document.getText();
      parsed.edit(treeEditFor(document, edit.range, edit.text));
      document = TextDocument.update(document, [edit], document.version + 1);
      const current = document.getText();
      const where = `${name}, edit ${step} (${JSON.stringify(edit)})`;
      const syntax = parsed.current(current);
      if (syntax.broken) checkRegion(syntax, current, where, outcome);
      else assert.deepEqual(topLevel(syntax.tree.rootNode), freshTopLevel(current), where);
      const result = analyzer.analyze('python', syntax, current, options);
      if (syntax.broken) {
        outcome.regionAnalyses += analyzer.lastMode === 'full' ? 0 : 1;
        // Read afresh from the same trees: what the incremental analysis reused and moved must be the same.
        const fresh = new IncrementalAnalyzer().analyze('python', syntax, current, options);
        assert.ok(JSON.stringify(result) === JSON.stringify(fresh), `${where}: with the broken region ${syntax.broken.start}-${syntax.broken.end}`);
      } else {
        assert.ok(JSON.stringify(result) === JSON.stringify(analyzeText(current, 'x.py', options)), `${where}: ${analyzer.lastMode} ${analyzer.lastReason}`);
      }
    }
  } finally {
    parsed.delete();
  }
}

function freshTopLevel(text: string, ranges?: Parameters<typeof parse>[3]): string[] {
  const tree: Tree = parse('python', text, undefined, ranges);
  try {
    return topLevel(tree.rootNode);
  } finally {
    tree.delete();
  }
}

function checkRegion(syntax: DocumentSyntax, text: string, where: string, outcome: Outcome): void {
  const region = syntax.broken!;
  outcome.regions++;
  assert.ok(region.start === 0 || text[region.start - 1] === '\n', `${where}: the region starts a line`);
  assert.ok(region.end === text.length || text[region.end - 1] === '\n', `${where}: the region ends a line`);
  assert.ok(region.tree.rootNode.hasError, `${where}: the region is broken`);
  const range = { startIndex: region.start, endIndex: region.end, startPosition: region.startPosition, endPosition: region.endPosition };
  const lines = text.slice(0, region.start).split('\n');
  assert.deepEqual(region.startPosition, { row: lines.length - 1, column: 0 }, `${where}: the region's start position`);
  assert.deepEqual(topLevel(region.tree.rootNode), freshTopLevel(text, [range]), `${where}: the region's tree`);
  assert.deepEqual(topLevel(syntax.tree.rootNode), freshTopLevel(blanked(text, region.start, region.end)), `${where}: the rest's tree`);
}

test('a generated module typed into 300 times (each typo undone): every state checks out, and broken regions are used', () => {
  const outcome = { regions: 0, regionAnalyses: 0 };
  check('generated', generatePython(250, 2), new Random(7), 300, 1, outcome);
  assert.ok(outcome.regions >= 20 && outcome.regionAnalyses >= 15, `only ${outcome.regions} broken regions, ${outcome.regionAnalyses} analysed as such`);
});

test('every Python fixture typed into 40 times (each typo undone): every state checks out', () => {
  const outcome = { regions: 0, regionAnalyses: 0 };
  pythonFixtures().forEach((file, index) => check(path.relative(repoRoot(), file), fs.readFileSync(file, 'utf8'), new Random(300 + index), 40, 1, outcome));
  assert.ok(outcome.regions >= 20, `only ${outcome.regions} broken regions`);
});

test('a broken statement gets its own tree, exactly its lines; a decorator cut from its function and joined again is one tree', () => {
  const text = 'import mcp\n\n\n@mcp.tool(annotations={"readOnlyHint": True})\ndef first() -> None:\n    pass\n\n\n@mcp.tool()\ndef second() -> None:\n    pass\n';
  let document = TextDocument.create('file:///t.py', 'python', 1, text);
  const parsed = new IncrementalParse('python');
  const type = (offset: number, typed: string, deleted = 0) => {
    const edit = { range: { start: document.positionAt(offset), end: document.positionAt(offset + deleted) }, text: typed };
    parsed.edit(treeEditFor(document, edit.range, edit.text));
    document = TextDocument.update(document, [edit], document.version + 1);
    return parsed.current(document.getText());
  };
  try {
    parsed.current(text);
    const call = text.indexOf('annotations=');
    const broken = type(call, '(');
    assert.equal(parsed.lastParse, 'broken-region');
    // From the first statement's line to the next statement's, moved by the one character typed.
    assert.deepEqual([broken.broken?.start, broken.broken?.end], [text.indexOf('@mcp.tool'), text.indexOf('@mcp.tool()') + 1]);
    assert.equal(type(call, '', 1).broken, undefined, 'the `(` deleted again: one tree');
    const decorator = text.indexOf('@mcp.tool()');
    assert.equal(type(decorator, 'q').broken, undefined, '`q@mcp.tool()` is an expression: one tree');
    assert.equal(type(decorator, '', 1).broken, undefined, 'the decorator is read with its function again, not alone as broken code');
    assert.equal(parsed.lastParse, 'incremental');
  } finally {
    parsed.delete();
  }
});

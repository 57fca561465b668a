/**
 * Incremental analysis (server/src/core/incremental.ts) gives exactly what a fresh full
 * analysis gives, after every edit of a long random sequence on a generated file: the same
 * declarations (deeply, positions and offsets included) and the same findings in the same order.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Tree } from 'web-tree-sitter';
import { generatePython } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { IncrementalAnalyzer } from '../../server/src/core/incremental';
import { parse } from '../../server/src/core/parse/parser';
import { ProfileName } from '../../server/src/core/rules/rule';
import { treeEditFor } from '../../server/src/lsp/edits';

before(() => initAnalysis());

/** A random edit as an author makes them: a character typed or deleted, a new line, a line removed, a statement pasted. */
function randomEdit(random: Random, document: TextDocument): { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string } {
  const lines = document.getText().split('\n');
  const line = random.int(lines.length);
  const character = random.int(lines[line].length + 1);
  const at = { line, character };
  switch (random.int(8)) {
    case 0:
      return { range: { start: at, end: at }, text: '\n' };
    case 1:
      return { range: { start: { line, character: 0 }, end: { line: Math.min(line + 1, lines.length - 1), character: 0 } }, text: '' };
    case 2:
      return {
        range: { start: { line, character: 0 }, end: { line, character: 0 } },
        text: '@mcp.tool(annotations={"readOnlyHint": True})\ndef pasted_tool() -> None:\n    """Pasted."""\n\n\n',
      };
    case 3:
    case 4:
      return { range: { start: at, end: { line, character: Math.min(character + 1, lines[line].length) } }, text: '' };
    default:
      return { range: { start: at, end: at }, text: random.pick([...'abcxyz_ ()[],"=:#.']) };
  }
}

/** The edit that turns `after` back into `before` (the author undoing a typo). */
function undoEdit(document: TextDocument, before: string): { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string } {
  const after = document.getText();
  let start = 0;
  while (start < Math.min(before.length, after.length) && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < Math.min(before.length, after.length) - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { range: { start: document.positionAt(start), end: document.positionAt(after.length - tail) }, text: before.slice(start, before.length - tail) };
}

function snapshot(result: { declarations: unknown; findings: unknown } | undefined): string {
  return JSON.stringify(result && { declarations: result.declarations, findings: result.findings });
}

for (const profile of ['recommended', 'strict'] as ProfileName[]) {
  test(`incremental analysis equals a fresh full analysis after 200 random edits (${profile})`, () => {
    const random = new Random(profile === 'strict' ? 11 : 5);
    const options = { profile };
    let document = TextDocument.create('file:///bench.py', 'python', 1, generatePython(250, profile === 'strict' ? 3 : 2));
    let tree: Tree = parse('python', document.getText());
    const incremental = new IncrementalAnalyzer();
    let reused = 0;
    let previousText = document.getText();
    try {
      incremental.analyze('python', tree, document.getText(), options);
      for (let step = 0; step < 200; step++) {
        // Half the edits are undone right away (a typo and its fix), the others stay and pile up.
        const edit = step % 2 === 1 && random.chance(0.5) ? undoEdit(document, previousText) : randomEdit(random, document);
        previousText = document.getText();
        tree.edit(treeEditFor(document, edit.range, edit.text));
        document = TextDocument.update(document, [edit], document.version + 1);
        const text = document.getText();
        const next = parse('python', text, tree);
        tree.delete();
        tree = next;
        const result = incremental.analyze('python', tree, text, options);
        if (incremental.lastMode === 'incremental') reused++;
        const expected = analyzeText(text, 'bench.py', options);
        assert.equal(snapshot(result), snapshot(expected), `after edit ${step} (${JSON.stringify(edit)})`);
      }
    } finally {
      tree.delete();
    }
    // Many edits must take the incremental path (the piled-up broken code sends the rest to a full analysis), or this test would prove nothing.
    assert.ok(reused >= 30, `only ${reused} of 200 edits were analysed incrementally`);
  });
}

/**
 * A first analysis in steps (core/incremental/analyzer.ts firstAnalysisInSteps): driven to its end it gives
 * what a fresh full analysis gives, and the incremental analyses after it stay equal to fresh ones;
 * a broken tree, or a document already analysed with the same options, is not analysed in steps.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { generatePython } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { AnalysisOptions } from '../../server/src/core/analyze';
import { assertSameSnapshot, EditedDocument, randomEdit, snapshot, undoEdit } from '../helpers/document-edits';

before(() => initAnalysis(['python']));

const EDITS = { pastes: ['@mcp.tool(annotations={"readOnlyHint": True})\ndef pasted_tool() -> None:\n    """Pasted."""\n\n\n'], characters: 'abcxyz_ ()[],"=:#.' };

for (const profile of ['recommended', 'strict'] as const) {
  test(`the steps end with a fresh full analysis's result, and the edits after it are analysed as usual (${profile})`, () => {
    const options: AnalysisOptions = { profile };
    const edited = new EditedDocument('python', generatePython(2_000, profile === 'strict' ? 6 : 5));
    const incremental = new IncrementalAnalyzer();
    try {
      const steps = incremental.firstAnalysisInSteps('python', edited.tree, edited.text, options);
      assert.ok(steps, 'a clean tree is analysed in steps');
      let count = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) count++;
      assert.ok(count >= 5, `only ${count} steps`);
      assertSameSnapshot(snapshot(step.value), snapshot(analyzeText(edited.text, 'bench.py', options)), 'the result of the steps');
      // Analysed once with these options, the document is not analysed in steps again.
      assert.equal(incremental.firstAnalysisInSteps('python', edited.tree, edited.text, options), undefined);
      const random = new Random(profile === 'strict' ? 9 : 8);
      let previousText = edited.text;
      let incrementally = 0;
      for (let index = 0; index < 60; index++) {
        const edit = index % 2 === 1 ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, EDITS);
        previousText = edited.text;
        edited.apply(edit);
        const result = incremental.analyze('python', edited.tree, edited.text, options);
        if (incremental.lastMode !== 'full') incrementally++;
        assertSameSnapshot(snapshot(result), snapshot(analyzeText(edited.text, 'bench.py', options)), `after edit ${index} (${JSON.stringify(edit)})`);
      }
      assert.ok(incrementally >= 20, `only ${incrementally} of 60 edits were analysed incrementally`);
    } finally {
      edited.delete();
    }
  });
}

test('a tree with syntax errors is not analysed in steps', () => {
  const edited = new EditedDocument('python', `${generatePython(100, 3)}\ndef broken(:\n`);
  try {
    assert.equal(edited.tree.rootNode.hasError, true);
    assert.equal(new IncrementalAnalyzer().firstAnalysisInSteps('python', edited.tree, edited.text, {}), undefined);
  } finally {
    edited.delete();
  }
});

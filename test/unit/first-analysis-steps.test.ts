/**
 * A first analysis in steps (core/incremental/analyzer.ts firstAnalysisInSteps): driven to its end it gives
 * what a fresh full analysis gives, and the incremental analyses after it stay equal to fresh ones;
 * a broken tree, or a document already analysed with the same options, is not analysed in steps.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { generatePython } from '../../bench/generate';
import { initAnalysis } from '../../server/src/core/analyze';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { EditedDocument } from '../helpers/document-edits';
import { firstAnalysisThenEdits } from '../helpers/long-typing';
import { runLength, sameInEitherPart } from '../helpers/run-length';

before(() => initAnalysis(['python']));

// The recommended profile here, strict in `npm run test:slow` (test/slow/long-typing.test.ts); 60 edits after the steps, split in
// two parts (two fifths, three fifths): `npm test` runs the first, test:slow the second (test/slow/second-part-first-analysis-steps.test.ts).
test('the steps end with a fresh full analysis\'s result, and the edits after it are analysed as usual (recommended)', () => firstAnalysisThenEdits('recommended', runLength(60)));

test('a tree with syntax errors is not analysed in steps', sameInEitherPart(), () => {
  const edited = new EditedDocument('python', `${generatePython(100, 3)}\ndef broken(:\n`);
  try {
    assert.equal(edited.tree.rootNode.hasError, true);
    assert.equal(new IncrementalAnalyzer().firstAnalysisInSteps('python', edited.tree, edited.text, {}), undefined);
  } finally {
    edited.delete();
  }
});

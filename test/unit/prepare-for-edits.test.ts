/**
 * Preparing for edits (core/incremental/shift.ts): between keystrokes the server indexes the
 * declaration groups the next edit may shift, in slices. An analysis after an edit gives exactly
 * what a fresh full analysis gives whether the groups were indexed before the edit, at its shift,
 * or some of each; a slice stops when its time is up and the next one goes on from there.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { generatePython, generateScript } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { IncrementalScriptAnalyzer } from '../../server/src/core/incremental/typescript';
import { GrammarId } from '../../server/src/core/parse/parser';
import { assertSameSnapshot, EditedDocument, randomEdit, snapshot, undoEdit } from '../helpers/document-edits';

before(() => initAnalysis());

/** Pasted lines shift every group after them by a line. */
const EDITS = { pastes: ['\n\n', '# a comment\n'], characters: 'abcxyz_ ()[],"=:#.' };

/** A `timeIsUp` that lets `groups` groups be prepared, then says stop. */
function budgetOf(groups: number): () => boolean {
  let asked = 0;
  return () => asked++ >= groups;
}

const CASES: Array<{ grammar: GrammarId; file: string; text: () => string; analyzer: () => IncrementalAnalyzer | IncrementalScriptAnalyzer }> = [
  { grammar: 'python', file: 'bench.py', text: () => generatePython(120, 2), analyzer: () => new IncrementalAnalyzer() },
  { grammar: 'typescript', file: 'bench.ts', text: () => generateScript(120, 7, true), analyzer: () => new IncrementalScriptAnalyzer() },
];

for (const { grammar, file, text, analyzer } of CASES) {
  test(`${grammar}: analyses after edits equal a fresh full analysis with the groups prepared before each edit, wholly or in part`, () => {
    const random = new Random(41);
    // One options object: the analyzers reuse their state only for the same one.
    const options = {};
    let incrementally = 0;
    const edited = new EditedDocument(grammar, text(), `file:///${file}`);
    const incremental = analyzer();
    let previousText = edited.text;
    let partly = 0;
    try {
      incremental.analyze(grammar, edited.tree, edited.text, options);
      for (let step = 0; step < 120; step++) {
        // None, some or all of the groups indexed before the edit; the rest are indexed when it shifts them.
        const allowed = random.pick([0, 1, 3, 1000]);
        if (!incremental.prepareForEdits(budgetOf(allowed))) partly++;
        const edit = step % 2 === 1 ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, EDITS);
        previousText = edited.text;
        edited.apply(edit);
        const result = incremental.analyze(grammar, edited.tree, edited.text, options);
        if (incremental.lastMode === 'incremental') incrementally++;
        assertSameSnapshot(snapshot(result), snapshot(analyzeText(edited.text, file, { ...options, effects: EFFECTS_NOT_READ })), `after edit ${step} (${JSON.stringify(edit)})`);
      }
    } finally {
      edited.delete();
    }
    assert.ok(incrementally >= 30, `only ${incrementally} of 120 edits were analysed incrementally`);
    assert.ok(partly >= 10, `only ${partly} preparations stopped for time, so the partly prepared path was hardly taken`);
  });

  test(`${grammar}: a preparation stops when its time is up and the next goes on until every group is prepared`, () => {
    const edited = new EditedDocument(grammar, text(), `file:///${file}`);
    const incremental = analyzer();
    try {
      assert.equal(incremental.prepareForEdits(() => true), true, 'nothing to prepare before the first analysis');
      incremental.analyze(grammar, edited.tree, edited.text, {});
      let slices = 0;
      while (!incremental.prepareForEdits(budgetOf(2))) {
        slices++;
        assert.ok(slices < 1000, 'the preparation never finished');
      }
      assert.ok(slices >= 3, `the file's groups were prepared in ${slices + 1} slices of two`);
      // Everything is prepared: a preparation with no time at all has nothing left to do.
      assert.equal(incremental.prepareForEdits(() => true), true);
    } finally {
      edited.delete();
    }
  });
}

/**
 * Incremental analysis (server/src/core/incremental/analyzer.ts) gives exactly what a fresh full
 * analysis gives, after every edit of a long random sequence on a generated file: the same
 * declarations (deeply, positions and offsets included) and the same findings in the same order.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { ProfileName } from '../../server/src/core/rules/rule';
import { EditedDocument, randomEdit, snapshot, undoEdit } from '../helpers/document-edits';
import { PYTHON_EDITS, pythonRandomEdits } from '../helpers/long-typing';
import { pythonFixtures, repoRoot } from '../helpers/fixtures';
import { runLength, runSeed } from '../helpers/run-length';

before(() => initAnalysis());

// The long random sequence: the recommended profile here, strict in `npm run test:slow` (test/slow/long-typing.test.ts).
// 200 edits, and 40 per fixture, split in two parts (two fifths, three fifths): `npm test` runs the first, test:slow the second (test/slow/second-part-incremental.test.ts).
const EDITS = runLength(200);
const EDITS_PER_FIXTURE = runLength(40);
test(`incremental analysis equals a fresh full analysis after ${EDITS} random edits (recommended)`, () => pythonRandomEdits('recommended', EDITS));

test(`incremental analysis equals a fresh full analysis after ${EDITS_PER_FIXTURE} random edits of every Python fixture`, () => {
  const options = { profile: 'strict' as ProfileName };
  const files = pythonFixtures();
  assert.ok(files.length >= 20, `only ${files.length} Python fixtures found`);
  files.forEach((file, index) => {
    const random = new Random(runSeed(100 + index));
    const edited = new EditedDocument('python', fs.readFileSync(file, 'utf8'));
    const incremental = new IncrementalAnalyzer();
    let previousText = edited.text;
    try {
      incremental.analyze('python', edited.tree, edited.text, options);
      for (let step = 0; step < EDITS_PER_FIXTURE; step++) {
        const edit = step % 2 === 1 && random.chance(0.5) ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, PYTHON_EDITS);
        previousText = edited.text;
        edited.apply(edit);
        const result = incremental.analyze('python', edited.tree, edited.text, options);
        const expected = analyzeText(edited.text, 'fixture.py', { ...options, effects: EFFECTS_NOT_READ });
        assert.equal(snapshot(result), snapshot(expected), `${path.relative(repoRoot(), file)}, after edit ${step} (${JSON.stringify(edit)})`);
      }
    } finally {
      edited.delete();
    }
  });
});

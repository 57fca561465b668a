/**
 * Incremental analysis (server/src/core/incremental/analyzer.ts) gives exactly what a fresh full
 * analysis gives, after every edit of a long random sequence on a generated file: the same
 * declarations (deeply, positions and offsets included) and the same findings in the same order.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { generatePython } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { ProfileName } from '../../server/src/core/rules/rule';
import { EditedDocument, randomEdit, snapshot, undoEdit } from '../helpers/document-edits';
import { pythonFixtures, repoRoot } from '../helpers/fixtures';

before(() => initAnalysis());

/** Edits as an author makes them, with a decorated tool pasted whole. */
const EDITS = {
  pastes: ['@mcp.tool(annotations={"readOnlyHint": True})\ndef pasted_tool() -> None:\n    """Pasted."""\n\n\n'],
  characters: 'abcxyz_ ()[],"=:#.',
};

for (const profile of ['recommended', 'strict'] as ProfileName[]) {
  test(`incremental analysis equals a fresh full analysis after 200 random edits (${profile})`, () => {
    const random = new Random(profile === 'strict' ? 11 : 5);
    const options = { profile };
    const edited = new EditedDocument('python', generatePython(250, profile === 'strict' ? 3 : 2));
    const incremental = new IncrementalAnalyzer();
    let reused = 0;
    let previousText = edited.text;
    try {
      incremental.analyze('python', edited.tree, edited.text, options);
      for (let step = 0; step < 200; step++) {
        // Edits are undone right away (a typo and its fix), but every twentieth stays and they pile up slowly.
        // With broken code outside the edited statements the analysis is a full one (the fixture test below covers those).
        const edit = step % 2 === 1 && step % 40 !== 39 ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, EDITS);
        previousText = edited.text;
        edited.apply(edit);
        const result = incremental.analyze('python', edited.tree, edited.text, options);
        if (incremental.lastMode !== 'full') reused++;
        const expected = analyzeText(edited.text, 'bench.py', options);
        assert.equal(snapshot(result), snapshot(expected), `after edit ${step} (${JSON.stringify(edit)})`);
      }
    } finally {
      edited.delete();
    }
    // Many edits must take the incremental path, or this test would prove nothing.
    assert.ok(reused >= 30, `only ${reused} of 200 edits were analysed incrementally`);
  });
}

test('incremental analysis equals a fresh full analysis after 40 random edits of every Python fixture', () => {
  const options = { profile: 'strict' as ProfileName };
  const files = pythonFixtures();
  assert.ok(files.length >= 20, `only ${files.length} Python fixtures found`);
  files.forEach((file, index) => {
    const random = new Random(100 + index);
    const edited = new EditedDocument('python', fs.readFileSync(file, 'utf8'));
    const incremental = new IncrementalAnalyzer();
    let previousText = edited.text;
    try {
      incremental.analyze('python', edited.tree, edited.text, options);
      for (let step = 0; step < 40; step++) {
        const edit = step % 2 === 1 && random.chance(0.5) ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, EDITS);
        previousText = edited.text;
        edited.apply(edit);
        const result = incremental.analyze('python', edited.tree, edited.text, options);
        const expected = analyzeText(edited.text, 'fixture.py', options);
        assert.equal(snapshot(result), snapshot(expected), `${path.relative(repoRoot(), file)}, after edit ${step} (${JSON.stringify(edit)})`);
      }
    } finally {
      edited.delete();
    }
  });
});

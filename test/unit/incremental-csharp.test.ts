/**
 * Incremental analysis of C# (server/src/core/incremental/csharp.ts) gives exactly what a fresh
 * full analysis gives after every edit of random sequences on a generated file and on every C#
 * fixture, typed as the server parses it (broken and clean regions); typing in one type re-reads
 * only that type.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { before, test } from 'node:test';
import { generateCSharp } from '../../bench/generate';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { IncrementalCSharpAnalyzer } from '../../server/src/core/incremental/csharp';
import { checkTyping, RegionOutcome } from '../helpers/broken-regions';
import { assertSameSnapshot, EditedDocument, snapshot } from '../helpers/document-edits';
import { CSHARP_EDITS, csharpTyping } from '../helpers/long-typing';
import { runLength, runSeed, sameInEitherPart } from '../helpers/run-length';
import { csharpFixtures } from '../helpers/fixtures';

before(() => initAnalysis());

// The long typing: the recommended profile here, strict in `npm run test:slow` (test/slow/long-typing.test.ts). 200 edits, and
// 40 per fixture, split in two parts (two fifths, three fifths): `npm test` runs the first, test:slow the second (test/slow/second-part-incremental-csharp.test.ts).
const EDITS = runLength(200);
const EDITS_PER_FIXTURE = runLength(40);
test(`incremental C# analysis equals a fresh full analysis after ${EDITS} typed edits (recommended)`, () => csharpTyping('recommended', 5, EDITS));

test(`every C# fixture typed into ${EDITS_PER_FIXTURE} times (each typo undone): every state checks out`, () => {
  const outcome: RegionOutcome = { regions: 0, regionAnalyses: 0 };
  const files = csharpFixtures();
  assert.ok(files.length >= 2, `only ${files.length} C# fixtures found`);
  files.forEach((file, index) => checkTyping({ name: file, grammar: 'csharp', file: 'Fixture.cs', text: fs.readFileSync(file, 'utf8'), random: new Random(runSeed(900 + index)), steps: EDITS_PER_FIXTURE, undo: 1, edits: CSHARP_EDITS, analyzer: () => new IncrementalCSharpAnalyzer() }, outcome));
});

test('typing in one tool type re-reads only that type', sameInEitherPart(), () => {
  const text = generateCSharp(200, 3);
  const find = 'for the';
  const start = text.indexOf(find);
  const edited = new EditedDocument('csharp', text);
  const analyzer = new IncrementalCSharpAnalyzer();
  const options = {};
  try {
    analyzer.analyze('csharp', edited.tree, text, options);
    edited.apply({ range: { start: edited.document.positionAt(start), end: edited.document.positionAt(start + find.length) }, text: 'for all the' });
    const result = analyzer.analyze('csharp', edited.tree, edited.text, options);
    assertSameSnapshot(snapshot(result), snapshot(analyzeText(edited.text, 'Small.cs', {})), 'after the edit');
    assert.equal(analyzer.lastMode, 'incremental', analyzer.lastReason);
    assert.equal(analyzer.lastRead, 1);
  } finally {
    edited.delete();
  }
});

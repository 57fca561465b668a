/**
 * Incremental analysis of Go (server/src/core/incremental/go.ts) gives exactly what a fresh full
 * analysis gives, after every edit of long random sequences on a generated file, typed as the
 * server parses it (broken and clean regions, parse/windows.ts): the same declarations (positions
 * and offsets included) and the same findings in the same order. The edits include the ones that
 * change how other declarations read: the imports, a preset other tools use, a pointer helper and
 * the wrapper. Single edits show that typing in one tool re-reads only that declaration.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { before, test } from 'node:test';
import { Random } from '../../bench/random';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { IncrementalGoAnalyzer } from '../../server/src/core/incremental/go';
import { checkTyping, RegionOutcome } from '../helpers/broken-regions';
import { assertSameSnapshot, EditedDocument, snapshot } from '../helpers/document-edits';
import { GO_EDITS, goTyping } from '../helpers/long-typing';
import { runLength, runSeed, sameInEitherPart } from '../helpers/run-length';
import { goFixtures } from '../helpers/fixtures';

before(() => initAnalysis());

// The long typing: the recommended profile here, strict in `npm run test:slow` (test/slow/long-typing.test.ts). 200 edits, and
// 40 per fixture, split in two parts (two fifths, three fifths): `npm test` runs the first, test:slow the second (test/slow/second-part-incremental-go.test.ts).
const EDITS = runLength(200);
const EDITS_PER_FIXTURE = runLength(40);
test(`incremental Go analysis equals a fresh full analysis after ${EDITS} typed edits (recommended)`, () => goTyping('recommended', 5, EDITS));

test(`every Go fixture typed into ${EDITS_PER_FIXTURE} times (each typo undone): every state checks out`, () => {
  const outcome: RegionOutcome = { regions: 0, regionAnalyses: 0 };
  const files = goFixtures();
  assert.ok(files.length >= 4, `only ${files.length} Go fixtures found`);
  files.forEach((file, index) => checkTyping({ name: file, grammar: 'go', file: 'fixture.go', text: fs.readFileSync(file, 'utf8'), random: new Random(runSeed(700 + index)), steps: EDITS_PER_FIXTURE, undo: 1, edits: GO_EDITS, analyzer: () => new IncrementalGoAnalyzer() }, outcome));
});

/** Analyses `text`, then the text with `find` replaced by `replace`, incrementally; checks it against a full analysis. */
function editOnce(text: string, find: string, replace: string): IncrementalGoAnalyzer {
  const start = text.indexOf(find);
  assert.ok(start >= 0, `the test file holds ${find}`);
  const edited = new EditedDocument('go', text);
  const analyzer = new IncrementalGoAnalyzer();
  const options = {};
  try {
    analyzer.analyze('go', edited.tree, text, options);
    edited.apply({ range: { start: edited.document.positionAt(start), end: edited.document.positionAt(start + find.length) }, text: replace });
    const result = analyzer.analyze('go', edited.tree, edited.text, options);
    assertSameSnapshot(snapshot(result), snapshot(analyzeText(edited.text, 'small.go', {})), `after replacing ${find} with ${replace}`);
    return analyzer;
  } finally {
    edited.delete();
  }
}

const SMALL = `package small

import "github.com/modelcontextprotocol/go-sdk/mcp"

func boolPtr(b bool) *bool { return &b }

var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: boolPtr(false)}

func register(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "uses_preset", Description: "Uses the preset.", Annotations: readOnly}, nil)
}

func registerOwn(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "own_hints", Description: "Writes its hints.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, nil)
}
`;

test('typing in a tool\'s hints or description re-reads only its declaration; editing the preset re-reads its users', sameInEitherPart(), () => {
  for (const [find, replace] of [['Writes its hints.', 'Writes its own hints.'], ['{ReadOnlyHint: true}}', '{ReadOnlyHint: false}}']]) {
    const analyzer = editOnce(SMALL, find, replace);
    assert.equal(analyzer.lastMode, 'incremental', `${find}: ${analyzer.lastReason}`);
    assert.equal(analyzer.lastRead, 1, find);
  }
  const preset = editOnce(SMALL, 'boolPtr(false)}', 'boolPtr(true)}');
  assert.equal(preset.lastMode, 'incremental');
  assert.equal(preset.lastRead, 2, 'the preset and the tool that uses it');
  const helper = editOnce(SMALL, 'return &b', 'return nil');
  assert.equal(helper.lastRead, 2, 'the helper and the preset that calls it');
  const imports = editOnce(SMALL, 'go-sdk/mcp"', 'go-sdk/mcp" // the SDK');
  assert.equal(imports.lastMode, 'full');
});

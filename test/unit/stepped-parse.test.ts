/**
 * A first parse in steps (parse/parser.ts SteppedParse): stopped whenever its time is up and
 * resumed by the next step, it gives the tree a parse in one piece gives, reading `node.text`
 * from the document's text source; an abandoned one can go no further.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { generatePython, generateScript } from '../../bench/generate';
import { initAnalysis } from '../../server/src/core/analyze';
import { GrammarId, parse, SteppedParse, TextSource } from '../../server/src/core/parse/parser';

before(() => initAnalysis(['python', 'typescript']));

for (const [grammar, text] of [['python', generatePython(3_000, 4)], ['typescript', generateScript(3_000, 4, true)]] as Array<[GrammarId, string]>) {
  test(`${grammar}: a parse stopped every few hundred parse actions gives the tree of a parse in one piece`, () => {
    const source: TextSource = { text };
    const steps = new SteppedParse(grammar, text, source);
    let count = 0;
    let tree;
    for (let asked = 0; !tree; count++) {
      // Stop at the third progress check of each step.
      tree = steps.step(() => ++asked % 3 === 0);
      assert.ok(count < 100_000, 'the parse never finished');
    }
    const whole = parse(grammar, text);
    try {
      assert.ok(count >= 20, `only ${count} steps`);
      assert.equal(tree.rootNode.toString(), whole.rootNode.toString());
      assert.equal(tree.rootNode.hasError, false);
      // node.text reads the text source (the document's, for a document's parse).
      const last = tree.rootNode.lastNamedChild!;
      assert.equal(last.text, text.slice(last.startIndex, last.endIndex));
      assert.throws(() => steps.step(() => false), /cannot go on/);
    } finally {
      tree.delete();
      whole.delete();
    }
  });
}

test('an abandoned parse goes no further', () => {
  const text = generatePython(2_000, 5);
  const steps = new SteppedParse('python', text, { text });
  assert.equal(steps.step(() => true), undefined);
  steps.abandon();
  assert.throws(() => steps.step(() => false), /cannot go on/);
});

// An open document kept in pieces (lsp/live-document.ts) answers as vscode-languageserver's
// TextDocument does after the same changes: its text, line count, and every offset <-> position,
// with LF, CRLF and lone CR line breaks, edits across lines, and whole-text changes.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LiveDocument } from '../../server/src/lsp/live-document';

function random(seed: number): (limit: number) => number {
  let state = seed;
  return (limit) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % limit;
  };
}

const ALPHABET = ['a', 'b', ' ', '\n', '\r\n', '\r', 'tool'];

function randomText(next: (limit: number) => number, parts: number): string {
  let text = '';
  for (let index = 0; index < parts; index++) text += ALPHABET[next(ALPHABET.length)];
  return text;
}

test('a LiveDocument answers as a TextDocument after the same changes', () => {
  for (const seed of [1, 7, 2026]) {
    const next = random(seed);
    const initial = randomText(next, 12_000);
    let reference = TextDocument.create('file:///x.py', 'python', 1, initial);
    const live = new LiveDocument('file:///x.py', 'python', 1, initial);
    for (let step = 0; step < 200; step++) {
      const lines = reference.lineCount;
      const start = { line: next(lines + 1), character: next(12) };
      const end = next(3) === 0 ? { line: start.line + next(4), character: next(12) } : start;
      const change = step % 97 === 96 ? { text: randomText(next, 3_000) } : { range: { start, end }, text: randomText(next, next(4)) };
      reference = TextDocument.update(reference, [change], step + 2);
      live.update([change], step + 2);
      assert.equal(live.version, reference.version);
      assert.equal(live.lineCount, reference.lineCount, `step ${step}: line count`);
      assert.equal(live.text.length, reference.getText().length);
      for (let probe = 0; probe < 30; probe++) {
        const offset = next(live.text.length + 2) - 1;
        assert.deepEqual(live.positionAt(offset), reference.positionAt(offset), `step ${step}: positionAt(${offset})`);
        const position = { line: next(lines + 2) - 1, character: next(14) - 1 };
        assert.equal(live.offsetAt(position), reference.offsetAt(position), `step ${step}: offsetAt(${JSON.stringify(position)})`);
      }
    }
    assert.equal(live.getText(), reference.getText());
    const range = { start: { line: 3, character: 1 }, end: { line: 40, character: 2 } };
    assert.equal(live.getText(range), reference.getText(range));
  }
});

test('an edit that undoes the one before gives back the text from before it, as the same object', () => {
  const document = new LiveDocument('file:///x.ts', 'typescript', 1, 'const a = 1;\n'.repeat(2_000));
  const before = document.text;
  const at = { line: 700, character: 6 };
  document.update([{ range: { start: at, end: at }, text: 'x' }], 2);
  assert.notEqual(document.text, before);
  document.update([{ range: { start: at, end: { line: 700, character: 7 } }, text: '' }], 3);
  assert.equal(document.text, before, 'the typo deleted again');
  document.update([{ range: { start: at, end: at }, text: 'y' }], 4);
  document.update([{ range: { start: at, end: { line: 700, character: 7 } }, text: 'z' }], 5);
  assert.notEqual(document.text, before, 'a change that does not undo makes a new text');
  assert.equal(document.getText({ start: { line: 700, character: 0 }, end: { line: 701, character: 0 } }), 'const za = 1;\n');
});

// ChunkedText reads as the string it stands for: after random edits (typing, deleting across
// pieces, pasting many pieces' worth), every read the analysis makes gives what the same read of
// the string gives, including matches that straddle two or more pieces.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChunkedText, commonPrefixLength, commonSuffixLength } from '../../server/src/core/source-text';

/** A small deterministic generator (mulberry32). */
function random(seed: number): (limit: number) => number {
  let state = seed;
  return (limit) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * limit);
  };
}

const ALPHABET = 'ab\n\r tool:';

function randomText(next: (limit: number) => number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += ALPHABET[next(ALPHABET.length)];
  return text;
}

function assertReadsAlike(chunked: ChunkedText, text: string, next: (limit: number) => number): void {
  assert.equal(chunked.length, text.length);
  for (let probe = 0; probe < 40; probe++) {
    const a = next(text.length + 3) - 1;
    const b = next(text.length + 3) - 1;
    assert.equal(chunked.slice(a, b), text.slice(a, b), `slice(${a}, ${b})`);
    assert.equal(chunked.charCodeAt(a), text.charCodeAt(a), `charCodeAt(${a})`);
    const search = text.slice(b, b + 1 + next(4)) || 'tool:';
    assert.equal(chunked.indexOf(search, a), text.indexOf(search, a), `indexOf(${JSON.stringify(search)}, ${a})`);
    assert.equal(chunked.lastIndexOf(search, a), text.lastIndexOf(search, a), `lastIndexOf(${JSON.stringify(search)}, ${a})`);
    assert.equal(chunked.includes(search, a), text.includes(search, a));
  }
  for (const search of ['\r\n', 'tool:', 'zz', '']) {
    assert.equal(chunked.indexOf(search), text.indexOf(search));
    assert.equal(chunked.lastIndexOf(search), text.lastIndexOf(search));
  }
}

test('a ChunkedText reads as its string through random edits', () => {
  for (const seed of [1, 2, 3, 20261126]) {
    const next = random(seed);
    let text = randomText(next, 30_000 + next(20_000));
    let chunked = ChunkedText.of(text);
    for (let step = 0; step < 300; step++) {
      const start = next(text.length + 1);
      const kind = next(10);
      const end = kind < 6 ? start : Math.min(text.length, start + (kind < 9 ? next(20) : next(20_000)));
      const inserted = kind === 9 && step % 3 === 0 ? randomText(next, next(30_000)) : randomText(next, next(3));
      const before = chunked;
      const textBefore = text;
      chunked = chunked.edit(start, end, inserted);
      text = text.slice(0, start) + inserted + text.slice(end);
      const same = commonPrefixLength(textBefore, text);
      assert.equal(commonPrefixLength(before, chunked), same, 'the common start of two versions');
      assert.equal(commonSuffixLength(before, chunked, same), commonSuffixLength(textBefore, text, same), 'the common end of two versions');
      if (step % 10 === 0) assertReadsAlike(chunked, text, next);
      if (step % 50 === 0) assert.equal(before.toString().length, before.length, 'an edit leaves the version it was made from as it was');
    }
    assertReadsAlike(chunked, text, next);
    // Every position, so that each boundary between pieces is searched from just before and after it.
    for (let position = 0; position <= text.length; position++) {
      assert.equal(chunked.lastIndexOf('ab', position), text.lastIndexOf('ab', position), `lastIndexOf('ab', ${position})`);
      assert.equal(chunked.indexOf('ab', position), text.indexOf('ab', position), `indexOf('ab', ${position})`);
    }
    assert.equal(chunked.toString(), text);
    // Once put together, reads go to the whole string and still agree.
    assertReadsAlike(chunked, text, next);
  }
});

test('matches that straddle pieces are found searching from every position', () => {
  // 16,500 characters in three pieces of 5,500: 'ab' and 'bc' straddle the two boundaries, and after the edits other words do.
  let text = 'abc'.repeat(5_500);
  let chunked = ChunkedText.of(text);
  for (const [start, end, inserted] of [[0, 0, ''], [5_498, 5_503, 'xy'], [8_000, 8_000, 'abcab'.repeat(1_000)]] as const) {
    chunked = chunked.edit(start, end, inserted);
    text = text.slice(0, start) + inserted + text.slice(end);
    for (const search of ['ab', 'bc', 'cab', 'abcab', 'axyb']) {
      for (let position = 0; position <= text.length; position += 1) {
        assert.equal(chunked.indexOf(search, position), text.indexOf(search, position), `indexOf(${search}, ${position})`);
        assert.equal(chunked.lastIndexOf(search, position), text.lastIndexOf(search, position), `lastIndexOf(${search}, ${position})`);
      }
    }
  }
});

test('an empty ChunkedText, and edits that empty a text or fill an empty one', () => {
  const empty = ChunkedText.of('');
  assert.equal(empty.length, 0);
  assert.equal(empty.slice(), '');
  assert.ok(Number.isNaN(empty.charCodeAt(0)));
  assert.equal(empty.indexOf('a'), -1);
  assert.equal(empty.lastIndexOf('a'), -1);
  assert.equal(empty.indexOf(''), 0);
  const filled = empty.edit(0, 0, 'tool');
  assert.equal(filled.toString(), 'tool');
  assert.equal(filled.edit(0, 4, '').toString(), '');
  const long = 'x'.repeat(50_000);
  assert.equal(ChunkedText.of(long).edit(10, 49_990, '').toString(), 'x'.repeat(20));
});

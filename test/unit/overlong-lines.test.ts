/** hasOverlongLine decides which documents are not parsed (minified code): exact at the limit. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasOverlongLine } from '../../server/src/core/analyze';

const line = (length: number) => 'x'.repeat(length);

test('a line of exactly the limit is fine, one more character is overlong, wherever the line is', () => {
  const limit = 50;
  for (const [text, expected] of [
    [line(50), false],
    [line(51), true],
    [`${line(50)}\n${line(50)}\n${line(50)}`, false],
    [`${line(10)}\n${line(51)}\n${line(10)}`, true],
    [`${line(49)}\n${line(49)}\n${line(51)}`, true],
    [`${line(49)}\n${line(49)}\n${line(51)}\n`, true],
    [`${'\n'.repeat(200)}${line(50)}`, false],
    [`${line(30)}\n`.repeat(100), false],
    [`${line(50)}\r\n`.repeat(10), true],
    ['', false],
  ] as const) {
    assert.equal(hasOverlongLine(text, limit), expected, JSON.stringify(text.slice(0, 80)));
  }
});

/** Helpers over tree-sitter nodes that the front ends share. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { lineStartOffset } from '../../server/src/core/fixes/positions';
import { namedChildren, namedChildrenOnRows } from '../../server/src/core/frontends/syntax';
import { parse } from '../../server/src/core/parse/parser';

before(() => initAnalysis());

const MODULE = `"""A module."""
import os

# a comment

@tool
def first(x):
    return x


class Second:
    def method(self):
        pass
x = 1; y = 2
def broken(:
    pass
`;

test('the named children on some rows are those a filter over all of them keeps, for every range of rows', () => {
  const tree = parse('python', MODULE);
  try {
    const root = tree.rootNode;
    const describe = (nodes: readonly { type: string; startPosition: { row: number } }[]) => nodes.map((node) => `${node.type}@${node.startPosition.row}`).join(' ');
    const lines = MODULE.split('\n').length;
    let nonEmpty = 0;
    for (let first = 0; first < lines; first++) {
      for (let last = first; last < lines; last++) {
        const expected = namedChildren(root).filter((child) => child.startPosition.row <= last && child.endPosition.row >= first);
        const actual = namedChildrenOnRows(root, [[first, last]], (line) => lineStartOffset(MODULE, line) ?? MODULE.length);
        assert.equal(describe(actual), describe(expected), `rows ${first}-${last}`);
        if (actual.length) nonEmpty++;
      }
    }
    assert.ok(nonEmpty > 100, 'most ranges hold statements');
    // Two ranges: each statement once, in document order.
    const both = namedChildrenOnRows(root, [[10, 12], [5, 11]], (line) => lineStartOffset(MODULE, line) ?? MODULE.length);
    assert.equal(describe(both), 'decorated_definition@5 class_definition@10');
  } finally {
    tree.delete();
  }
});

/** Small helpers over web-tree-sitter nodes, shared by the language front ends. */
import { Node } from 'web-tree-sitter';
import { Container, Range } from '../model';

export function rangeOf(node: Node): Range {
  return {
    start: { line: node.startPosition.row, character: node.startPosition.column },
    end: { line: node.endPosition.row, character: node.endPosition.column },
  };
}

export function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child !== null);
}

/**
 * The named children of `node` with a line in one of `rows` (inclusive 0-based line ranges), in
 * document order; `lineStart` gives a line's offset. Only the children around each range become
 * node objects: a keystroke in a 10,000-line file asks for one or two of its 700 statements.
 */
export function namedChildrenOnRows(node: Node, rows: ReadonlyArray<readonly [number, number]>, lineStart: (line: number) => number): Node[] {
  const found = new Map<number, Node>();
  for (const [first, last] of rows) {
    // Every child ending on `first` or later extends beyond the start of the line before it.
    const after = node.firstNamedChildForIndex(lineStart(Math.max(0, first - 1)));
    for (let child = after?.previousNamedSibling ?? after; child && child.startPosition.row <= last; child = child.nextNamedSibling) {
      if (child.endPosition.row >= first && !found.has(child.id)) found.set(child.id, child);
    }
  }
  return [...found.values()].sort((a, b) => a.startIndex - b.startIndex || a.endIndex - b.endIndex);
}

export function allChildren(node: Node): Node[] {
  return node.children.filter((child): child is Node => child !== null);
}

/** The ERROR nodes in document order, descending only into subtrees that hold one (no recursion: deep nesting is fine). */
export function errorNodes(root: Node): Node[] {
  const found: Node[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (!node.hasError) continue;
    if (node.type === 'ERROR') found.push(node);
    const children = node.children;
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (child) stack.push(child);
    }
  }
  return found;
}

/** The leaves (tokens) under a node, in document order, walked with a cursor as they are asked for. */
export function* leafNodes(node: Node): Generator<Node, void, undefined> {
  const cursor = node.walk();
  try {
    let descending = true;
    for (;;) {
      if (descending && cursor.gotoFirstChild()) continue;
      if (descending) yield cursor.currentNode;
      if (cursor.gotoNextSibling()) {
        descending = true;
        continue;
      }
      if (!cursor.gotoParent()) break;
      descending = false;
    }
  } finally {
    cursor.delete();
  }
}

/**
 * The container of a bracketed list of entries (`(...)`, `{...}`): where new entries go.
 * `closeOffset` stays undefined while the author has not typed the closing bracket.
 */
export function containerOf(node: Node, entries: Node[], syntax: Container['syntax']): Container {
  // Only the last child matters: no need to read every child out of tree-sitter.
  const last = node.lastChild;
  const closed = last !== null && (last.type === ')' || last.type === '}') && !last.isMissing;
  return {
    openOffset: node.startIndex + 1,
    closeOffset: closed ? last.startIndex : undefined,
    entryOffsets: entries.map((entry) => ({ start: entry.startIndex, end: entry.endIndex })),
    syntax,
  };
}

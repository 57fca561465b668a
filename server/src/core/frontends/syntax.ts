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

export function allChildren(node: Node): Node[] {
  return node.children.filter((child): child is Node => child !== null);
}

/** Every descendant of the given types, in document order, without recursion (deep trees are fine). */
export function descendantsOfTypes(root: Node, types: ReadonlySet<string>): Node[] {
  const found: Node[] = [];
  const cursor = root.walk();
  try {
    let descending = true;
    for (;;) {
      if (descending) {
        if (types.has(cursor.nodeType)) found.push(cursor.currentNode);
        if (cursor.gotoFirstChild()) continue;
      }
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
  return found;
}

/**
 * The container of a bracketed list of entries (`(...)`, `{...}`): where new entries go.
 * `closeOffset` stays undefined while the author has not typed the closing bracket.
 */
export function containerOf(node: Node, entries: Node[], syntax: Container['syntax']): Container {
  const children = allChildren(node);
  const last = children[children.length - 1];
  const closed = last !== undefined && (last.type === ')' || last.type === '}') && !last.isMissing;
  return {
    openOffset: node.startIndex + 1,
    closeOffset: closed ? last.startIndex : undefined,
    entryOffsets: entries.map((entry) => ({ start: entry.startIndex, end: entry.endIndex })),
    syntax,
  };
}

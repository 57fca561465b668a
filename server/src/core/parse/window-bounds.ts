/**
 * Where the windows of parse/windows.ts lie: the top-level statements around an edit, found by
 * binary search over the tree's top-level nodes, and the included ranges of the rest without them.
 */
import { Edit, Node, Point, Range } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { firstNotBefore } from '../sorted';
import { GrammarId, parse } from './parser';
import type { DocumentSyntax } from './windows';

/** Windows larger than this (a paste, a replace-all) are not parsed on their own. */
const MAX_WINDOW = 64 * 1024;

/** Top-level statements of a document, as a range of it. */
export type Window = Range;

/** An edit that changes nothing at `index`: the nodes ending there or looking ahead past it are not reused. */
export function emptyEditAt(index: number, position: Point): Edit {
  return { startIndex: index, oldEndIndex: index, newEndIndex: index, startPosition: position, oldEndPosition: position, newEndPosition: position };
}

/**
 * The top-level statements around the edited part: from the last one starting a line at or before
 * the edit up to the next one starting a line after it; with a region the edit touches, that region
 * too. Away from a clean region, the window around the edit alone, when it does not reach the
 * region. Undefined (reparse the whole) when the rest of the document is broken, when the edit is
 * away from a broken region, or when the window would be large.
 */
export function windowAround(previous: DocumentSyntax, text: SourceText, dirty: { start: number; end: number }): Window | undefined {
  const root = previous.tree.rootNode;
  if (root.hasError) return undefined;
  const region = previous.region;
  if (region && (dirty.start > region.end || dirty.end < region.start)) {
    if (!region.clean) return undefined;
    const window = windowAround({ tree: previous.tree }, text, dirty);
    return window && (window.endIndex <= region.start || window.startIndex >= region.end) ? window : undefined;
  }
  let startIndex = 0;
  let startPosition: Point = { row: 0, column: 0 };
  if (region && dirty.start >= region.start) {
    startIndex = region.start;
    startPosition = region.startPosition;
  } else {
    for (let index = lastUnitAtOrBefore(root, dirty.start); index >= 0; index--) {
      const unit = root.namedChild(index)!;
      if (unit.startPosition.column === 0) {
        startIndex = unit.startIndex;
        startPosition = unit.startPosition;
        break;
      }
    }
  }
  const last = region ? Math.max(dirty.end, region.end - 1) : dirty.end;
  const next = nextUnitStart(root, last);
  const endIndex = next?.startIndex ?? text.length;
  const endPosition = next?.startPosition;
  if (endIndex - startIndex > MAX_WINDOW || endIndex <= startIndex || (startIndex === 0 && endIndex === text.length)) return undefined;
  return { startIndex, endIndex, startPosition, endPosition: endPosition ?? pointAfter(text, startIndex, startPosition, endIndex) };
}

/**
 * The first top-level node starting a line after `offset`. Nodes are reached by index: in a tree
 * edited but not reparsed, the nodes a deletion removed are left with no length, and sibling links
 * between such nodes can lead back and forth forever.
 */
export function nextUnitStart(root: Node, offset: number): Node | undefined {
  const count = root.namedChildCount;
  for (let index = lastUnitAtOrBefore(root, offset) + 1; index < count; index++) {
    const unit = root.namedChild(index)!;
    if (unit.startIndex > offset && unit.startPosition.column === 0) return unit;
  }
  return undefined;
}

/** The index of the last top-level node starting at or before `offset` (-1 when there is none), by binary search. */
function lastUnitAtOrBefore(root: Node, offset: number): number {
  return firstNotBefore(root.namedChildCount, (index) => root.namedChild(index)!.startIndex <= offset) - 1;
}

/** Whether the edited part lies inside one top-level statement, away from its start and end. */
export function insideOneUnit(root: Node, dirty: { start: number; end: number }): boolean {
  const index = lastUnitAtOrBefore(root, dirty.start);
  if (index < 0) return false;
  const unit = root.namedChild(index)!;
  return unit.startIndex < dirty.start && dirty.end < unit.endIndex;
}

/** The included ranges of the rest of the document: before the window and after it. */
export function outside(window: Window, text: SourceText): Range[] {
  const ranges: Range[] = [];
  if (window.startIndex > 0) ranges.push({ startIndex: 0, endIndex: window.startIndex, startPosition: { row: 0, column: 0 }, endPosition: window.startPosition });
  if (window.endIndex < text.length) {
    const end = pointAfter(text, window.endIndex, window.endPosition, text.length);
    ranges.push({ startIndex: window.endIndex, endIndex: text.length, startPosition: window.endPosition, endPosition: end });
  }
  return ranges;
}

/** Whether the rest's top-level statements end before the window and start again at its end. */
export function splitsAt(root: Node, window: Window): boolean {
  const across = root.firstNamedChildForIndex(window.startIndex);
  return !across || across.startIndex === window.endIndex;
}

/** The point of `index`, counted on from a known point before it. */
export function pointAfter(text: SourceText, fromIndex: number, from: Point, index: number): Point {
  let row = from.row;
  let lineStart = fromIndex - from.column;
  for (let at = text.indexOf('\n', fromIndex); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) {
    row++;
    lineStart = at + 1;
  }
  return { row, column: index - lineStart };
}

/**
 * Whether the statements just before and after the window end and start where the rest's tree has
 * them, with the window's new text between them (`withWindow`) or without it. In TypeScript and
 * JavaScript a statement without a semicolon runs on into a next line that starts with `(`, `[`,
 * an operator...: so they are parsed again, with the window or around it, and must keep their spans.
 * Python statements starting a line cannot run on into the next one, nor be continued by it, without
 * a syntax error in the window (an open bracket or string, a trailing backslash, an `else:` or a
 * decorator on its own), and the rest's statements around a window of them were clean: always true.
 */
export function boundariesHold(grammar: GrammarId, previous: DocumentSyntax, text: SourceText, window: Window, withWindow: boolean): boolean {
  if (grammar === 'python') return true;
  const region = previous.region;
  // Right next to a previous region, the rest's statement there may be one it no longer holds.
  if (region && ((window.startIndex > 0 && region.end === window.startIndex) || (window.endIndex < text.length && region.start === window.endIndex))) return false;
  const rest = previous.tree.rootNode;
  const before = unitEndingAtOrBefore(rest, window.startIndex);
  const after = rest.firstNamedChildForIndex(window.endIndex) ?? undefined;
  if (!before && !after) return true;
  const from = before ? { index: before.startIndex, position: before.startPosition } : { index: window.startIndex, position: window.startPosition };
  const to = after ? { index: after.endIndex, position: after.endPosition } : { index: window.endIndex, position: window.endPosition };
  const ranges: Range[] = withWindow
    ? [{ startIndex: from.index, endIndex: to.index, startPosition: from.position, endPosition: to.position }]
    : [
      { startIndex: from.index, endIndex: window.startIndex, startPosition: from.position, endPosition: window.startPosition },
      { startIndex: window.endIndex, endIndex: to.index, startPosition: window.endPosition, endPosition: to.position },
    ].filter((range) => range.startIndex < range.endIndex);
  const around = parse(grammar, text, undefined, ranges);
  try {
    const root = around.rootNode;
    return !root.hasError && (!before || sameSpan(root.firstNamedChildForIndex(before.startIndex), before))
      && (!after || sameSpan(root.firstNamedChildForIndex(window.endIndex), after));
  } finally {
    around.delete();
  }
}

/** The last top-level node ending at or before `offset`. */
function unitEndingAtOrBefore(root: Node, offset: number): Node | undefined {
  const after = root.firstNamedChildForIndex(offset);
  const candidate = after ? after.previousNamedSibling : root.lastNamedChild;
  return candidate && candidate.endIndex <= offset ? candidate : undefined;
}

function sameSpan(node: Node | null, as: Node): boolean {
  return node?.startIndex === as.startIndex && node.endIndex === as.endIndex;
}

/**
 * Where the windows of parse/windows.ts lie: the top-level statements around an edit, found by
 * binary search over the tree's top-level nodes, and the included ranges of the rest without them.
 */
import { Edit, Node, Point, Range, Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { firstNotBefore } from '../sorted';
import { GrammarId, parse } from './parser';
import { DocumentSyntax, Region, regionsOf } from './document-syntax';
import { withFields } from '../with-fields';

/** Windows larger than this (a paste, a replace-all) are not parsed on their own. */
const MAX_WINDOW = 64 * 1024;
/** How many statements after a broken window are tried with it before it becomes a broken region. */
export const MAX_WINDOW_GROWTH = 2;

/** Top-level statements of a document, as a range of it. */
export type Window = Range;

/** An edit that changes nothing at `index`: the nodes ending there or looking ahead past it are not reused. */
export function emptyEditAt(index: number, position: Point): Edit {
  return { startIndex: index, oldEndIndex: index, newEndIndex: index, startPosition: position, oldEndPosition: position, newEndPosition: position };
}

/** A window, and the region the edit touched (the window holds all of it), if it touched one. */
export interface WindowAround {
  window: Window;
  touched?: Region;
}

/**
 * The top-level statements around the edited part: from the last one starting a line at or before
 * the edit up to the next one starting a line after it; with a region the edit touches, that region
 * too. The window never reaches into another region: a region's bounds start a line and a statement,
 * so they bound the window instead. Undefined (reparse the whole) when the rest of the document is
 * broken (one tree with syntax errors), when the edit touches two regions, or when the window would
 * be large.
 */
export function windowAround(previous: DocumentSyntax, text: SourceText, dirty: { start: number; end: number }): WindowAround | undefined {
  const root = previous.tree.rootNode;
  if (root.hasError) return undefined;
  const regions = regionsOf(previous);
  const touching = regions.filter((region) => dirty.start <= region.end && dirty.end >= region.start);
  if (touching.length > 1) return undefined;
  const touched = touching[0];
  let startIndex = 0;
  let startPosition: Point = { row: 0, column: 0 };
  // A region starts a line unless an edit just before it joined its first line to the one before.
  const regionStartsLine = touched && (touched.start === 0 || text.charCodeAt(touched.start - 1) === 10);
  if (touched && (dirty.start > touched.start || (dirty.start === touched.start && regionStartsLine))) {
    startIndex = touched.start;
    startPosition = touched.startPosition;
  } else {
    for (let index = lastUnitAtOrBefore(root, dirty.start); index >= 0; index--) {
      const unit = root.namedChild(index)!;
      if (unit.startPosition.column === 0) {
        startIndex = unit.startIndex;
        startPosition = unit.startPosition;
        break;
      }
    }
    const before = lastRegionEndingAtOrBefore(regions, dirty.start, touched);
    if (before && before.end > startIndex) {
      startIndex = before.end;
      startPosition = before.endPosition;
    }
  }
  const last = touched ? Math.max(dirty.end, touched.end - 1) : dirty.end;
  const next = nextUnitStart(root, last);
  let endIndex = next?.startIndex ?? text.length;
  let endPosition = next?.startPosition;
  const after = regions.find((region) => region !== touched && region.start > last);
  if (after && after.start < endIndex) {
    endIndex = after.start;
    endPosition = after.startPosition;
  }
  if (endIndex - startIndex > MAX_WINDOW || endIndex <= startIndex || (startIndex === 0 && endIndex === text.length)) return undefined;
  return { window: { startIndex, endIndex, startPosition, endPosition: endPosition ?? pointAfter(text, startIndex, startPosition, endIndex) }, touched };
}

function lastRegionEndingAtOrBefore(regions: readonly Region[], offset: number, except: Region | undefined): Region | undefined {
  let found: Region | undefined;
  for (const region of regions) {
    if (region.end > offset) break;
    if (region !== except) found = region;
  }
  return found;
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

/** The included ranges of the rest of the document: all but the windows (in source order, none overlapping). */
export function outside(windows: readonly Window[], text: SourceText): Range[] {
  const ranges: Range[] = [];
  let from = 0;
  let fromPosition: Point = { row: 0, column: 0 };
  for (const window of windows) {
    if (window.startIndex > from) ranges.push({ startIndex: from, endIndex: window.startIndex, startPosition: fromPosition, endPosition: window.startPosition });
    from = window.endIndex;
    fromPosition = window.endPosition;
  }
  if (from < text.length) ranges.push({ startIndex: from, endIndex: text.length, startPosition: fromPosition, endPosition: pointAfter(text, from, fromPosition, text.length) });
  return ranges;
}

/** The regions as windows, with `window` among them, in source order. */
export function windowsWith(regions: readonly Region[], window?: Window): Window[] {
  const windows: Window[] = regions.map(asWindow);
  if (window) windows.push(window);
  return windows.sort((a, b) => a.startIndex - b.startIndex);
}

export function asWindow(region: Region): Window {
  return { startIndex: region.start, endIndex: region.end, startPosition: region.startPosition, endPosition: region.endPosition };
}

/**
 * Whether the rest's top-level statements end before each window (in source order) and start again
 * where it ends, or where the run of windows right after it ends (the rest holds none of them).
 */
export function splitsAround(root: Node, windows: readonly Window[]): boolean {
  for (let index = 0; index < windows.length; index++) {
    let end = windows[index].endIndex;
    for (let next = index + 1; next < windows.length && windows[next].startIndex === end; next++) end = windows[next].endIndex;
    const across = root.firstNamedChildForIndex(windows[index].startIndex);
    if (across && across.startIndex !== end) return false;
  }
  return true;
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
  // Right next to a region, the rest's statement there may be one it no longer holds, or one read across a broken region.
  const adjacent = (region: Region) => (window.startIndex > 0 && region.end === window.startIndex) || (window.endIndex < text.length && region.start === window.endIndex);
  if (regionsOf(previous).some(adjacent)) return false;
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

/**
 * The broken window with up to MAX_WINDOW_GROWTH statements of the rest after it (never into a
 * region: `others`), when that parses cleanly (a decorator that was cut from its definition, an
 * `else:` from its `if`).
 */
export function cleanWithNext(grammar: GrammarId, root: Node, text: SourceText, window: Window, others: readonly Region[]): Window | undefined {
  for (let longer = window, step = 0; step < MAX_WINDOW_GROWTH && longer.endIndex < text.length; step++) {
    if (others.some((region) => region.start === longer.endIndex)) return undefined;
    const next = nextUnitStart(root, longer.endIndex);
    const region = others.find((other) => other.start > longer.endIndex);
    if (region && (!next || region.start < next.startIndex)) longer = withFields(longer, { endIndex: region.start, endPosition: region.startPosition });
    else if (next) longer = withFields(longer, { endIndex: next.startIndex, endPosition: next.startPosition });
    else longer = withFields(longer, { endIndex: text.length, endPosition: pointAfter(text, longer.endIndex, longer.endPosition, text.length) });
    const grown = parse(grammar, text, undefined, [longer]);
    const clean = !grown.rootNode.hasError;
    grown.delete();
    if (clean) return longer;
  }
  return undefined;
}

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/**
 * Whether a broken window's parse leaves brackets open (more opening tokens than closing ones, not
 * counting those tree-sitter made up): the statements after it, parsed cleanly in the rest, close
 * as many as they open, so the window with them would still be broken. Worth knowing before trying
 * them (`MAX_WINDOW_GROWTH`): each parse of broken code costs tree-sitter its error recovery (a
 * 15-line Python declaration with an unclosed bracket: 1.7 ms against 0.35 ms clean).
 */
export function leavesBracketsOpen(tree: Tree): boolean {
  const cursor = tree.walk();
  let open = 0;
  try {
    for (let more = true; more;) {
      if (cursor.gotoFirstChild()) continue;
      if (!cursor.nodeIsMissing) {
        const type = cursor.nodeType;
        if (OPENERS.has(type)) open++;
        else if (CLOSERS.has(type)) open--;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          more = false;
          break;
        }
      }
    }
  } finally {
    cursor.delete();
  }
  return open > 0;
}

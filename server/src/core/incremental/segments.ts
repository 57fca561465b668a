/** Where an edit falls among a Python module's top-level statements (incremental analysis). */
import { Node } from 'web-tree-sitter';
import { commonPrefixLength, commonSuffixLength, SourceText } from '../source-text';
import { Segment, segmentOf } from './python';
import { Span } from '../parse/joined-windows';
import { DocumentSyntax } from '../parse/windows';
import { ToolDeclaration } from '../model';
import { firstNotBefore } from '../sorted';

/** The segments of a new text, with how many at the start and at the end are unchanged from the old ones. */
export interface SegmentUpdate {
  segments: Segment[];
  /** Segments at the start that are the old ones, at the same place. */
  prefix: number;
  /** Segments at the end that are the old ones moved by the edit (on later lines than the edit). */
  suffix: number;
}

/**
 * The new text's segments, read from the tree only around the edit: the old segments before the
 * edit are kept once the last of them is found unchanged in the new tree (a top-level node that
 * did not change cannot have neighbours before it that did), and the old segments after the edit
 * once one of them is found at its moved place, on a later line than the edit (the rest of the
 * text, the same, then parses the same). Columns never move for those: only offsets and rows.
 */
export function updatedSegments(old: readonly Segment[], oldText: SourceText, root: Node, text: SourceText, alsoChanged?: Span): SegmentUpdate {
  const { same, tail } = unchangedEnds(oldText, text, alsoChanged);
  const oldChangeEnd = oldText.length - tail;
  const newChangeEnd = text.length - tail;
  const delta = text.length - oldText.length;

  // The last old segment wholly before the edit that the new tree still has.
  let kept = firstEndingAtOrAfter(old, same) - 1;
  let node: Node | null = null;
  while (kept >= 0) {
    const candidate = root.firstNamedChildForIndex(old[kept].start);
    if (candidate && sameSpan(old[kept], candidate, 0)) {
      node = candidate.nextNamedSibling;
      break;
    }
    kept--;
  }
  if (kept < 0) node = root.firstNamedChild;
  const segments = old.slice(0, kept + 1);
  const prefix = segments.length;

  for (; node; node = node.nextNamedSibling) {
    const start = node.startIndex;
    if (start >= newChangeEnd) {
      const index = segmentStartingAt(old, start - delta);
      if (index !== undefined && sameSpan(old[index], node, delta) && startsOnLaterLine(oldText, oldChangeEnd, old[index].start)) {
        const lineDelta = node.startPosition.row - old[index].startRow;
        for (let moved = index; moved < old.length; moved++) segments.push(movedSegment(old[moved], delta, lineDelta));
        return { segments, prefix, suffix: old.length - index };
      }
    }
    segments.push(segmentOf(node));
  }
  return { segments, prefix, suffix: 0 };
}

/**
 * The same, from every top-level statement of the new tree: when the tree holds syntax errors,
 * tree-sitter's recovery may reshape statements far from the edit, so all are read and compared.
 */
export function comparedSegments(old: readonly Segment[], oldText: SourceText, segments: Segment[], text: SourceText, alsoChanged?: Span): SegmentUpdate {
  const { same, tail } = unchangedEnds(oldText, text, alsoChanged);
  const oldChangeEnd = oldText.length - tail;
  const delta = text.length - oldText.length;
  let prefix = 0;
  while (prefix < old.length && prefix < segments.length && sameSegment(old[prefix], segments[prefix], 0) && old[prefix].end < same) prefix++;
  let suffix = 0;
  while (suffix < old.length - prefix && suffix < segments.length - prefix) {
    const before = old[old.length - 1 - suffix];
    const after = segments[segments.length - 1 - suffix];
    if (!sameSegment(before, after, delta) || !startsOnLaterLine(oldText, oldChangeEnd, before.start)) break;
    suffix++;
  }
  return { segments, prefix, suffix };
}

/**
 * How many code units the texts share at the start and at the end; `alsoChanged` (old offsets)
 * counts as changed too: a region the old segments were read from with another tree.
 */
function unchangedEnds(oldText: SourceText, text: SourceText, alsoChanged: Span | undefined): { same: number; tail: number } {
  let same = commonPrefixLength(oldText, text);
  let tail = commonSuffixLength(oldText, text, same);
  if (alsoChanged) {
    same = Math.min(same, alsoChanged.start);
    tail = Math.min(tail, oldText.length - alsoChanged.end);
  }
  return { same, tail };
}

/**
 * The segments with a region (parse/windows.ts): the old ones before the region and in the
 * unchanged start of the text, the old ones after it in the unchanged end (moved), and between them
 * the rest's statements and the region's. Undefined when the kept ones are not where the rest's
 * tree has them.
 */
export function regionUpdate(old: readonly Segment[], oldText: SourceText, syntax: Required<DocumentSyntax>, text: SourceText): SegmentUpdate | undefined {
  const { tree, region } = syntax;
  const root = tree.rootNode;
  const same = commonPrefixLength(oldText, text);
  const tail = commonSuffixLength(oldText, text, same);
  const delta = text.length - oldText.length;
  let prefix = 0;
  while (prefix < old.length && old[prefix].end <= Math.min(region.start, same)) prefix++;
  let suffixStart = old.length;
  const keptAfter = Math.max(region.end - delta, oldText.length - tail);
  while (suffixStart > prefix && old[suffixStart - 1].start >= keptAfter) suffixStart--;
  if (prefix > 0 && !hasNode(root, old[prefix - 1], 0)) return undefined;
  const firstMoved = suffixStart < old.length ? hasNode(root, old[suffixStart], delta) : undefined;
  if (suffixStart < old.length && !firstMoved) return undefined;
  const from = prefix > 0 ? old[prefix - 1].end : 0;
  const to = firstMoved ? firstMoved.startIndex : text.length;
  const segments = old.slice(0, prefix);
  for (const node of namedChildrenBetween(root, from, region.start)) segments.push(segmentOf(node));
  for (const node of region.tree.rootNode.namedChildren) if (node) segments.push(segmentOf(node));
  for (const node of namedChildrenBetween(root, region.end, to)) segments.push(segmentOf(node));
  const lineDelta = firstMoved ? firstMoved.startPosition.row - old[suffixStart].startRow : 0;
  for (let moved = suffixStart; moved < old.length; moved++) segments.push(movedSegment(old[moved], delta, lineDelta));
  return { segments, prefix, suffix: old.length - suffixStart };
}

/** The tree's top-level node for a segment moved by `delta`, when it has one there. */
function hasNode(root: Node, segment: Segment, delta: number): Node | undefined {
  const node = root.firstNamedChildForIndex(segment.start + delta);
  return node && sameSpan(segment, node, delta) ? node : undefined;
}

/** The top-level nodes starting in [from, to). */
function namedChildrenBetween(root: Node, from: number, to: number): Node[] {
  const nodes: Node[] = [];
  for (let node = root.firstNamedChildForIndex(from); node && node.startIndex < to; node = node.nextNamedSibling) {
    if (node.startIndex >= from) nodes.push(node);
  }
  return nodes;
}

function sameSegment(before: Segment, after: Segment, delta: number): boolean {
  return before.type === after.type && before.start + delta === after.start && before.end + delta === after.end && before.hasError === after.hasError;
}

function sameSpan(segment: Segment, node: Node, delta: number): boolean {
  return segment.start + delta === node.startIndex && segment.end + delta === node.endIndex && segment.type === node.type;
}

/** Whether a line break lies between the edit's end and `start` (in the old text). */
function startsOnLaterLine(oldText: SourceText, oldChangeEnd: number, start: number): boolean {
  return oldText.lastIndexOf('\n', start - 1) >= oldChangeEnd;
}

function movedSegment(segment: Segment, delta: number, lineDelta: number): Segment {
  if (delta === 0 && lineDelta === 0) return segment;
  return { ...segment, start: segment.start + delta, end: segment.end + delta, startRow: segment.startRow + lineDelta, endRow: segment.endRow + lineDelta };
}

/** The index of the first segment ending at or after `offset` (segments.length when none). */
function firstEndingAtOrAfter(segments: readonly Segment[], offset: number): number {
  return firstNotBefore(segments.length, (index) => segments[index].end < offset);
}

function segmentStartingAt(segments: readonly Segment[], start: number): number | undefined {
  const index = firstEndingAtOrAfter(segments, start);
  return segments[index]?.start === start ? index : undefined;
}

/** Whether a re-extracted statement shares a row with a neighbour that is reused (re-extraction picks statements by row). */
export function sharesRows(segments: readonly Segment[], index: number, redone: ReadonlySet<number>): boolean {
  const segment = segments[index];
  const before = segments[index - 1];
  const after = segments[index + 1];
  return (!!before && !redone.has(index - 1) && before.endRow >= segment.startRow) || (!!after && !redone.has(index + 1) && after.startRow <= segment.endRow);
}

/** Whether `position` lies after the segment's end. */
export function after(position: { line: number; character: number }, segment: Segment): boolean {
  return position.line > segment.endRow || (position.line === segment.endRow && position.character > segment.endColumn);
}

export function before(position: { line: number; character: number }, segment: Segment): boolean {
  return position.line < segment.startRow || (position.line === segment.startRow && position.character < segment.startColumn);
}

/** Splits declarations (in source order) by the segment holding their start; all in one group without segments. */
export function groupBySegment(declarations: readonly ToolDeclaration[], segments: readonly Segment[]): ToolDeclaration[][] {
  if (!segments.length) return [[...declarations]];
  const groups: ToolDeclaration[][] = segments.map(() => []);
  let index = 0;
  for (const declaration of declarations) {
    const { line, character } = declaration.range.start;
    while (index < segments.length - 1 && (segments[index].endRow < line || (segments[index].endRow === line && segments[index].endColumn <= character))) index++;
    groups[index].push(declaration);
  }
  return groups;
}

/** The index of the segment whose rows hold `row`, by binary search. */
export function segmentAtRow(segments: readonly Segment[], row: number): number | undefined {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (segments[middle].endRow < row) low = middle + 1;
    else if (segments[middle].startRow > row) high = middle - 1;
    else return middle;
  }
  return undefined;
}

/** The index of the first segment ending on or after `row` (undefined past the last). */
export function firstEndingAtOrAfterRow(segments: readonly Segment[], row: number): number | undefined {
  const index = firstNotBefore(segments.length, (at) => segments[at].endRow < row);
  return index < segments.length ? index : undefined;
}

/** A segment's identity within one text: where it starts and ends. */
export function segmentKey(segment: Segment): string {
  return `${segment.start}:${segment.end}`;
}

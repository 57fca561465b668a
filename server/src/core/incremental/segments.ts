/** Where an edit falls among a Python module's top-level statements (incremental analysis). */
import { Node } from 'web-tree-sitter';
import { commonPrefixLength, commonSuffixLength, SourceText } from '../source-text';
import { Segment, segmentOf } from './python';
import { Span } from '../parse/joined-windows';
import { DocumentSyntax, RegionSpan, regionsOf, treeAt } from '../parse/windows';
import { regionSpans, regionsNotIn, TextChange, widenedChange } from './regions';
import { ToolDeclaration } from '../model';
import { firstNotBefore } from '../sorted';
import { withFields } from '../with-fields';

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
export function updatedSegments(old: readonly Segment[], oldText: SourceText, root: Node, text: SourceText, alsoChanged: readonly Span[] = []): SegmentUpdate {
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
export function comparedSegments(old: readonly Segment[], oldText: SourceText, segments: Segment[], text: SourceText, alsoChanged: readonly Span[] = []): SegmentUpdate {
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
 * counts as changed too: regions the old segments were read from with other trees.
 */
function unchangedEnds(oldText: SourceText, text: SourceText, alsoChanged: readonly Span[]): { same: number; tail: number } {
  let same = commonPrefixLength(oldText, text);
  let tail = commonSuffixLength(oldText, text, same);
  for (const span of alsoChanged) {
    same = Math.min(same, span.start);
    tail = Math.min(tail, oldText.length - span.end);
  }
  return { same, tail };
}

/** Where two texts differ: from `start` to `oldEnd` in the old one, to `newEnd` in the new one. */
export function textChange(oldText: SourceText, text: SourceText): TextChange {
  const { same, tail } = unchangedEnds(oldText, text, []);
  return { start: same, oldEnd: oldText.length - tail, newEnd: text.length - tail };
}

/**
 * The segments with regions (parse/windows.ts): the old ones before the change and after it (moved),
 * the change being the text's widened by the broken regions that came or went and the new clean
 * one (incremental/regions.ts), and between them the statements of the rest and of the regions
 * there. Undefined when the kept ones are not where the trees have them.
 */
export function regionUpdate(old: readonly Segment[], oldText: SourceText, oldRegions: readonly RegionSpan[], syntax: DocumentSyntax, text: SourceText): SegmentUpdate | undefined {
  const regions = regionSpans(syntax);
  const delta = text.length - oldText.length;
  const change = widenedChange(textChange(oldText, text), delta, regionsNotIn(oldRegions, regions), regionsNotIn(regions, oldRegions, true));
  const prefix = firstNotBefore(old.length, (index) => old[index].end < change.start);
  let suffixStart = firstNotBefore(old.length - prefix, (index) => old[prefix + index].start < change.oldEnd) + prefix;
  while (suffixStart < old.length && !movesWhole(oldText, text, change, old[suffixStart].start)) suffixStart++;
  if (prefix > 0 && !nodeFor(syntax, old[prefix - 1], 0)) return undefined;
  const firstMoved = suffixStart < old.length ? nodeFor(syntax, old[suffixStart], delta) : undefined;
  if (suffixStart < old.length && !firstMoved) return undefined;
  const from = prefix > 0 ? old[prefix - 1].end : 0;
  const to = firstMoved ? firstMoved.startIndex : text.length;
  const segments = old.slice(0, prefix);
  for (const node of statementsBetween(syntax, from, to)) segments.push(segmentOf(node));
  const lineDelta = firstMoved ? firstMoved.startPosition.row - old[suffixStart].startRow : 0;
  for (let moved = suffixStart; moved < old.length; moved++) segments.push(movedSegment(old[moved], delta, lineDelta));
  return { segments, prefix, suffix: old.length - suffixStart };
}

/**
 * Whether a segment starting at `start` (old offsets, at or after the change's end) keeps its
 * columns: a line break lies between the change and it, or it starts a line in both texts.
 */
function movesWhole(oldText: SourceText, text: SourceText, change: TextChange, start: number): boolean {
  if (startsOnLaterLine(oldText, change.oldEnd, start)) return true;
  const delta = text.length - oldText.length;
  return start === change.oldEnd && start > 0 && oldText.charCodeAt(start - 1) === 10 && text.charCodeAt(start + delta - 1) === 10;
}

/** The top-level node for a segment moved by `delta`, in the tree holding it, when it has one there. */
function nodeFor(syntax: DocumentSyntax, segment: Segment, delta: number): Node | undefined {
  return hasNode(treeAt(syntax, segment.start + delta).rootNode, segment, delta);
}

/** The top-level statements starting in [from, to): the rest's outside the regions, each region's inside it. */
export function statementsBetween(syntax: DocumentSyntax, from: number, to: number): Node[] {
  const root = syntax.tree.rootNode;
  const nodes: Node[] = [];
  let at = from;
  for (const region of regionsOf(syntax)) {
    if (region.end <= from) continue;
    if (region.start >= to) break;
    nodes.push(...namedChildrenBetween(root, at, region.start));
    for (const node of region.tree.rootNode.namedChildren) if (node && node.startIndex >= from && node.startIndex < to) nodes.push(node);
    at = region.end;
  }
  nodes.push(...namedChildrenBetween(root, at, to));
  return nodes;
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
  return withFields(segment, { start: segment.start + delta, end: segment.end + delta, startRow: segment.startRow + lineDelta, endRow: segment.endRow + lineDelta });
}

/** The index of the first segment ending at or after `offset` (segments.length when none). */
function firstEndingAtOrAfter(segments: readonly Segment[], offset: number): number {
  return firstNotBefore(segments.length, (index) => segments[index].end < offset);
}

function segmentStartingAt(segments: readonly Segment[], start: number): number | undefined {
  const index = firstEndingAtOrAfter(segments, start);
  return segments[index]?.start === start ? index : undefined;
}

/**
 * Whether a re-extracted statement shares a row with a neighbour that is reused (re-extraction picks
 * statements by row, in one tree): not one read from another tree (`treeOf`: a region's, or the rest's).
 */
export function sharesRows(segments: readonly Segment[], index: number, redone: ReadonlySet<number>, treeOf: (index: number) => number = () => 0): boolean {
  const segment = segments[index];
  const before = segments[index - 1];
  const after = segments[index + 1];
  const reusedBeside = (other: number) => !redone.has(other) && treeOf(other) === treeOf(index);
  return (!!before && reusedBeside(index - 1) && before.endRow >= segment.startRow) || (!!after && reusedBeside(index + 1) && after.startRow <= segment.endRow);
}

/** Whether `position` lies after the segment's end. */
export function after(position: { line: number; character: number }, segment: Pick<Segment, 'endRow' | 'endColumn'>): boolean {
  return position.line > segment.endRow || (position.line === segment.endRow && position.character > segment.endColumn);
}

export function before(position: { line: number; character: number }, segment: Pick<Segment, 'startRow' | 'startColumn'>): boolean {
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

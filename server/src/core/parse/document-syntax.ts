/**
 * A document's syntax as parse/windows.ts keeps it: one tree, or the rest's tree and the regions'
 * own trees; where nodes are looked up in it, and what an edit does to a region.
 */
import { Edit, Node, Point, Tree } from 'web-tree-sitter';
import { moveSpan, Span } from './joined-windows';
import { withFields } from '../with-fields';

/** A top-level region parsed on its own: broken code, or (`clean`) the statements the author is typing in. */
export interface Region {
  tree: Tree;
  start: number;
  end: number;
  startPosition: Point;
  endPosition: Point;
  /** The region's tree has no syntax errors; the rest's tree may hold stale statements inside it. */
  clean?: boolean;
  /**
   * The parse that made the region's tree: a region with the same id holds the same statements,
   * moved by the edits elsewhere since (analyses reuse what they read from it). A copy keeps it.
   */
  id: number;
}

/**
 * A document's syntax: one tree, or the rest's tree (parsed without the broken regions) and the
 * regions' own trees, in source order, none overlapping: broken ones, and at most one clean one.
 */
export interface DocumentSyntax {
  tree: Tree;
  regions?: readonly Region[];
  /**
   * Where the last reparse of `tree` changed its structure (tree-sitter's changed ranges, in the
   * current text's offsets), against `from`, the tree it was reparsed from. Only for one tree
   * holding syntax errors, whose recovery may reshape statements far from an edit.
   */
  reshaped?: { from: Tree; spans: Span[] };
}

/** A region as analyses remember it: where it lies, which parse made it, and whether it is clean. */
export interface RegionSpan extends Span {
  id: number;
  clean?: boolean;
}

/** What reads nodes by offset (a root node, or all trees of a DocumentSyntax). */
export interface NodeLookup {
  descendantForIndex(start: number, end?: number): Node | null;
}

let lastRegionId = 0;

/** A region of `tree`, parsed alone from `range`, with an id of its own. */
export function newRegion(tree: Tree, range: { startIndex: number; endIndex: number; startPosition: Point; endPosition: Point }, clean?: boolean): Region {
  const region: Region = { tree, start: range.startIndex, end: range.endIndex, startPosition: range.startPosition, endPosition: range.endPosition, id: ++lastRegionId };
  if (clean) region.clean = true;
  return region;
}

export function regionsOf(syntax: DocumentSyntax): readonly Region[] {
  return syntax.regions ?? [];
}

/** The region holding `offset`, if any. */
export function regionAt(syntax: DocumentSyntax, offset: number): Region | undefined {
  for (const region of regionsOf(syntax)) {
    if (offset < region.start) return undefined;
    if (offset < region.end) return region;
  }
  return undefined;
}

/** The tree holding `offset`: a region's inside it, the rest's elsewhere. */
export function treeAt(syntax: DocumentSyntax, offset: number): Tree {
  return regionAt(syntax, offset)?.tree ?? syntax.tree;
}

/** Looks nodes up in whichever tree holds them. */
export function lookupIn(syntax: DocumentSyntax): NodeLookup {
  if (!syntax.regions?.length) return syntax.tree.rootNode;
  return { descendantForIndex: (start, end) => treeAt(syntax, start).rootNode.descendantForIndex(start, end ?? start) };
}

/**
 * The broken regions, whose statements read otherwise than in one tree (analyses count them as
 * edited when they come or go); not a clean region, which reads as the whole.
 */
export function brokenSpans(syntax: DocumentSyntax): RegionSpan[] {
  return regionsOf(syntax).filter((region) => !region.clean).map(({ start, end, id }) => ({ start, end, id }));
}

export function brokenRegions(syntax: DocumentSyntax): Region[] {
  return regionsOf(syntax).filter((region) => !region.clean);
}

/** Moves a region's bounds with an edit (`moveSpan`: an edit inside it moves only its end). */
export function moveRegion(region: Region, edit: Edit): void {
  const rows = edit.newEndPosition.row - edit.oldEndPosition.row;
  const moved = moveSpan(region, edit);
  if (moved.start === 'shifted') region.startPosition = { row: region.startPosition.row + rows, column: region.startPosition.column };
  if (moved.start === 'reached') region.startPosition = edit.startPosition;
  if (moved.end === 'shifted') region.endPosition = { row: region.endPosition.row + rows, column: region.endPosition.column };
  if (moved.end === 'reached') region.endPosition = edit.newEndPosition;
}

/** The syntax with its trees copied (`tree.copy()` shares their nodes), the regions' ids kept. */
export function copySyntax(syntax: DocumentSyntax): DocumentSyntax {
  const copy: DocumentSyntax = { tree: syntax.tree.copy() };
  if (syntax.regions?.length) copy.regions = syntax.regions.map((region) => withFields(region, { tree: region.tree.copy(), startPosition: { ...region.startPosition }, endPosition: { ...region.endPosition } }));
  return copy;
}

export function deleteSyntax(syntax: DocumentSyntax): void {
  syntax.tree.delete();
  for (const region of regionsOf(syntax)) region.tree.delete();
}

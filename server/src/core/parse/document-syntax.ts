/**
 * A document's syntax as parse/windows.ts keeps it: one tree, or the rest's tree and a region's own
 * tree; where nodes are looked up in it, and what an edit does to a region.
 */
import { Edit, Node, Point, Tree } from 'web-tree-sitter';
import { moveSpan, Span } from './joined-windows';

/** A top-level region parsed on its own: broken code, or (`clean`) the statements the author is typing in. */
export interface Region {
  tree: Tree;
  start: number;
  end: number;
  startPosition: Point;
  endPosition: Point;
  /** The region's tree has no syntax errors; the rest's tree may hold stale statements inside it. */
  clean?: boolean;
}

/** A document's syntax: one tree, or the rest's tree and a region's own tree. */
export interface DocumentSyntax {
  tree: Tree;
  region?: Region;
}

/** What reads nodes by offset (a root node, or both trees of a DocumentSyntax). */
export interface NodeLookup {
  descendantForIndex(start: number, end?: number): Node | null;
}

/** The tree holding `offset`: the region's inside it, the rest's elsewhere. */
export function treeAt(syntax: DocumentSyntax, offset: number): Tree {
  const region = syntax.region;
  return region && offset >= region.start && offset < region.end ? region.tree : syntax.tree;
}

/** Looks nodes up in whichever tree holds them. */
export function lookupIn(syntax: DocumentSyntax): NodeLookup {
  if (!syntax.region) return syntax.tree.rootNode;
  return { descendantForIndex: (start, end) => treeAt(syntax, start).rootNode.descendantForIndex(start, end ?? start) };
}

/**
 * The span of a broken region, whose statements read otherwise than in one tree (analyses count
 * them as edited when the region comes or goes); none for a clean region, which reads as the whole.
 */
export function brokenSpan(syntax: DocumentSyntax): Span | undefined {
  const region = syntax.region;
  return region && !region.clean ? { start: region.start, end: region.end } : undefined;
}

/** Moves a region's bounds with an edit (an edit inside it moves only its end). */
export function moveRegion(region: Region, edit: Edit): void {
  const rows = edit.newEndPosition.row - edit.oldEndPosition.row;
  const moved = moveSpan(region, edit);
  if (moved.start) region.startPosition = { row: region.startPosition.row + rows, column: region.startPosition.column };
  if (moved.end) region.endPosition = { row: region.endPosition.row + rows, column: region.endPosition.column };
}

export function deleteSyntax(syntax: DocumentSyntax): void {
  syntax.tree.delete();
  syntax.region?.tree.delete();
}

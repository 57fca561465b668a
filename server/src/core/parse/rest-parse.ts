/**
 * The rest's tree of a document with regions (parse/windows.ts): the text without a window and the
 * broken regions, reparsed from its previous tree, in one step or in two (through the rest), or
 * parsed afresh; and the small records IncrementalParse keeps between edits.
 */
import { Edit, Node, Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { DocumentSyntax, Region } from './document-syntax';
import { Span } from './joined-windows';
import { GrammarId, parse, ParseBudget, parseWithin, TextSource } from './parser';
import { emptyEditAt, outside, splitsAround, Window, windowsWith } from './window-bounds';

/** What the reparses for one edit share: the grammar, what the trees read `node.text` from, and the edit's budget. */
export interface Reparse {
  grammar: GrammarId;
  source: TextSource;
  budget: ParseBudget;
}

/** Where the edits since the last parse changed the rest's text: nowhere, only inside the window being parsed, or elsewhere too. */
export type RestEdits = 'none' | 'inside' | 'outside';

/**
 * The document without the window and the broken regions, reparsed from its previous tree
 * (undefined once the edit's budget is spent). tree-sitter would reuse the statement before the
 * window, though whether it ends there may depend on what follows it now (JavaScript's automatic
 * semicolons: `f()` and, on the next line, `(g)()` make one call): so the window's start counts as
 * edited, which invalidates the nodes that looked ahead past it.
 */
export function parseRest({ grammar, source, budget }: Reparse, previous: Tree, text: SourceText, window: Window, broken: readonly Region[]): Tree | undefined {
  const ranges = outside(windowsWith(broken, window), text);
  // Python statements cannot join across a line that starts a statement: the old tree serves as it is.
  if (grammar === 'python') return parseWithin(budget, grammar, text, previous, ranges, source);
  const old = previous.copy();
  try {
    old.edit(emptyEditAt(window.startIndex, window.startPosition));
    return parseWithin(budget, grammar, text, old, ranges, source);
  } finally {
    old.delete();
  }
}

/**
 * The whole (without the broken regions) reparsed in two steps: the rest without the window, then
 * the whole from that; undefined when either is not clean, or a statement does not start at the
 * window's bounds. See IncrementalParse's `reparseThroughRest` for why.
 */
export function reparsedThroughRest(reparse: Reparse, previous: Tree, text: SourceText, window: Window, broken: readonly Region[]): Tree | undefined {
  const rest = parseRest(reparse, previous, text, window, broken);
  if (!rest) return undefined;
  try {
    if (rest.rootNode.hasError || !splitsAround(rest.rootNode, windowsWith(broken, window))) return undefined;
    const { grammar, source, budget } = reparse;
    const tree = parseWithin(budget, grammar, text, rest, broken.length ? outside(windowsWith(broken), text) : undefined, source);
    if (!tree) return undefined;
    const root = tree.rootNode;
    if (root.hasError || !startsStatementAt(grammar, root, window.startIndex) || !startsStatementAt(grammar, root, window.endIndex) || !splitsAround(root, windowsWith(broken))) {
      tree.delete();
      return undefined;
    }
    return tree;
  } finally {
    rest.delete();
  }
}

/** The rest parsed afresh without the broken regions `kept`, when that is clean and no statement lies across one of them. */
export function freshRest({ grammar, source }: Reparse, text: SourceText, kept: readonly Region[]): Tree | undefined {
  const windows = windowsWith(kept);
  const rest = parse(grammar, text, undefined, outside(windows, text), source);
  if (!rest.rootNode.hasError && splitsAround(rest.rootNode, windows)) return rest;
  rest.delete();
  return undefined;
}

/**
 * Whether a top-level statement of the whole starts at `index`, where the window starts or ends
 * (or none follows), and in Python at a line's start. The window comes from the edited old tree,
 * whose statements a deletion may have cut: an indented line left after a deleted `def` line would
 * stay a statement of its own.
 */
function startsStatementAt(grammar: GrammarId, root: Node, index: number): boolean {
  const after = root.firstNamedChildForIndex(index);
  if (!after) return true;
  return after.startIndex === index && (grammar !== 'python' || after.startPosition.column === 0);
}

/** The edited part `span` (current offsets) grown by one more edit. */
export function widened(span: Span | undefined, edit: Edit): Span {
  if (!span) return { start: edit.startIndex, end: edit.newEndIndex };
  const end = span.end >= edit.oldEndIndex ? span.end + edit.newEndIndex - edit.oldEndIndex : Math.max(span.end, edit.newEndIndex);
  return { start: Math.min(span.start, edit.startIndex), end: Math.max(end, edit.newEndIndex) };
}

/** The syntax of a rest's tree and regions (in source order). */
export function withRegions(tree: Tree, regions: readonly Region[]): DocumentSyntax {
  return regions.length ? { tree, regions: [...regions].sort((a, b) => a.start - b.start) } : { tree };
}

/** Where `tree`'s structure differs from `old`'s, the tree it was reparsed from (tree-sitter's changed ranges). */
export function changedSpans(tree: Tree, old: Tree): Span[] {
  return tree.getChangedRanges(old).map((range) => ({ start: range.startIndex, end: range.endIndex }));
}

/**
 * Turns one LSP content change into the tree-sitter edit that describes it, so a document's
 * tree can be reparsed incrementally. web-tree-sitter counts indices and columns in UTF-16
 * code units, like LSP, so no byte conversion is needed. Rows are LSP lines, which match
 * tree-sitter's rows in LF and CRLF text; a lone CR (a line break to LSP, not to tree-sitter)
 * would not, but editors normalise line endings, and the incremental test leaves it out.
 */
import type { Edit, Point } from 'web-tree-sitter';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver';

/** The tree-sitter edit for replacing `range` of `document` (before the change) with `newText`. */
export function treeEditFor(document: TextDocument, range: Range, newText: string): Edit {
  const startIndex = document.offsetAt(range.start);
  const oldEndIndex = Math.max(startIndex, document.offsetAt(range.end));
  // positionAt normalises out-of-range positions the way offsetAt clamped them.
  const startPosition = toPoint(document.positionAt(startIndex));
  const oldEndPosition = toPoint(document.positionAt(oldEndIndex));
  return {
    startIndex,
    oldEndIndex,
    newEndIndex: startIndex + newText.length,
    startPosition,
    oldEndPosition,
    newEndPosition: advance(startPosition, newText),
  };
}

function toPoint(position: { line: number; character: number }): Point {
  return { row: position.line, column: position.character };
}

/** Where a point ends up after `text` is inserted at it (tree-sitter rows end at `\n`). */
function advance(point: Point, text: string): Point {
  const lastNewline = text.lastIndexOf('\n');
  if (lastNewline < 0) return { row: point.row, column: point.column + text.length };
  let rows = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) rows++;
  return { row: point.row + rows, column: text.length - lastNewline - 1 };
}

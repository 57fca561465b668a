/** A tool's entry function as a language's entries module finds it (python/entries.ts, script/entries.ts). */
import { Node } from 'web-tree-sitter';
import { Range } from '../model';
import { CalleeRef, FunctionSummary } from './summary';

export type ToolEntry =
  /** The entry's summary, read from the analysed file's tree, and the parameters the client fills. */
  | { kind: 'summary'; summary: FunctionSummary; toolParameters: ReadonlySet<string> }
  /** A function of another module (`add_tool(imported_fn)`): its summary is read there; all its parameters are the tool's. */
  | { kind: 'callee'; callee: CalleeRef }
  /**
   * A tool object a low-level server of another module dispatches (`export const toolSchema = {...}`):
   * the branch keyed `key` of a `tools/call` handler in a module that imports `binding`.
   */
  | { kind: 'dispatched'; binding: string; key: string };

/** The node that spans exactly `range` (a declaration's), or undefined when the tree has none. */
export function nodeAtRange(root: Node, range: Range): Node | undefined {
  const start = { row: range.start.line, column: range.start.character };
  const end = { row: range.end.line, column: range.end.character };
  for (let node: Node | null = root.descendantForPosition(start, end); node; node = node.parent) {
    const { startPosition: from, endPosition: to } = node;
    if (from.row === start.row && from.column === start.column && to.row === end.row && to.column === end.column) return node;
    if (from.row < start.row || (from.row === start.row && from.column < start.column)) return undefined;
  }
  return undefined;
}

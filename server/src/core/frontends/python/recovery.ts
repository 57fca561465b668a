/**
 * Half-typed code: while an author types `@app.tool(metadata=ToolMetadata(...` the brackets
 * are unbalanced, and tree-sitter's error recovery turns the rest of the file into an ERROR
 * node (sometimes reading a later decorator as a matrix product). To report what can
 * already be known, close the open brackets right after the last token before the next
 * top-level statement, parse the repaired text, and map every position and offset of the
 * declarations found back to the author's text. Lines never move: the closers go at the end
 * of a line's code, so only offsets and columns later on that same line shift.
 */
import { Node, Range, Tree } from 'web-tree-sitter';
import { SourceText } from '../../source-text';
import { ToolDeclaration } from '../../model';
import { parse } from '../../parse/parser';
import { errorNodes, leafNodes } from '../syntax';
import { withFields } from '../../with-fields';

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const STATEMENT_STARTS = new Set(['@', 'def', 'class', 'async', 'from', 'import']);
/** Repairs beyond this many broken regions are not attempted (pathological input). */
const MAX_REPAIRS = 5;

interface Insertion {
  offset: number;
  line: number;
  character: number;
  length: number;
}

/** Parses with repairs of unbalanced brackets and extracts; undefined when no repair applies. */
export function extractWithRepairs<Extraction extends { declarations: ToolDeclaration[] }>(
  tree: Tree,
  text: SourceText,
  extract: (tree: Tree, text: SourceText) => Extraction,
  /** Where the top-level statements holding errors start, when known (the rest of `tree` is then not walked). */
  brokenStatements?: readonly number[],
  /** The part of the text `tree` was parsed from, when it is a region parsed on its own (parse/windows.ts). */
  region?: Range,
): Extraction | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const insertions: Insertion[] = [];
  let currentText = text;
  let currentTree: Tree | undefined;
  try {
    for (let attempt = 0; attempt < MAX_REPAIRS; attempt++) {
      const root = (currentTree ?? tree).rootNode;
      if (!root.hasError) break;
      // Hints name top-level statements: an ERROR root (the whole file unreadable) is itself the first region.
      const insertion = firstRepair(currentTree || !brokenStatements || root.type === 'ERROR' ? [root] : statementsAt(root, brokenStatements));
      if (!insertion) break;
      currentText = `${currentText.slice(0, insertion.offset)}${insertion.closers}${currentText.slice(insertion.offset)}`;
      insertions.push({ offset: insertion.offset, line: insertion.line, character: insertion.character, length: insertion.closers.length });
      // Reparse incrementally: the closers are the only change (a full parse of a long file costs ten times more).
      const edited = (currentTree ?? tree).copy();
      const at = { row: insertion.line, column: insertion.character };
      edited.edit({
        startIndex: insertion.offset, oldEndIndex: insertion.offset, newEndIndex: insertion.offset + insertion.closers.length,
        startPosition: at, oldEndPosition: at, newEndPosition: { row: at.row, column: at.column + insertion.closers.length },
      });
      currentTree?.delete();
      currentTree = parse('python', currentText, edited, region && [grownBy(region, insertions)]);
      edited.delete();
    }
    if (!currentTree) return undefined;
    const extraction = extract(currentTree, currentText);
    for (const insertion of [...insertions].reverse()) {
      const seen = new WeakSet<object>();
      for (const declaration of extraction.declarations) unshift(declaration, insertion, seen);
    }
    return extraction;
  } finally {
    currentTree?.delete();
  }
}

/** The region with the closers inserted so far inside it. */
function grownBy(region: Range, insertions: readonly Insertion[]): Range {
  let { endIndex, endPosition } = region;
  for (const insertion of insertions) {
    if (insertion.offset > endIndex) continue;
    endIndex += insertion.length;
    if (insertion.line === endPosition.row) endPosition = { row: endPosition.row, column: endPosition.column + insertion.length };
  }
  return withFields(region, { endIndex, endPosition });
}

function firstRepair(roots: readonly Node[]): { offset: number; line: number; character: number; closers: string } | undefined {
  for (const root of roots) {
    for (const error of errorNodes(root)) {
      const repair = planRepair(error);
      if (repair) return repair;
    }
  }
  return undefined;
}

function statementsAt(root: Node, starts: readonly number[]): Node[] {
  return starts.map((start) => root.firstNamedChildForIndex(start)).filter((node): node is Node => !!node);
}

/** Walks the region's tokens with a bracket stack; the closers go after the last token before the next top-level statement. */
function planRepair(region: Node): { offset: number; line: number; character: number; closers: string } | undefined {
  const stack: string[] = [];
  let previous: Node | undefined;
  for (const token of leafNodes(region)) {
    if (token.isMissing) continue;
    const startsStatement = token.startPosition.column === 0 && STATEMENT_STARTS.has(token.text) && token.startIndex > region.startIndex;
    if (stack.length > 0 && startsStatement && previous) return closeAfter(previous, stack);
    if (token.type !== 'comment') previous = token;
    if (token.type in CLOSERS) stack.push(token.type);
    else if (stack.length > 0 && token.type === CLOSERS[stack[stack.length - 1]]) stack.pop();
  }
  return stack.length > 0 && previous ? closeAfter(previous, stack) : undefined;
}

function closeAfter(token: Node, stack: string[]) {
  return {
    offset: token.endIndex,
    line: token.endPosition.row,
    character: token.endPosition.column,
    closers: [...stack].reverse().map((open) => CLOSERS[open]).join(''),
  };
}

const OFFSET_KEYS = new Set(['startOffset', 'endOffset', 'openOffset', 'closeOffset', 'offset', 'start', 'end']);

/** Moves every position and offset after an insertion back by its length (clamped to the insertion point). */
function unshift(node: unknown, insertion: Insertion, seen: WeakSet<object>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (typeof record.line === 'number' && typeof record.character === 'number') {
    if (record.line === insertion.line && record.character > insertion.character) {
      record.character = Math.max(insertion.character, record.character - insertion.length);
    }
    return;
  }
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'number' && OFFSET_KEYS.has(key)) {
      const inserted = value >= insertion.offset && value < insertion.offset + insertion.length;
      if (key === 'closeOffset' && inserted) record[key] = undefined; // the author has not typed that bracket yet
      else if (value > insertion.offset) record[key] = Math.max(insertion.offset, value - insertion.length);
    } else {
      unshift(value, insertion, seen);
    }
  }
}

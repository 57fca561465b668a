/**
 * One tree with syntax errors (a document opened broken, or parsed afresh) made into the syntax
 * parse/windows.ts keeps: the broken statements as regions of their own, the rest parsed without
 * them. In one tree, tree-sitter's recovery from an unclosed `(` in Python reads the rest of the
 * file as one ERROR (thousands of lines), and every reparse recovers from it again (hundreds of
 * milliseconds on 10,000 lines); split, an edit elsewhere is parsed as in a clean file.
 *
 * Where a broken statement ends is not in the tree: its ERROR swallowed the statements after it.
 * Their starts are: each line of a broken top-level node whose first token (tree-sitter's, so never
 * inside a string) sits in column 0 and may start a statement cuts it into pieces. Each piece is
 * parsed alone; a broken one is tried with up to MAX_WINDOW_GROWTH pieces after it (a decorator and
 * its function), and what stays broken is a region (two broken declarations in a row are two). The rest,
 * parsed without the regions, must have no errors and no statement across a region; else there is
 * no split (the document stays one tree).
 */
import { Node, Point, Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { DocumentSyntax, newRegion, Region } from './document-syntax';
import { GrammarId, parse, TextSource } from './parser';
import { leavesBracketsOpen, MAX_WINDOW_GROWTH, nextUnitStart, outside, splitsAround, Window, windowsWith } from './window-bounds';
import { withFields } from '../with-fields';

/**
 * Tokens in column 0 that go on with the statement before (closers, continuations, operators), per
 * grammar, by their text: inside an ERROR tree-sitter may lex a keyword as an identifier.
 */
const GOES_ON: Record<'python' | 'script', ReadonlySet<string>> = {
  python: new Set([')', ']', '}', 'else', 'elif', 'except', 'finally', ',', '.', ':', '=', '->', 'and', 'or', 'in', 'is', '|', '&', '+', '*', '/', '%']),
  script: new Set([')', ']', '}', 'else', 'catch', 'finally', ',', '.', '?.', ':', '?', '=', '=>', '&&', '||', '??', '+', '*', '/', '%', '|', '&', 'as', 'satisfies', 'extends', 'implements']),
};
/** Tokens that, after a decorator line, go on with the decorated definition. */
const DECORATED: Record<'python' | 'script', ReadonlySet<string>> = {
  python: new Set(['@', 'def', 'class', 'async']),
  script: new Set(['@', 'class', 'export', 'abstract', 'default']),
};

/**
 * The broken statements of `tree` (a parse of all of `text`) as regions, and the rest; undefined when
 * there is no clean split. The rest is parsed afresh: from `tree`, tree-sitter reuses statements that a
 * fresh parse would join otherwise (a statement without a semicolon before a parenthesis). `dropWhole`,
 * when given, deletes `tree` once the regions are read from it: a second whole tree beside it takes
 * wasm memory that the wasm heap never returns (11 MB on 10,000 lines).
 */
export function splitIntoRegions(grammar: GrammarId, tree: Tree, text: SourceText, source: TextSource, dropWhole?: () => void): DocumentSyntax | undefined {
  const root = tree.rootNode;
  const regions: Region[] = [];
  let rest: Tree | undefined;
  try {
    for (const span of brokenSpans(root, text)) regions.push(...regionsWithin(grammar, root, text, span, source));
    if (!regions.length) return undefined;
    const windows = windowsWith(regions);
    dropWhole?.();
    rest = parse(grammar, text, undefined, outside(windows, text), source);
    if (rest.rootNode.hasError || !splitsAround(rest.rootNode, windows)) return undefined;
    const syntax = { tree: rest, regions: [...regions] };
    rest = undefined;
    regions.length = 0;
    return syntax;
  } finally {
    rest?.delete();
    for (const region of regions) region.tree.delete();
  }
}

/** The spans of the top-level statements holding errors, each from a line start to the next statement starting a line (or the end). */
function brokenSpans(root: Node, text: SourceText): Window[] {
  const whole = { startIndex: 0, startPosition: { row: 0, column: 0 }, endIndex: text.length, endPosition: root.endPosition };
  if (root.type === 'ERROR') return [whole];
  const spans: Window[] = [];
  const count = root.namedChildCount;
  for (let index = 0; index < count; index++) {
    const node = root.namedChild(index)!;
    if (!node.hasError) continue;
    let start: Node | undefined;
    for (let before = index; before >= 0 && !start; before--) {
      const unit = root.namedChild(before)!;
      if (unit.startPosition.column === 0) start = unit;
    }
    const next = nextUnitStart(root, Math.max(node.startIndex, node.endIndex - 1));
    const span: Window = {
      startIndex: start?.startIndex ?? 0, startPosition: start?.startPosition ?? whole.startPosition,
      endIndex: next?.startIndex ?? text.length, endPosition: next?.startPosition ?? whole.endPosition,
    };
    const last = spans[spans.length - 1];
    if (last && last.endIndex >= span.startIndex) {
      if (span.endIndex > last.endIndex) spans[spans.length - 1] = withFields(last, { endIndex: span.endIndex, endPosition: span.endPosition });
    } else {
      spans.push(span);
    }
  }
  return spans;
}

/** The broken regions within a broken span: its pieces parsed alone. */
function regionsWithin(grammar: GrammarId, root: Node, text: SourceText, span: Window, source: TextSource): Region[] {
  const pieces = piecesOf(grammar, root, text, span);
  const regions: Region[] = [];
  for (let index = 0; index < pieces.length;) {
    const tree = parse(grammar, text, undefined, [pieces[index]], source);
    if (!tree.rootNode.hasError) {
      tree.delete();
      index++;
      continue;
    }
    let grown = 0;
    for (let more = 1; more <= MAX_WINDOW_GROWTH && index + more < pieces.length && !grown && !leavesBracketsOpen(tree); more++) {
      if (parsesCleanly(grammar, text, joined(pieces[index], pieces[index + more]))) grown = more;
    }
    if (grown) {
      tree.delete();
      index += grown + 1;
      continue;
    }
    regions.push(newRegion(tree, pieces[index]));
    index++;
  }
  return regions;
}

/** The span cut at each line whose first token, in column 0, may start a statement. */
function piecesOf(grammar: GrammarId, root: Node, text: SourceText, span: Window): Window[] {
  const family = grammar === 'python' ? 'python' : 'script';
  const cuts: Array<{ index: number; position: Point }> = [{ index: span.startIndex, position: span.startPosition }];
  let first = tokenAt(root, span.startIndex)?.text;
  let row = span.startPosition.row;
  for (let lineStart = text.indexOf('\n', span.startIndex) + 1; lineStart > 0 && lineStart < span.endIndex; lineStart = text.indexOf('\n', lineStart) + 1) {
    row++;
    const node = tokenAt(root, lineStart);
    const token = node?.type === 'comment' ? undefined : node?.text;
    if (!token || GOES_ON[family].has(token)) continue;
    const decorated = first === '@' && DECORATED[family].has(token);
    first = token;
    if (!decorated) cuts.push({ index: lineStart, position: { row, column: 0 } });
  }
  return cuts.map((cut, index) => {
    const next = cuts[index + 1];
    return { startIndex: cut.index, startPosition: cut.position, endIndex: next?.index ?? span.endIndex, endPosition: next?.position ?? span.endPosition };
  });
}

/** The token starting at `offset`, if one does (none inside a string, a comment or blanks). */
function tokenAt(root: Node, offset: number): Node | undefined {
  const node = root.descendantForIndex(offset, offset);
  return node && node.startIndex === offset && node.childCount === 0 && !node.isMissing ? node : undefined;
}

function parsesCleanly(grammar: GrammarId, text: SourceText, window: Window): boolean {
  const tree = parse(grammar, text, undefined, [window]);
  try {
    return !tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

function joined(first: Window, last: Window): Window {
  return { startIndex: first.startIndex, startPosition: first.startPosition, endIndex: last.endIndex, endPosition: last.endPosition };
}

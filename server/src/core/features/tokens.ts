/**
 * The tokens (tree-sitter leaves) of the statement around a cursor, with strings folded into
 * one token each. Completion reads its context from them, so half-typed code (ERROR nodes)
 * and complete code are read the same way.
 */
import { Node, Tree } from 'web-tree-sitter';

export interface Token {
  /** The leaf's node type (`identifier`, `(`, `=`, ...), or `string` / `open-string`. */
  type: string;
  text: string;
  start: number;
  end: number;
  /** For strings: where the content starts (after the quote) and the quote itself. */
  contentStart?: number;
  /** For complete strings: where the content ends (before the closing quote). */
  contentEnd?: number;
  quote?: string;
  /** For strings: the content as written. */
  value?: string;
}

const STRING_TYPES = new Set(['string', 'template_string', 'interpreted_string_literal', 'raw_string_literal', 'string_literal', 'verbatim_string_literal']);
/** Quote leaves: Python's `string_start`, JS/TS's `"`/`'`. */
const QUOTE_LEAVES = new Set(['string_start', '"', "'", '`']);

/** How far before the cursor the statement's tokens are read (keeps huge statements cheap). */
const WINDOW = 20_000;

/** The top-level statement (or ERROR run) holding an offset. */
function statementAt(tree: Tree, offset: number): Node {
  const root = tree.rootNode;
  let node: Node | null = root.descendantForIndex(Math.max(0, offset - 1), Math.max(0, offset - 1));
  if (root.type === 'ERROR') return root;
  while (node && node.parent && node.parent.id !== root.id) node = node.parent;
  // A loose token at the top level belongs to a half-typed statement: read the whole file (within the window).
  return node && node.childCount > 0 ? node : root;
}

/** The complete string node a leaf belongs to, if any. */
function stringOf(leaf: Node): Node | undefined {
  const parent = leaf.parent;
  return parent && STRING_TYPES.has(parent.type) ? parent : undefined;
}

function isWord(text: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(text);
}

export function isWordToken(token: Token | undefined): token is Token {
  return !!token && token.type !== 'string' && token.type !== 'open-string' && isWord(token.text);
}

/**
 * The tokens of the statement at `offset`, in order. A string the cursor is inside, or an
 * unterminated one, becomes an `open-string` token running to the cursor.
 */
export function tokensAround(tree: Tree, text: string, offset: number): Token[] {
  const statement = statementAt(tree, offset);
  const from = Math.max(statement.startIndex, offset - WINDOW);
  const leaves: Node[] = [];
  const cursor = statement.walk();
  try {
    let descending = true;
    for (;;) {
      if (descending) {
        const node = cursor.currentNode;
        if (node.endIndex >= from && node.startIndex <= offset + WINDOW) {
          if (node.childCount === 0 || STRING_TYPES.has(node.type)) {
            if (node.type !== 'comment' && !node.isMissing) leaves.push(node);
          } else if (cursor.gotoFirstChild()) continue;
        }
      }
      if (cursor.gotoNextSibling()) {
        descending = true;
        continue;
      }
      if (!cursor.gotoParent()) break;
      descending = false;
      if (cursor.currentNode.id === statement.id) break;
    }
  } finally {
    cursor.delete();
  }
  return foldStrings(leaves, text, offset);
}

function foldStrings(leaves: Node[], text: string, offset: number): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i];
    if (STRING_TYPES.has(leaf.type)) {
      tokens.push(stringToken(leaf, text, offset));
      continue;
    }
    if (QUOTE_LEAVES.has(leaf.type) && !stringOf(leaf)) {
      // An unterminated string: the quote opens it, and everything on its line up to the cursor belongs to it.
      const quote = text[leaf.endIndex - 1];
      if (leaf.startIndex < offset) {
        const lineEnd = text.indexOf('\n', leaf.endIndex);
        const end = offset >= leaf.endIndex && (lineEnd === -1 || offset <= lineEnd) ? offset : leaf.endIndex;
        tokens.push({ type: 'open-string', text: text.slice(leaf.startIndex, end), start: leaf.startIndex, end, contentStart: leaf.endIndex, quote, value: text.slice(leaf.endIndex, end) });
        while (i + 1 < leaves.length && leaves[i + 1].startIndex < end) i++;
        continue;
      }
    }
    tokens.push({ type: leaf.type, text: leaf.text, start: leaf.startIndex, end: leaf.endIndex });
  }
  return tokens;
}

function stringToken(node: Node, text: string, offset: number): Token {
  const children = node.children.filter((c): c is Node => c !== null);
  const open = children[0];
  const close = children.length > 1 ? children[children.length - 1] : undefined;
  const contentStart = open ? open.endIndex : node.startIndex + 1;
  const closed = !!close && !close.isMissing && (close.type === 'string_end' || QUOTE_LEAVES.has(close.type)) && close.startIndex >= contentStart;
  const contentEnd = closed ? close.startIndex : node.endIndex;
  const quote = text[contentStart - 1];
  if (offset >= contentStart && offset <= contentEnd && (offset < node.endIndex || !closed)) {
    return { type: 'open-string', text: text.slice(node.startIndex, offset), start: node.startIndex, end: offset, contentStart, contentEnd, quote, value: text.slice(contentStart, offset) };
  }
  return { type: 'string', text: node.text, start: node.startIndex, end: node.endIndex, contentStart, contentEnd, quote, value: text.slice(contentStart, contentEnd) };
}

/** The index of the last token that starts before `offset`. */
export function lastIndexBefore(tokens: readonly Token[], offset: number): number {
  let index = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].start < offset) index = i;
    else break;
  }
  return index;
}

/** The key a token names: an identifier's text, or a string's content. */
export function keyText(token: Token | undefined): string | undefined {
  if (!token) return undefined;
  if (token.type === 'string') return token.value;
  return isWord(token.text) ? token.text : undefined;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = new Set([')', ']', '}']);

/** The index of the bracket that encloses position `index` (scanning back), or -1. */
export function enclosingOpener(tokens: readonly Token[], index: number): number {
  let depth = 0;
  for (let i = index; i >= 0; i--) {
    const type = tokens[i].type;
    if (CLOSERS.has(type)) depth++;
    else if (type in OPENERS) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/**
 * The entries' keys written directly inside the bracket at `opener` (before and after the
 * cursor): a word or string followed by `=` or `:` at the bracket's own depth.
 */
export function keysInside(tokens: readonly Token[], opener: number, exclude?: Token): Set<string> {
  const keys = new Set<string>();
  let depth = 0;
  for (let i = opener + 1; i < tokens.length; i++) {
    const type = tokens[i].type;
    if (type in OPENERS) depth++;
    else if (CLOSERS.has(type)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (type === '=' || type === ':') && i > opener + 1) {
      const keyToken = tokens[i - 1];
      const key = keyText(keyToken);
      if (key && keyToken !== exclude) keys.add(key);
    }
  }
  return keys;
}

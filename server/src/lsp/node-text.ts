/**
 * `node.text` without keeping old texts alive. web-tree-sitter reads a node's text through its tree's
 * text callback, which by default slices the string that was parsed; V8 makes a slice of 13 or more
 * characters point into its parent string, so every name, key or string a declaration keeps from
 * `node.text` keeps that whole document version alive. Incremental analysis reuses declarations over
 * thousands of edits, so a long editing session held dozens of full copies of a 10,000-line file.
 * Reading short copied chunks instead bounds what one kept string holds to its own length plus a chunk.
 */
import { Tree } from 'web-tree-sitter';

/** Characters per copied chunk: most names, keys and short strings fit in one. */
const CHUNK = 64;

type TextCallback = (index: number) => string | undefined;

/** Makes `tree` (and its copies) read node text as copies of `text` (the text it was parsed from). */
export function readNodeTextAsCopies(tree: Tree, text: string): void {
  const internal = tree as unknown as { textCallback?: TextCallback };
  // An internal field of web-tree-sitter (pinned version); without it node text is still right, only held longer.
  if (typeof internal.textCallback === 'function') internal.textCallback = copyingReader(text);
}

/** A text callback returning fresh strings (not slices of `text`) of at most CHUNK characters. */
export function copyingReader(text: string): TextCallback {
  return (index) => {
    if (index >= text.length) return undefined;
    // Prepending a character and slicing it off again flattens into a new string of the chunk's own size.
    return (' ' + text.slice(index, index + CHUNK)).slice(1);
  };
}

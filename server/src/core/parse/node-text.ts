/**
 * `node.text` straight from the text a tree was parsed from. web-tree-sitter builds it by calling the
 * parse's read function again from the node's start, 64 characters at a time (parser.ts
 * parseWithChunks: short chunks while parsing), and joins the pieces; a 2 KB docstring took 32 calls
 * and as many strings. For trees parsed here, one slice of the text source the read function reads
 * after the parse does the same, copied so that it keeps no reference to the document's text.
 */
import { Node } from 'web-tree-sitter';
import { ownCopy } from '../source-text';
import type { TextSource } from './parser';

const sources = new WeakMap<object, TextSource>();
let installed = false;

/** Once a parse with `read` is done, its tree's nodes read their text from `source`. */
export function readTextFrom(read: object, source: TextSource): void {
  sources.set(read, source);
}

/** Makes `node.text` read the text source of the node's tree, where it has one. */
export function useDirectNodeText(): void {
  if (installed) return;
  const inherited = Object.getOwnPropertyDescriptor(Node.prototype, 'text')?.get;
  if (!inherited) return;
  installed = true;
  Object.defineProperty(Node.prototype, 'text', {
    configurable: true,
    get(this: Node): string {
      const source = sources.get((this.tree as unknown as { textCallback: object }).textCallback);
      if (!source) return inherited.call(this) as string;
      return ownCopy(source.text.slice(this.startIndex, this.endIndex));
    },
  });
}

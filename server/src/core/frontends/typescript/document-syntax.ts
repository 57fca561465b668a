/**
 * A TS/JS document's syntax as incremental analysis reads it: one tree, or the tree of all but a
 * broken region and that region's own tree (parse/windows.ts). The top-level statements and the
 * nodes the front end looks at come from both, in source order: the rest's before the region,
 * the region's, the rest's after it (the rest's tree has nothing inside the region).
 */
import { Node } from 'web-tree-sitter';
import { DocumentSyntax } from '../../parse/windows';
import { firstNotBefore } from '../../sorted';
import { namedChildrenOf } from './syntax';
import { collectFileNodes, FileNodes } from './walk';

/**
 * The top-level statements, in source order; a region that does not parse as a program at all is
 * one statement (its ERROR root). Each becomes a node object only when asked for: after a keystroke
 * incremental analysis looks at a few of a large file's statements, not its 1,200.
 */
export class TopLevelNodes {
  readonly length: number;
  private readonly made = new Map<number, Node>();
  /** How many of the rest's statements come before the broken region's. */
  private readonly before: number;
  private readonly inside: readonly Node[];

  constructor(private readonly syntax: DocumentSyntax) {
    const rest = syntax.tree.rootNode;
    const broken = syntax.broken;
    const root = broken?.tree.rootNode;
    this.inside = !root ? [] : root.type === 'ERROR' ? [root] : namedChildrenOf(root);
    this.before = broken ? firstNotBefore(rest.namedChildCount, (index) => rest.namedChild(index)!.startIndex < broken.start) : rest.namedChildCount;
    this.length = rest.namedChildCount + this.inside.length;
  }

  at(index: number): Node {
    if (index >= this.before && index < this.before + this.inside.length) return this.inside[index - this.before];
    let node = this.made.get(index);
    if (!node) {
      node = this.syntax.tree.rootNode.namedChild(index < this.before ? index : index - this.inside.length)!;
      this.made.set(index, node);
    }
    return node;
  }

  /** The statements from `start` up to (not including) `end`, each found on its own: for a few. */
  slice(start: number, end: number): Node[] {
    const nodes: Node[] = [];
    for (let index = start; index < end; index++) nodes.push(this.at(index));
    return nodes;
  }

  /** Every statement, read in one go. */
  all(): Node[] {
    const rest = namedChildrenOf(this.syntax.tree.rootNode);
    return [...rest.slice(0, this.before), ...this.inside, ...rest.slice(this.before)];
  }
}

/** Every node the front end looks at (see `collectFileNodes`), from both trees. */
export function collectSyntaxNodes(syntax: DocumentSyntax): FileNodes {
  const rest = collectFileNodes(syntax.tree.rootNode);
  const broken = syntax.broken;
  if (!broken) return rest;
  const region = collectFileNodes(broken.tree.rootNode);
  const merged = {} as FileNodes;
  for (const key of Object.keys(rest) as Array<keyof FileNodes>) {
    const at = firstFrom(rest[key], broken.start);
    merged[key] = [...rest[key].slice(0, at), ...region[key], ...rest[key].slice(at)];
  }
  return merged;
}

/** The index of the first node (in source order) starting at or after `offset`, by binary search. */
function firstFrom(nodes: readonly Node[], offset: number): number {
  return firstNotBefore(nodes.length, (index) => nodes[index].startIndex < offset);
}

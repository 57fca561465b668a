/**
 * A TS/JS document's syntax as incremental analysis reads it: one tree, or the tree of all but a
 * region and that region's own tree (parse/windows.ts). The top-level statements and the nodes the
 * front end looks at come from both, in source order: the rest's before the region, the region's,
 * the rest's after it (what the rest's tree holds inside the region is stale, or nothing).
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
  /** How many of the rest's statements come before the region's. */
  private readonly before: number;
  /** The index among the rest's statements of the first one after the region. */
  private readonly after: number;
  private readonly inside: readonly Node[];

  constructor(private readonly syntax: DocumentSyntax) {
    const rest = syntax.tree.rootNode;
    const count = rest.namedChildCount;
    const region = syntax.region;
    const root = region?.tree.rootNode;
    this.inside = !root ? [] : root.type === 'ERROR' ? [root] : namedChildrenOf(root);
    this.before = region ? firstNotBefore(count, (index) => rest.namedChild(index)!.startIndex < region.start) : count;
    this.after = region ? this.before + firstNotBefore(count - this.before, (index) => rest.namedChild(this.before + index)!.startIndex < region.end) : count;
    this.length = this.before + this.inside.length + count - this.after;
  }

  at(index: number): Node {
    if (index >= this.before && index < this.before + this.inside.length) return this.inside[index - this.before];
    let node = this.made.get(index);
    if (!node) {
      node = this.syntax.tree.rootNode.namedChild(index < this.before ? index : index - this.before - this.inside.length + this.after)!;
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
    return [...rest.slice(0, this.before), ...this.inside, ...rest.slice(this.after)];
  }
}

/** Every node the front end looks at (see `collectFileNodes`), from both trees. */
export function collectSyntaxNodes(syntax: DocumentSyntax): FileNodes {
  const rest = collectFileNodes(syntax.tree.rootNode);
  const region = syntax.region;
  if (!region) return rest;
  const own = collectFileNodes(region.tree.rootNode);
  const merged = {} as FileNodes;
  for (const key of Object.keys(rest) as Array<keyof FileNodes>) {
    merged[key] = [...rest[key].slice(0, firstFrom(rest[key], region.start)), ...own[key], ...rest[key].slice(firstFrom(rest[key], region.end))];
  }
  return merged;
}

/** The index of the first node (in source order) starting at or after `offset`, by binary search. */
function firstFrom(nodes: readonly Node[], offset: number): number {
  return firstNotBefore(nodes.length, (index) => nodes[index].startIndex < offset);
}

/**
 * A TS/JS document's syntax as incremental analysis reads it: one tree, or the tree of all but the
 * regions and those regions' own trees (parse/windows.ts). The top-level statements and the nodes
 * the front end looks at come from all of them, in source order: the rest's outside the regions,
 * each region's inside it (what the rest's tree holds inside a region is stale, or nothing).
 */
import { Node } from 'web-tree-sitter';
import { DocumentSyntax, regionsOf } from '../../parse/windows';
import { firstNotBefore } from '../../sorted';
import { namedChildrenOf } from './syntax';
import { collectFileNodes, FileNodes } from './walk';

/** A run of the statements in source order: some of the rest's (by index among its statements), or a region's. */
type Part = { rest: [from: number, to: number] } | { region: readonly Node[] };

/**
 * The top-level statements, in source order; a region that does not parse as a program at all is
 * one statement (its ERROR root). Each of the rest's becomes a node object only when asked for:
 * after a keystroke incremental analysis looks at a few of a large file's statements, not its 1,200.
 */
export class TopLevelNodes {
  readonly length: number;
  private readonly made = new Map<number, Node>();
  private readonly parts: Part[] = [];
  /** Where each part starts among all the statements. */
  private readonly starts: number[] = [];

  constructor(private readonly syntax: DocumentSyntax) {
    const rest = syntax.tree.rootNode;
    const count = rest.namedChildCount;
    let from = 0;
    let length = 0;
    const add = (part: Part, size: number) => {
      if (!size) return;
      this.parts.push(part);
      this.starts.push(length);
      length += size;
    };
    for (const region of regionsOf(syntax)) {
      const before = from + firstNotBefore(count - from, (index) => rest.namedChild(from + index)!.startIndex < region.start);
      add({ rest: [from, before] }, before - from);
      const root = region.tree.rootNode;
      const inside = root.type === 'ERROR' ? [root] : namedChildrenOf(root);
      add({ region: inside }, inside.length);
      from = before + firstNotBefore(count - before, (index) => rest.namedChild(before + index)!.startIndex < region.end);
    }
    add({ rest: [from, count] }, count - from);
    this.length = length;
  }

  at(index: number): Node {
    let made = this.made.get(index);
    if (made) return made;
    const which = firstNotBefore(this.starts.length, (part) => this.starts[part] <= index) - 1;
    const part = this.parts[which];
    const offset = index - this.starts[which];
    if ('region' in part) return part.region[offset];
    made = this.syntax.tree.rootNode.namedChild(part.rest[0] + offset)!;
    this.made.set(index, made);
    return made;
  }

  /** The statements from `start` up to (not including) `end`, each found on its own: for a few. */
  slice(start: number, end: number): Node[] {
    const nodes: Node[] = [];
    for (let index = start; index < end; index++) nodes.push(this.at(index));
    return nodes;
  }

  /** Every statement, read in one go. */
  all(): Node[] {
    const rest = this.parts.some((part) => 'rest' in part) ? namedChildrenOf(this.syntax.tree.rootNode) : [];
    return this.parts.flatMap((part) => ('region' in part ? part.region : rest.slice(part.rest[0], part.rest[1])));
  }
}

/** Every node the front end looks at (see `collectFileNodes`), from all the trees. */
export function collectSyntaxNodes(syntax: DocumentSyntax): FileNodes {
  const rest = collectFileNodes(syntax.tree.rootNode);
  const regions = regionsOf(syntax);
  if (!regions.length) return rest;
  const owns = regions.map((region) => collectFileNodes(region.tree.rootNode));
  const merged = {} as FileNodes;
  for (const key of Object.keys(rest) as Array<keyof FileNodes>) {
    const nodes = rest[key];
    const list: Node[] = [];
    let from = 0;
    regions.forEach((region, index) => {
      const before = firstFrom(nodes, region.start);
      list.push(...nodes.slice(from, before), ...owns[index][key]);
      from = Math.max(before, firstFrom(nodes, region.end));
    });
    list.push(...nodes.slice(from));
    merged[key] = list;
  }
  return merged;
}

/** The index of the first node (in source order) starting at or after `offset`, by binary search. */
function firstFrom(nodes: readonly Node[], offset: number): number {
  return firstNotBefore(nodes.length, (index) => nodes[index].startIndex < offset);
}

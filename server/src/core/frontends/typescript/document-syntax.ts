/**
 * A TS/JS document's syntax as incremental analysis reads it: one tree, or the tree of all but a
 * broken region and that region's own tree (parse/windows.ts). The top-level statements and the
 * nodes the front end looks at come from both, in source order: the rest's before the region,
 * the region's, the rest's after it (the rest's tree has nothing inside the region).
 */
import { Node } from 'web-tree-sitter';
import { DocumentSyntax } from '../../parse/windows';
import { firstNotBefore } from '../../sorted';
import { collectFileNodes, FileNodes } from './walk';

/** The top-level statements; a region that does not parse as a program at all is one statement (its ERROR root). */
export function topLevelNodes(syntax: DocumentSyntax): Node[] {
  const rest = namedChildrenOf(syntax.tree.rootNode);
  const broken = syntax.broken;
  if (!broken) return rest;
  const root = broken.tree.rootNode;
  const inside = root.type === 'ERROR' ? [root] : namedChildrenOf(root);
  const at = firstFrom(rest, broken.start);
  return [...rest.slice(0, at), ...inside, ...rest.slice(at)];
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

function namedChildrenOf(root: Node): Node[] {
  return root.namedChildren.filter((node): node is Node => node !== null);
}

/** The index of the first node (in source order) starting at or after `offset`, by binary search. */
function firstFrom(nodes: readonly Node[], offset: number): number {
  return firstNotBefore(nodes.length, (index) => nodes[index].startIndex < offset);
}

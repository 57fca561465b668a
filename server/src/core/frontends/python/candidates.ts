/**
 * The nodes that may register a tool, found by a tree-sitter query (the walk runs inside the
 * parser's own code, not node by node from JavaScript): decorators, with the definition they
 * decorate, and calls whose callee could be `tool`, `add_tool`, `from_function` or `Tool`.
 * Bare-name calls are filtered later through the module's import aliases.
 */
import { Language, Node, Query } from 'web-tree-sitter';

export interface Candidate {
  node: Node;
  kind: 'decorator' | 'call';
  /** For a decorator of a decorated definition: that definition holder. */
  decorated?: Node;
}

const SOURCE = `
(decorated_definition (decorator) @decorator) @decorated
(decorator) @orphan
(call function: (attribute attribute: (identifier) @attribute (#any-of? @attribute "tool" "add_tool" "from_function" "Tool"))) @call
(call function: (identifier)) @call
(call function: (call)) @call
`;

const queries = new WeakMap<Language, Query>();

function queryFor(language: Language): Query {
  let query = queries.get(language);
  if (!query) {
    query = new Query(language, SOURCE);
    queries.set(language, query);
  }
  return query;
}

/** Candidates under `root`, in document order, each once; calls that are a decorator's own expression are left out. */
export function findCandidates(root: Node): Candidate[] {
  const captures = queryFor(root.tree.language).captures(root);
  const decorators = new Map<number, Candidate>();
  const calls = new Map<number, Candidate>();
  const decorated = new Map<number, Node>();
  for (const capture of captures) {
    const node = capture.node;
    if (capture.name === 'decorated') {
      for (const child of node.namedChildren) if (child?.type === 'decorator') decorated.set(child.id, node);
    } else if (capture.name === 'decorator' || capture.name === 'orphan') {
      if (!decorators.has(node.id)) decorators.set(node.id, { node, kind: 'decorator' });
    } else if (capture.name === 'call') {
      if (!calls.has(node.id)) calls.set(node.id, { node, kind: 'call' });
    }
  }
  for (const candidate of decorators.values()) {
    candidate.decorated = decorated.get(candidate.node.id);
    const expression = candidate.node.namedChildren.find((child) => child !== null && child.type !== 'comment');
    if (expression?.type === 'call') calls.delete(expression.id);
  }
  return [...decorators.values(), ...calls.values()].sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
}

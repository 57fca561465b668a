/**
 * The nodes that may register a tool: decorators, with the definition they decorate, and calls
 * whose callee could be `tool`, `add_tool`, `from_function` or `Tool`. tree-sitter collects the
 * decorators and calls in one walk inside its own code (`descendantsOfType`), which needs no query
 * to be compiled first (that cost a fresh server tens of milliseconds before its first diagnostics);
 * the callee's shape is then checked on each call. Bare-name calls are filtered later through the
 * module's import aliases.
 */
import { Node } from 'web-tree-sitter';

export interface Candidate {
  node: Node;
  kind: 'decorator' | 'call';
  /** For a decorator of a decorated definition: that definition holder. */
  decorated?: Node;
}

/** Attribute names of a callee that may register a tool (`app.tool(...)`, `Tool.from_function(...)`). */
const CALLEE_ATTRIBUTES = new Set(['tool', 'add_tool', 'from_function', 'Tool']);

/** Candidates under `root` (itself included), in document order, each once; calls that are a decorator's own expression are left out. */
export function findCandidates(root: Node): Candidate[] {
  const decorators: Candidate[] = [];
  const calls = new Map<number, Candidate>();
  for (const node of root.descendantsOfType(['decorator', 'call'])) {
    if (!node) continue;
    if (node.type === 'decorator') {
      const parent = node.parent;
      decorators.push({ node, kind: 'decorator', decorated: parent?.type === 'decorated_definition' ? parent : undefined });
    } else if (mayRegister(node)) {
      calls.set(node.id, { node, kind: 'call' });
    }
  }
  for (const candidate of decorators) {
    const expression = candidate.node.namedChildren.find((child) => child !== null && child.type !== 'comment');
    if (expression?.type === 'call') calls.delete(expression.id);
  }
  return [...decorators, ...calls.values()].sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
}

/** A call to a bare name, to a call's result, or to an attribute named as in CALLEE_ATTRIBUTES. */
function mayRegister(call: Node): boolean {
  const callee = call.childForFieldName('function');
  const type = callee?.type;
  if (type === 'identifier' || type === 'call') return true;
  if (type !== 'attribute') return false;
  const attribute = callee!.childForFieldName('attribute');
  return attribute?.type === 'identifier' && CALLEE_ATTRIBUTES.has(attribute.text);
}

/**
 * Object literals as the front end reads them: either an `object` node, or an object the
 * author is still typing, rebuilt from the tokens of an ERROR node (tree-sitter flattens an
 * unclosed `{ name: "x", annotations: { readOnlyHint: true,` into one ERROR node).
 */
import { Node } from 'web-tree-sitter';
import { Range } from '../../model';
import { childrenOf, isRealToken, positionOf, rangeOf } from './syntax';

export type MemberSyntax =
  | { kind: 'pair'; key: Node; value: Node | ObjectSyntax | undefined; start: Node; end: number; range: Range }
  | { kind: 'shorthand'; node: Node }
  | { kind: 'spread'; node: Node }
  | { kind: 'method'; node: Node; key: Node | undefined };

export interface ObjectSyntax {
  /** The `object` node; for a rebuilt object, the ERROR node it came from. */
  node: Node;
  rebuilt: boolean;
  range: Range;
  startOffset: number;
  endOffset: number;
  /** Just after `{`. */
  openOffset: number;
  /** At `}`; undefined when not typed yet. */
  closeOffset?: number;
  members: MemberSyntax[];
}

export function isObjectSyntax(value: Node | ObjectSyntax | undefined): value is ObjectSyntax {
  return !!value && 'members' in value;
}

export function memberStart(member: MemberSyntax): number {
  return member.kind === 'pair' ? member.start.startIndex : member.node.startIndex;
}

export function memberEnd(member: MemberSyntax): number {
  return member.kind === 'pair' ? member.end : member.node.endIndex;
}

function memberOf(child: Node): MemberSyntax | undefined {
  switch (child.type) {
    case 'pair': {
      const key = child.childForFieldName('key');
      if (!key) return undefined;
      const value = child.childForFieldName('value') ?? undefined;
      return { kind: 'pair', key, value, start: child, end: child.endIndex, range: rangeOf(child) };
    }
    case 'shorthand_property_identifier':
      return { kind: 'shorthand', node: child };
    case 'spread_element':
      return { kind: 'spread', node: child };
    case 'method_definition':
      return { kind: 'method', node: child, key: child.childForFieldName('name') ?? undefined };
    default:
      return undefined;
  }
}

/** The members of an `object` node. */
export function objectSyntax(node: Node): ObjectSyntax {
  const children = childrenOf(node);
  const open = children.find((child) => child.type === '{');
  const close = children.find((child) => child.type === '}');
  const members: MemberSyntax[] = [];
  for (const child of children) {
    const member = memberOf(child);
    if (member) members.push(member);
  }
  return {
    node,
    rebuilt: false,
    range: rangeOf(node),
    startOffset: node.startIndex,
    endOffset: node.endIndex,
    openOffset: open ? open.endIndex : node.startIndex,
    closeOffset: isRealToken(close) ? close.startIndex : undefined,
    members,
  };
}

interface Frame {
  object: ObjectSyntax;
  /** A key followed by `:` whose value has not been seen yet. */
  pendingKey?: Node;
  colon: boolean;
}

/** Rebuilds the object literals whose tokens an ERROR node holds (outermost first). */
export function rebuildObjects(error: Node): ObjectSyntax[] {
  const roots: ObjectSyntax[] = [];
  const stack: Frame[] = [];
  const finish = (frame: Frame, endNode?: Node): void => {
    const object = frame.object;
    if (endNode) {
      object.closeOffset = endNode.startIndex;
      object.endOffset = endNode.endIndex;
      object.range = { start: object.range.start, end: positionOf(endNode.endPosition) };
    }
  };
  const extendTo = (frame: Frame, node: { endIndex: number; endPosition: { row: number; column: number } }): void => {
    if (node.endIndex > frame.object.endOffset) {
      frame.object.endOffset = node.endIndex;
      frame.object.range = { start: frame.object.range.start, end: positionOf(node.endPosition) };
    }
  };
  const visit = (token: Node): void => {
    const top = stack[stack.length - 1];
    if (token.type === 'ERROR') {
      childrenOf(token).forEach(visit);
      return;
    }
    if (token.type === '{') {
      const object: ObjectSyntax = {
        node: error, rebuilt: true, range: rangeOf(token), startOffset: token.startIndex, endOffset: token.endIndex,
        openOffset: token.endIndex, members: [],
      };
      if (top && top.pendingKey && top.colon) {
        top.object.members.push({ kind: 'pair', key: top.pendingKey, value: object, start: top.pendingKey, end: token.endIndex, range: rangeOf(top.pendingKey) });
        top.pendingKey = undefined;
        top.colon = false;
      } else {
        roots.push(object);
      }
      stack.push({ object, colon: false });
      return;
    }
    if (!top) return;
    if (token.type === '}') {
      if (isRealToken(token)) finish(top, token);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) extendTo(parent, token);
      return;
    }
    if (token.type === ':') {
      top.colon = !!top.pendingKey;
      return;
    }
    if (token.type === ',' || token.type === '[') {
      top.pendingKey = undefined;
      top.colon = false;
      return;
    }
    const member = memberOf(token);
    if (member) {
      top.object.members.push(member);
      top.pendingKey = undefined;
      extendTo(top, token);
      return;
    }
    if (top.pendingKey && top.colon && token.isNamed) {
      top.object.members.push({ kind: 'pair', key: top.pendingKey, value: token, start: top.pendingKey, end: token.endIndex, range: { start: positionOf(top.pendingKey.startPosition), end: positionOf(token.endPosition) } });
      top.pendingKey = undefined;
      top.colon = false;
      extendTo(top, token);
      return;
    }
    if (['property_identifier', 'identifier', 'string', 'number'].includes(token.type)) {
      top.pendingKey = token;
      top.colon = false;
    }
  };
  childrenOf(error).forEach(visit);
  // Nested objects left open end where their last member ends; their parents' pairs too.
  for (const root of roots) closeRanges(root);
  return roots;
}

/** Makes each rebuilt pair whose value is an object span that object. */
function closeRanges(object: ObjectSyntax): void {
  for (const member of object.members) {
    if (member.kind === 'pair' && isObjectSyntax(member.value)) {
      closeRanges(member.value);
      member.end = member.value.endOffset;
      member.range = { start: member.range.start, end: member.value.range.end };
      if (member.end > object.endOffset) {
        object.endOffset = member.end;
        object.range = { start: object.range.start, end: member.range.end };
      }
    }
  }
}

/** Rebuilt objects and every object nested in their pairs. */
export function withNestedObjects(objects: readonly ObjectSyntax[]): ObjectSyntax[] {
  return objects.flatMap((object) => [
    object,
    ...withNestedObjects(object.members.flatMap((member) => (member.kind === 'pair' && isObjectSyntax(member.value) ? [member.value] : []))),
  ]);
}

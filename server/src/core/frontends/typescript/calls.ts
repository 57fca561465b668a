/**
 * A method call as the SDK forms read it: the callee's property and the arguments. Either a
 * `call_expression`, or a call the author is still typing (`server.tool("x", "d", {` at the
 * end of a file), rebuilt from the tokens of an ERROR node.
 */
import { Node } from 'web-tree-sitter';
import { Range } from '../../model';
import { isObjectSyntax, ObjectSyntax, rebuildObjects } from './objects';
import { callArguments, calleeProperty, childrenOf, positionOf, rangeOf, unwrapExpression } from './syntax';

export type ArgumentSyntax = Node | ObjectSyntax;

export interface CallSyntax {
  /** The method name (`registerTool` in `server.registerTool(...)`). */
  callee: Node;
  args: ArgumentSyntax[];
  range: Range;
  /** The SDK method, when the callee is not it: a registration wrapper's call (`registerTool` for `addMyTool(...)`). */
  method?: string;
}

/** The type of an argument after unwrapping (`object` for a rebuilt object literal). */
export function argumentType(argument: ArgumentSyntax): string {
  return isObjectSyntax(argument) ? 'object' : unwrapExpression(argument).type;
}

export function callSyntax(call: Node): CallSyntax | undefined {
  const callee = calleeProperty(call);
  if (!callee) return undefined;
  // Error recovery can fold preceding junk into the receiver: the call then starts at the method name.
  const range = call.childForFieldName('function')?.hasError ? { start: positionOf(callee.startPosition), end: positionOf(call.endPosition) } : rangeOf(call);
  return { callee, args: callArguments(call).map(recoverArgument), range };
}

/** An argument the parser could not read as an expression: the object literal being typed in it, if any. */
function recoverArgument(argument: Node): ArgumentSyntax {
  if (argument.type !== 'ERROR') return argument;
  return rebuildObjects(argument).find((object) => object.startOffset === argument.startIndex) ?? argument;
}

/** `x.method(` followed by arguments and no closing `)`, inside an ERROR node. */
export function rebuildCalls(error: Node, methods: readonly string[]): CallSyntax[] {
  const tokens = childrenOf(error);
  const objects = new Map<number, ObjectSyntax>(rebuildObjects(error).map((object) => [object.startOffset, object]));
  const calls: CallSyntax[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const member = tokens[i];
    const property = member.type === 'member_expression' ? member.childForFieldName('property') : null;
    if (!property || !methods.includes(property.text) || tokens[i + 1].type !== '(') continue;
    const args: ArgumentSyntax[] = [];
    let end: Node = tokens[i + 1];
    let depth = 0;
    for (let j = i + 2; j < tokens.length && tokens[j].type !== ')'; j++) {
      const token = tokens[j];
      if (token.type === '{') {
        if (depth === 0) {
          const object = objects.get(token.startIndex);
          if (object) args.push(object);
        }
        depth++;
      } else if (token.type === '}') {
        depth--;
      } else if (depth === 0 && token.isNamed && token.type !== 'comment') {
        args.push(token);
      }
      end = token;
    }
    // An argument that is itself broken means the tokens were misread: leave the call alone.
    if (args.some((argument) => !isObjectSyntax(argument) && argument.hasError)) continue;
    const lastObject = args[args.length - 1];
    const endPosition = isObjectSyntax(lastObject) && lastObject.endOffset > end.endIndex ? lastObject.range.end : positionOf(end.endPosition);
    calls.push({ callee: property, args, range: { start: positionOf(member.startPosition), end: endPosition } });
  }
  return calls;
}

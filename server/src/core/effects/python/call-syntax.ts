/** Python call arguments and literals as the effect walkers read them. */
import { Node } from 'web-tree-sitter';
import { namedChildren } from '../../frontends/syntax';
import { truthOfLiteral } from '../builder';

export interface CallArguments {
  positional: Node[];
  keywords: Map<string, Node>;
}

export function argumentsOf(call: Node): CallArguments {
  const list = call.childForFieldName('arguments');
  const positional: Node[] = [];
  const keywords = new Map<string, Node>();
  for (const argument of list?.type === 'argument_list' ? namedChildren(list) : []) {
    if (argument.type === 'keyword_argument') {
      const name = argument.childForFieldName('name')?.text;
      const value = argument.childForFieldName('value');
      if (name && value) keywords.set(name, value);
    } else if (argument.type !== 'comment' && argument.type !== 'list_splat' && argument.type !== 'dictionary_splat') {
      positional.push(argument);
    }
  }
  return { positional, keywords };
}

/** The truth of a literal (`True`, `0`, `""`, `None`), or undefined for any other expression. */
export function literalTruth(node: Node): boolean | undefined {
  switch (node.type) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'none':
      return false;
    case 'integer':
    case 'float':
      return truthOfLiteral('number', node.text);
    case 'string':
      return namedChildren(node).some((child) => child.type === 'interpolation') ? undefined : truthOfLiteral('string', namedChildren(node).filter((child) => child.type === 'string_content').map((child) => child.text).join(''));
    case 'unary_operator':
      return node.text.trim().startsWith('-') ? true : undefined;
    default:
      return undefined;
  }
}

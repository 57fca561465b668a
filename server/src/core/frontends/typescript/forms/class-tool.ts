/**
 * A tool class: `name = "list_devices"` and `annotations: ToolAnnotations = {...}` (with or
 * without the type) as properties of one class (form `ts-class`, seed 001).
 */
import { Node } from 'web-tree-sitter';
import { Entry, Value } from '../../../model';
import { FileContext } from '../context';
import { buildDeclaration } from '../declaration';
import { childrenOf, literalKeyName, rangeOf } from '../syntax';
import { toolFieldDepth, unknownOf } from '../values';


/** The class's properties as entries: fields with their values, getters as unknown values. */
function classFields(body: Node, context: FileContext): Entry[] {
  const entries: Entry[] = [];
  for (const member of childrenOf(body)) {
    let key: Node | null = null;
    let value: Value | undefined;
    if (member.type === 'public_field_definition' || member.type === 'field_definition') {
      key = member.childForFieldName('name') ?? member.childForFieldName('property');
      const initializer = member.childForFieldName('value');
      const name = key ? literalKeyName(key) : undefined;
      if (initializer && name !== undefined) value = context.reader.read(initializer, undefined, toolFieldDepth(name) + 1);
    } else if (member.type === 'method_definition' && childrenOf(member).some((child) => child.type === 'get')) {
      key = member.childForFieldName('name');
      value = unknownOf(member);
    }
    const name = key ? literalKeyName(key) : undefined;
    if (!key || name === undefined || !value) continue;
    entries.push({ key: name, keyRange: rangeOf(key), range: rangeOf(member), value, startOffset: member.startIndex, endOffset: member.endIndex });
  }
  return entries;
}

export function classTool(node: Node, context: FileContext): ReturnType<typeof buildDeclaration> | undefined {
  const body = node.childForFieldName('body');
  if (!body) return undefined;
  const entries = classFields(body, context);
  const has = (key: string): boolean => entries.some((entry) => entry.key === key);
  if (!has('name') || !has('annotations')) return undefined;
  const nameNode = node.childForFieldName('name') ?? childrenOf(node).find((child) => child.type === 'class') ?? node;
  const fields: Value = {
    kind: 'mapping', entries, nonStringKeys: [], range: rangeOf(body),
    container: { openOffset: body.startIndex + 1, entryOffsets: entries.map((entry) => ({ start: entry.startOffset, end: entry.endOffset })), syntax: 'object' },
  };
  return buildDeclaration({
    form: 'ts-class',
    range: rangeOf(node),
    nameRange: rangeOf(nameNode),
    fields,
    vendorHints: false,
  }, context.language, context.reader);
}

/**
 * Completions in C#, read from the tokens before the cursor: the named arguments of
 * `[McpServerTool(` and `[CommandMetadata(` that are not written yet, and a hint's boolean.
 */
import { HINTS, spelledKey } from '../data/fields';
import { Range } from '../model';
import { booleanItems, CoreCompletionItem, slotTokens, sortKey } from './completion';
import { keyDocumentation } from './field-docs';
import { enclosingOpener, keysInside, Token } from './tokens';

const ATTRIBUTES = new Set(['McpServerTool', 'McpServerToolAttribute', 'CommandMetadata', 'CommandMetadataAttribute']);
const HINT_PROPERTIES = HINTS.map((hint) => spelledKey('csharp-attribute', hint));

export function csharpCompletions(tokens: readonly Token[], index: number, range: Range): CoreCompletionItem[] {
  const opener = enclosingOpener(tokens, index);
  if (opener < 0 || tokens[opener].type !== '(' || !ATTRIBUTES.has(tokens[opener - 1]?.text ?? '')) return [];
  const slot = slotTokens(tokens, opener, index);
  if (slot.length === 2 && slot[1].type === '=') return HINT_PROPERTIES.includes(slot[0].text) ? booleanItems(false, range) : [];
  if (slot.length > 0) return [];
  const present = keysInside(tokens, opener);
  const properties = ['Name', 'Title', ...HINT_PROPERTIES].filter((property) => !present.has(property));
  return properties.map((property, position) => {
    const hint = HINTS.find((candidate) => spelledKey('csharp-attribute', candidate) === property);
    return {
      label: property,
      kind: 'property',
      detail: hint ? `bool → ${hint}` : 'string',
      documentation: keyDocumentation(hint ?? (property === 'Title' ? 'title' : property)),
      insertText: `${property} = `,
      snippet: `${property} = ${hint ? '${1|true,false|}' : '"$1"'}`,
      range,
      sortText: sortKey(position),
    };
  });
}

/**
 * Completions in Go (read from the tokens before the cursor, as for the other languages): the
 * fields of go-sdk's `mcp.ToolAnnotations{` and mcp-go's `mcp.ToolAnnotation{`, their values
 * (a `*bool` field's through the pointer helper in use), mcp-go's hint options after `mcp.` in a
 * `NewTool(` call, and the boolean an option takes.
 */
import { HINTS, MCP_GO_OPTIONS, SPELLED_KEYS, spelledKey } from '../data/fields';
import { HintName, Range, ToolDeclaration, Value } from '../model';
import { booleanItems, CoreCompletionItem, slotTokens, sortKey } from './completion';
import { keyDocumentation } from './field-docs';
import { enclosingOpener, isWordToken, keysInside, Token } from './tokens';

/** The `*bool` fields of each annotations struct: go-sdk's `ToolAnnotations`, mcp-go's `ToolAnnotation`. */
const STRUCTS: Record<string, readonly string[]> = {
  ToolAnnotations: ['DestructiveHint', 'OpenWorldHint'],
  ToolAnnotation: ['ReadOnlyHint', 'DestructiveHint', 'IdempotentHint', 'OpenWorldHint'],
};
const OPTION_HINTS = new Map(HINTS.map((hint) => [MCP_GO_OPTIONS[hint], hint]));

export function goCompletions(tokens: readonly Token[], index: number, range: Range, declarations: readonly ToolDeclaration[], offset: number): CoreCompletionItem[] {
  const opener = enclosingOpener(tokens, index);
  if (opener < 0) return [];
  const owner = tokens[opener - 1];
  const bracket = tokens[opener].type;
  if (tokens[index]?.type === '.') {
    return bracket === '(' && isWordToken(tokens[index - 1]) && isOptionCall(tokens, opener) ? optionItems(tokens, opener, range) : [];
  }
  const slot = slotTokens(tokens, opener, index);
  if (bracket === '(' && owner && OPTION_HINTS.has(owner.text)) return slot.length === 0 ? booleanItems(false, range) : [];
  if (bracket !== '{' || !owner || !(owner.text in STRUCTS)) return [];
  const pointers = STRUCTS[owner.text];
  const helper = helperWritten(tokens, opener, pointers) ?? pointerHelperAt(declarations, offset);
  if (slot.length === 2 && slot[1].type === ':') {
    const field = slot[0].text;
    if (!HINTS.some((hint) => spelledKey('go-struct', hint) === field)) return [];
    if (!pointers.includes(field)) return booleanItems(false, range);
    return ['true', 'false'].map((value, position) => ({ label: `${helper}(${value})`, kind: 'value', insertText: `${helper}(${value})`, range, sortText: sortKey(position) }));
  }
  if (slot.length > 0) return [];
  const present = keysInside(tokens, opener);
  const fields = [SPELLED_KEYS['go-struct'].title, ...HINTS.map((hint) => spelledKey('go-struct', hint))].filter((field) => !present.has(field));
  return fields.map((field, position) => {
    const value = field === 'Title' ? '"$1"' : pointers.includes(field) ? `${helper}(\${1|true,false|})` : '${1|true,false|}';
    return {
      label: field,
      kind: 'property',
      detail: field === 'Title' ? 'string' : pointers.includes(field) ? '*bool' : 'bool',
      documentation: keyDocumentation(field),
      insertText: `${field}: `,
      snippet: `${field}: ${value}`,
      range,
      sortText: sortKey(position),
    };
  });
}

/** Whether the call whose `(` is at `opener` takes mcp-go options: `NewTool(`, or a call already passing one (a wrapper). */
function isOptionCall(tokens: readonly Token[], opener: number): boolean {
  if (tokens[opener - 1]?.text === 'NewTool') return true;
  return optionsInside(tokens, opener).size > 0;
}

/** The option names written at the top level of the call (`mcp.WithDescription(` gives `WithDescription`). */
function optionsInside(tokens: readonly Token[], opener: number): Set<string> {
  const names = new Set<string>();
  let depth = 0;
  for (let i = opener + 1; i < tokens.length; i++) {
    const type = tokens[i].type;
    if (type === '(' || type === '[' || type === '{') depth++;
    else if (type === ')' || type === ']' || type === '}') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && type === '.' && tokens[i + 1]?.text.startsWith('With')) names.add(tokens[i + 1].text);
  }
  return names;
}

function optionItems(tokens: readonly Token[], opener: number, range: Range): CoreCompletionItem[] {
  const present = optionsInside(tokens, opener);
  const options: Array<[string, HintName | undefined]> = [...[...OPTION_HINTS].map(([option, hint]): [string, HintName] => [option, hint]), [MCP_GO_OPTIONS.title, undefined]];
  return options.filter(([option]) => !present.has(option)).map(([option, hint], position) => ({
    label: option,
    kind: 'property',
    detail: hint ? `mcp-go option → ${hint}` : 'mcp-go option → annotations.title',
    documentation: hint ? keyDocumentation(hint) : keyDocumentation('title'),
    insertText: `${option}(`,
    snippet: hint ? `${option}(\${1|true,false|})` : `${option}("$1")`,
    range,
    sortText: sortKey(position),
  }));
}

/** The helper another `*bool` field of the same struct is written with (`OpenWorldHint: jsonschema.Ptr(false)` gives `jsonschema.Ptr`). */
function helperWritten(tokens: readonly Token[], opener: number, pointers: readonly string[]): string | undefined {
  let depth = 0;
  for (let i = opener + 1; i < tokens.length - 2; i++) {
    const type = tokens[i].type;
    if (type === '(' || type === '[' || type === '{') depth++;
    else if (type === ')' || type === ']' || type === '}') {
      if (depth === 0) return undefined;
      depth--;
    } else if (depth === 0 && tokens[i + 1].type === ':' && pointers.includes(tokens[i].text)) {
      let end = i + 2;
      while (end < tokens.length && (isWordToken(tokens[end]) || tokens[end].type === '.')) end++;
      if (end > i + 2 && tokens[end]?.type === '(') return tokens.slice(i + 2, end).map((token) => token.text).join('');
    }
  }
  return undefined;
}

/** The pointer helper the tool at `offset` (else any tool of the file) writes `*bool` hints with; Go 1.26's `new` otherwise. */
function pointerHelperAt(declarations: readonly ToolDeclaration[], offset: number): string {
  const helperOf = (declaration: ToolDeclaration): string | undefined => containerHelper(declaration.annotations?.value) ?? containerHelper(declaration.registration);
  const here = declarations.find((declaration) => offsetInside(declaration, offset));
  return (here && helperOf(here)) ?? declarations.map(helperOf).find((helper) => helper) ?? 'new';
}

function offsetInside(declaration: ToolDeclaration, offset: number): boolean {
  const container = declaration.annotations?.value;
  return !!container && (container.kind === 'mapping' || container.kind === 'call') && container.container.openOffset <= offset && (container.container.closeOffset ?? Infinity) >= offset;
}

function containerHelper(value: Value | undefined): string | undefined {
  return value && (value.kind === 'mapping' || value.kind === 'call') ? value.container.pointerHelper : undefined;
}


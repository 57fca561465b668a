/**
 * Completions for tool metadata, read from the tokens before the cursor (tree-sitter leaves,
 * so half-typed code works): `ServiceDomain.` / `Operation.` members, the lowercase values
 * inside `service_domains=["...`, the keys of `ToolMetadata(`, `Behavior(`, `Classification(`,
 * `ToolAnnotations(` and of annotation dicts / object literals, and booleans after a flag;
 * elsewhere, where a statement starts, the tool snippets (tool-snippets.ts).
 */
import { Tree } from 'web-tree-sitter';
import { ARCADE_MODEL_FIELDS, HINTS } from '../data/fields';
import { EnumName, enumMembers } from '../data/service-domains';
import { Position, Range, TextEdit, ToolDeclaration } from '../model';
import { GrammarId } from '../parse/parser';
import { offsetAt, rangeAt } from '../fixes/positions';
import { hintOfKey, keyDocumentation } from './field-docs';
import { enclosingOpener, isWordToken, keysInside, keyText, lastIndexBefore, Token, tokensAround } from './tokens';
import { toolSnippetItems } from './tool-snippets';
import { goCompletions } from './completion-go';
import { csharpCompletions } from './completion-csharp';
import { withFields } from '../with-fields';

export type CompletionItemKind = 'enum-member' | 'property' | 'value' | 'snippet';

export interface CoreCompletionItem {
  label: string;
  kind: CompletionItemKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Plain text that replaces `range`. */
  insertText: string;
  /** The same as a snippet (tab stops, choices), for clients that support snippets. */
  snippet?: string;
  /** What clients match the typed text against, when `range` starts before the word (at a quote). */
  filterText?: string;
  range: Range;
  sortText: string;
  /** Edits elsewhere in the document that come with the item (a snippet's missing imports). */
  additionalEdits?: TextEdit[];
}

type Syntax = 'call' | 'dict' | 'object';

interface KeySet {
  keys: readonly string[];
  syntax: Syntax;
}

const MODEL_CALLEES = new Set(['ToolMetadata', 'Behavior', 'Classification']);
const ENUMS = new Set<EnumName>(['ServiceDomain', 'Operation']);
const LIST_KEYS: Record<string, EnumName> = { service_domains: 'ServiceDomain', operations: 'Operation' };
const SNAKE_ANNOTATION_KEYS = ['title', 'read_only_hint', 'destructive_hint', 'idempotent_hint', 'open_world_hint'];
const CAMEL_ANNOTATION_KEYS = ['title', ...HINTS];

/**
 * `declarations` (from the document's analysis, when there is one) tell an Arcade registration
 * from an MCP SDK one, so `@app.tool(` offers `metadata=` and `@mcp.tool(` offers `annotations=`.
 */
export function completionsAt(grammar: GrammarId, tree: Tree, text: string, position: Position, declarations: readonly ToolDeclaration[] = []): CoreCompletionItem[] {
  const offset = offsetAt(text, position);
  const items = metadataCompletions(grammar, tree, text, offset, declarations);
  return items.length > 0 ? items : toolSnippetItems(grammar, tree, text, offset);
}

function metadataCompletions(grammar: GrammarId, tree: Tree, text: string, offset: number, declarations: readonly ToolDeclaration[]): CoreCompletionItem[] {
  const tokens = tokensAround(tree, text, offset);
  let index = lastIndexBefore(tokens, offset);
  const current = tokens[index];
  let openString: Token | undefined;
  let partial: Token | undefined;
  if (current?.type === 'open-string' && current.end >= offset) openString = current;
  else if (isWordToken(current) && current.end >= offset) partial = current;
  if (openString || partial) index--;
  const python = grammar === 'python';
  const wordRange = rangeAt(text, partial?.start ?? offset, partial ? Math.max(partial.end, offset) : offset);
  if (grammar === 'go') return openString ? [] : goCompletions(tokens, index, wordRange, declarations, offset);
  if (grammar === 'csharp') return openString ? [] : csharpCompletions(tokens, index, wordRange);

  if (!openString && tokens[index]?.type === '.') {
    const owner = tokens[index - 1];
    if (isWordToken(owner) && ENUMS.has(owner.text as EnumName)) return memberItems(owner.text as EnumName, wordRange);
    return [];
  }

  const opener = enclosingOpener(tokens, index);
  if (opener < 0) return [];
  const slot = slotTokens(tokens, opener, index);
  const owner = ownerOf(tokens, opener);
  const bracket = tokens[opener].type;

  if (bracket === '[' && owner && owner in LIST_KEYS) {
    if (slot.length > 0) return [];
    if (openString) return stringValueItems(LIST_KEYS[owner], openString, text, offset);
    return qualifiedMemberItems(LIST_KEYS[owner], wordRange);
  }

  // value position: `key=`, `key:` (and whatever is being typed after it)
  if (slot.length === 2 && (slot[1].type === '=' || slot[1].type === ':')) {
    const key = keyText(slot[0]);
    if (!openString && key && (hintOfKey(key) || key === 'strict')) return booleanItems(python, wordRange);
    return [];
  }
  if (slot.length > 0) return [];

  const keySet = keySetFor(bracket, owner, python, tokens, opener) ?? registrationKeys(declarations, tokens[opener]);
  if (!keySet) return [];
  const present = new Set([...keysInside(tokens, opener, partial ?? openString)].map(normaliseKey));
  const missing = keySet.keys.filter((key) => !present.has(normaliseKey(key)));
  if (openString) {
    if (keySet.syntax === 'call') return [];
    const end = openString.contentEnd !== undefined ? openString.contentEnd + 1 : offset;
    return keyItems(missing, keySet.syntax, rangeAt(text, openString.start, Math.max(end, offset)), openString.quote, true);
  }
  return keyItems(missing, keySet.syntax, wordRange, '"');
}

/** The tokens of the entry being written: after the last comma (or the bracket) up to `index`. */
export function slotTokens(tokens: readonly Token[], opener: number, index: number): Token[] {
  let depth = 0;
  let start = opener + 1;
  for (let i = index; i > opener; i--) {
    const type = tokens[i].type;
    if (type === ')' || type === ']' || type === '}') depth++;
    else if (type === '(' || type === '[' || type === '{') depth--;
    else if (type === ',' && depth === 0) {
      start = i + 1;
      break;
    }
  }
  return tokens.slice(start, index + 1);
}

/**
 * What a bracket belongs to: the callee of `(` (`Behavior`), the key of `key={` / `key: {`,
 * or the declared type of `x: ToolAnnotations = {`.
 */
function ownerOf(tokens: readonly Token[], opener: number): string | undefined {
  const before = tokens[opener - 1];
  if (tokens[opener].type === '(') return isWordToken(before) ? before.text : undefined;
  if (before?.type !== '=' && before?.type !== ':') return undefined;
  const named = tokens[opener - 2];
  if (before.type === '=' && tokens[opener - 3]?.type === ':' && isWordToken(named) && named.text === 'ToolAnnotations') return 'ToolAnnotations';
  return keyText(named);
}

function keySetFor(bracket: string, owner: string | undefined, python: boolean, tokens: readonly Token[], opener: number): KeySet | undefined {
  if (!owner) return undefined;
  if (bracket === '(') {
    if (MODEL_CALLEES.has(owner)) return { keys: ARCADE_MODEL_FIELDS[owner as keyof typeof ARCADE_MODEL_FIELDS], syntax: 'call' };
    if (owner === 'ToolAnnotations' && python) return { keys: annotationKeys(tokens, opener), syntax: 'call' };
    return undefined;
  }
  if (bracket !== '{') return undefined;
  if (owner === 'annotations' || owner === 'ToolAnnotations') {
    return python ? { keys: annotationKeys(tokens, opener), syntax: 'dict' } : { keys: CAMEL_ANNOTATION_KEYS, syntax: 'object' };
  }
  if (python && (owner === 'behavior' || owner === 'classification')) {
    return { keys: ARCADE_MODEL_FIELDS[owner === 'behavior' ? 'Behavior' : 'Classification'], syntax: 'dict' };
  }
  return undefined;
}

/** The keys of a Python tool registration (`@app.tool(`, `@mcp.tool(`, `add_tool(`) whose bracket is `opener`. */
function registrationKeys(declarations: readonly ToolDeclaration[], opener: Token): KeySet | undefined {
  const declaration = declarations.find((candidate) => {
    const registration = candidate.registration;
    return candidate.language === 'python' && registration?.kind === 'call' && registration.container.openOffset === opener.end;
  });
  if (!declaration) return undefined;
  return { keys: declaration.form.startsWith('arcade-') ? ['metadata'] : ['title', 'annotations'], syntax: 'call' };
}

/** Python annotations: camelCase keys, or snake_case ones when the author already writes them (SDK v2). */
function annotationKeys(tokens: readonly Token[], opener: number): readonly string[] {
  const snake = [...keysInside(tokens, opener)].some((key) => key.endsWith('_hint'));
  return snake ? SNAKE_ANNOTATION_KEYS : CAMEL_ANNOTATION_KEYS;
}

/** `read_only_hint` and `readOnlyHint` are the same key. */
function normaliseKey(key: string): string {
  const hint = hintOfKey(key);
  return hint && !hint.arcadeFlag ? hint.hint : key;
}

export function sortKey(index: number): string {
  return String(index).padStart(3, '0');
}

function memberItems(enumName: EnumName, range: Range): CoreCompletionItem[] {
  return enumMembers(enumName).map((member, index) => ({
    label: member.member,
    kind: 'enum-member',
    detail: `"${member.value}"`,
    documentation: member.description,
    insertText: member.member,
    range,
    sortText: sortKey(index),
  }));
}

/** `ServiceDomain.EMAIL` as a whole, for an empty slot of `service_domains=[...]` / `operations=[...]`. */
function qualifiedMemberItems(enumName: EnumName, range: Range): CoreCompletionItem[] {
  return memberItems(enumName, range).map((item) => withFields(item, { label: `${enumName}.${item.label}`, insertText: `${enumName}.${item.insertText}` }));
}

function stringValueItems(enumName: EnumName, open: Token, text: string, offset: number): CoreCompletionItem[] {
  const start = open.contentStart ?? offset;
  const range = rangeAt(text, start, Math.max(offset, open.contentEnd ?? offset));
  return enumMembers(enumName).map((member, index) => ({
    label: member.value,
    kind: 'enum-member',
    detail: `${enumName}.${member.member}`,
    documentation: member.description,
    insertText: member.value,
    range,
    sortText: sortKey(index),
  }));
}

export function booleanItems(python: boolean, range: Range): CoreCompletionItem[] {
  const words = python ? ['True', 'False'] : ['true', 'false'];
  return words.map((word, index) => ({ label: word, kind: 'value', insertText: word, range, sortText: sortKey(index) }));
}

const PYTHON_FIELD_SNIPPETS: Record<string, string> = {
  classification: 'Classification(service_domains=[$1])',
  behavior: 'Behavior($1)',
  operations: '[$1]',
  service_domains: '[$1]',
  extras: '{$1}',
  strict: '${1|False,True|}',
  title: '"$1"',
  metadata: 'ToolMetadata(behavior=Behavior($1))',
  annotations: 'ToolAnnotations($1)',
};

function keyItems(keys: readonly string[], syntax: Syntax, range: Range, quote: string | undefined, openQuoted = false): CoreCompletionItem[] {
  const python = syntax !== 'object';
  return keys.map((key, index) => {
    const written = syntax === 'dict' ? `${quote ?? '"'}${key}${quote ?? '"'}` : key;
    const separator = syntax === 'call' ? '=' : ': ';
    const hint = hintOfKey(key);
    const valueSnippet = hint ? (python ? '${1|True,False|}' : '${1|true,false|}') : python ? PYTHON_FIELD_SNIPPETS[key] ?? '$1' : key === 'title' ? '"$1"' : '$1';
    return {
      label: key,
      kind: 'property',
      detail: detailOf(key, python),
      documentation: keyDocumentation(key),
      insertText: `${written}${separator}`,
      snippet: `${written}${separator}${valueSnippet}`,
      filterText: quote && syntax !== 'call' && openQuoted ? `${quote}${key}` : undefined,
      range,
      sortText: sortKey(index),
    };
  });
}

function detailOf(key: string, python: boolean): string | undefined {
  const hint = hintOfKey(key);
  if (hint?.arcadeFlag) return `bool | None → ${hint.hint}`;
  if (hint) return python ? 'bool | None' : 'boolean';
  if (key === 'title') return python ? 'str' : 'string';
  return undefined;
}

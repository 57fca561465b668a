/**
 * The tool snippets (data/tool-snippets.ts) as completion items, where a statement can start:
 * one item per prefix, `@app.tool` first, each adding the imports it needs (import-edits.ts).
 */
import { Tree } from 'web-tree-sitter';
import { PYTHON_TOOL_SNIPPETS, scriptToolSnippets, ToolSnippet } from '../data/tool-snippets';
import { CSHARP_TOOL_SNIPPETS, GO_TOOL_SNIPPETS } from '../data/tool-snippets-compiled';
import { namedChildren } from '../frontends/syntax';
import { rangeAt } from '../fixes/positions';
import { TextEdit } from '../model';
import { GrammarId } from '../parse/parser';
import type { CoreCompletionItem } from './completion';
import { importInsertions, Insertion } from './import-edits';
import { goImportPlan } from './import-edits-compiled';

/** Leaves a typed prefix cannot be inside. */
const NO_SNIPPETS_INSIDE = new Set([
  'comment', 'string', 'string_content', 'string_fragment', 'template_string',
  'interpreted_string_literal', 'raw_string_literal', 'string_literal', 'verbatim_string_literal', 'interpolated_string_expression',
]);

/** `@` starts a Python decorator, `[` a C# attribute. */
function isPrefixCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || char === '_' || char === '-' || char === '.' || char === '@' || char === '[';
}

/** The word typed at the start of the cursor's line (after its indentation), or undefined when other text precedes it. */
function typedPrefix(text: string, offset: number): { start: number; indent: string } | undefined {
  let start = offset;
  while (start > 0 && isPrefixCharacter(text[start - 1])) start--;
  // A `[` only opens the word (`[McpServerTool`): the word starts at the last one.
  const bracket = text.lastIndexOf('[', offset - 1);
  if (bracket > start) start = bracket;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = text.slice(lineStart, start);
  return indent.trim() === '' ? { start, indent } : undefined;
}

function snippetsFor(grammar: GrammarId): readonly ToolSnippet[] {
  if (grammar === 'python') return PYTHON_TOOL_SNIPPETS;
  if (grammar === 'go') return GO_TOOL_SNIPPETS;
  if (grammar === 'csharp') return CSHARP_TOOL_SNIPPETS;
  return scriptToolSnippets(grammar === 'typescript' || grammar === 'tsx');
}

const INDENT_UNITS: Partial<Record<GrammarId, string>> = { python: '    ', go: '\t', csharp: '    ' };

/** `\t` as the language indents (Python and C# four spaces, Go a tab, TS/JS two), lines after the first at the cursor's indentation. */
function indented(body: string, grammar: GrammarId, indent: string): string {
  const unit = INDENT_UNITS[grammar] ?? '  ';
  return body.replace(/\t/g, unit).split('\n').map((line, index) => (index === 0 || line === '' ? line : indent + line)).join('\n');
}

/** A snippet's text with every placeholder at its default (a choice at its first), for clients without snippets. */
export function snippetDefaults(body: string): string {
  return body
    .replace(/\$\{\d+\|([^|]*)\|\}/g, (_all, choices: string) => choices.split(',')[0])
    .replace(/\$\{\d+:((?:[^}\\]|\\.)*)\}/g, '$1')
    .replace(/\$\{?\d+\}?/g, '')
    .replace(/\\([$}\\])/g, '$1');
}

function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

export function toolSnippetItems(grammar: GrammarId, tree: Tree, text: string, offset: number): CoreCompletionItem[] {
  const prefix = typedPrefix(text, offset);
  if (!prefix) return [];
  for (let node = tree.rootNode.descendantForIndex(Math.max(0, offset - 1), Math.max(0, offset - 1)); node; node = node.parent) {
    if (NO_SNIPPETS_INSIDE.has(node.type)) return [];
  }
  const range = rangeAt(text, prefix.start, offset);
  return snippetsFor(grammar).flatMap((snippet, index) => {
    const insertions = importInsertions(grammar, tree, snippet.imports);
    // An import that would go where the snippet goes (an empty file) comes first in the snippet itself.
    const before = insertions.filter((insertion) => insertion.offset >= prefix.start && insertion.offset <= offset);
    const additional: TextEdit[] = insertions.filter((insertion) => !before.includes(insertion)).map((insertion: Insertion) => ({ range: rangeAt(text, insertion.offset, insertion.offset), newText: insertion.text }));
    const header = before.map((insertion) => `${insertion.text.trim()}\n\n`).join('');
    const body = indented(grammar === 'go' ? withGoQualifiers(snippet, tree) : snippet.body, grammar, prefix.indent);
    const imported = snippet.imports.map((item) => item.name).join(', ');
    return snippet.prefixes.map((label, alias): CoreCompletionItem => ({
      label,
      kind: 'snippet',
      detail: snippet.description,
      documentation: `${snippet.description}${imported ? `\n\nAdds the imports it needs (${imported}) when the file lacks them.` : ''}`,
      insertText: header + snippetDefaults(body),
      snippet: escapeSnippet(header) + body,
      range,
      sortText: `0${index}${alias}`,
      additionalEdits: additional,
    }));
  });
}

/** A Go snippet's body with `mcp.` written as the file names the SDK package (`mcpgo.NewTool`). */
function withGoQualifiers(snippet: ToolSnippet, tree: Tree): string {
  const { qualifiers } = goImportPlan(namedChildren(tree.rootNode), snippet.imports);
  let body = snippet.body;
  for (const [name, local] of qualifiers) if (local !== name) body = body.split(`${name}.`).join(`${local}.`);
  return body;
}

/**
 * The tool snippets (data/tool-snippets.ts) as completion items, where a statement can start:
 * one item per prefix, `@app.tool` first, each adding the imports it needs (import-edits.ts).
 */
import { Tree } from 'web-tree-sitter';
import { PYTHON_TOOL_SNIPPETS, scriptToolSnippets, ToolSnippet } from '../data/tool-snippets';
import { rangeAt } from '../fixes/positions';
import { TextEdit } from '../model';
import { GrammarId } from '../parse/parser';
import type { CoreCompletionItem } from './completion';
import { importInsertions, Insertion } from './import-edits';

/** Leaves a typed prefix cannot be inside. */
const NO_SNIPPETS_INSIDE = new Set(['comment', 'string', 'string_content', 'string_fragment', 'template_string']);

function isPrefixCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || char === '_' || char === '-' || char === '.' || char === '@';
}

/** The word typed at the start of the cursor's line (after its indentation), or undefined when other text precedes it. */
function typedPrefix(text: string, offset: number): { start: number; indent: string } | undefined {
  let start = offset;
  while (start > 0 && isPrefixCharacter(text[start - 1])) start--;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = text.slice(lineStart, start);
  return indent.trim() === '' ? { start, indent } : undefined;
}

function snippetsFor(grammar: GrammarId): readonly ToolSnippet[] {
  if (grammar === 'python') return PYTHON_TOOL_SNIPPETS;
  // Go's and C#'s tool snippets are the editor's (snippets/go.json, csharp.json): the server has no import edits for them yet.
  if (grammar === 'go' || grammar === 'csharp') return [];
  return scriptToolSnippets(grammar === 'typescript' || grammar === 'tsx');
}

/** `\t` as the language indents (Python four spaces, TS/JS two), lines after the first at the cursor's indentation. */
function indented(body: string, grammar: GrammarId, indent: string): string {
  const unit = grammar === 'python' ? '    ' : '  ';
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
    const body = indented(snippet.body, grammar, prefix.indent);
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

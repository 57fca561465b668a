/**
 * The "Ignore <rule> for this line" edit: extends the suppression comment that already covers
 * the line (`ignore[a]` → `ignore[a, b]`), or inserts one on its own line above, indented like
 * the line. Comments are found as the grammar's comment nodes (core `findSuppressions`).
 */
import { Tree } from 'web-tree-sitter';
import { withLfLineBreaks } from '../analyze';
import { rangeAt } from '../fixes/positions';
import { LanguageId, TextEdit } from '../model';
import { findSuppressions } from '../suppressions';

const STRING_PARTS = new Set(['string_content', 'string_fragment', 'string', 'template_string']);

function lineStartOffset(text: string, line: number): number | undefined {
  let offset = 0;
  for (let current = 0; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return undefined;
    offset = next + 1;
  }
  return offset;
}

/** Undefined when the rule is already listed there, or when no comment line can go above the line (inside a multi-line string, after a continuation). */
export function ignoreForLineEdit(tree: Tree, text: string, language: LanguageId, line: number, ruleName: string): TextEdit | undefined {
  // Lines as LSP counts them (a lone CR ends one too): the text with LF in place of each lone CR, same offsets.
  const lines = withLfLineBreaks(text);
  const existing = findSuppressions(tree.rootNode, text).find((directive) => directive.kind === 'line' && directive.lines.has(line));
  if (existing) {
    if (existing.codes.some((code) => code.rule?.name === ruleName || code.text === ruleName)) return undefined;
    const closing = existing.end - 1;
    const separator = existing.codes.length > 0 ? ', ' : '';
    return { range: rangeAt(lines, closing, closing), newText: `${separator}${ruleName}` };
  }
  const start = lineStartOffset(lines, line);
  if (start === undefined) return undefined;
  let contentStart = start;
  while (text[contentStart] === ' ' || text[contentStart] === '\t') contentStart++;
  const node = tree.rootNode.descendantForIndex(contentStart, contentStart);
  if (node && STRING_PARTS.has(node.type) && node.startIndex < contentStart) return undefined;
  // A comment line cannot follow a Python line continuation (`\\` at the end of the line above).
  if (language === 'python' && continuesLine(lines, start)) return undefined;
  const indent = text.slice(start, contentStart);
  const marker = language === 'python' ? '#' : '//';
  const newline = text.includes('\r\n') ? '\r\n' : lines !== text && !text.includes('\n') ? '\r' : '\n';
  return { range: rangeAt(lines, start, start), newText: `${indent}${marker} mcp-tool-lint: ignore[${ruleName}]${newline}` };
}

/** Whether the line before `lineStart` ends with a backslash continuation. */
function continuesLine(text: string, lineStart: number): boolean {
  let i = lineStart - 1;
  if (text[i] === '\n') i--;
  if (text[i] === '\r') i--;
  return i >= 0 && text[i] === '\\';
}

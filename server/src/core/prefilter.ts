/**
 * The cheap textual pre-filter design.md allows ("Parsing"): it decides only whether a file is
 * parsed, never what a declaration is. Every declaration form of rules.md ("Declaration forms",
 * "What counts as a tool") needs one of these in the text:
 *
 * - Both languages: a *tool word*, `tool` or `Tool` (optionally plural) not followed by a lowercase
 *   letter: `@mcp.tool`, `@tool`, `add_tool`, `Tool(`, `Tool.from_function`, `ToolAnnotations`,
 *   `ToolMetadata`, `registerTool`, `server.tool(`, `addTool`, `: Tool =`, `defineTool(` (a
 *   registration wrapper), `ListToolsRequestSchema` / `tools/list` (a `tools/list` handler).
 *   `toolbar`, `tooltip`, `tooling`, `toolkit` are not tool words.
 * - TypeScript / JavaScript also: `annotations` or `inputSchema` written as a key, field, getter or
 *   binding (tool objects, tool tables, tool classes: `annotations: {...}`, `annotations = ...`,
 *   `annotations?:`, `"annotations":`, `{ name, annotations }`, `get annotations()`), not read as a
 *   member (`entry.annotations`), a word of prose (`// the annotations entries`) or a string (`className="annotations"`); and an
 *   import of an MCP SDK (`@modelcontextprotocol/...`, `fastmcp`), where `{ name, parameters }` counts.
 *
 * Go needs a tool word too: `mcp.Tool{`, `mcp.ToolAnnotations{`, `mcp.NewTool(`, `mcp.ToolOption`; C#
 * `[McpServerTool(...)]`, or Azure MCP's `[CommandMetadata(...)]`.
 * Python needs a tool word: its `annotations=` and `metadata=` only count inside a registration,
 * whose callee is a tool word, and `from __future__ import annotations` is no declaration.
 * test/unit/prefilter.test.ts checks that every file of the fixtures, examples and test projects
 * with a declaration passes.
 */
import { SourceText } from './source-text';

export type PrefilterLanguage = 'python' | 'script' | 'go' | 'csharp';

/** Whether the text may hold a tool declaration of `language` (of either language when not given). */
export function mayDeclareTools(text: SourceText, language?: PrefilterLanguage): boolean {
  if (hasToolWord(text)) return true;
  // Azure MCP's command classes say `[CommandMetadata(...)]` and need not say "tool" anywhere.
  if (language === 'csharp') return text.includes('CommandMetadata');
  if (language === 'python' || language === 'go') return false;
  return hasKeyWord(text, 'annotations') || hasKeyWord(text, 'inputSchema')
    || text.includes('@modelcontextprotocol/') || text.includes('fastmcp');
}

const LOWER_A = 97;
const LOWER_Z = 122;
const LOWER_S = 115;

function isLower(code: number): boolean {
  return code >= LOWER_A && code <= LOWER_Z;
}

/** `tool` / `Tool`, optionally followed by `s`, then anything but a lowercase letter (or the end). */
export function hasToolWord(text: SourceText): boolean {
  for (const word of ['tool', 'Tool']) {
    for (let index = text.indexOf(word); index >= 0; index = text.indexOf(word, index + word.length)) {
      let after = index + word.length;
      if (text.charCodeAt(after) === LOWER_S) after++;
      if (!isLower(text.charCodeAt(after))) return true;
    }
  }
  return false;
}

/** `word` as a whole identifier, not after `.`, followed (after spaces) by what a key, field or binding is followed by. */
function hasKeyWord(text: SourceText, word: string): boolean {
  for (let index = text.indexOf(word); index >= 0; index = text.indexOf(word, index + word.length)) {
    if (index > 0 && (text.charCodeAt(index - 1) === DOT || isIdentifierCode(text.charCodeAt(index - 1)))) continue;
    if (endsKey(text, index + word.length)) return true;
  }
  return false;
}

const DOT = 46;

function isIdentifierCode(code: number): boolean {
  return isLower(code) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

/** After a key: `:`, `=` (not `==`), `?:`, `!:`, `,`, `;`, `}`, `)`, `]`, `(`, a closing quote and `:`, a line break or the end. */
function endsKey(text: SourceText, at: number): boolean {
  const index = afterSpaces(text, at);
  if (index >= text.length) return true;
  const next = String.fromCharCode(text.charCodeAt(index));
  switch (next) {
    case '=':
      return text.charCodeAt(index + 1) !== 61;
    case '?':
    case '!':
      return text.charCodeAt(index + 1) === 58;
    case '"':
    case '\'':
      return text.charCodeAt(afterSpaces(text, index + 1)) === 58;
    default:
      return ':,;})](\r\n'.includes(next);
  }
}

function afterSpaces(text: SourceText, at: number): number {
  let index = at;
  while (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9) index++;
  return index;
}

// The tool snippets the server offers where a statement starts (core completionsAt): typed at the end
// of a file that lacks their imports and accepted with every default (a choice at its first), each
// parses as every language it is offered in, with no ERROR node, brings exactly the imports it needs,
// is read as one tool and has no finding. `arcade-t` lists the @app.tool form first.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { PYTHON_TOOL_SNIPPETS, scriptToolSnippets } from '../../server/src/core/data/tool-snippets';
import { CSHARP_TOOL_SNIPPETS, GO_TOOL_SNIPPETS } from '../../server/src/core/data/tool-snippets-compiled';
import { completionsAt, CoreCompletionItem } from '../../server/src/core/features/completion';
import { importInsertions } from '../../server/src/core/features/import-edits';
import { applyEdits } from '../../server/src/core/fixes/apply';
import { positionAt } from '../../server/src/core/fixes/positions';
import { GrammarId, parse } from '../../server/src/core/parse/parser';
import { expandSnippet } from '../helpers/snippets';

const ARCADE_APP = 'from arcade_mcp_server import MCPApp\n\napp = MCPApp(name="Mail", version="1.0.0")\n\n\n';
const FASTMCP = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("mail")\n\n\n';
const SDK_SERVER = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n\nconst server = new McpServer({ name: "calendar", version: "1.0.0" });\n\n';
const FASTMCP_SERVER = 'import { FastMCP } from "fastmcp";\n\nconst server = new FastMCP({ name: "calendar", version: "1.0.0" });\n\n';

/** The text around each snippet: its server, no import of what the snippet uses (the TDK tool: an empty file). */
const PLACEMENTS: Record<string, { before: string; after?: string }> = {
  'arcade-tool': { before: ARCADE_APP },
  'arcade-tdk-tool': { before: '' },
  'mcp-tool': { before: FASTMCP },
  'mcp-register-tool': { before: SDK_SERVER },
  'mcp-tool-object': { before: `${SDK_SERVER}export const TOOLS = [\n`, after: ',\n];\n' },
  'mcp-tool-table': { before: '' },
  'fastmcp-add-tool': { before: FASTMCP_SERVER },
  'mcp-tool-class': { before: 'import { BaseTool } from "./base-tool.js";\n\n' },
  'mcp-go-sdk-tool': { before: 'package tools\n\n// Register adds the tools.\nfunc Register(server *mcp.Server) {\n\t', after: '\n}\n' },
  'mcp-go-new-tool': { before: 'package tools\n\nimport "fmt"\n\nfunc Tools() {\n\tfmt.Println("tools")\n\t', after: '\n}\n' },
  'mcp-csharp-tool': { before: '// Notes tools.\nnamespace Notes.Tools;\n\n[McpServerToolType]\npublic static class NoteTools\n{\n    ', after: '\n}\n' },
};

const LANGUAGES: Array<{ grammar: GrammarId; file: string; prefixes: string[] }> = [
  { grammar: 'python', file: 'tools.py', prefixes: PYTHON_TOOL_SNIPPETS.map((snippet) => snippet.prefixes[0]) },
  { grammar: 'typescript', file: 'tools.ts', prefixes: scriptToolSnippets(true).map((snippet) => snippet.prefixes[0]) },
  { grammar: 'tsx', file: 'tools.tsx', prefixes: scriptToolSnippets(true).map((snippet) => snippet.prefixes[0]) },
  { grammar: 'javascript', file: 'tools.js', prefixes: scriptToolSnippets(false).map((snippet) => snippet.prefixes[0]) },
  { grammar: 'go', file: 'tools.go', prefixes: GO_TOOL_SNIPPETS.map((snippet) => snippet.prefixes[0]) },
  { grammar: 'csharp', file: 'NoteTools.cs', prefixes: CSHARP_TOOL_SNIPPETS.map((snippet) => snippet.prefixes[0]) },
];

/** The completion items at the end of `text`. */
function itemsAtEnd(grammar: GrammarId, text: string): CoreCompletionItem[] {
  const tree = parse(grammar, text);
  try {
    return completionsAt(grammar, tree, text, positionAt(text, text.length));
  } finally {
    tree.delete();
  }
}

/** `text` after accepting `item` with its defaults, as an editor does: the snippet replaces its range, the additional edits apply. */
function accept(text: string, item: CoreCompletionItem): string {
  return applyEdits(text, [{ range: item.range, newText: expandSnippet(item.snippet ?? item.insertText) }, ...(item.additionalEdits ?? [])]);
}

for (const { grammar, file, prefixes } of LANGUAGES) {
  for (const prefix of prefixes) {
    test(`${file}: "${prefix}" accepted at the end of a file without its imports parses, adds them, and is one tool with no finding`, async () => {
      await initAnalysis();
      const { before, after = '' } = PLACEMENTS[prefix];
      const typed = `${before}${prefix}`;
      const item = itemsAtEnd(grammar, typed).find((candidate) => candidate.label === prefix);
      assert.ok(item, `"${prefix}" is offered`);
      assert.equal(item.kind, 'snippet');
      const text = `${accept(typed, item)}${after}`;
      const tree = parse(grammar, text);
      try {
        assert.equal(tree.rootNode.hasError, false, `does not parse:\n${text}`);
        const snippet = [...PYTHON_TOOL_SNIPPETS, ...scriptToolSnippets(grammar !== 'javascript'), ...GO_TOOL_SNIPPETS, ...CSHARP_TOOL_SNIPPETS].find((candidate) => candidate.prefixes[0] === prefix)!;
        assert.deepEqual(importInsertions(grammar, tree, snippet.imports), [], `every import is there:\n${text}`);
      } finally {
        tree.delete();
      }
      const result = analyzeText(text, file);
      assert.equal(result?.declarations.length, 1, text);
      assert.deepEqual(result?.findings.map((finding) => `${finding.code} ${finding.message}`), []);
      // Accepted again, the imports are there: nothing more is added.
      const again = itemsAtEnd(grammar, `${text}\n${prefix}`).find((candidate) => candidate.label === prefix);
      assert.deepEqual(again?.additionalEdits, []);
    });
  }
}

test('arcade-t: the @app.tool snippet sorts first, and sits after the imports it adds', async () => {
  await initAnalysis();
  const typed = `${ARCADE_APP}arcade-t`;
  const matching = itemsAtEnd('python', typed).filter((item) => item.label.startsWith('arcade-t')).sort((a, b) => a.sortText.localeCompare(b.sortText));
  assert.deepEqual(matching.map((item) => item.label), ['arcade-tool', 'arcade-tdk-tool']);
  assert.ok(matching[0].snippet?.startsWith('@app.tool(\n    metadata=ToolMetadata('), matching[0].snippet);
  assert.deepEqual(matching[0].additionalEdits, [
    { range: { start: { line: 0, character: 36 }, end: { line: 0, character: 36 } }, newText: '\nfrom typing import Annotated\nfrom arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata' },
  ]);
});

test('an import of the same module is extended; a type joins a value import as `type X`; CommonJS gets a require', async () => {
  await initAnalysis();
  const python = 'from typing import Annotated\nfrom arcade_mcp_server.metadata import (\n    Behavior,\n    ToolMetadata,\n)\nfrom arcade_mcp_server import MCPApp\n\napp = MCPApp(name="Mail")\n\n';
  const arcade = itemsAtEnd('python', `${python}arcade-tool`).find((item) => item.label === 'arcade-tool')!;
  assert.equal(accept(`${python}arcade-tool`, arcade).split('\n\n')[0], 'from typing import Annotated\nfrom arcade_mcp_server.metadata import (\n    Behavior,\n    ToolMetadata, Classification, Operation, ServiceDomain,\n)\nfrom arcade_mcp_server import MCPApp');
  const script = "import { McpServer, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'\n\n";
  const typed = itemsAtEnd('typescript', `${script}mcp-tool-class`).find((item) => item.label === 'mcp-tool-class')!;
  assert.equal(accept(`${script}mcp-tool-class`, typed).split('\n\n')[0],
    "import { McpServer, type CallToolResult, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'\nimport { z } from 'zod'");
  const commonJs = 'const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\n\nconst server = new McpServer({ name: "calendar", version: "1.0.0" });\n\n';
  const required = itemsAtEnd('javascript', `${commonJs}mcp-register-tool`).find((item) => item.label === 'mcp-register-tool')!;
  assert.equal(accept(`${commonJs}mcp-register-tool`, required).split('\n\n')[0],
    'const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst { z } = require("zod");');
});

test('Go: the SDK package is imported into the import block, or under an alias when `mcp` is taken, and the body uses the file\'s name for it', async () => {
  await initAnalysis();
  const accepted = (before: string, label: string) => {
    const typed = `${before}${label}`;
    const item = itemsAtEnd('go', typed).find((candidate) => candidate.label === label)!;
    // The plain text (a client without snippets), which keeps Go's tabs as sent.
    return applyEdits(typed, [{ range: item.range, newText: item.insertText }, ...(item.additionalEdits ?? [])]);
  };
  const block = 'package tools\n\nimport (\n\t"context"\n)\n\nfunc Register(server *mcp.Server) {\n\t';
  const joined = accepted(block, 'mcp-go-sdk-tool');
  assert.ok(joined.startsWith('package tools\n\nimport (\n\t"context"\n\t"github.com/modelcontextprotocol/go-sdk/mcp"\n)\n\nfunc Register(server *mcp.Server) {\n\tmcp.AddTool(server, &mcp.Tool{\n\t\tName:        "tool_name",'), JSON.stringify(joined));
  const mcpGo = 'package tools\n\nimport "github.com/mark3labs/mcp-go/mcp"\n\nfunc Register(s *gosdk.Server) {\n\t';
  const both = accepted(mcpGo, 'mcp-go-sdk-tool');
  assert.ok(both.startsWith('package tools\n\nimport "github.com/mark3labs/mcp-go/mcp"\nimport gosdk "github.com/modelcontextprotocol/go-sdk/mcp"\n\n'), both);
  assert.ok(both.includes('\tgosdk.AddTool(server, &gosdk.Tool{') && both.includes('Annotations: &gosdk.ToolAnnotations{'), both);
  const aliased = 'package tools\n\nimport mcpgo "github.com/mark3labs/mcp-go/mcp"\n\nfunc Tools() {\n\t';
  const renamed = accepted(aliased, 'mcp-go-new-tool');
  assert.ok(renamed.startsWith(`${aliased}mcpgo.NewTool("tool_name",\n\t\tmcpgo.WithDescription(`), renamed);
  assert.equal(analyzeText(`${renamed}\n}\n`, 'tools.go')?.declarations.length, 1);
});

test('C#: a missing using joins the others; one already there is not repeated', async () => {
  await initAnalysis();
  const before = 'using System;\nusing ModelContextProtocol.Server;\n\nnamespace Notes;\n\n[McpServerToolType]\npublic static class NoteTools\n{\n    ';
  const item = itemsAtEnd('csharp', `${before}[McpServerTool`).find((candidate) => candidate.label === '[McpServerTool')!;
  assert.ok(item, 'offered for what the author types: [McpServerTool');
  assert.deepEqual((item.additionalEdits ?? []).map((edit) => edit.newText), ['\nusing System.ComponentModel;']);
  const text = accept(`${before}[McpServerTool`, item);
  assert.ok(text.includes('{\n    [McpServerTool(Name = "tool_name", Title = "Tool title", ReadOnly = true, Destructive = false, Idempotent = true, OpenWorld = true)]\n    [Description("Describe what the tool does.")]\n    public static string ToolName('), text);
});

test('no tool snippets inside a comment, a string, after other text on the line, or where keys are completed', async () => {
  await initAnalysis();
  const snippets = (grammar: GrammarId, text: string) => itemsAtEnd(grammar, text).filter((item) => item.kind === 'snippet').length;
  assert.ok(snippets('python', `${ARCADE_APP}arc`) > 0);
  assert.equal(snippets('python', `${ARCADE_APP}# arc`), 0);
  assert.equal(snippets('python', `${ARCADE_APP}x = "arc`), 0);
  assert.equal(snippets('python', `${ARCADE_APP}x = arc`), 0);
  assert.equal(snippets('typescript', `${SDK_SERVER}server.registerTool("x", { annotations: {\n    `), 0);
  assert.equal(snippets('go', 'package tools\n\nfunc f() {\n\tx := "mcp-go'), 0);
  assert.equal(snippets('go', 'package tools\n\n// mcp-go'), 0);
  assert.equal(snippets('csharp', 'class A {\n    // [McpServer'), 0);
  assert.ok(snippets('csharp', 'class A {\n    [McpServer') > 0);
});

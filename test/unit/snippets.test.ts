// Every contributed snippet (snippets/*.json: server files, imports, suppression comments; the tool
// snippets come from the server, test/unit/tool-snippets.test.ts), with each placeholder replaced by
// its default (a choice list by its first choice), parses as each language it is contributed for with
// no ERROR node, is read as the tools it declares, and produces exactly the findings it intends.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { SERVICE_DOMAINS } from '../../server/src/core/data/service-domains';
import { grammarFor, parse } from '../../server/src/core/parse/parser';
import { findRule } from '../../server/src/core/rules';
import { repoRoot } from '../helpers/fixtures';
import { expandSnippet } from '../helpers/snippets';

interface Snippet {
  prefix: string | string[];
  description: string;
  body: string | string[];
}

/** Text around a snippet, as an author would have it when inserting the snippet. */
interface Placement {
  before?: string;
  after?: string;
  /** How many tool declarations the result holds. */
  tools: number;
  /** The rule codes the result is meant to report (usually none). */
  findings?: string[];
}

const ARCADE_HEADER = 'from typing import Annotated\n\nfrom arcade_mcp_server import MCPApp\nfrom arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata\n\napp = MCPApp(name="Mail", version="1.0.0")\n\n\n';
/** A tool whose read_only=True contradicts its CREATE operation (MTL101): what the suppression snippets silence. */
const PYTHON_CONTRADICTION = '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.CREATE], read_only=True, destructive=False, idempotent=True, open_world=True)))\ndef send_message(to: Annotated[str, "The recipient\'s address."]) -> None:\n    """Send one message to a recipient."""\n';
const SDK_HEADER = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "calendar", version: "1.0.0" });\n\n';
/** readOnlyHint with destructiveHint (MTL105): what the TS/JS suppression snippets silence. */
const SCRIPT_CONTRADICTION = 'server.registerTool("delete_event", { description: "Delete one event.", annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: true } }, async () => ({ content: [] }));\n';

const PYTHON_PLACEMENTS: Record<string, Placement> = {
  'Arcade server (imports, MCPApp and one tool)': { tools: 1 },
  'Arcade metadata imports': { tools: 0 },
  'MCP SDK / FastMCP server (imports, FastMCP and one tool)': { tools: 1 },
  'Suppress an mcp-tool-lint rule on the next line': { before: ARCADE_HEADER, after: PYTHON_CONTRADICTION, tools: 1 },
  'Suppress an mcp-tool-lint rule in the whole file': { before: ARCADE_HEADER, after: PYTHON_CONTRADICTION, tools: 1 },
};

function scriptPlacements(): Record<string, Placement> {
  return {
    'Suppress an mcp-tool-lint rule on the next line': { before: SDK_HEADER, after: SCRIPT_CONTRADICTION, tools: 1 },
    'Suppress an mcp-tool-lint rule in the whole file': { before: SDK_HEADER, after: SCRIPT_CONTRADICTION, tools: 1 },
  };
}

const GO_SDK_HEADER = 'package tools\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\nfunc register(server *mcp.Server) {\n';
/** ReadOnlyHint with DestructiveHint (MTL105): what the Go suppression snippets silence. */
const GO_CONTRADICTION = 'var PurgeCache = &mcp.Tool{Name: "purge_cache", Description: "Drop the cached issues of a project.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(true), IdempotentHint: true, OpenWorldHint: new(true)}}\n';
const GO_PLACEMENTS: Record<string, Placement> = {
  'Suppress an mcp-tool-lint rule on the next line': { before: 'package tools\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\n', after: GO_CONTRADICTION, tools: 1 },
  'Suppress an mcp-tool-lint rule in the whole file': { before: 'package tools\n\nimport "github.com/modelcontextprotocol/go-sdk/mcp"\n\n', after: GO_CONTRADICTION, tools: 1 },
};

const CSHARP_HEADER = 'using System.ComponentModel;\nusing ModelContextProtocol.Server;\n\nnamespace Notes.Tools;\n\n';
/** ReadOnly with Destructive (MTL105): what the C# suppression snippets silence. */
const CSHARP_CONTRADICTION = '[CommandMetadata(Name = "purge", ReadOnly = true, Destructive = true, Idempotent = true, OpenWorld = false)]\npublic sealed class PurgeCommand : BaseCommand { }\n';
const CSHARP_PLACEMENTS: Record<string, Placement> = {
  'Suppress an mcp-tool-lint rule on the next line': { before: CSHARP_HEADER, after: CSHARP_CONTRADICTION, tools: 1 },
  'Suppress an mcp-tool-lint rule in the whole file': { before: CSHARP_HEADER, after: CSHARP_CONTRADICTION, tools: 1 },
};

const FILES: Record<string, { placements: Record<string, Placement>; languages: Record<string, string> }> = {
  'snippets/csharp.json': { placements: CSHARP_PLACEMENTS, languages: { csharp: 'Snippet.cs' } },
  'snippets/go.json': { placements: GO_PLACEMENTS, languages: { go: 'snippet.go' } },
  'snippets/python.json': { placements: PYTHON_PLACEMENTS, languages: { python: 'snippet.py' } },
  'snippets/typescript.json': { placements: scriptPlacements(), languages: { typescript: 'snippet.ts', typescriptreact: 'snippet.tsx' } },
  'snippets/javascript.json': { placements: scriptPlacements(), languages: { javascript: 'snippet.js', javascriptreact: 'snippet.jsx' } },
};

/** The choices of the choice list that follows `marker` (e.g. `ServiceDomain.`), wherever it occurs. */
function choicesAfter(body: string, marker: string): string[][] {
  const lists: string[][] = [];
  for (let at = body.indexOf(marker); at >= 0; at = body.indexOf(marker, at + 1)) {
    const match = /^\$\{\d+\|([^|]*)\|\}/.exec(body.slice(at + marker.length));
    if (match) lists.push(match[1].split(','));
  }
  return lists;
}

function readSnippets(file: string): Record<string, Snippet> {
  return JSON.parse(fs.readFileSync(path.join(repoRoot(), file), 'utf8')) as Record<string, Snippet>;
}

test('package.json contributes each snippet file for its languages', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'package.json'), 'utf8')) as { contributes: { snippets: Array<{ language: string; path: string }> } };
  const contributed = manifest.contributes.snippets.map((entry) => `${entry.language} ${entry.path.replace(/^\.\//, '')}`).sort();
  const expected = Object.entries(FILES).flatMap(([file, { languages }]) => Object.keys(languages).map((language) => `${language} ${file}`)).sort();
  assert.deepEqual(contributed, expected);
});

for (const [file, { placements, languages }] of Object.entries(FILES)) {
  const snippets = readSnippets(file);

  test(`${file}: every snippet has a test placement, a prefix and a description`, () => {
    assert.deepEqual(Object.keys(snippets).sort(), Object.keys(placements).sort());
    for (const [name, snippet] of Object.entries(snippets)) {
      assert.ok(snippet.prefix.length > 0 && snippet.description.length > 0, name);
    }
  });

  test(`${file}: ServiceDomain choices list all 30 members; rule choices name real rules`, () => {
    for (const [name, snippet] of Object.entries(snippets)) {
      const body = ([] as string[]).concat(snippet.body).join('\n');
      for (const choices of choicesAfter(body, 'ServiceDomain.')) assert.deepEqual(choices, SERVICE_DOMAINS.map((d) => d.member), name);
      for (const choices of [...choicesAfter(body, 'ignore['), ...choicesAfter(body, 'ignore-file[')]) {
        for (const choice of choices) assert.equal(findRule(choice)?.name, choice, `${name}: ${choice}`);
      }
      const booleans = file.endsWith('python.json') ? ['False', 'True'] : ['false', 'true'];
      for (const flag of ['read_only=', 'destructive=', 'idempotent=', 'open_world=', 'Hint=', 'Hint: ']) {
        for (const choices of choicesAfter(body, flag)) assert.deepEqual([...choices].sort(), booleans, `${name}: ${flag}`);
      }
    }
  });

  for (const [name, snippet] of Object.entries(snippets)) {
    const placement = placements[name];
    if (!placement) continue;
    for (const [languageId, fileName] of Object.entries(languages)) {
      test(`${file}: "${name}" as ${languageId} parses and has only the findings it intends`, async () => {
        await initAnalysis();
        const text = `${placement.before ?? ''}${expandSnippet(([] as string[]).concat(snippet.body).join('\n'))}\n${placement.after ?? ''}`;
        const grammar = grammarFor(languageId, fileName);
        assert.ok(grammar);
        const tree = parse(grammar, text);
        try {
          assert.equal(tree.rootNode.hasError, false, `does not parse:\n${text}`);
        } finally {
          tree.delete();
        }
        const result = analyzeText(text, fileName, {}, languageId);
        assert.ok(result);
        assert.equal(result.declarations.length, placement.tools, `tool declarations in:\n${text}`);
        assert.deepEqual(result.findings.map((f) => f.code), placement.findings ?? [], result.findings.map((f) => f.message).join('\n'));
      });
    }
  }
}

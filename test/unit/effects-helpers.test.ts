// Helpers that take what decides their effect as parameters (issue 27): an HTTP method and path,
// a command's arguments, a SQL statement. What the tool passes them literally is what they do, a
// module away, in Python and TypeScript; the same helpers called for reads stay quiet.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';
import { projectFindings, temporaryTree } from '../helpers/projects';

before(() => initAnalysis());

/** `line code` of each effect finding of `file`, with its path as `file:line` steps, analysed with the project index as the CLI does. */
function effectFindings(root: string, file: string): string[] {
  const absolute = path.join(root, file);
  const findings = projectFindings(root, { withIndex: true }).find((result) => result.file === absolute)?.findings ?? [];
  return findings.filter((finding: Finding) => /^MTL31/.test(finding.code)).map((finding) => {
    const steps = (finding.related ?? []).map((related) => `${path.relative(root, related.file ?? absolute)}:${related.range.start.line + 1}`);
    return `${finding.range.start.line + 1} ${finding.code} ${steps.join(' ')}`;
  });
}

test('Python: a request helper given PUT, a kubectl helper given use-context and a SQL helper given DELETE do what they are given', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'tracker/__init__.py': '',
    'tracker/client.py': [
      'import sqlite3',
      'import subprocess',
      '',
      'import httpx',
      '',
      'BASE_URL = "https://api.tracker.example.com"',
      '',
      '',
      'def api_request(method: str, path: str, payload: dict | None = None) -> dict:',
      '    response = httpx.request(method, BASE_URL + path, json=payload)',
      '    response.raise_for_status()',
      '    return response.json()',
      '',
      '',
      'def run_kubectl(args: list[str]) -> str:',
      '    return subprocess.run(["kubectl", *args], capture_output=True, text=True, check=True).stdout',
      '',
      '',
      'def execute(statement: str, *values: object) -> list:',
      '    connection = sqlite3.connect("tracker.db")',
      '    return connection.execute(statement, values).fetchall()',
      '',
    ].join('\n'),
    'tracker/tools.py': [
      'from mcp.server.fastmcp import FastMCP',
      'from mcp.types import ToolAnnotations',
      '',
      'from .client import api_request, execute, run_kubectl',
      '',
      'mcp = FastMCP("tracker")',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))',
      'def validate_issue(issue_id: str) -> dict:',
      '    """Check an issue\'s fields against the tracker\'s rules."""',
      '    return api_request("PUT", f"/issues/{issue_id}/validate")',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))',
      'def get_issue(issue_id: str) -> dict:',
      '    """Return one issue with its fields."""',
      '    return api_request("GET", f"/issues/{issue_id}")',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))',
      'def use_cluster(name: str) -> str:',
      '    """Point kubectl at the named cluster context."""',
      '    return run_kubectl(["config", "use-context", name])',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))',
      'def list_pods(namespace: str) -> str:',
      '    """List the pods of a namespace."""',
      '    return run_kubectl(["get", "pods", "-n", namespace])',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False))',
      'def close_issue(issue_id: str) -> list:',
      '    """Close an issue for good."""',
      '    return execute("DELETE FROM issues WHERE id = ?", issue_id)',
      '',
      '',
      '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))',
      'def count_issues() -> list:',
      '    """Count the open issues."""',
      '    return execute("SELECT count(*) FROM issues")',
      '',
    ].join('\n'),
  });
  assert.deepEqual(effectFindings(root, 'tracker/tools.py'), [
    '9 MTL311 tracker/tools.py:10 tracker/tools.py:12 tracker/client.py:10',
    '21 MTL311 tracker/tools.py:22 tracker/tools.py:24 tracker/client.py:16',
    '33 MTL312 tracker/tools.py:34 tracker/tools.py:36 tracker/client.py:21',
  ]);
});

test('TypeScript: an argument list held in a variable and a fetch helper given DELETE, a module away; the same helpers reading stay quiet', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'package.json': '{ "name": "tracker", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "1.0.0" } }\n',
    'src/kubectl.ts': [
      'import { execFileSync } from "node:child_process";',
      '',
      'export function execKubectl(args: string[]): string {',
      '  return execFileSync("kubectl", args, { encoding: "utf8" });',
      '}',
      '',
      'export async function apiRequest(method: string, path: string, body?: unknown): Promise<unknown> {',
      '  const response = await fetch(`https://api.tracker.example.com${path}`, { method, body: JSON.stringify(body) });',
      '  return response.json();',
      '}',
      '',
    ].join('\n'),
    'src/tools.ts': [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { z } from "zod";',
      'import { apiRequest, execKubectl } from "./kubectl.js";',
      '',
      'const server = new McpServer({ name: "tracker", version: "1.0.0" });',
      '',
      'server.registerTool(',
      '  "use_context",',
      '  { description: "Point kubectl at the named context.", inputSchema: { name: z.string().describe("The context\'s name.") }, annotations: { readOnlyHint: true, openWorldHint: false } },',
      '  async ({ name }) => {',
      '    const setArgs = ["config", "use-context", name];',
      '    return { content: [{ type: "text", text: execKubectl(setArgs) }] };',
      '  },',
      ');',
      '',
      'server.registerTool(',
      '  "list_contexts",',
      '  { description: "List the kubectl contexts.", annotations: { readOnlyHint: true, openWorldHint: false } },',
      '  async () => ({ content: [{ type: "text", text: execKubectl(["config", "get-contexts"]) }] }),',
      ');',
      '',
      'server.registerTool(',
      '  "archive_issue",',
      '  { description: "Archive an issue.", inputSchema: { id: z.string().describe("The issue\'s id.") }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } },',
      '  async ({ id }) => ({ content: [{ type: "text", text: JSON.stringify(await apiRequest("DELETE", `/issues/${id}`)) }] }),',
      ');',
      '',
    ].join('\n'),
  });
  assert.deepEqual(effectFindings(root, 'src/tools.ts'), [
    '9 MTL311 src/tools.ts:10 src/tools.ts:12 src/kubectl.ts:4',
    '24 MTL312 src/tools.ts:25 src/tools.ts:25 src/kubectl.ts:8',
  ]);
});

test('TypeScript: a low-level tools/call handler given to a wrapper (withTelemetry(async (request) => ...)) is read for the tool its branch matches', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'package.json': '{ "name": "cluster", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "1.0.0" } }\n',
    'src/telemetry.ts': [
      'export function withTelemetry<T extends (...args: never[]) => unknown>(handler: T): T {',
      '  return handler;',
      '}',
      '',
    ].join('\n'),
    'src/index.ts': [
      'import { execFileSync } from "node:child_process";',
      'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
      'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'import { withTelemetry } from "./telemetry.js";',
      '',
      'const server = new Server({ name: "cluster", version: "1.0.0" }, { capabilities: { tools: {} } });',
      'const tools = [',
      '  {',
      '    name: "switch_context",',
      '    description: "Point kubectl at the named context.",',
      '    inputSchema: { type: "object", properties: { name: { type: "string", description: "The context\'s name." } } },',
      '    annotations: { readOnlyHint: true, openWorldHint: false },',
      '  },',
      '];',
      '',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));',
      'server.setRequestHandler(',
      '  CallToolRequestSchema,',
      '  withTelemetry(async (request) => {',
      '    const { name, arguments: input = {} } = request.params;',
      '    if (name === "switch_context") {',
      '      return { content: [{ type: "text", text: execFileSync("kubectl", ["config", "use-context", String(input.name)], { encoding: "utf8" }) }] };',
      '    }',
      '    throw new Error(`Unknown tool ${name}`);',
      '  }),',
      ');',
      '',
    ].join('\n'),
  });
  assert.deepEqual(effectFindings(root, 'src/index.ts'), ['12 MTL311 src/index.ts:21 src/index.ts:22']);
});

test('TypeScript: a tool object exported by one module and dispatched by the tools/call handler of the server\'s module is read there, through the helpers it calls', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'package.json': '{ "name": "cluster", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "1.0.0" } }\n',
    'src/kubectl.ts': [
      'import { execFileSync } from "node:child_process";',
      '',
      'export function runKubectl(args: string[]): string {',
      '  return execFileSync("kubectl", args, { encoding: "utf8" });',
      '}',
      '',
    ].join('\n'),
    'src/tools/context.ts': [
      'import { runKubectl } from "../kubectl.js";',
      '',
      'export const contextSchema = {',
      '  name: "switch_context",',
      '  description: "Point kubectl at the named context.",',
      '  annotations: { readOnlyHint: true, openWorldHint: false },',
      '  inputSchema: { type: "object", properties: { name: { type: "string", description: "The context\'s name." } }, required: ["name"] },',
      '} as const;',
      '',
      'export const listSchema = {',
      '  name: "list_contexts",',
      '  description: "List the kubectl contexts.",',
      '  annotations: { readOnlyHint: true, openWorldHint: false },',
      '  inputSchema: { type: "object", properties: {} },',
      '} as const;',
      '',
      'export function switchContext(input: { name: string }): string {',
      '  return runKubectl(["config", "use-context", input.name]);',
      '}',
      '',
      'export function listContexts(): string {',
      '  return runKubectl(["config", "get-contexts"]);',
      '}',
      '',
    ].join('\n'),
    'src/index.ts': [
      'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
      'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'import { contextSchema, listContexts, listSchema, switchContext } from "./tools/context.js";',
      '',
      'const server = new Server({ name: "cluster", version: "1.0.0" }, { capabilities: { tools: {} } });',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [contextSchema, listSchema] }));',
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const { name, arguments: input = {} } = request.params;',
      '  if (name === "switch_context") {',
      '    return { content: [{ type: "text", text: switchContext(input as { name: string }) }] };',
      '  }',
      '  if (name === "list_contexts") {',
      '    return { content: [{ type: "text", text: listContexts() }] };',
      '  }',
      '  throw new Error(`Unknown tool ${name}`);',
      '});',
      '',
    ].join('\n'),
  });
  assert.deepEqual(effectFindings(root, 'src/tools/context.ts'), ['6 MTL311 src/index.ts:9 src/index.ts:10 src/tools/context.ts:18 src/kubectl.ts:4']);
});

test('Python: a shell helper runs the line its caller passes: a push is a mutating command, a log is nothing, a tool parameter is caller-supplied', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'release/__init__.py': '',
    'release/shell.py': [
      'import subprocess',
      '',
      '',
      'def run_shell(command: str) -> str:',
      '    return subprocess.run(command, shell=True, capture_output=True, text=True).stdout',
      '',
    ].join('\n'),
    'release/tools.py': [
      'from mcp.server.fastmcp import FastMCP',
      '',
      'from .shell import run_shell',
      '',
      'mcp = FastMCP("release")',
      '',
      '',
      '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False})',
      'def publish_branch() -> str:',
      '    """Push the release branch to the remote."""',
      '    return run_shell("git push origin release")',
      '',
      '',
      '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False})',
      'def show_log() -> str:',
      '    """Show the last five commits."""',
      '    return run_shell("git log -n 5")',
      '',
      '',
      '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False})',
      'def run_command(command: str) -> str:',
      '    """Run a command the caller gives."""',
      '    return run_shell(command)',
      '',
    ].join('\n'),
  });
  assert.deepEqual(effectFindings(root, 'release/tools.py'), [
    '8 MTL311 release/tools.py:9 release/tools.py:11 release/shell.py:5',
    '20 MTL311 release/tools.py:21 release/tools.py:23 release/shell.py:5',
  ]);
});

test('TypeScript: a fetch helper that spreads the options its caller passes ({ method: "DELETE" }) calls what they say; without them it reads', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'package.json': '{ "name": "tracker", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "1.0.0" } }\n',
    'src/api.ts': [
      'const BASE_URL = "https://api.tracker.example.com";',
      '',
      'export async function apiRequest(path: string, options: RequestInit = {}): Promise<unknown> {',
      '  const response = await fetch(`${BASE_URL}${path}`, { ...options, headers: { "content-type": "application/json" } });',
      '  return response.json();',
      '}',
      '',
    ].join('\n'),
    'src/tools.ts': [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { apiRequest } from "./api.js";',
      '',
      'const server = new McpServer({ name: "tracker", version: "1.0.0" });',
      'const DELETE_OPTIONS: RequestInit = { method: "DELETE" };',
      '',
      'server.registerTool("purge_issue", { description: "Remove an issue from the tracker.", annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } }, async () => ({',
      '  content: [{ type: "text", text: JSON.stringify(await apiRequest("/issues/1", DELETE_OPTIONS)) }],',
      '}));',
      '',
      'server.registerTool("read_issue", { description: "Read an issue from the tracker.", annotations: { readOnlyHint: true, openWorldHint: true } }, async () => ({',
      '  content: [{ type: "text", text: JSON.stringify(await apiRequest("/issues/1")) }],',
      '}));',
      '',
    ].join('\n'),
  });
  assert.deepEqual(effectFindings(root, 'src/tools.ts'), ['7 MTL312 src/tools.ts:7 src/tools.ts:8 src/api.ts:4']);
});

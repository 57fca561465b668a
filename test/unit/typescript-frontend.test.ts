// The TypeScript / JavaScript front end through the real parsers: which code declares a tool,
// in which form, and what the model holds (names, ranges, hint states, via / spreads, unknowns).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { extractScriptDeclarations } from '../../server/src/core/frontends/typescript';
import { FlagState, HintName, Range, ToolDeclaration, Value } from '../../server/src/core/model';
import { parse } from '../../server/src/core/parse/parser';
import { FIXTURES } from '../helpers/fixtures';

before(() => initAnalysis());

const SERVER = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n';

function declarationsOf(text: string, file = 'tools.ts'): ToolDeclaration[] {
  const result = analyzeText(text, file);
  assert.ok(result, `${file} should be lintable`);
  return result.declarations;
}

function only(text: string, file?: string): ToolDeclaration {
  const declarations = declarationsOf(text, file);
  assert.equal(declarations.length, 1, `expected one declaration, got ${declarations.map((d) => d.name).join(', ')}`);
  return declarations[0];
}

/** The source text a range covers. */
function textAt(text: string, range: Range): string {
  const lines = text.split('\n');
  if (range.start.line === range.end.line) return lines[range.start.line].slice(range.start.character, range.end.character);
  const parts = [lines[range.start.line].slice(range.start.character)];
  for (let line = range.start.line + 1; line < range.end.line; line++) parts.push(lines[line]);
  parts.push(lines[range.end.line].slice(0, range.end.character));
  return parts.join('\n');
}

function hintStates(declaration: ToolDeclaration): Partial<Record<HintName, FlagState>> {
  const hints = declaration.annotations?.hints ?? {};
  return Object.fromEntries(Object.entries(hints).map(([hint, field]) => [hint, field?.state]));
}

function entryKeys(value: Value | undefined): string[] {
  return value && value.kind === 'mapping' ? value.entries.map((entry) => entry.key) : [];
}

test('a tool object literal returned from a tools/list handler', () => {
  const text = [
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
    'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
    'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
    '  tools: [{ name: "list_files", description: "List files.", inputSchema: { type: "object", properties: { path: {}, depth: {} } }, annotations: { readOnlyHint: true, openWorldHint: false } }],',
    '}));',
  ].join('\n');
  const tool = only(text);
  assert.equal(tool.form, 'ts-object-literal');
  assert.equal(tool.language, 'typescript');
  assert.equal(tool.name, 'list_files');
  assert.equal(textAt(text, tool.nameRange), 'name');
  assert.equal(tool.description, 'List files.');
  assert.deepEqual(tool.parameters, ['path', 'depth']);
  assert.deepEqual(hintStates(tool), { readOnlyHint: true, openWorldHint: false });
  assert.equal(textAt(text, tool.annotations!.entry!.keyRange), 'annotations');
  assert.ok(textAt(text, tool.range).startsWith('{ name: "list_files"'));
  const insertion = tool.insertion;
  assert.ok(insertion && insertion.kind === 'container' && insertion.style === 'ts-annotations');
  assert.equal(text.slice(insertion.container.openOffset - 1, insertion.container.openOffset), '{');
  assert.equal(text[insertion.container.closeOffset!], '}');
  assert.equal(insertion.container.syntax, 'object');
  assert.equal(insertion.container.entryOffsets.length, 4);
});

test('what counts as a tool object: hints anywhere, a bare schema only in a server file or a tools/list handler', () => {
  const objects = [
    'export const a = { name: "with_hints", annotations: { readOnlyHint: true } };',
    'export const b = { name: "schema_only", inputSchema: { type: "object" } };',
    'export const c = { name: "title_only", annotations: { title: "C" } };',
    'export const d = { name: "my-package", version: "1.0.0" };',
  ].join('\n');
  assert.deepEqual(declarationsOf(objects).map((d) => d.name), ['with_hints']);
  assert.deepEqual(declarationsOf(SERVER + objects).map((d) => d.name), ['with_hints', 'schema_only', 'title_only']);
  const handler = 'import { ListToolsRequestSchema } from "./local.js";\nserver.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: "echo", inputSchema: {} }] }));\nconst x = { name: "outside", inputSchema: {} };';
  assert.deepEqual(declarationsOf(handler).map((d) => d.name), ['echo']);
  const typed = 'const t: Tool = { name: "typed" };\nconst list: Tool[] = [{ name: "in_list" }];\nconst s = { name: "satisfies" } satisfies Tool;';
  assert.deepEqual(declarationsOf(typed).map((d) => d.name), ['typed', 'in_list', 'satisfies']);
});

test('schemas with name and parameters keys are not tools, nor is an object whose name is a zod schema', () => {
  const text = `${SERVER}server.registerTool("create_function", {
  inputSchema: { name: z.string(), parameters: z.array(z.string()) },
  outputSchema: z.object({ name: z.string(), parameters: z.record(z.string()) }),
}, cb);
const shape = { name: z.string(), inputSchema: z.any() };
const JSON_SCHEMA = { type: "object", properties: { name: { type: "string" }, parameters: { type: "object" } } };`;
  assert.deepEqual(declarationsOf(text).map((d) => [d.form, d.name, d.parameters]), [['ts-register-tool', 'create_function', ['name', 'parameters']]]);
});

test('a file that only imports the SDK client declares nothing', () => {
  const text = [
    'import { Client } from "@modelcontextprotocol/sdk/client/index.js";',
    'import { Tool } from "@modelcontextprotocol/sdk/types.js";',
    'const mirror = [{ name: "x", inputSchema: {}, annotations: { readOnlyHint: true, destructiveHint: true } }];',
    'client.registerTool("y", { annotations: {} }, cb);',
  ].join('\n');
  assert.deepEqual(declarationsOf(text), []);
  // A server import next to the client makes it a server file again.
  assert.equal(declarationsOf(`${SERVER}${text}`).length, 2);
});

test('SDK calls count only in files importing a server module, by import, require, import = require or import()', () => {
  const call = '\nserver.registerTool("t", { annotations: { readOnlyHint: true } }, cb);';
  assert.deepEqual(declarationsOf(call), []);
  for (const header of [
    'import { McpServer } from "@modelcontextprotocol/server";',
    'import { McpServer } from "@modelcontextprotocol/server-legacy";',
    'const { FastMCP } = require("fastmcp");',
    'import sdk = require("@modelcontextprotocol/sdk");',
    'const sdk = await import("@modelcontextprotocol/sdk/server/mcp.js");',
    'export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
  ]) {
    assert.equal(declarationsOf(header + call).length, 1, header);
  }
  assert.deepEqual(declarationsOf('import { x } from "@modelcontextprotocol/sdk-extra";' + call), []);
});

test('the server module list can be extended (config key serverModules)', () => {
  const text = 'import { createServer } from "@acme/mcp-kit";\nserver.registerTool("t", { inputSchema: {} }, cb);';
  const tree = parse('typescript', text);
  try {
    assert.deepEqual(extractScriptDeclarations(tree, text, 'typescript'), []);
    const found = extractScriptDeclarations(tree, text, 'typescript', { serverModules: ['@acme/mcp-kit'] });
    assert.deepEqual(found.map((d) => d.form), ['ts-register-tool']);
  } finally {
    tree.delete();
  }
});

test('seed 001 class tools: name property, typed annotations, nameRange on the class name', () => {
  const text = [
    'import { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";',
    'export class ListDevicesTool extends BaseTool<Input> {',
    '  name = "list_devices";',
    '  description = "List Home Assistant devices.";',
    '  annotations: ToolAnnotations = {',
    '    readOnlyHint: true,',
    '    openWorldHint: true,',
    '    custom: { rateLimit: { windowMs: 60_000, max: 5 } },',
    '  };',
    '  inputSchema = z.object({ domain: z.string().optional() }).strict();',
    '}',
    'abstract class BaseTool<T> { abstract name: string; annotations?: ToolAnnotations; }',
  ].join('\n');
  const tool = only(text);
  assert.equal(tool.form, 'ts-class');
  assert.equal(tool.name, 'list_devices');
  assert.equal(textAt(text, tool.nameRange), 'ListDevicesTool');
  assert.equal(tool.description, 'List Home Assistant devices.');
  assert.deepEqual(tool.parameters, ['domain']);
  assert.deepEqual(hintStates(tool), { readOnlyHint: true, openWorldHint: true });
  const custom = tool.annotations!.custom!.value;
  assert.equal(custom.kind, 'mapping');
  const rateLimit = custom.kind === 'mapping' ? custom.entries[0].value : undefined;
  assert.ok(rateLimit && rateLimit.kind === 'mapping');
  assert.deepEqual(rateLimit.entries.map((entry) => [entry.key, entry.value.kind === 'number' ? entry.value.value : undefined]), [['windowMs', 60000], ['max', 5]]);
  assert.equal(tool.insertion, undefined);
});

test('class tools without the type, in JavaScript, and a getter as unknown annotations', () => {
  const js = 'class Reset { name = "reset"; annotations = { readOnlyHint: false, destructiveHint: true }; }';
  const tool = only(js, 'reset.js');
  assert.equal(tool.form, 'ts-class');
  assert.equal(tool.language, 'javascript');
  assert.deepEqual(hintStates(tool), { readOnlyHint: false, destructiveHint: true });
  const getter = only('class Computed { name = "computed"; get annotations() { return { readOnlyHint: this.ro }; } }');
  assert.equal(getter.annotations?.value.kind, 'unknown');
  assert.equal(getter.annotations?.hints.readOnlyHint?.state, 'unknown');
  assert.deepEqual(declarationsOf('class Settings { annotations = { readOnlyHint: true }; }'), []);
});

test('registerTool: name, title, description, parameters, nameRange on the callee', () => {
  const text = `${SERVER}server.registerTool("get_user", {
  title: "Get user",
  description: "Get a user.",
  inputSchema: { id: z.string(), verbose: z.boolean() },
  annotations: { readOnlyHint: true, destructiveHint: false },
}, async () => ({ content: [] }));`;
  const tool = only(text);
  assert.equal(tool.form, 'ts-register-tool');
  assert.equal(tool.name, 'get_user');
  assert.equal(tool.nameValue?.kind, 'string');
  assert.equal(textAt(text, tool.nameRange), 'registerTool');
  assert.equal(tool.title, 'Get user');
  assert.equal(tool.description, 'Get a user.');
  assert.deepEqual(tool.parameters, ['id', 'verbose']);
  assert.deepEqual(hintStates(tool), { readOnlyHint: true, destructiveHint: false });
  assert.ok(textAt(text, tool.range).startsWith('server.registerTool('));
  assert.deepEqual(entryKeys(tool.registration), ['title', 'description', 'inputSchema', 'annotations']);
});

test('registerTool without annotations: no annotations, and the config object is where MTL203 inserts them', () => {
  const text = `${SERVER}server.registerTool("create_user", { description: "Create.", inputSchema: z.object({ name: z.string() }) }, cb);`;
  const tool = only(text);
  assert.equal(tool.annotations, undefined);
  assert.deepEqual(tool.parameters, ['name']);
  const insertion = tool.insertion;
  assert.ok(insertion && insertion.kind === 'container');
  assert.equal(text.slice(insertion.container.openOffset - 1, insertion.container.closeOffset! + 1), '{ description: "Create.", inputSchema: z.object({ name: z.string() }) }');
  // A config that cannot be read hides whether annotations are there: unknown, never "missing".
  const imported = only(`${SERVER}import { CONFIG } from "./config";\nserver.registerTool("x", CONFIG, cb);`);
  assert.equal(imported.annotations?.value.kind, 'unknown');
});

test('every overload of server.tool(), deciding between params schema and annotations as the SDK does', () => {
  const calls: Array<[string, { description?: string; parameters: string[]; hints?: Partial<Record<HintName, FlagState>> }]> = [
    ['server.tool("a", cb)', { parameters: [] }],
    ['server.tool("a", "Describe.", cb)', { description: 'Describe.', parameters: [] }],
    ['server.tool("a", { q: z.string() }, cb)', { parameters: ['q'] }],
    ['server.tool("a", { readOnlyHint: true }, cb)', { parameters: [], hints: { readOnlyHint: true } }],
    ['server.tool("a", {}, cb)', { parameters: [] }],
    ['server.tool("a", { title: "A" }, cb)', { parameters: [], hints: {} }],
    ['server.tool("a", "Describe.", { q: z.string() }, cb)', { description: 'Describe.', parameters: ['q'] }],
    ['server.tool("a", "Describe.", { destructiveHint: false }, cb)', { description: 'Describe.', parameters: [], hints: { destructiveHint: false } }],
    ['server.tool("a", { q: z.string() }, { openWorldHint: false }, cb)', { parameters: ['q'], hints: { openWorldHint: false } }],
    ['server.tool("a", "D.", { q: z.string() }, { idempotentHint: true }, async () => ({}))', { description: 'D.', parameters: ['q'], hints: { idempotentHint: true } }],
  ];
  for (const [call, expected] of calls) {
    const text = `${SERVER}${call};`;
    const tool = only(text);
    assert.equal(tool.form, 'ts-server-tool', call);
    assert.equal(tool.name, 'a', call);
    assert.equal(textAt(text, tool.nameRange), 'tool', call);
    assert.equal(tool.description, expected.description, call);
    assert.deepEqual(tool.parameters, expected.parameters, call);
    if (expected.hints) assert.deepEqual(hintStates(tool), expected.hints, call);
    else assert.equal(tool.annotations, undefined, call);
  }
  // An object the linter cannot read might be either: unknown annotations, so nothing is reported as missing.
  const unknown = only(`${SERVER}import { SHAPE } from "./shape";\nserver.tool("a", SHAPE, cb);`);
  assert.equal(unknown.annotations?.value.kind, 'unknown');
});

test('FastMCP addTool: streamingHint is an extra hint there only', () => {
  const text = `import { FastMCP } from "fastmcp";
server.addTool({ name: "fetch_page", description: "Fetch.", parameters: z.object({ url: z.string() }), annotations: { readOnlyHint: true, streamingHint: false }, execute });
server.registerTool("other", { annotations: { readOnlyHint: true, streamingHint: false } }, cb);`;
  const [addTool, registerTool] = declarationsOf(text);
  assert.equal(addTool.form, 'fastmcp-add-tool');
  assert.equal(addTool.name, 'fetch_page');
  assert.equal(textAt(text, addTool.nameRange), 'addTool');
  assert.deepEqual(addTool.parameters, ['url']);
  assert.deepEqual(addTool.annotations!.extraHints.map((field) => [field.key, field.state]), [['streamingHint', false]]);
  assert.deepEqual(registerTool.annotations!.extraHints, []);
});

test('addTool(TOOL) with a const tool object is one tool; addTool(t) in a loop adds none', () => {
  const text = `import { FastMCP } from "fastmcp";
const FETCH = { name: "fetch", parameters: z.object({ url: z.string() }), annotations: { readOnlyHint: true, streamingHint: true }, execute };
server.addTool(FETCH);
for (const tool of OTHER_TOOLS) server.addTool(tool);`;
  const tool = only(text);
  assert.equal(tool.form, 'fastmcp-add-tool');
  assert.equal(tool.name, 'fetch');
  assert.deepEqual(tool.parameters, ['url']);
  assert.deepEqual(hintStates(tool), { readOnlyHint: true });
  assert.deepEqual(tool.annotations!.extraHints.map((field) => field.key), ['streamingHint']);
  assert.equal(textAt(text, tool.annotations!.entry!.keyRange), 'FETCH');
});

test('presets typed ToolAnnotations are never tools; tools using them carry via at the use site', () => {
  const text = `${SERVER}const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: true };
const FROZEN = { readOnlyHint: true } as const;
const CHECKED = { openWorldHint: false } satisfies ToolAnnotations;
server.registerTool("a", { annotations: READ_ONLY }, cb);
server.registerTool("b", { annotations: FROZEN }, cb);
server.tool("c", "C.", {}, CHECKED, cb);`;
  const [a, b, c] = declarationsOf(text);
  assert.equal(declarationsOf(text).length, 3);
  const value = a.annotations!.value;
  assert.equal(value.kind, 'mapping');
  assert.equal(textAt(text, value.via!), 'READ_ONLY');
  assert.equal(value.via!.start.line, 4);
  assert.equal(textAt(text, value.range), '{ readOnlyHint: true, destructiveHint: true }');
  const destructive = a.annotations!.hints.destructiveHint!;
  assert.equal(destructive.state, true);
  assert.equal(textAt(text, destructive.value.via!), 'READ_ONLY');
  assert.equal(textAt(text, destructive.value.range), 'true');
  assert.equal(destructive.value.range.start.line, 1);
  // The entry sits where the tool uses the preset, so findings on it are reported at the tool.
  assert.deepEqual(destructive.entry.keyRange, value.via);
  assert.deepEqual(hintStates(b), { readOnlyHint: true });
  assert.deepEqual(hintStates(c), { openWorldHint: false });
  assert.equal(textAt(text, c.annotations!.value.via!), 'CHECKED');
  assert.deepEqual(declarationsOf(`${SERVER}const ALONE: ToolAnnotations = { readOnlyHint: true, destructiveHint: true };`), []);
});

test('spreads resolve in JavaScript order and mark the entries they bring', () => {
  const text = `${SERVER}const BASE = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
server.registerTool("a", { annotations: { ...BASE, destructiveHint: true } }, cb);
server.registerTool("b", { annotations: { destructiveHint: true, ...BASE } }, cb);`;
  const [a, b] = declarationsOf(text);
  assert.deepEqual(hintStates(a), { readOnlyHint: true, destructiveHint: true, openWorldHint: false });
  assert.equal(a.annotations!.hints.destructiveHint!.entry.viaSpread, undefined);
  const fromSpread = a.annotations!.hints.readOnlyHint!;
  assert.equal(textAt(text, fromSpread.entry.viaSpread!), '...BASE');
  assert.equal(textAt(text, fromSpread.entry.keyRange), 'BASE');
  assert.equal(fromSpread.value.range.start.line, 1);
  assert.deepEqual(hintStates(b), { readOnlyHint: true, destructiveHint: false, openWorldHint: false });
  // Keys written in the literal; the spread's keys are not repeated there.
  assert.deepEqual(a.keys.filter((key) => key.name.endsWith('Hint')).map((key) => key.name), ['destructiveHint']);
});

test('a spread or computed key of unknown contents makes every hint it may set unknown', () => {
  const text = `${SERVER}import { base } from "./base";
server.registerTool("a", { annotations: { ...base, readOnlyHint: true } }, cb);
server.registerTool("b", { annotations: { readOnlyHint: true, ...base.annotations } }, cb);
server.registerTool("c", { annotations: { readOnlyHint: true, [key]: false } }, cb);
server.registerTool("d", { ...base, description: "D." }, cb);`;
  const [a, b, c, d] = declarationsOf(text);
  assert.deepEqual(hintStates(a), { readOnlyHint: true, destructiveHint: 'unknown', idempotentHint: 'unknown', openWorldHint: 'unknown' });
  assert.ok(a.annotations!.value.kind === 'mapping' && a.annotations!.value.opaqueSpread);
  assert.deepEqual(entryKeys(a.annotations!.value), ['readOnlyHint']);
  assert.deepEqual(hintStates(b), { readOnlyHint: 'unknown', destructiveHint: 'unknown', idempotentHint: 'unknown', openWorldHint: 'unknown' });
  assert.equal(hintStates(c).readOnlyHint, 'unknown');
  assert.equal(d.annotations?.value.kind, 'unknown');
});

test('literals, constants and shorthand properties resolve; anything else is unknown', () => {
  const text = `${SERVER}import { IMPORTED } from "./flags";
const NAME = \`lookup\`;
const YES = true;
let maybe = true;
const annotations = { readOnlyHint: YES, destructiveHint: !0, idempotentHint: maybe, openWorldHint: IMPORTED, title: 'It\\'s "quoted"' };
const tool = { name: NAME, inputSchema: {}, annotations };
const other = { name: "other", inputSchema: {}, annotations: { readOnlyHint: null, destructiveHint: undefined, idempotentHint: compute(), openWorldHint: -1 } };`;
  const [tool, other] = declarationsOf(text);
  assert.equal(tool.name, 'lookup');
  assert.equal(textAt(text, tool.nameValue!.via!), 'NAME');
  assert.deepEqual(hintStates(tool), { readOnlyHint: true, destructiveHint: 'unknown', idempotentHint: 'unknown', openWorldHint: 'unknown' });
  assert.equal(textAt(text, tool.annotations!.value.via!), 'annotations');
  const title = tool.annotations!.title!.value;
  assert.ok(title.kind === 'string' && title.value === 'It\'s "quoted"');
  assert.deepEqual(hintStates(other), { readOnlyHint: null, destructiveHint: null, idempotentHint: 'unknown', openWorldHint: 'invalid' });
});

test('duplicate keys in one literal point at the first one; the last one is effective', () => {
  const text = `${SERVER}server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: false, readOnlyHint: false } }, cb);`;
  const tool = only(text);
  assert.equal(tool.annotations!.hints.readOnlyHint!.state, false);
  const repeated = tool.keys.filter((key) => key.name === 'readOnlyHint');
  assert.equal(repeated.length, 2);
  assert.equal(repeated[0].duplicateOf, undefined);
  assert.deepEqual(repeated[1].duplicateOf, repeated[0].range);
  assert.equal(repeated[1].spelling, 'camel');
});

test('columns are UTF-16 code units', () => {
  const text = `${SERVER}server.registerTool("emoji", { description: "😀 é", annotations: { readOnlyHint: true } }, cb);`;
  const tool = only(text);
  const key = tool.annotations!.hints.readOnlyHint!.entry.keyRange;
  const line = text.split('\n')[1];
  assert.equal(key.start.character, line.indexOf('readOnlyHint'));
  assert.equal(tool.description, '😀 é');
});

test('half-typed code: an unclosed annotations object still yields its known hints, and nothing is lost before it', () => {
  const text = `${SERVER}server.registerTool("done", { annotations: { readOnlyHint: true, destructiveHint: true } }, cb);
const TOOLS = [
  { name: "typing", annotations: { readOnlyHint: true, destructiveHint: true,
`;
  const [done, typing] = declarationsOf(text);
  assert.equal(done.name, 'done');
  assert.equal(typing.form, 'ts-object-literal');
  assert.equal(typing.name, 'typing');
  assert.deepEqual(hintStates(typing), { readOnlyHint: true, destructiveHint: true });
  const mapping = typing.annotations!.value;
  assert.ok(mapping.kind === 'mapping');
  assert.equal(mapping.container.closeOffset, undefined);
  const value = `${SERVER}server.registerTool("v", {\n  annotations: { readOnlyHint: true, openWorldHint: false, destructiveHint:\n}, cb);`;
  const partial = only(value);
  assert.deepEqual(hintStates(partial), { readOnlyHint: true, openWorldHint: false, destructiveHint: 'unknown' });
  const call = `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\nserver.tool("t", "D.", { q: z.string() }, { readOnlyHint: true, idempotentHint: false`;
  const typed = only(call, 'server.js');
  assert.equal(typed.form, 'ts-server-tool');
  assert.deepEqual(typed.parameters, ['q']);
  assert.deepEqual(hintStates(typed), { readOnlyHint: true, idempotentHint: false });
});

test('every prefix of a real server file parses without losing the tools completed before the cut', () => {
  const file = path.join(FIXTURES, 'typescript', 'forms', 'register-tool.ts');
  const text = fs.readFileSync(file, 'utf8');
  const complete = declarationsOf(text);
  assert.equal(complete.length, 7);
  for (let cut = 0; cut <= text.length; cut += 7) {
    const prefix = text.slice(0, cut);
    const cutLine = prefix.split('\n').length - 1;
    const found = declarationsOf(prefix);
    // Tools that end at least two lines above the cut are untouched by the half-typed rest.
    for (const tool of complete.filter((d) => d.range.end.line < cutLine - 1)) {
      const same = found.find((d) => d.name === tool.name && d.range.start.line === tool.range.start.line);
      assert.ok(same, `cut at ${cut}: ${tool.name} missing`);
      assert.deepEqual(hintStates(same), hintStates(tool), `cut at ${cut}: ${tool.name}`);
    }
  }
});

test('rows: only the declarations of the selected top-level statements, read with the whole file as context', () => {
  const file = path.join(FIXTURES, 'typescript', 'forms', 'spreads.ts');
  const text = fs.readFileSync(file, 'utf8');
  const tree = parse('typescript', text);
  try {
    const all = extractScriptDeclarations(tree, text, 'typescript');
    assert.deepEqual(all.map((d) => d.name), ['purge_cache', 'write_cache', 'maybe_read', 'overridden']);
    // The statements of write_cache (rows 11-13) and overridden (rows 20-22); READ_ONLY and the import lie outside.
    const some = extractScriptDeclarations(tree, text, 'typescript', { rows: [[11, 11], [20, 20]] });
    assert.deepEqual(some, [all[1], all[3]]);
    assert.deepEqual(extractScriptDeclarations(tree, text, 'typescript', { rows: [[0, 6]] }), []);
  } finally {
    tree.delete();
  }
});

test('JSX parses with the JavaScript grammar and TSX with its own', () => {
  const jsx = `${SERVER}export const Label = ({ text }) => <b>{text}</b>;\nserver.registerTool("label", { annotations: { readOnlyHint: true } }, cb);`;
  assert.equal(only(jsx, 'widget.jsx').language, 'javascript');
  const tsx = `${SERVER}export const Badge = ({ label }: { label: string }) => <span>{label}</span>;\nserver.registerTool("badge", { annotations: { readOnlyHint: true } }, cb);`;
  const badge = only(tsx, 'badge.tsx');
  assert.equal(badge.language, 'typescript');
  assert.deepEqual(hintStates(badge), { readOnlyHint: true });
});

// Tool tables (forms/tool-table.ts): an object literal whose properties are tool definitions, the
// property key being the tool's name. What a user sees: which entries are tools, their names and
// where they sit, and the look-alikes that stay quiet.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits } from '../../server/src/core/fixes/apply';
import { Range, ToolDeclaration } from '../../server/src/core/model';

before(() => initAnalysis());

function analysis(text: string, file = 'tools.ts') {
  const result = analyzeText(text, file);
  assert.ok(result, `${file} should be lintable`);
  return result;
}

function declarationsOf(text: string, file?: string): ToolDeclaration[] {
  return analysis(text, file).declarations;
}

/** The source text a range covers (one line). */
function textAt(text: string, range: Range): string {
  assert.equal(range.start.line, range.end.line, 'a one-line range');
  return text.split('\n')[range.start.line].slice(range.start.character, range.end.character);
}

/** Each tool as `name @ the text of its name range`. */
function named(text: string, file?: string): string[] {
  return declarationsOf(text, file).map((tool) => `${tool.name ?? '<unknown>'} @ ${textAt(text, tool.nameRange)}`);
}

test('every kind of key names a tool; the declaration spans the property', () => {
  const text = `import { z } from "zod";
const LIST = "list_things";
const names = { all: "list_all" };
export const toolDefs = {
  list_buckets: { description: "Lists buckets.", parameters: z.object({ project_id: z.string() }), annotations: { readOnlyHint: true, openWorldHint: false } },
  "delete-bucket": { description: "Deletes a bucket.", annotations: { readOnlyHint: false, destructiveHint: true } },
  'get_bucket': { annotations: { readOnlyHint: true } } satisfies Tool,
  42: { annotations: { readOnlyHint: true } as const },
  [LIST]: { annotations: { readOnlyHint: true } },
  [names.all]: { annotations: { readOnlyHint: true } },
} satisfies Record<string, Tool>;`;
  assert.deepEqual(named(text), [
    'list_buckets @ list_buckets',
    'delete-bucket @ "delete-bucket"',
    "get_bucket @ 'get_bucket'",
    '42 @ 42',
    'list_things @ [LIST]',
    '<unknown> @ [names.all]',
  ]);
  const [list] = declarationsOf(text);
  assert.equal(list.form, 'ts-object-literal');
  assert.equal(list.description, 'Lists buckets.');
  assert.deepEqual(list.parameters, ['project_id']);
  assert.equal(textAt(text, list.range).slice(0, 30), 'list_buckets: { description: "');
  assert.ok(textAt(text, list.range).endsWith('openWorldHint: false } }'));
  const unknownName = declarationsOf(text)[5];
  assert.equal(unknownName.nameValue?.kind, 'unknown', 'a name MTL216 stays silent on');
});

test('an entry may name a const tool object of the file, by value or shorthand, when the table is bound or exported', () => {
  const text = `const deleteDoc = { description: "Deletes a doc.", annotations: { readOnlyHint: true, destructiveHint: true } };
const SEARCH = { description: "Searches.", annotations: { readOnlyHint: true } } as const;
export const tools = { deleteDoc, search_docs: SEARCH };
module.exports = { deleteDoc };
export default { search: SEARCH };
register({ deleteDoc });
function handler() { return { search: SEARCH }; }`;
  assert.deepEqual(named(text, 'tools.js'), ['deleteDoc @ deleteDoc', 'search_docs @ search_docs', 'deleteDoc @ deleteDoc', 'search @ search']);
  const findings = analysis(text, 'tools.js').findings.filter((finding) => finding.code === 'MTL105');
  assert.deepEqual(findings.map((finding) => `${finding.range.start.line + 1}:${finding.range.start.character + 1}`), ['3:24', '4:20']);
});

test('a table entry with a name of its own is one object literal tool, named by its name', () => {
  const text = `export const tools = {
  list: { name: "list_buckets", annotations: { readOnlyHint: true } },
  get: { ...BASE, annotations: { readOnlyHint: true } },
};
const BASE = { name: "get_bucket" };`;
  assert.deepEqual(named(text), ['list_buckets @ name', 'get_bucket @ ...BASE']);
});

test('look-alikes stay quiet: config objects, messages, annotations without hints, entries without annotations, annotations and schemas themselves', () => {
  const quiet = [
    'export const config = { db: { host: "x", annotations: "y" }, cache: { host: "z" } };',
    'export const messages = { en: { title: "Hello", description: "A greeting." }, fr: { title: "Bonjour", description: "Un salut." } };',
    'export const docs = { a: { annotations: { author: "me", reviewed: true } }, b: { annotations: {} } };',
    'export const defs = { count: { description: "Counts.", parameters: z.object({ bucket: z.string() }) } };',
    'const A = { readOnlyHint: true }; export const presets = { readOnly: A, closed: { openWorldHint: false } };',
    'export const x = { annotations: { nested: { annotations: { readOnlyHint: true } } } };',
    'export const s = { inputSchema: { properties: { q: { annotations: { readOnlyHint: true } } } } };',
    // A const object named from a call argument or a return value is not looked up: `{ id }` there is a local.
    'const id = { annotations: { readOnlyHint: true } }; db.find({ id }); const doc = db.find({ id }); function f() { return { id }; }',
  ];
  for (const text of quiet) assert.deepEqual(named(text), [], text);
});

test('snake_case hint keys count as hints', () => {
  assert.deepEqual(named('export const defs = { list: { annotations: { read_only_hint: true } } };'), ['list @ list']);
});

test('an object a registration claims is not a table; tables coexist with the SDK forms without doubles', () => {
  const text = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { FastMCP } from "fastmcp";
const fast = new FastMCP({ name: "x", version: "1" });
server.registerTool("configured", { title: "Configured", annotations: { readOnlyHint: true }, meta: { inner: { annotations: { readOnlyHint: true } } } }, cb);
export const defs = { listed: { description: "Listed.", annotations: { readOnlyHint: true, openWorldHint: false } } };
for (const [name, def] of Object.entries(defs)) server.registerTool(name, def, cb);
server.registerTool("a", defs.listed, cb);`;
  const tools = declarationsOf(text);
  assert.deepEqual(tools.map((tool) => `${tool.form} ${tool.name ?? '<unknown>'}`), [
    'ts-register-tool configured',
    'ts-object-literal listed',
    'ts-register-tool <unknown>',
    'ts-register-tool a',
  ]);
});

test('a table being typed (an unclosed entry) still yields the entries written', () => {
  const text = `export const defs = {
  done: { annotations: { readOnlyHint: true, destructiveHint: true } },
  typing: { description: "Typing.", annotations: { readOnlyHint: true,
`;
  const tools = declarationsOf(text);
  assert.deepEqual(tools.map((tool) => tool.name), ['done', 'typing']);
  assert.equal(tools[1].annotations?.hints.readOnlyHint?.state, true);
});

test('quick-fixes edit the entry\'s own annotations object: MTL202 fills the hints, MTL105 sets read-only to false', () => {
  const text = `export const defs = {
  delete_bucket: {
    description: "Deletes a bucket.",
    annotations: { readOnlyHint: true, destructiveHint: true },
  },
  rename_bucket: { description: "Renames a bucket.", annotations: { readOnlyHint: false } },
};
`;
  const { findings } = analysis(text);
  const contradiction = findings.find((finding) => finding.code === 'MTL105');
  assert.ok(contradiction);
  assert.equal(textAt(text, contradiction.range), 'destructiveHint: true');
  assert.deepEqual(contradiction.fixes.map((fix) => fix.title), ['Set readOnlyHint to false (clients keep asking for confirmation)', 'Set destructiveHint to false']);
  assert.equal(applyEdits(text, contradiction.fixes[0].edits).split('\n')[3], '    annotations: { readOnlyHint: false, destructiveHint: true },');
  const missing = findings.find((finding) => finding.code === 'MTL202' && finding.range.start.line === 5);
  assert.ok(missing);
  assert.equal(applyEdits(text, missing.fixes[0].edits).split('\n')[5],
    '  rename_bucket: { description: "Renames a bucket.", annotations: { readOnlyHint: false, openWorldHint: true, destructiveHint: true, idempotentHint: false } },');
});

// The textual pre-filter (server/src/core/prefilter.ts) decides only whether a file is parsed: every
// file of the fixtures, the examples and the test projects that holds a declaration (read without the
// filter, with its project's view) must pass it, and look-alikes (toolbars, tooltips, prose) must not.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { initAnalysis, mayDeclareTools } from '../../server/src/core/analyze';
import { extractDeclarations } from '../../server/src/core/frontends';
import { grammarForPath, parse } from '../../server/src/core/parse/parser';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { projectRootFor } from '../../server/src/core/project/roots';
import { FIXTURES, listFixtures, repoRoot } from '../helpers/fixtures';

before(() => initAnalysis());

function sourceFiles(): string[] {
  const root = repoRoot();
  return [...listFixtures(FIXTURES), ...listFixtures(path.join(root, 'examples')), ...listFixtures(path.join(root, 'test', 'projects'))];
}

/** The declarations of `file` as the front end reads them, with no pre-filter, seeing its project. */
function declarationCount(file: string, indexes: Map<string, ProjectIndex>): number {
  const grammar = grammarForPath(file)!;
  const text = fs.readFileSync(file, 'utf8');
  const root = projectRootFor(file, new DiskFileSystem(['/']));
  let index = indexes.get(root);
  if (!index) indexes.set(root, (index = new ProjectIndex([root], new DiskFileSystem([root]))));
  const tree = parse(grammar, text);
  try {
    return extractDeclarations(grammar, tree, text, { project: index.viewFor(file) }).length;
  } finally {
    tree.delete();
  }
}

/**
 * Whether a test project's file that the pre-filter turns away names a registration wrapper its
 * project defines (core/project/wrapper-callers.ts): its project's index reads it once it knows the wrapper.
 */
function namesProjectWrapper(file: string, text: string): boolean {
  const projects = path.join(repoRoot(), 'test', 'projects');
  if (!file.startsWith(projects + path.sep)) return false;
  const root = path.join(projects, path.relative(projects, file).split(path.sep)[0]);
  const index = new ProjectIndex([root], new DiskFileSystem([root]));
  index.addCandidates(listFixtures(root));
  index.summariseAll();
  return index.viewFor(file).mentionsRegistrationWrapper?.(text) === true;
}

test('every fixture, example and test-project file with a declaration passes the pre-filter (or names a wrapper its project defines)', () => {
  const indexes = new Map<string, ProjectIndex>();
  const missed: string[] = [];
  let declaring = 0;
  for (const file of sourceFiles()) {
    if (declarationCount(file, indexes) === 0) continue;
    declaring++;
    const text = fs.readFileSync(file, 'utf8');
    if (!mayDeclareTools(text, grammarForPath(file)) && !namesProjectWrapper(file, text)) missed.push(path.relative(repoRoot(), file));
  }
  assert.deepEqual(missed, []);
  assert.ok(declaring > 60, `only ${declaring} files with declarations: the fixtures were not found`);
});

test('each declaration form has a word the pre-filter keeps', () => {
  const python = [
    '@mcp.tool(annotations={"readOnlyHint": True})\ndef f(): ...',
    '@tool\ndef f(): ...',
    'app.add_tool(f, metadata=META)',
    'types.Tool(name="x", inputSchema={})',
    'Tool.from_function(f)',
    'from arcade_tdk import tool as t\n@t\ndef f(): ...',
    'from mcp.types import Tool as T',
  ];
  for (const text of python) assert.ok(mayDeclareTools(text, 'python'), text);
  const script = [
    'server.registerTool("x", {}, cb)',
    'server.tool("x", cb)',
    'server\n  .tool("x", cb)',
    'server.addTool({ name: "x" })',
    'registerTool(server, spec, cb)',
    'defineTool({ name: "x" })',
    'const tools = [{ name: "x", inputSchema: {} }]',
    'export default { list: { description: "d", annotations: { readOnlyHint: true } } }',
    'const t = { "name": "x", "annotations": { "readOnlyHint": true } }',
    'return { name, annotations }',
    'class X { name = "x"; annotations = READ_ONLY; }',
    'class X { name = "x"; annotations?: Hints; }',
    'class X { name = "x"; get annotations() { return A; } }',
    'const a: ToolAnnotations = { readOnlyHint: true }',
    'const t: Tool = { name: "x" }',
    'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "x", parameters: {} }] }))',
    'import { FastMCP } from "fastmcp";\nexport const t = { name: "x", parameters: p };',
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const t = { name: "x", parameters: p };',
  ];
  for (const text of script) assert.ok(mayDeclareTools(text, 'typescript'), text);
});

test('look-alikes are not parsed', () => {
  const python = [
    'from __future__ import annotations\n\ndef render(toolbar, tooltip):\n    return metadata["tooling"]\n',
    'class ToolbarState:\n    toolkit: str\n    annotations: list[str]\n',
  ];
  for (const text of python) assert.equal(mayDeclareTools(text, 'python'), false, text);
  const script = [
    'export function Toolbar({ tooltip }: Props) { return <div title={tooltip} />; }',
    '// Picks the annotations entries worth showing.\nconst shown = entry.annotations ?? [];',
    'if (entry.annotations != null) { entry = { ...entry, annotations1: String(entry.annotations) }; }',
    'const metadata = { tooling: "vite", toolkit: "react" };',
    '<div className="annotations">{children}</div>',
  ];
  for (const text of script) assert.equal(mayDeclareTools(text, 'typescript'), false, text);
});

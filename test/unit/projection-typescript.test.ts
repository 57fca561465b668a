// What a client receives for each TypeScript/JavaScript tool form (expectations worked out by
// hand from mcp-annotations.md: title precedence Tool.title → annotations.title → name; only
// declared hints are sent; the spec defaults readOnly false, destructive true, idempotent false,
// openWorld true apply to the rest).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { projectFile, ToolProjection } from '../../server/src/core/projection';
import { FIXTURES } from '../helpers/fixtures';

const DEFAULTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

async function project(relative: string): Promise<Map<string, ToolProjection[]>> {
  await initAnalysis();
  const file = path.join(FIXTURES, relative);
  const result = analyzeText(fs.readFileSync(file, 'utf8'), file)!;
  const byName = new Map<string, ToolProjection[]>();
  for (const tool of projectFile(relative, result.declarations, result.findings).tools) byName.set(tool.name, [...(byName.get(tool.name) ?? []), tool]);
  return byName;
}

/** What the preview shows of one tool, apart from its findings and ranges. */
function shown(tool: ToolProjection | undefined) {
  assert.ok(tool, 'the tool is found');
  return {
    title: tool.title, form: tool.form, toolsList: tool.toolsList, defaulted: tool.defaulted, effective: tool.effective,
    unknown: tool.unknown, arcadeMeta: tool.arcadeMeta, webhookMetadata: tool.webhookMetadata,
  };
}

const ALL_DEFAULTED = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

test('ts-object-literal: tools/list entries of a low-level server', async () => {
  const tools = await project('typescript/forms/low-level-tools-list.ts');
  assert.deepEqual([...tools.keys()], ['list_files', 'delete_file', 'move_file', 'stat_file', 'touch_file']);
  const form = 'ts-object-literal';
  assert.deepEqual(shown(tools.get('list_files')?.[0]), {
    title: 'list_files', form, toolsList: { name: 'list_files', annotations: { readOnlyHint: true, openWorldHint: false } },
    defaulted: ['destructiveHint', 'idempotentHint'], effective: { ...DEFAULTS, readOnlyHint: true, openWorldHint: false }, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('move_file')?.[0]), {
    title: 'move_file', form, toolsList: { name: 'move_file', annotations: {} }, defaulted: ALL_DEFAULTED, effective: DEFAULTS, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  // `readonlyHint` is no hint (clients assume readOnlyHint's default); "false" is a string, not a boolean.
  assert.deepEqual(shown(tools.get('stat_file')?.[0]), {
    title: 'stat_file', form, toolsList: { name: 'stat_file', annotations: { openWorldHint: false, idempotentHint: true } },
    defaulted: ['readOnlyHint', 'destructiveHint'], effective: { ...DEFAULTS, idempotentHint: true, openWorldHint: false }, unknown: ['destructiveHint'],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('touch_file')?.[0]).toolsList, {
    name: 'touch_file', annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: false, idempotentHint: true },
  });
});

test('ts-class: tool classes with name and annotations properties', async () => {
  const tools = await project('typescript/forms/class-tools.ts');
  const form = 'ts-class';
  assert.deepEqual(shown(tools.get('list_devices')?.[0]), {
    title: 'list_devices', form, toolsList: { name: 'list_devices', annotations: { readOnlyHint: true, openWorldHint: true } },
    defaulted: ['destructiveHint', 'idempotentHint'], effective: { ...DEFAULTS, readOnlyHint: true }, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('control_light')?.[0]), {
    title: 'control_light', form, toolsList: { name: 'control_light', annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true } },
    defaulted: ['idempotentHint'], effective: DEFAULTS, unknown: [], arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('render_template')?.[0]).toolsList, { name: 'render_template', annotations: { readOnlyHint: true, openWorldHint: false } });
});

test('ts-register-tool: config.title is Tool.title; an object without annotations sends none', async () => {
  const tools = await project('typescript/forms/register-tool.ts');
  const form = 'ts-register-tool';
  const [getUser, getUserAgain] = tools.get('get_user') ?? [];
  assert.deepEqual(shown(getUser), {
    title: 'Get user', form,
    toolsList: { name: 'get_user', title: 'Get user', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
    defaulted: [], effective: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(getUserAgain).defaulted, ['destructiveHint']);
  assert.deepEqual(shown(tools.get('create_user')?.[0]), {
    title: 'create_user', form, toolsList: { name: 'create_user', annotations: {} }, defaulted: ALL_DEFAULTED, effective: DEFAULTS, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('update_user')?.[0]), {
    title: 'update_user', form, toolsList: { name: 'update_user', annotations: { readOnlyHint: false, openWorldHint: false } },
    defaulted: ['destructiveHint', 'idempotentHint'], effective: { ...DEFAULTS, openWorldHint: false }, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('create_function')?.[0]).toolsList, {
    name: 'create_function', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  });
});

test('ts-server-tool: every overload of server.tool(); a hint-keyed object is the annotations, a zod one the schema', async () => {
  const tools = await project('typescript/forms/server-tool.ts');
  const form = 'ts-server-tool';
  for (const name of ['bare', 'described', 'with_schema', 'empty_object', 'described_schema']) {
    assert.deepEqual(shown(tools.get(name)?.[0]), {
      title: name, form, toolsList: { name, annotations: {} }, defaulted: ALL_DEFAULTED, effective: DEFAULTS, unknown: [],
      arcadeMeta: undefined, webhookMetadata: undefined,
    }, name);
  }
  assert.deepEqual(shown(tools.get('with_annotations')?.[0]), {
    title: 'with_annotations', form, toolsList: { name: 'with_annotations', annotations: { readOnlyHint: true } },
    defaulted: ['destructiveHint', 'idempotentHint', 'openWorldHint'], effective: { ...DEFAULTS, readOnlyHint: true }, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('all_four')?.[0]), {
    title: 'all_four', form, toolsList: { name: 'all_four', annotations: { readOnlyHint: true, destructiveHint: true, openWorldHint: false } },
    defaulted: ['idempotentHint'], effective: { ...DEFAULTS, readOnlyHint: true, openWorldHint: false }, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('described_annotations')?.[0]).toolsList, {
    name: 'described_annotations', annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
  });
  assert.deepEqual(shown(tools.get('schema_and_annotations')?.[0]).toolsList, {
    name: 'schema_and_annotations', annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  });
});

test('fastmcp-add-tool: FastMCP\'s streamingHint is sent with the hints', async () => {
  const tools = await project('typescript/forms/fastmcp-add-tool.ts');
  const form = 'fastmcp-add-tool';
  assert.deepEqual(shown(tools.get('fetch_page')?.[0]), {
    title: 'fetch_page', form, toolsList: { name: 'fetch_page', annotations: { readOnlyHint: true, openWorldHint: true, streamingHint: true } },
    defaulted: ['destructiveHint', 'idempotentHint'], effective: { ...DEFAULTS, readOnlyHint: true }, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
  assert.deepEqual(shown(tools.get('post_page')?.[0]), {
    title: 'post_page', form, toolsList: { name: 'post_page', annotations: {} }, defaulted: ALL_DEFAULTED, effective: DEFAULTS, unknown: [],
    arcadeMeta: undefined, webhookMetadata: undefined,
  });
});

test('title precedence in TypeScript: Tool.title, then annotations.title, then the name', async () => {
  await initAnalysis();
  const text = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("both", { title: "Tool title", annotations: { title: "Annotations title", readOnlyHint: true } }, async () => ({ content: [] }));
server.registerTool("annotations_only", { annotations: { title: "From annotations" } }, async () => ({ content: [] }));
`;
  const result = analyzeText(text, '/virtual/titles.ts')!;
  const [both, annotationsOnly] = projectFile('titles.ts', result.declarations, result.findings).tools;
  assert.equal(both.title, 'Tool title');
  assert.deepEqual(both.toolsList, { name: 'both', title: 'Tool title', annotations: { title: 'Annotations title', readOnlyHint: true } });
  assert.equal(annotationsOnly.title, 'From annotations');
  assert.deepEqual(annotationsOnly.toolsList, { name: 'annotations_only', annotations: { title: 'From annotations' } });
});

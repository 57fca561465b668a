// What a client receives for each tool: tools/list entry, Arcade _meta, webhook metadata.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { projectFile, ToolProjection } from '../../server/src/core/projection';
import { FIXTURES } from '../helpers/fixtures';

async function project(relative: string): Promise<ToolProjection[]> {
  await initAnalysis();
  const file = path.join(FIXTURES, relative);
  const result = analyzeText(fs.readFileSync(file, 'utf8'), file)!;
  return projectFile(relative, result.declarations, result.findings).tools;
}

test('Arcade @app.tool: toolkit-qualified name, title = tool name, _meta.arcade.metadata in lowercase', async () => {
  const [send, remove, list] = await project('python/forms/arcade_app_tool.py');
  assert.deepEqual(send.toolsList, {
    name: 'Slack_SendSlackMessage',
    title: 'SendSlackMessage',
    annotations: { title: 'SendSlackMessage', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });
  assert.deepEqual(send.arcadeMeta, {
    classification: { service_domains: ['messaging'] },
    behavior: { operations: ['create'], read_only: false, destructive: false, idempotent: false, open_world: true },
  });
  assert.deepEqual(send.webhookMetadata, send.arcadeMeta);
  assert.deepEqual(send.defaulted, []);
  assert.equal(remove.name, 'DeleteMessage');
  assert.equal(remove.effective.destructiveHint, false, 'the declared value is what the client sees, even when it is wrong');
  assert.deepEqual(list.toolsList, { name: 'Slack_ListChannels', title: 'ListChannels', annotations: { title: 'ListChannels' } });
  assert.deepEqual(list.defaulted, ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
  assert.deepEqual(list.effective, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  assert.equal(list.arcadeMeta, undefined);
});

test('Arcade @tool without a known toolkit: the preview says the prefix is unknown; None flags are dropped', async () => {
  const [profile, note] = await project('python/forms/arcade_variants.py');
  assert.equal(profile.toolsList.name, 'GetProfile');
  assert.match(profile.note ?? '', /<Toolkit>_GetProfile/);
  assert.deepEqual(note.arcadeMeta, {
    classification: { service_domains: ['documents'] },
    behavior: { operations: ['create'], read_only: true, open_world: true },
  });
  assert.deepEqual(note.defaulted, ['destructiveHint', 'idempotentHint']);
});

test('MCP SDK tools: title precedence Tool.title → annotations.title → name; only declared hints are sent', async () => {
  const tools = await project('python/forms/fastmcp_tools.py');
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const forecast = byName.get('get_forecast')!;
  assert.equal(forecast.title, 'Get forecast');
  assert.deepEqual(forecast.toolsList, { name: 'get_forecast', title: 'Get forecast', annotations: { readOnlyHint: true, openWorldHint: true } });
  assert.deepEqual(forecast.defaulted, ['destructiveHint', 'idempotentHint']);
  const rename = byName.get('rename_city')!;
  assert.equal(rename.title, 'Rename');
  assert.deepEqual(rename.toolsList, { name: 'rename_city', annotations: { title: 'Rename', readOnlyHint: true, openWorldHint: true } });
  const bare = byName.get('no_annotations')!;
  assert.equal(bare.title, 'no_annotations');
  assert.deepEqual(bare.toolsList, { name: 'no_annotations', annotations: {} });
  assert.equal(bare.arcadeMeta, undefined);
});

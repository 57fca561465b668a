// The Python front end's model of each form fixture, checked field by field (positions 1-based).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { FIXTURES } from '../helpers/fixtures';
import { summarizeDeclaration } from '../helpers/summary';

async function declarationsOf(name: string): Promise<Record<string, unknown>[]> {
  await initAnalysis();
  const file = path.join(FIXTURES, 'python', 'forms', name);
  const result = analyzeText(fs.readFileSync(file, 'utf8'), file);
  assert.ok(result, `${name} is lintable`);
  return result.declarations.map(summarizeDeclaration);
}

test('python front end: arcade_app_tool.py', async () => {
  assert.deepEqual(await declarationsOf('arcade_app_tool.py'), [
    {"form": "arcade-app-tool", "name": "SendSlackMessage", "at": "15:2", "metadata": "ToolMetadata", "behavior": {"operations": ["CREATE"], "readOnly": "false@22:23", "destructive": "false@23:25", "idempotent": "false@24:24", "openWorld": "true@25:24"}, "domains": ["MESSAGING"]},
    {"form": "arcade-app-tool", "name": "DeleteMessage", "at": "38:2", "metadata": "ToolMetadata", "behavior": {"operations": ["DELETE"], "readOnly": "false@42:23", "destructive": "false@43:25", "idempotent": "true@44:24", "openWorld": "true@45:24"}},
    {"form": "arcade-app-tool", "name": "ListChannels", "at": "54:2"},
  ]);
});

test('python front end: arcade_variants.py', async () => {
  assert.deepEqual(await declarationsOf('arcade_variants.py'), [
    {"form": "arcade-tool", "name": "GetProfile", "at": "12:2", "metadata": "ToolMetadata", "behavior": {"operations": ["READ"], "readOnly": "true@12:16", "destructive": "false@12:16", "idempotent": "true@12:16", "openWorld": "true@12:16"}},
    {"form": "arcade-tool", "name": "CreateNote", "at": "17:2", "metadata": "ToolMetadata", "behavior": {"operations": ["create"], "readOnly": "true@17:57", "openWorld": "true@17:57"}, "domains": ["documents"]},
    {"form": "arcade-tool", "name": "ArchivePage", "at": "22:2", "metadata": "ToolMetadata", "behavior": {"operations": ["UPDATE"]}},
    {"form": "arcade-tool", "name": "DecoratedTwice", "at": "31:2"},
    {"form": "arcade-add-tool", "name": "PurgeCache", "at": "36:1", "metadata": "ToolMetadata", "behavior": {"operations": ["DELETE"], "destructive": "false@36:106"}},
    {"form": "arcade-add-tool", "name": "DecoratedTwice", "at": "37:1", "metadata": "ToolMetadata", "behavior": {"readOnly": "true@37:74"}, "metadataIgnored": true},
  ]);
});

test('python front end: fastmcp_tools.py', async () => {
  assert.deepEqual(await declarationsOf('fastmcp_tools.py'), [
    {"form": "python-sdk-tool", "name": "get_forecast", "at": "9:2", "title": "Get forecast", "annotations": {"readOnlyHint": "true@9:74", "openWorldHint": "true@9:94"}},
    {"form": "python-sdk-tool", "name": "clear_alerts", "at": "15:2", "annotations": {"readOnlyHint": "true@15:40", "destructiveHint": "true@15:65", "openWorldHint": "true@15:88"}},
    {"form": "python-sdk-tool", "name": "rename_city", "at": "20:2", "annotations": {"readOnlyHint": "true@20:41", "openWorldHint": "true@20:41"}},
    {"form": "python-sdk-tool", "name": "no_annotations", "at": "26:2"},
    {"form": "python-sdk-tool", "name": "snake_case_hints", "at": "31:2", "annotations": {"readOnlyHint": "true@31:54", "openWorldHint": "false@31:76"}},
    {"form": "python-sdk-tool", "name": "plain", "at": "40:1", "annotations": {"readOnlyHint": "true@40:62", "openWorldHint": "false@40:82"}},
    {"form": "python-sdk-tool", "name": "direct", "at": "41:1"},
  ]);
});

test('python front end: half_typed.py (a decorator still being typed at the end of the file)', async () => {
  assert.deepEqual(await declarationsOf('half_typed.py'), [
    {"form": "arcade-app-tool", "name": "RemoveFile", "at": "7:2", "metadata": "ToolMetadata", "behavior": {"operations": ["DELETE"], "readOnly": "true@7:92", "destructive": "false@7:110"}},
    {"form": "arcade-app-tool", "at": "12:2", "metadata": "ToolMetadata", "behavior": {"operations": ["READ"], "readOnly": "true@12:90"}},
  ]);
});

test('python front end: unclosed brackets before more code are closed for analysis, positions unchanged', async () => {
  assert.deepEqual(await declarationsOf('half_typed_before_code.py'), [
    {"form": "arcade-app-tool", "name": "F", "at": "2:2", "metadata": "ToolMetadata", "behavior": {"operations": ["READ"], "readOnly": "true@2:90", "destructive": "true@2:108"}},
    {"form": "arcade-app-tool", "name": "G", "at": "6:2", "metadata": "ToolMetadata", "behavior": {"operations": ["DELETE"], "destructive": "false@6:94"}},
  ]);
  await initAnalysis();
  const file = path.join(FIXTURES, 'python', 'forms', 'half_typed_before_code.py');
  const text = fs.readFileSync(file, 'utf8');
  const [unclosed, closed] = analyzeText(text, file)!.declarations;
  const behavior = unclosed.metadata!.behavior!.value;
  assert.ok(behavior.kind === 'call');
  assert.equal(behavior.container.closeOffset, undefined, 'a bracket the author has not typed is not a place to insert before');
  const destructive = unclosed.metadata!.behavior!.destructive!.entry;
  assert.equal(text.slice(destructive.startOffset, destructive.endOffset), 'destructive=True');
  const closedBehavior = closed.metadata!.behavior!.value;
  assert.ok(closedBehavior.kind === 'call' && closedBehavior.container.closeOffset !== undefined);
  assert.equal(text[closedBehavior.container.closeOffset], ')');
});

test('python front end: lowlevel_server.py', async () => {
  assert.deepEqual(await declarationsOf('lowlevel_server.py'), [
    {"form": "python-lowlevel-tool", "name": "git_status", "at": "10:9", "annotations": {"readOnlyHint": "true@14:60", "openWorldHint": "false@14:80"}},
    {"form": "python-lowlevel-tool", "name": "git commit", "at": "16:9"},
  ]);
});

test('python front end: lowlevel_enum_names.py (names that are members of a str enum; an Enum member is no string)', async () => {
  assert.deepEqual(await declarationsOf('lowlevel_enum_names.py'), [
    {"form": "python-lowlevel-tool", "name": "git_status", "at": "27:9", "annotations": {"readOnlyHint": "true@31:54", "destructiveHint": "false@31:76", "idempotentHint": "true@31:98", "openWorldHint": "false@31:118"}},
    {"form": "python-lowlevel-tool", "name": "git_push", "at": "33:9", "annotations": {"readOnlyHint": "true@37:54", "destructiveHint": "false@37:76", "idempotentHint": "false@37:98", "openWorldHint": "true@37:119"}},
    {"form": "python-lowlevel-tool", "at": "39:9", "annotations": {"readOnlyHint": "true@43:54", "destructiveHint": "false@43:76", "idempotentHint": "true@43:98", "openWorldHint": "false@43:118"}},
  ]);
});

test('python front end: not_tools.py', async () => {
  assert.deepEqual(await declarationsOf('not_tools.py'), [
  ]);
});

test('python front end: opaque_options.py (options spread from elsewhere, a helper-built behavior)', async () => {
  assert.deepEqual(await declarationsOf('opaque_options.py'), [
    {"form": "arcade-app-tool", "name": "ListNotes", "at": "9:2"},
    {"form": "arcade-app-tool", "name": "GetNote", "at": "15:2", "metadata": "ToolMetadata"},
  ]);
  await initAnalysis();
  const file = path.join(FIXTURES, 'python', 'forms', 'opaque_options.py');
  const [spread] = analyzeText(fs.readFileSync(file, 'utf8'), file)!.declarations;
  assert.ok(spread.registration?.kind === 'call' && spread.registration.opaqueSpread === true);
});

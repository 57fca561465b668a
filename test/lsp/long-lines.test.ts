// The server reads only the lines an edit wrote to know whether a document has a line over 100,000
// characters (then it is not linted): typing such a line, breaking it up and removing it again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { MAX_LINE_LENGTH } from '../../server/src/core/analyze';
import { repoRoot } from '../helpers/fixtures';
import { LspClient, TestDocument } from '../helpers/lsp-client';

const FIXTURE = path.join(repoRoot(), 'test', 'lsp', 'fixtures', 'arcade_tools.py');

let client: LspClient;
before(async () => {
  ({ client } = await LspClient.start());
});
after(() => client.kill());

test('a line typed past 100,000 characters stops the linting, one broken up or removed starts it again', async () => {
  const document = new TestDocument(pathToFileURL(FIXTURE).href.replace('arcade_tools', 'long_line'), 'python',
    fs.readFileSync(FIXTURE, 'utf8').replace('destructive=True', 'destructive=False'));
  await client.open(document);
  const findings = (await client.waitForDiagnostics(document.uri, 1)).diagnostics;
  assert.ok(findings.length > 0);
  const lineEnd = document.text.indexOf('\n');
  // The first line, made exactly as long as allowed, then one character longer.
  const long = ` #${'x'.repeat(MAX_LINE_LENGTH - lineEnd - 2)}`;
  const steps: Array<[() => ReturnType<TestDocument['edit']>, 'linted' | 'skipped']> = [
    [() => document.edit(lineEnd, lineEnd, long.slice(0, 60_000)), 'linted'],
    [() => document.edit(lineEnd + 60_000, lineEnd + 60_000, long.slice(60_000)), 'linted'],
    [() => document.edit(lineEnd, lineEnd, 'x'), 'skipped'],
    [() => document.edit(0, 0, 'import os\n'), 'skipped'],
    [() => document.edit(lineEnd + 10 + 50_000, lineEnd + 10 + 50_000, '\n# '), 'linted'],
    [() => document.edit(lineEnd + 10 + 50_000, lineEnd + 10 + 50_003, ''), 'skipped'],
    [() => document.edit(lineEnd + 10, lineEnd + 10 + long.length + 1, ''), 'linted'],
  ];
  // A skipped document's diagnostics are cleared once; later versions of it publish nothing until it is linted again.
  let previous: 'linted' | 'skipped' = 'linted';
  for (const [edit, expected] of steps) {
    await client.change(document.nextVersion(), [edit()]);
    if (expected === 'linted' || previous === 'linted') await client.waitForDiagnostics(document.uri, document.version);
    previous = expected;
  }
  const published = client.diagnostics.filter((params) => params.uri === document.uri).map((params) => [params.version, params.diagnostics.length > 0 ? 'linted' : 'skipped']);
  assert.deepEqual(published, [[1, 'linted'], [2, 'linted'], [3, 'linted'], [4, 'skipped'], [6, 'linted'], [7, 'skipped'], [8, 'linted']]);
});

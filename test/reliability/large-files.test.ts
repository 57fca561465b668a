// Large and odd documents over stdio: a 10 MB file is skipped with one log line while the server
// keeps answering; binary content and non-file URIs (untitled:, git:) are handled. 10,000-deep
// nesting and 2 MB lines are in test/slow/deep-nesting.test.ts (`npm run test:slow`).
import * as assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LspClient } from '../helpers/lsp-client';
import { startServer } from '../fuzz/fuzz';
import { BOUND_MS, FuzzRunner } from '../fuzz/runner';
import { REQUESTS, runOne, TOOLS } from './one-step';

describe('large and odd documents', () => {
  let client: LspClient;
  let runner: FuzzRunner;
  before(async () => {
    client = await startServer();
    runner = new FuzzRunner(client);
  });
  after(() => client.kill());

  test('a 10 MB file is skipped with one clear log line; it and a small file still get answers within 1 s', async () => {
    const huge = TOOLS.repeat(Math.ceil((10 * 1024 * 1024) / TOOLS.length));
    const uri = 'file:///work/generated/huge_tools.py';
    const logsBefore = client.logs.length;
    const after = client.diagnostics.length;
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: huge } });
    const line = await client.waitFor(() => client.logs.slice(logsBefore).find((log) => log.message.includes(uri)), 'the log line about the huge file');
    assert.match(line.message, /^Not linting file:\/\/\/work\/generated\/huge_tools\.py: it is larger than \d+(\.\d+)? MB( \(mcpToolLint\.maxFileSize\))?\.$/);
    for (const [method, params] of [
      ['textDocument/hover', { textDocument: { uri }, position: { line: 10, character: 8 } }],
      ['textDocument/completion', { textDocument: { uri }, position: { line: 12, character: 20 } }],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] } }],
      ['mcpToolLint/previewAnnotations', { uri }],
    ] as const) {
      const started = Date.now();
      await client.connection.sendRequest(method, params);
      assert.ok(Date.now() - started < 5 * BOUND_MS, `${method} on the huge file took ${Date.now() - started} ms`);
    }
    assert.equal(await runOne(runner, 'file:///work/small.py', 'python', TOOLS, { label: 'type', edits: [{ start: 0, end: 0, text: '# hi\n' }], requests: REQUESTS }), undefined);
    assert.deepEqual(client.diagnostics.slice(after).filter((params) => params.uri === uri), [], 'nothing published for the huge file');
    assert.equal(client.logs.slice(logsBefore).filter((log) => log.message.includes(uri)).length, 1, 'one log line');
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  test('binary content (NUL bytes, invalid UTF-8 decoded as U+FFFD, control characters) is linted without errors', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
    const text = `${bytes.toString('latin1')}\n${TOOLS}\n${bytes.toString('utf8')}`;
    assert.equal(await runOne(runner, 'file:///work/blob.py', 'python', text, { label: 'type', edits: [{ start: 10, end: 10, text: '\u0000\uFFFD' }], requests: REQUESTS }), undefined);
  });

  test('untitled: and git: documents are linted like files, and their findings published', async () => {
    const broken = TOOLS.replace('destructive=True', 'destructive=False');
    for (const uri of ['untitled:Untitled-1', `git:/work/arcade_tools.py?${encodeURIComponent('{"path":"/work/arcade_tools.py","ref":"HEAD"}')}`, 'vscode-notebook-cell:/work/n.ipynb#X1']) {
      const after = client.diagnostics.length;
      assert.equal(await runOne(runner, uri, 'python', broken, { label: 'type', edits: [], requests: REQUESTS }), undefined, uri);
      const published = client.diagnostics.slice(after).filter((params) => params.uri === uri && params.version === 2);
      assert.deepEqual(published.at(-1)?.diagnostics.map((d) => d.code), ['delete-not-destructive'], uri);
    }
  });

  test('shutdown after all of it exits with 0', async () => {
    assert.equal(await client.shutdown(), 0);
  });
});

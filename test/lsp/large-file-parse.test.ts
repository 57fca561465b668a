// A large file's first parse and first analysis run in steps over the real stdio server
// (lsp/documents.ts parseInSteps, core/incremental.ts firstAnalysisInSteps): the server answers
// requests on other files meanwhile, the diagnostics are those of a fresh analysis, and changes that
// arrive meanwhile get the diagnostics of the changed text.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver/node';
import { generatePython } from '../../bench/generate';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { LspClient, TestDocument } from '../helpers/lsp-client';

/** About 1.5 MB: its first parse and analysis run in steps for a second or more. */
const LARGE = generatePython(40_000, 3);
const SMALL = generatePython(60, 4);

before(() => initAnalysis(['python']));

function fresh(document: TestDocument): Diagnostic[] {
  return analyzeText(document.text, 'tools.py')!.findings.map((finding) => toDiagnostic(finding, { uri: document.uri, relatedInformation: true }));
}

/** A server with a small file open and analysed. */
async function withSmallFile(): Promise<{ client: LspClient; small: TestDocument }> {
  const { client } = await LspClient.start();
  const small = new TestDocument('file:///work/small_tools.py', 'python', SMALL);
  await client.open(small);
  await client.waitForDiagnostics(small.uri, 1);
  await client.untilIdle();
  return { client, small };
}

test('while a large file is first parsed and analysed, hovers on another file are answered; its diagnostics are a fresh analysis\'s', async () => {
  const { client, small } = await withSmallFile();
  try {
    const large = new TestDocument('file:///work/large_tools.py', 'python', LARGE);
    let diagnosticsIn = false;
    let answeredBefore = 0;
    let sentBefore = 0;
    const hovers: Array<Promise<unknown>> = [];
    await client.open(large);
    const diagnostics = client.waitForDiagnostics(large.uri, 1, undefined, 60_000).then((params) => {
      diagnosticsIn = true;
      return params;
    });
    const timer = setInterval(() => {
      if (!diagnosticsIn) sentBefore++;
      hovers.push(client.connection.sendRequest('textDocument/hover', { textDocument: { uri: small.uri }, position: { line: 20, character: 10 } })
        .then(() => { if (!diagnosticsIn) answeredBefore++; }));
    }, 25);
    const published = await diagnostics;
    clearInterval(timer);
    await Promise.all(hovers);
    // Held, the server would answer none of those sent meanwhile until it is done (the first parse alone in steps: about a quarter).
    assert.ok(sentBefore >= 10, `only ${sentBefore} hovers were sent before the large file's diagnostics came`);
    assert.ok(answeredBefore >= 0.75 * sentBefore, `${answeredBefore} of the ${sentBefore} hovers sent before the large file's diagnostics were answered before them`);
    assert.deepEqual(published.diagnostics, fresh(large));
    // Keystrokes after it are analysed as usual.
    await client.change(large.nextVersion(), [large.edit(0, 0, '# edited\n')]);
    assert.deepEqual((await client.waitForDiagnostics(large.uri, large.version, undefined, 60_000)).diagnostics, fresh(large));
  } finally {
    client.kill();
  }
});

test('a change that arrives while a large file is first parsed gets the diagnostics of the changed text', async () => {
  const { client } = await withSmallFile();
  try {
    const large = new TestDocument('file:///work/large_tools.py', 'python', LARGE);
    await client.open(large);
    await client.change(large.nextVersion(), [large.edit(0, 0, 'import os\n\n')]);
    const published = await client.waitForDiagnostics(large.uri, large.version, undefined, 60_000);
    assert.deepEqual(published.diagnostics, fresh(large));
    assert.deepEqual(client.diagnostics.filter((params) => params.uri === large.uri).map((params) => params.version), [large.version]);
  } finally {
    client.kill();
  }
});

test('changes that keep arriving while a large file is first parsed and analysed: the last one gets the diagnostics of its text', async () => {
  const { client } = await withSmallFile();
  try {
    const large = new TestDocument('file:///work/large_tools.py', 'python', LARGE);
    await client.open(large);
    // Through the parse and into the analysis: each change drops what was being made and starts on the new text.
    for (let change = 0; change < 10; change++) {
      await new Promise((resolve) => setTimeout(resolve, 80));
      await client.change(large.nextVersion(), [large.edit(0, 0, `x_${change} = ${change}\n`)]);
    }
    const published = await client.waitForDiagnostics(large.uri, large.version, undefined, 60_000);
    assert.deepEqual(published.diagnostics, fresh(large));
  } finally {
    client.kill();
  }
});

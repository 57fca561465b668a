// A large file's first parse and first analysis run in steps over the real stdio server
// (lsp/documents.ts parseInSteps, core/incremental/analyzer.ts firstAnalysisInSteps): the server answers
// requests on other files meanwhile, the diagnostics are those of a fresh analysis, and changes that
// arrive meanwhile get the diagnostics of the changed text.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver/node';
import { generatePython } from '../../bench/generate';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { LspClient, TestDocument } from '../helpers/lsp-client';

/** About 1.5 MB: its first parse and analysis run in steps for a second or more. */
const LARGE = generatePython(40_000, 3);
const SMALL = generatePython(60, 4);

before(() => initAnalysis(['python']));

/** What a fresh analysis publishes first (computed while the server works on the same text: the two run on separate cores); the second publish of a version adds what the tools' effects say (effects.test.ts). */
function fresh(document: TestDocument): Diagnostic[] {
  return analyzeText(document.text, 'tools.py', { effects: EFFECTS_NOT_READ })!.findings.map((finding) => toDiagnostic(finding, { uri: document.uri, relatedInformation: true }));
}

/**
 * Runs `body` on a server with a small file open and analysed, right after the large file is
 * opened (the server is then starting on its first parse); the server is stopped after.
 */
async function withLargeFileOpening(body: (client: LspClient, large: TestDocument, small: TestDocument) => Promise<void>): Promise<void> {
  const { client } = await LspClient.start();
  try {
    const small = new TestDocument('file:///work/small_tools.py', 'python', SMALL);
    await client.open(small);
    await client.waitForDiagnostics(small.uri, 1);
    await client.untilIdle();
    const large = new TestDocument('file:///work/large_tools.py', 'python', LARGE);
    await client.open(large);
    await body(client, large, small);
  } finally {
    client.kill();
  }
}

/** The diagnostics of the large file's current version (its analysis takes seconds on a slow machine). */
async function diagnosticsOfLatest(client: LspClient, large: TestDocument): Promise<Diagnostic[]> {
  return (await client.waitForDiagnostics(large.uri, large.version, undefined, 60_000)).diagnostics;
}

test('while a large file is first parsed and analysed, hovers on another file are answered; its diagnostics are a fresh analysis\'s', async () => {
  await withLargeFileOpening(async (client, large, small) => {
    let diagnosticsAt: number | undefined;
    const hovers: Array<Promise<{ sent: number; answered: number }>> = [];
    const diagnostics = diagnosticsOfLatest(client, large).then((published) => {
      diagnosticsAt = performance.now();
      return published;
    });
    const timer = setInterval(() => {
      const sent = performance.now();
      hovers.push(client.connection.sendRequest('textDocument/hover', { textDocument: { uri: small.uri }, position: { line: 20, character: 10 } })
        .then(() => ({ sent, answered: performance.now() })));
    }, 25);
    const published = await diagnostics;
    clearInterval(timer);
    const answers = await Promise.all(hovers);
    // Those sent in the last moment before the diagnostics may still be on their way (a loaded machine's turns are
    // long): count the ones sent at least TAIL_MS before. Held, the server would answer none of those until it is
    // done (the first parse alone in steps: about a quarter).
    const TAIL_MS = 250;
    const early = answers.filter((answer) => answer.sent < diagnosticsAt! - TAIL_MS);
    const answeredBefore = early.filter((answer) => answer.answered < diagnosticsAt!).length;
    assert.ok(early.length >= 10, `only ${early.length} hovers were sent ${TAIL_MS} ms or more before the large file's diagnostics came`);
    assert.ok(answeredBefore >= 0.75 * early.length, `${answeredBefore} of the ${early.length} hovers sent ${TAIL_MS} ms or more before the large file's diagnostics were answered before them`);
    assert.deepEqual(published, fresh(large));
    // Keystrokes after it are analysed as usual (the expected diagnostics computed here while the server works).
    await client.change(large.nextVersion(), [large.edit(0, 0, '# edited\n')]);
    const expected = fresh(large);
    assert.deepEqual(await diagnosticsOfLatest(client, large), expected);
  });
});

test('a change that arrives while a large file is first parsed gets the diagnostics of the changed text', async () => {
  await withLargeFileOpening(async (client, large) => {
    await client.change(large.nextVersion(), [large.edit(0, 0, 'import os\n\n')]);
    const expected = fresh(large);
    assert.deepEqual(await diagnosticsOfLatest(client, large), expected);
    assert.deepEqual(client.diagnostics.filter((params) => params.uri === large.uri).map((params) => params.version), [large.version]);
  });
});

test('changes that keep arriving while a large file is first parsed and analysed: the last one gets the diagnostics of its text', async () => {
  await withLargeFileOpening(async (client, large) => {
    // Through the parse and into the analysis: each change drops what was being made and starts on the new text.
    for (let change = 0; change < 10; change++) {
      await new Promise((resolve) => setTimeout(resolve, 80));
      await client.change(large.nextVersion(), [large.edit(0, 0, `x_${change} = ${change}\n`)]);
    }
    const expected = fresh(large);
    assert.deepEqual(await diagnosticsOfLatest(client, large), expected);
  });
});

// The server's warm-up (server/src/lsp/warm-up): the sample it types into for each grammar is
// clean code declaring tools with findings (so the keystrokes run the extraction and the rules),
// each grammar is warmed up once, without an error, and an interruption ends what is running.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Connection } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { GrammarId, parse } from '../../server/src/core/parse/parser';
import { Logger } from '../../server/src/lsp/log';
import { warmUpSample } from '../../server/src/lsp/warm-up/samples';
import { WARM_UP_KEYSTROKES, WarmUp } from '../../server/src/lsp/warm-up/warm-up';

const FILES: Record<GrammarId, string> = { python: 'sample.py', typescript: 'sample.ts', tsx: 'sample.tsx', javascript: 'sample.js', go: 'sample.go', csharp: 'sample.cs' };

/** A logger that keeps the errors and the debug-level lines (where the warm-up reports). */
function recordingLogger(): { log: Logger; errors: string[]; debugs: string[] } {
  const errors: string[] = [];
  const debugs: string[] = [];
  const connection = { console: { error: (message: string) => errors.push(message), debug: (message: string) => debugs.push(message), info: () => undefined, warn: () => undefined, log: () => undefined } };
  return { log: new Logger(connection as unknown as Connection), errors, debugs };
}

const LANGUAGES: Record<GrammarId, string> = { python: 'Python', typescript: 'TypeScript', tsx: 'TSX', javascript: 'JavaScript', go: 'Go', csharp: 'C#' };

test('each grammar\'s sample parses cleanly and declares tools, with findings of more than one rule', async () => {
  await initAnalysis();
  for (const [grammar, file] of Object.entries(FILES) as Array<[GrammarId, string]>) {
    const text = warmUpSample(grammar);
    assert.equal(parse(grammar, text).rootNode.hasError, false, grammar);
    const result = analyzeText(text, file);
    assert.ok(result, grammar);
    assert.equal(result.declarations.length, grammar === 'python' ? 40 : 24, grammar);
    const rules = new Set(result.findings.map((finding) => finding.rule));
    assert.ok(rules.has('read-only-destructive') && rules.has('missing-annotation-hint'), `${grammar}: ${[...rules].join(', ')}`);
  }
});

test('warming up types the keystrokes into each grammar\'s sample once, and says so in the log, at debug level', async () => {
  await initAnalysis();
  const { log, errors, debugs } = recordingLogger();
  const warmUp = new WarmUp(log);
  for (const grammar of Object.keys(FILES) as GrammarId[]) {
    warmUp.start(grammar);
    warmUp.start(grammar);
  }
  await warmUp.done();
  assert.deepEqual(errors, []);
  assert.equal(warmUp.typed, Object.keys(FILES).length * WARM_UP_KEYSTROKES);
  assert.deepEqual(debugs.map((message) => message.replace(/\(\d+ ms\)/, '(N ms)')), (Object.keys(FILES) as GrammarId[]).map((grammar) =>
    `Ready for fast typing in ${LANGUAGES[grammar]} files: practised ${WARM_UP_KEYSTROKES} keystrokes on a sample file in the background (N ms).`));
});

test('an interruption ends the warm-ups started so far, queued ones too; a grammar started later still warms up', async () => {
  await initAnalysis();
  const { log, errors, debugs } = recordingLogger();
  const warmUp = new WarmUp(log);
  warmUp.start('python');
  warmUp.start('typescript');
  while (warmUp.typed < 5) await new Promise((resolve) => setImmediate(resolve));
  warmUp.interrupt();
  const typed = warmUp.typed;
  await warmUp.done();
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(warmUp.typed, typed);
  assert.ok(typed < WARM_UP_KEYSTROKES, `${typed} keystrokes`);
  assert.equal(debugs.length, 0, 'no warm-up finished');
  // An interrupted grammar counts as warmed (the author's typing warms it); another one warms up in full.
  warmUp.start('python');
  warmUp.start('javascript');
  await warmUp.done();
  assert.equal(warmUp.typed, typed + WARM_UP_KEYSTROKES);
  assert.deepEqual(debugs.map((message) => message.split(':')[0]), ['Ready for fast typing in JavaScript files']);
  assert.deepEqual(errors, []);
});

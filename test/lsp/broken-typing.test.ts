// Typing in broken code over the real stdio server (issue 22): Python and TypeScript files with three unclosed brackets
// in different tool declarations, opened so or typed in, then typed into away from them and inside them (each edit
// waited for, as the benchmark's broken-code rows type). After every change the published diagnostics are a fresh
// analysis of the trees the core's parse gives for the same changes: the server's analysis reuses what it kept from
// the edits before, and this one reads everything again. (A typo that breaks another statement gets a region of its
// own, so the rest reads on as before; the CLI parses the whole file, whose error recovery may swallow declarations
// after the typo.) Each time a typo is deleted again, the text is the broken file as it was, and the diagnostics are
// also the CLI's for it.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Diagnostic } from 'vscode-languageserver/node';
import { breakDeclarations, Change, editsAway, editsInside } from '../../bench/broken-edits';
import { generatePython, generateScript } from '../../bench/generate';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { IncrementalScriptAnalyzer } from '../../server/src/core/incremental/typescript';
import { GrammarId } from '../../server/src/core/parse/parser';
import { IncrementalParse } from '../../server/src/core/parse/windows';
import { toDiagnostic } from '../../server/src/lsp/convert';
import { treeEditFor } from '../../server/src/lsp/edits';
import { LiveDocument } from '../../server/src/lsp/live-document';
import { LspClient, TestDocument } from '../helpers/lsp-client';

before(() => initAnalysis(['python', 'typescript']));

const CASES: Array<{ name: string; grammar: GrammarId; text: string }> = [
  { name: 'tools.py', grammar: 'python', text: generatePython(200, 31) },
  { name: 'tools.ts', grammar: 'typescript', text: generateScript(200, 32, true) },
];

/**
 * The core's parse of the same changes, as the server keeps it (its text in pieces, its trees settled after each
 * analysis, as the server does once it has published), analysed afresh at every version.
 */
class Replay {
  private readonly live: LiveDocument;
  private readonly parse: IncrementalParse;

  constructor(private readonly grammar: GrammarId, private readonly uri: string, text: string) {
    this.live = new LiveDocument(uri, grammar, 1, text);
    this.parse = new IncrementalParse(grammar);
  }

  offsetAt(position: Change['range']['start']): number {
    return this.live.offsetAt(position);
  }

  change(change: Change): void {
    this.parse.edit(treeEditFor(this.live, change.range, change.text));
    this.live.update([change], this.live.version + 1);
  }

  diagnostics(): Diagnostic[] {
    const analyzer = this.grammar === 'python' ? new IncrementalAnalyzer() : new IncrementalScriptAnalyzer();
    const syntax = this.parse.current(this.live.text);
    const { findings } = analyzer.analyze(this.grammar, syntax, this.live.text, {});
    this.parse.settle(this.live.text);
    return diagnosticsOf(findings, this.uri);
  }

  delete(): void {
    this.parse.delete();
  }
}

function diagnosticsOf(findings: readonly Finding[], uri: string): Diagnostic[] {
  return findings.map((finding) => toDiagnostic(finding, { uri, relatedInformation: true }));
}

for (const { name, grammar, text } of CASES) {
  for (const opened of [true, false]) {
    test(`${name} with three unclosed brackets ${opened ? 'opened so' : 'typed in'}: typed into away from them and inside them, every change's diagnostics are a fresh analysis of the core's trees, and the CLI's once a typo is deleted`, async () => {
      const broken = breakDeclarations(text, analyzeText(text, name)!.declarations, 3);
      assert.equal(broken.breaks.length, 3);
      const uri = `file:///work/${name}`;
      const cli = diagnosticsOf(analyzeText(broken.text, name)!.findings, uri);
      const { client } = await LspClient.start();
      const replay = new Replay(grammar, uri, opened ? broken.text : text);
      try {
        const document = new TestDocument(uri, grammar, opened ? broken.text : text);
        await client.open(document);
        assert.deepEqual((await client.waitForDiagnostics(uri, 1)).diagnostics, replay.diagnostics(), 'opened');
        let typosDeleted = 0;
        const send = async (change: Change, what: string) => {
          const edit = document.edit(replay.offsetAt(change.range.start), replay.offsetAt(change.range.end), change.text);
          replay.change(change);
          await client.change(document.nextVersion(), [edit]);
          const published = (await client.waitForDiagnostics(uri, document.version)).diagnostics;
          const where = `${what} (${JSON.stringify(change)})`;
          assert.deepEqual(published, replay.diagnostics(), where);
          if (document.text !== broken.text) return;
          typosDeleted++;
          assert.deepEqual(published, cli, `${where}: the broken file as it was, as the CLI reads it`);
        };
        if (!opened) for (const edit of broken.edits) await send(edit, 'a bracket deleted');
        for (const edit of editsAway(broken.text, broken.breaks, 20, 7)) await send(edit, 'typed away');
        for (const edit of editsInside(broken.text, broken.breaks, 20, 7)) await send(edit, 'typed inside');
        assert.equal(typosDeleted, opened ? 20 : 21, 'each typo deleted again (and the last bracket deleted) gives back the broken file');
      } finally {
        replay.delete();
        client.kill();
      }
    });
  }
}

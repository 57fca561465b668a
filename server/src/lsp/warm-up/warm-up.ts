/**
 * Warming up: once a document's first diagnostics are written, the server types into a sample
 * module of the same language (samples.ts) while it has nothing else to do, through the code a
 * keystroke runs: the document's text, the incremental parse and its settling, the incremental
 * analysis, the diagnostics and their encoding. Nothing is sent. Without it the author's first
 * keystrokes run that code before the JIT has compiled it: 40-55 ms for the first on 500 lines,
 * and 5-15 ms for each of the next ten, against about 2 ms once warm.
 *
 * It runs in slices of a few milliseconds, each in its own turn of the event loop, so a message
 * from the client waits for one slice at most, and it ends at the next change to a document: from
 * then on the author's own typing warms the same code. A document of another language opened
 * later warms that language up in the same way.
 *
 * `node dist/server.js --stdio --no-warm-up` leaves it out: less CPU time (about 0.5-1 s per
 * language a server sees, on 2 cores), slower first keystrokes. The tests start their servers so,
 * but for the tests of the warm-up itself.
 */
import { Position, Range } from 'vscode-languageserver/node';
import { incrementalAnalyzerClass } from '../../core/incremental/for-grammar';
import { GrammarId } from '../../core/parse/parser';
import { IncrementalParse } from '../../core/parse/windows';
import { toDiagnostic } from '../convert';
import { treeEditFor } from '../edits';
import { LiveDocument } from '../live-document';
import { Logger } from '../log';
import { DEFAULT_SETTINGS } from '../settings';
import { nextTurn } from '../turns';
import { DiagnosticCache, wireEncoder } from '../wire';
import { warmUpSample } from './samples';

/** Keystrokes typed into each sample: twice as many, into a sample twice as long, made no measurable difference (bench/NOTES.md). */
export const WARM_UP_KEYSTROKES = 300;
/** How long one slice runs before the event loop gets a turn. */
const SLICE_MS = 4;
const URI = 'mcp-tool-lint-warm-up:/sample';
const TYPED = ['e', ' ', '(', '"', ',', '_', '\n'];
const LANGUAGE_NAMES: Record<GrammarId, string> = { python: 'Python', typescript: 'TypeScript', tsx: 'TSX', javascript: 'JavaScript', go: 'Go', csharp: 'C#' };

export class WarmUp {
  private readonly warmed = new Set<GrammarId>();
  /** Counts interruptions: a run started before the latest one ends at its next turn. */
  private interruptions = 0;
  private running: Promise<void> = Promise.resolve();
  /** Warm-ups started and not yet finished or stopped. */
  private unfinished = 0;
  private keystrokesTyped = 0;

  constructor(private readonly log: Logger, private readonly enabled = true) {}

  /** Warms up the code for `grammar`'s documents, once, after whatever is warming up now. */
  start(grammar: GrammarId): void {
    if (!this.enabled || this.warmed.has(grammar)) return;
    this.warmed.add(grammar);
    const interruptions = this.interruptions;
    this.unfinished++;
    this.running = this.running.then(() => this.run(grammar, interruptions)).catch((error: unknown) => this.log.error('Warming up', error)).finally(() => {
      this.unfinished--;
    });
  }

  /** While a warm-up runs: a promise that resolves once the warm-ups started so far have finished or stopped. */
  whileRunning(): Promise<void> | undefined {
    return this.unfinished > 0 ? this.running : undefined;
  }

  /**
   * Ends the warm-ups started so far (a document changed: the author's typing warms the same code);
   * their grammars count as warmed. A grammar started later (a document of another language) still warms up.
   */
  interrupt(): void {
    this.interruptions++;
  }

  /** Resolves when the warm-up started so far has finished or stopped. */
  done(): Promise<void> {
    return this.running;
  }

  /** The keystrokes typed into samples so far, all grammars together. */
  get typed(): number {
    return this.keystrokesTyped;
  }

  private async run(grammar: GrammarId, interruptions: number): Promise<void> {
    const started = performance.now();
    const steps = typeInto(grammar, (error) => this.log.error('Warming up', error));
    try {
      for (;;) {
        await nextTurn();
        if (this.interruptions !== interruptions) return;
        const until = performance.now() + SLICE_MS;
        do {
          const step = steps.next();
          if (step.done) {
            this.log.debug(`Ready for fast typing in ${LANGUAGE_NAMES[grammar]} files: practised ${WARM_UP_KEYSTROKES} keystrokes on a sample file in the background (${Math.round(performance.now() - started)} ms).`);
            return;
          }
          if (step.value === 'typed') this.keystrokesTyped++;
        } while (performance.now() < until);
      }
    } finally {
      steps.return(undefined);
    }
  }
}

/**
 * Types the sample's keystrokes one by one: each is analysed (a step yielding `typed`), then
 * settled (a step of its own). The trees are freed when the generator ends or is closed.
 */
function* typeInto(grammar: GrammarId, failed: (error: unknown) => void): Generator<'typed' | 'settled', void, undefined> {
  const sample = warmUpSample(grammar);
  const document = new LiveDocument(URI, grammar, 1, sample);
  const parse = new IncrementalParse(grammar);
  const analyzer = new (incrementalAnalyzerClass(grammar))();
  const diagnostics = new DiagnosticCache((finding) => toDiagnostic(finding, { uri: URI, relatedInformation: true }));
  const encoder = wireEncoder();
  try {
    for (const change of [undefined, ...keystrokes(sample)]) {
      if (change) {
        parse.edit(treeEditFor(document, change.range, change.text));
        document.update([change], document.version + 1);
      }
      const result = analyzer.analyze(grammar, parse.current(document.text), document.text, DEFAULT_SETTINGS);
      const params = { uri: URI, version: document.version, diagnostics: diagnostics.diagnosticsOf(result.findings) };
      encoder.encode({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params } as never, { charset: 'utf-8' }).catch(failed);
      if (change) yield 'typed';
      parse.settle(document.text);
      yield 'settled';
    }
  } finally {
    parse.delete();
  }
}

/** Typos and their corrections spread over the text: a character typed at a line, then deleted again. */
function keystrokes(text: string): Array<{ range: Range; text: string }> {
  const lines = text.split('\n');
  const changes: Array<{ range: Range; text: string }> = [];
  let seed = 7;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  for (let index = 0; changes.length < WARM_UP_KEYSTROKES; index++) {
    const line = Math.floor(((index % (WARM_UP_KEYSTROKES / 2)) + 0.5) * (lines.length / (WARM_UP_KEYSTROKES / 2)));
    const start: Position = { line, character: next(lines[line].length + 1) };
    const typed = TYPED[next(TYPED.length)];
    const end = typed === '\n' ? { line: line + 1, character: 0 } : { line, character: start.character + 1 };
    changes.push({ range: { start, end: start }, text: typed }, { range: { start, end }, text: '' });
  }
  return changes;
}

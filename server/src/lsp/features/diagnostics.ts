/**
 * Push diagnostics: every open document is linted when it opens, on every change (or only on
 * save, with `mcpToolLint.run: onSave`) and when the settings change, and `publishDiagnostics`
 * carries the version it was made for.
 */
import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import type { ServerContext } from '../context';
import { toDiagnostic } from '../convert';
import { nextTurn } from '../turns';
import { DiagnosticCache, encodedOf, sameEncoded } from '../wire';

/**
 * Resolves once the connection has handled the next message it has already received: it
 * handles one per turn of the event loop, scheduled when the current handler returns.
 */
async function afterNextMessage(): Promise<void> {
  await Promise.resolve();
  await nextTurn();
}

/**
 * How long one slice of preparing a document for its next edit runs before the event loop gets a
 * turn: a keystroke arriving meanwhile waits for the slice to end (after an edit that re-read every
 * tool of a 500-line file, preparing them all again took 4-8 ms).
 */
const PREPARE_SLICE_MS = 1;

/**
 * How long after a document's diagnostics are published (typing has paused that long) its tools'
 * effects are read (issue 27): the second publish of the version comes well within a second.
 */
const EFFECTS_DELAY_MS = 250;

/** Why a document is linted: with `run: onSave`, `change` is skipped; otherwise `save` is. */
type Trigger = 'open' | 'change' | 'save' | 'settings' | 'project';

export function capabilities(): ServerCapabilities {
  return { textDocumentSync: { save: { includeText: false } } };
}

export function register(connection: Connection, context: ServerContext): void {
  const { documents, analyzer, settings, log, warmUp } = context;
  /** Documents we have published diagnostics for, with how many were sent last. */
  const published = new Map<string, number>();
  /** Per document, its diagnostics as last built and encoded, with the client capability they were made for. */
  const caches = new Map<string, { cache: DiagnosticCache; relatedInformation: boolean }>();

  const lint = log.guard('Linting a document', async (uri: string, version: number, trigger: Trigger) => {
    const run = trigger === 'change' || trigger === 'save' ? (await settings.settingsFor(uri)).run : undefined;
    // onSave: changes wait for the save; onType: a save changes nothing the last change did not lint.
    if ((trigger === 'change' && run === 'onSave') || (trigger === 'save' && run !== 'onSave')) return;
    // Changes the connection has already received land first, so a superseded version is not analysed.
    await afterNextMessage();
    if (documents.get(uri)?.version !== version) return;
    const analysis = await analyzer.analyze(uri);
    // Closed meanwhile, or a newer version arrived: its own call publishes.
    if (!analysis || analysis.version !== version) return;
    if (!analysis.result) {
      // Skipped (disabled, too large, not a language we lint): only clear what we showed before.
      if (published.get(uri)) sendDiagnostics(uri, version, []);
      return;
    }
    sendDiagnostics(uri, version, cacheOf(uri).diagnosticsOf(analysis.result.findings));
    if (analysis.result.declarations.length) scheduleEffects(uri, version);
  });

  /** Per document, the pending read of its tools' effects (one at a time: a newer version's replaces it). */
  const effectReads = new Map<string, NodeJS.Timeout>();

  function scheduleEffects(uri: string, version: number): void {
    clearTimeout(effectReads.get(uri));
    effectReads.set(uri, setTimeout(readEffects, EFFECTS_DELAY_MS, uri, version));
  }

  // The second publish of a version: what the tools' bodies do, read through the modules they call.
  const readEffects = log.guard('Reading what a document\'s tools do', async (uri: string, version: number) => {
    effectReads.delete(uri);
    if (documents.get(uri)?.version !== version) return;
    const refreshed = await analyzer.readEffects(uri, version);
    if (!refreshed?.result || documents.get(uri)?.version !== version) return;
    const diagnostics = cacheOf(uri).diagnosticsOf(refreshed.result.findings);
    // The effects may change nothing the user sees (the findings were made with the same ones): no second publish then.
    if (!sameEncoded(encodedOf(diagnostics), lastSent.get(uri))) sendDiagnostics(uri, version, diagnostics);
  });

  function cacheOf(uri: string): DiagnosticCache {
    const relatedInformation = context.client.textDocument?.publishDiagnostics?.relatedInformation === true;
    let entry = caches.get(uri);
    if (entry?.relatedInformation !== relatedInformation) {
      entry = { cache: new DiagnosticCache((finding) => toDiagnostic(finding, { uri, relatedInformation })), relatedInformation };
      caches.set(uri, entry);
    }
    return entry.cache;
  }

  /** Per document with tools, the diagnostics last sent (the effects' second publish is skipped when it says the same). */
  const lastSent = new Map<string, readonly Buffer[] | undefined>();

  function sendDiagnostics(uri: string, version: number, diagnostics: ReturnType<typeof toDiagnostic>[]): void {
    published.set(uri, diagnostics.length);
    // Their JSON as encoded when made (nothing to compute on a keystroke); the second pass compares it.
    if (analyzer.latest(uri)?.result?.declarations.length) lastSent.set(uri, encodedOf(diagnostics));
    else lastSent.delete(uri);
    connection.sendDiagnostics({ uri, version, diagnostics })
      // Written: the time until the next keystroke settles the document's trees (one again), prepares its analysis for
      // the next edit, then warms up what is not warm yet, after the messages already received.
      .then(() => setImmediate(afterPublishing, uri, version))
      .catch((error: unknown) => log.error('Publishing diagnostics', error));
  }

  const afterPublishing = log.guard('Settling a document\'s parse', (uri: string, version: number) => {
    documents.settle(uri, version);
    prepareForEdits(uri, version);
  });

  // In slices: the first preparation indexes every declaration of the file (26-40 ms on 10,000 lines).
  const prepareForEdits = log.guard('Preparing a document for its next edit and warming up', (uri: string, version: number) => {
    const until = performance.now() + PREPARE_SLICE_MS;
    const outcome = analyzer.prepareForEdits(uri, version, () => performance.now() >= until);
    if (outcome === 'more') setImmediate(prepareForEdits, uri, version);
    if (outcome !== 'done') return;
    const grammar = documents.grammarOf(uri);
    if (grammar) warmUp.start(grammar);
  });

  documents.onDidOpen((document) => lint(document.uri, document.version, 'open'));
  documents.onDidChange((document) => {
    warmUp.interrupt();
    lint(document.uri, document.version, 'change');
  });
  connection.onDidSaveTextDocument(log.guard('didSave', ({ textDocument }) => {
    const document = documents.get(textDocument.uri);
    if (document) lint(document.uri, document.version, 'save');
  }));
  documents.onDidClose((uri) => {
    caches.delete(uri);
    clearTimeout(effectReads.get(uri));
    effectReads.delete(uri);
    lastSent.delete(uri);
    if (!published.delete(uri)) return;
    connection.sendDiagnostics({ uri, diagnostics: [] }).catch((error: unknown) => log.error('Clearing diagnostics', error));
  });
  settings.onDidChange(() => {
    for (const document of documents.all()) lint(document.uri, document.version, 'settings');
  });
  // What an open document sees of another module changed: its findings may too.
  context.project.onDidChangeViews((uris) => {
    for (const uri of uris) {
      const document = documents.get(uri);
      if (document) lint(document.uri, document.version, 'project');
    }
  });
}

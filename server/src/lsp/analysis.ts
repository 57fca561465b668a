/**
 * Analyses open documents with the core, once per document version and settings, and keeps
 * the latest result so other features (code actions, hover) can reuse it.
 */
import { SourceText, textString } from '../core/source-text';
import { Tree } from 'web-tree-sitter';
import { AnalysisOptions, AnalysisResult, findingsFor, MAX_LINE_LENGTH, mayDeclareTools } from '../core/analyze';
import { effectSteps } from '../core/effects/tool-effects';
import { lookupIn } from '../core/parse/windows';
import { DocumentEffects } from './document-effects';
import { ProjectView } from '../core/project/view';
import { IncrementalAnalyzer } from '../core/incremental/analyzer';
import { IncrementalScriptAnalyzer } from '../core/incremental/typescript';
import { AnyIncrementalAnalyzer, incrementalAnalyzerClass } from '../core/incremental/for-grammar';
import { GrammarId } from '../core/parse/parser';
import { Emitter, Event } from 'vscode-languageserver/node';
import { DocumentStore, MAX_DOCUMENT_BYTES, STEPPED_PARSE_CHARACTERS, uriToPath } from './documents';
import { LiveDocument } from './live-document';
import { Logger } from './log';
import { LintSettings, Settings } from './settings';
import { runInSlices } from './turns';
import { withFields } from '../core/with-fields';

export interface DocumentAnalysis {
  uri: string;
  /** The document version the analysis was made for. */
  version: number;
  settings: LintSettings;
  /** What the core analysed it with: the settings, and the document's view of its project when it has one. */
  options: AnalysisOptions;
  /** The findings; undefined when the document was skipped. */
  result?: AnalysisResult;
  skipped?: 'not-linted' | 'disabled' | 'too-large' | 'excluded';
}

/** How long a large document's first parse or analysis runs before the event loop gets a turn. */
const SLICE_MS = 15;

export class Analyzer {
  private readonly cache = new Map<string, DocumentAnalysis>();
  /** Per document: re-extracts only the statements an edit touched. */
  private readonly incremental = new Map<string, AnyIncrementalAnalyzer>();
  private readonly tooLarge = new Set<string>();
  /** Per document, its first parse in steps while it runs. */
  private readonly steppedParses = new Map<string, Promise<unknown>>();
  /** Per document, its first analysis in steps while it runs, for the version and settings it is of. */
  private readonly analysesInSteps = new Map<string, { version: number; options: AnalysisOptions; done: Promise<unknown> }>();
  /** Per document: the options it was last analysed with, for its settings and view (a new object means a new, full analysis). */
  private readonly documentOptions = new Map<string, { settings: LintSettings; view?: ProjectView; options: AnalysisOptions }>();
  /** Per document: its tools' effects, read by the second pass (`readEffects`). */
  private readonly effects = new Map<string, DocumentEffects>();
  /** A document's view of its project (set once the project index exists). */
  projectViews: (uri: string) => ProjectView | undefined = () => undefined;
  private readonly analysed = new Emitter<DocumentAnalysis>();
  /** A new analysis was made (a new version, or new settings). */
  readonly onDidAnalyze: Event<DocumentAnalysis> = this.analysed.event;

  /** Per grammar: whether it loaded; when it did not, main.ts has logged why and no document of it is analysed. */
  private readonly loaded = new Map<GrammarId, Promise<boolean>>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly settings: Settings,
    private readonly log: Logger,
    /** Loads a grammar (once); resolves when it is loaded. */
    private readonly loadGrammar: (grammar: GrammarId) => Promise<void>,
  ) {
    documents.onDidClose((uri) => {
      this.cache.delete(uri);
      this.documentOptions.delete(uri);
      this.effects.delete(uri);
      this.incremental.delete(uri);
      this.tooLarge.delete(uri);
    });
  }

  /** The analysis of a document's current version; undefined when it is not open (any more) or the grammars failed to load. */
  async analyze(uri: string): Promise<DocumentAnalysis | undefined> {
    const grammar = this.documents.grammarOf(uri);
    if (grammar && !(await this.grammarLoaded(grammar))) return undefined;
    const settings = await this.settings.settingsFor(uri);
    const options = this.optionsFor(uri, settings);
    const document = this.documents.get(uri);
    if (!document) return undefined;
    // Reopened meanwhile in another language: wait for that grammar instead.
    if (this.documents.grammarOf(uri) !== grammar) return this.analyze(uri);
    const cached = this.cache.get(uri);
    if (cached && cached.version === document.version && cached.options === options) return cached;
    if (this.documents.needsParseInSteps(uri)) {
      // A large document's first parse gives the event loop turns; then the analysis is of what the document is by then.
      await this.parseInSteps(uri);
      return this.analyze(uri);
    }
    const inSteps = this.analysesInSteps.get(uri);
    if (inSteps && inSteps.version === document.version && inSteps.options === options) {
      await inSteps.done;
      return this.analyze(uri);
    }
    let computed = this.compute(uri, document.text, settings, options);
    if ('steps' in computed) {
      const { steps, tree } = computed;
      const done = this.runSteps(document, tree, steps);
      this.analysesInSteps.set(uri, { version: document.version, options, done });
      const result = await done.finally(() => this.analysesInSteps.delete(uri));
      // The document changed meanwhile: the analysis is of what it is now.
      if (!result) return this.analyze(uri);
      computed = { result };
    }
    const analysis: DocumentAnalysis = { uri, version: document.version, settings, options, ...computed };
    this.cache.set(uri, analysis);
    this.analysed.fire(analysis);
    return analysis;
  }

  /** Loads `grammar` when it is not yet; resolves to whether it loaded (only the document's own grammar is waited for). */
  grammarLoaded(grammar: GrammarId): Promise<boolean> {
    let loaded = this.loaded.get(grammar);
    if (!loaded) this.loaded.set(grammar, (loaded = this.loadGrammar(grammar).then(() => true, () => false)));
    return loaded;
  }

  /**
   * Between keystrokes: prepares the analysis of a document's `version` for the next edit
   * (core/incremental/shift.ts) until `timeIsUp()`. `more` when it stopped for time; `stale` when
   * that version is no longer the document's or its analysis (the next analysis prepares its own).
   */
  prepareForEdits(uri: string, version: number, timeIsUp: () => boolean): 'done' | 'more' | 'stale' {
    if (this.cache.get(uri)?.version !== version || this.documents.get(uri)?.version !== version) return 'stale';
    return this.incremental.get(uri)?.prepareForEdits(timeIsUp) === false ? 'more' : 'done';
  }

  /** The document's first parse in steps, one at a time however many ask for the analysis meanwhile. */
  private parseInSteps(uri: string): Promise<unknown> {
    let parsing = this.steppedParses.get(uri);
    if (!parsing) {
      parsing = runInSlices(this.documents.parseSteps(uri), SLICE_MS, () => true).finally(() => this.steppedParses.delete(uri));
      this.steppedParses.set(uri, parsing);
    }
    return parsing;
  }

  /** An analysis's steps, run in slices; undefined when the document changes (its tree is edited in place) or loses its tree meanwhile. */
  private runSteps(document: LiveDocument, tree: Tree, steps: Generator<void, AnalysisResult, undefined>): Promise<AnalysisResult | undefined> {
    const version = document.version;
    return runInSlices(steps, SLICE_MS, () => this.documents.get(document.uri) === document && document.version === version && this.documents.treeAsIs(document.uri) === tree);
  }

  /** The latest analysis made, whatever its version (undefined before the first one). */
  latest(uri: string): DocumentAnalysis | undefined {
    return this.cache.get(uri);
  }

  /** The analysis, or for a large document's first one the steps that make it (`runSteps`) and the tree they read. */
  /**
   * The settings, with the document's project view when it has one and its tools' effects as the
   * last pass read them (the same object while neither settings nor view change).
   */
  private optionsFor(uri: string, settings: LintSettings): AnalysisOptions {
    const view = this.projectViews(uri);
    const known = this.documentOptions.get(uri);
    if (known && known.settings === settings && known.view === view) return known.options;
    let effects = this.effects.get(uri);
    if (!effects) this.effects.set(uri, (effects = new DocumentEffects()));
    const options: AnalysisOptions = view ? withFields(settings, { project: view, effects }) : withFields(settings, { effects });
    this.documentOptions.set(uri, { settings, view, options });
    return options;
  }

  /**
   * The second pass over a document's version (issue 27): its tools' effects read from its whole tree
   * and, through its project view, from the modules they call; when they change what the findings
   * were made with, the findings are checked again and the analysis of the same version is replaced.
   * Read in slices (a large file's tools take a while): a change that arrives meanwhile is answered
   * first, and ends this pass (the new version has its own). Resolves to the new analysis, or
   * undefined when nothing changed (or the version is gone).
   */
  async readEffects(uri: string, version: number): Promise<DocumentAnalysis | undefined> {
    const analysis = this.cache.get(uri);
    const grammar = analysis?.result?.grammar;
    if (!analysis?.result || analysis.version !== version || this.documents.get(uri)?.version !== version) return undefined;
    if (!grammar) return undefined;
    const effects = this.effects.get(uri);
    // The whole tree first: made from a region's trees, it replaces the document's syntax (and deletes the region's tree).
    const tree = this.documents.tree(uri);
    const text = this.documents.parsedText(uri);
    if (!effects || !tree || text === undefined || analysis.options.effects !== effects) return undefined;
    const { declarations } = analysis.result;
    const unchanged = () => this.cache.get(uri) === analysis && this.documents.get(uri)?.version === version && this.documents.treeAsIs(uri) === tree;
    const read = await runInSlices(effectSteps(grammar, tree.rootNode, text, uriToPath(uri), declarations, analysis.options.project), SLICE_MS, unchanged);
    const syntax = this.documents.syntax(uri);
    if (!read || !syntax || !unchanged() || !effects.update(declarations, read)) return undefined;
    const lookup = lookupIn(syntax);
    const incremental = this.incremental.get(uri);
    const rechecked = incremental instanceof IncrementalAnalyzer || incremental instanceof IncrementalScriptAnalyzer ? incremental.recheck(lookup) : undefined;
    const findings = rechecked ?? findingsFor(lookup, text, declarations, analysis.options);
    const refreshed: DocumentAnalysis = withFields(analysis, { result: withFields(analysis.result, { findings }) });
    this.cache.set(uri, refreshed);
    return refreshed;
  }

  private compute(uri: string, rawText: SourceText, settings: LintSettings, options: AnalysisOptions): Pick<DocumentAnalysis, 'result' | 'skipped'> | { steps: Generator<void, AnalysisResult, undefined>; tree: Tree } {
    const text = this.documents.parsedText(uri) ?? rawText;
    const unparseable = this.documents.unparseable(uri);
    const grammar = this.documents.grammarOf(uri);
    if (!grammar) return { skipped: 'not-linted' };
    if (!settings.enable) {
      this.documents.dropTree(uri);
      return { skipped: 'disabled' };
    }
    if (settings.excluded) {
      this.documents.dropTree(uri);
      return { skipped: 'excluded' };
    }
    const limit = Math.min(settings.maxFileSize, MAX_DOCUMENT_BYTES);
    if (unparseable === 'too-large' || (text.length > limit / 3 && Buffer.byteLength(textString(text), 'utf8') > limit)) {
      this.documents.dropTree(uri);
      if (!this.tooLarge.has(uri)) this.log.info(`Not linting ${uri}: it is larger than ${formatBytes(limit)} (mcpToolLint.maxFileSize).`);
      this.tooLarge.add(uri);
      return { skipped: 'too-large' };
    }
    if (unparseable === 'overlong-line') {
      this.documents.dropTree(uri);
      if (!this.tooLarge.has(uri)) this.log.info(`Not linting ${uri}: it has a line longer than ${MAX_LINE_LENGTH.toLocaleString('en')} characters (minified or generated code).`);
      this.tooLarge.add(uri);
      return { skipped: 'too-large' };
    }
    this.tooLarge.delete(uri);
    if (!mayDeclareTools(text, grammar) && !options.project?.mentionsRegistrationWrapper?.(text)) {
      this.documents.dropTree(uri);
      return { result: { grammar, declarations: [], findings: [] } };
    }
    const syntax = this.documents.syntax(uri);
    if (!syntax) return { skipped: 'not-linted' };
    let incremental = this.incremental.get(uri);
    // Python, TypeScript / JavaScript and Go each have their own incremental analysis.
    if (!incremental || !(incremental instanceof incrementalAnalyzerClass(grammar))) {
      this.incremental.set(uri, (incremental = new (incrementalAnalyzerClass(grammar))()));
    }
    if (!syntax.regions?.length && text.length >= STEPPED_PARSE_CHARACTERS && incremental instanceof IncrementalAnalyzer) {
      const steps = incremental.firstAnalysisInSteps(grammar, syntax.tree, text, options);
      if (steps) return { steps, tree: syntax.tree };
    }
    return { result: incremental.analyze(grammar, syntax, text, options) };
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

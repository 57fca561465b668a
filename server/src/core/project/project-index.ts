/**
 * The project index (design.md, "The project"): per module, summaries instead of trees; what an
 * import stands for, resolved the way the language resolves it; the tools registered on each
 * server across modules. The language server and the CLI both analyse a file with its view
 * (`viewFor`); a change to a module drops what was read from it and the views that read it.
 */
import * as path from 'node:path';
import { mayDeclareTools } from '../analyze';
import { grammarForPath } from '../parse/parser';
import { ProjectFileSystem } from './file-system';
import { isSameOrBelow, ProjectLayout } from './layout';
import { sdkEvidenceIn } from './manifests';
import { ModuleFacts, ModuleTools, readFacts, readToolsInSteps, serversOfFacts } from './modules';
import { IndexView } from './project-view';
import { goSymbol, pythonMember, pythonSymbol, scriptSymbol, SymbolSource } from './symbols';
import { projectRootFor } from './roots';
import { ProjectSymbol, ProjectView, RemoteTool, ServerRef } from './view';
import { WrapperCallers } from './wrapper-callers';
import { ServerLists } from './server-lists';
import type { Extraction } from '../analyze';
import type { ModuleEffects } from '../effects/summary';
import { ModuleEffectsReader } from '../effects/module-effects';
import { goPackageFiles, resolveGoPackage } from './resolve-go';
import { csharpProjectFiles } from './resolve-csharp';

/** At most this many modules' effect summaries are kept (the oldest read are dropped first). */
const MAX_EFFECT_SUMMARIES = 5000;

/** Whether a Python module may compose servers (`mount`, `import_server`, `add_tools_from_module`): the pre-filter's other words. */
function mayCompose(file: string, text: string): boolean {
  return /\.pyi?$/.test(file) && (text.includes('.mount(') || text.includes('.import_server(') || text.includes('.add_tools_from_module('));
}

/** The files whose tools count for their servers, and those the pre-filter turned away: `ProjectIndex.candidateList`. */
export interface CandidateList {
  candidates: string[];
  turnedAway: string[];
}

/** What an index read of one module, as plain data (structured-cloneable): `ProjectIndex.summaryOf` and `adopt`. */
export interface ModuleSummary {
  tools?: ModuleTools;
  reads: string[];
  facts?: ModuleFacts;
}

/** Modules' summaries as one thread hands them to another. */
export type SummaryEntries = Array<[file: string, summary: ModuleSummary]>;

export interface ProjectIndexOptions {
  /** The config's `serverModules`: more SDK packages and modules. */
  serverModules?: readonly string[];
  /**
   * Keep each module's extraction (declarations, suppression comments) as its summary read it, for
   * `takeExtraction`: the CLI lints a file with it instead of parsing it again (the server does not keep them).
   */
  keepDeclarations?: boolean;
}

export class ProjectIndex implements SymbolSource {
  private readonly layouts = new Map<string, ProjectLayout>();
  private readonly facts = new Map<string, ModuleFacts | undefined>();
  private readonly tools = new Map<string, { tools?: ModuleTools; reads: Set<string> }>();
  private readonly computing = new Set<string>();
  /** Files whose tools count towards the servers' tool lists (those that may declare tools). */
  private readonly candidates = new Set<string>();
  /** What the candidates register across modules: recomputed after any change. */
  private readonly aggregates = new ServerLists({
    candidates: () => this.candidates,
    toolsRead: (file) => this.tools.get(file)?.tools,
    isRead: (file) => this.tools.has(file),
    factsOf: (file) => this.factsOf(file),
    toolsOf: (file) => this.toolsOf(file),
    symbolIn: (file, dotted) => pythonMember(this, file, dotted.split('.'), new Set(), 0),
    scriptSymbolIn: (file, specifier, name) => scriptSymbol(this, file, specifier, name, new Set()),
  });
  private readonly views = new Map<string, IndexView>();
  private readonly evidence = new Map<string, boolean>();
  /** Import resolutions by folder and specifier, and which modules pass the pre-filter: both dropped on any change. */
  private readonly resolutions = new Map<string, unknown>();
  private readonly holdsTools = new Map<string, boolean>();
  /** Counts the changes: a summary read in steps across one is not kept. */
  private changes = 0;
  private readonly kept = new Map<string, { text: string; extraction: Extraction }>();
  /** Modules read while a module they led to was still being read (an import cycle): a later reading may see more. */
  private readonly partial = new Set<string>();
  /** Files the pre-filter turned away, parsed after all once they name a wrapper the project defines. */
  readonly wrapperCallers = new WrapperCallers();
  /** Per module read by a tool's effects: its effect summaries (effects/summary.ts). */
  private readonly effects = new Map<string, ModuleEffects | undefined>();
  private readonly effectsReader = new ModuleEffectsReader((file) => this.fs.readText(file));

  constructor(private readonly roots: readonly string[], readonly fs: ProjectFileSystem, private readonly options: ProjectIndexOptions = {}) {}

  get serverModules(): readonly string[] {
    return this.options.serverModules ?? [];
  }

  /** The layout of the root `file` is in: the deepest given root holding it, else the project root found above it. */
  layoutFor(file: string): ProjectLayout {
    const holding = this.roots.filter((root) => isSameOrBelow(file, root)).sort((a, b) => b.length - a.length)[0];
    const root = holding ?? projectRootFor(file, this.fs);
    let layout = this.layouts.get(root);
    if (!layout) this.layouts.set(root, (layout = new ProjectLayout(root, this.fs)));
    return layout;
  }

  /** Adds files whose tools count for their servers; only those that may declare tools are kept. */
  addCandidates(files: Iterable<string>): void {
    for (const file of files) {
      if (this.candidates.has(file)) continue;
      const text = this.fs.readText(file);
      if (text === undefined) continue;
      if (mayDeclareTools(text, grammarForPath(file)) || mayCompose(file, text) || this.wrapperCallers.turnAway(file, text)) {
        this.candidates.add(file);
        this.forgetAggregates();
      }
    }
  }

  /** Files named on their own (the CLI's arguments, a pre-commit hook's staged files): candidates whatever the pre-filter says. */
  addNamedFiles(files: Iterable<string>): void {
    for (const file of files) {
      if (this.candidates.has(file) || this.fs.readText(file) === undefined) continue;
      this.candidates.add(file);
      this.forgetAggregates();
    }
  }

  /**
   * Whether the pre-filter turned `file` away, for good so far: it names no tool word and no registration
   * wrapper the candidates read define, so an analysis of the same text finds no tool (`analyzeText`'s pre-filter).
   */
  isTurnedAway(file: string): boolean {
    return !this.candidates.has(file) && this.wrapperCallers.isTurnedAway(file);
  }

  /** What the pre-filter decided of the files given (`addCandidates`, `addNamedFiles`), for an index on another thread (`takeCandidates`). */
  candidateList(): CandidateList {
    return { candidates: [...this.candidates], turnedAway: this.wrapperCallers.turnedAwayFiles() };
  }

  /** Takes what another index's pre-filter decided (`candidateList`) instead of reading every file again. */
  takeCandidates(list: CandidateList): void {
    for (const file of list.candidates) this.candidates.add(file);
    this.wrapperCallers.turnedAwayAlready(list.turnedAway);
    this.forgetAggregates();
  }

  /** The candidates whose tools are not read yet; once all are read, the files that call a wrapper they define. */
  pending(): string[] {
    const unread = (file: string) => !this.tools.has(file) && !this.computing.has(file);
    const pending = [...this.candidates].filter(unread);
    return pending.length ? pending : this.admitWrapperCallers().filter(unread);
  }

  /** The turned-away files that name a registration wrapper of the candidates read, made candidates. */
  private admitWrapperCallers(): string[] {
    const names: string[] = [];
    for (const file of this.candidates) {
      names.push(...this.tools.get(file)?.tools?.wrappers.keys() ?? []);
      const facts = this.facts.get(file);
      if (facts?.kind === 'go') names.push(...facts.wrappers.keys());
    }
    const admitted = this.wrapperCallers.learn(names, (file) => this.fs.readText(file));
    for (const file of admitted) this.candidates.add(file);
    if (admitted.length) this.forgetAggregates();
    return admitted;
  }

  /** Reads every candidate's tools at once (the CLI), then those of the files that call a wrapper they define. */
  summariseAll(): void {
    for (let pending = this.pending(); pending.length; pending = this.pending()) for (const file of pending) this.summarise(file);
  }

  /** Reads the tools of one candidate (the index's background work does this for each pending file). */
  summarise(file: string): void {
    this.toolsOf(file);
  }

  /** The candidates in path order: a folder's modules side by side (a package's tools import the same helpers). */
  candidatesByPath(): string[] {
    return [...this.candidates].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The files whose tools count for their servers, largest first (then by path): the order the server's index threads share them out in. */
  candidatesLargestFirst(): string[] {
    const size = (file: string) => this.fs.readText(file)?.length ?? 0;
    return [...this.candidates].map((file) => ({ file, size: size(file) }))
      .sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
      .map(({ file }) => file);
  }

  /** What this index read of `files`, for an index on another thread (`adopt`); files it read nothing of are left out. */
  summariesOf(files: Iterable<string>): SummaryEntries {
    const entries: SummaryEntries = [];
    for (const file of files) {
      const summary = this.summaryOf(file);
      if (summary) entries.push([file, summary]);
    }
    return entries;
  }

  /** What this index read of `file` (its tools, its facts, the modules its view read), to hand to an index on another thread. */
  summaryOf(file: string): ModuleSummary | undefined {
    const entry = this.tools.get(file);
    return entry && { tools: entry.tools, reads: [...entry.reads], facts: this.facts.get(file) };
  }

  /** Takes what another thread's index read of `file` (`summaryOf`), unless this one has read it too. */
  adopt(file: string, summary: ModuleSummary): void {
    if (this.tools.has(file)) return;
    this.tools.set(file, { tools: summary.tools, reads: new Set(summary.reads) });
    if (summary.facts && !this.facts.has(file)) this.facts.set(file, summary.facts);
    this.forgetAggregates();
  }

  /** The modules the view that read `file`'s tools read (its record), once they are read. */
  summaryReads(file: string): ReadonlySet<string> | undefined {
    return this.tools.get(file)?.reads;
  }

  /** `summarise` in steps, the parse stopping every `stepMs`; a change to the file meanwhile drops what was read. */
  *summariseInSteps(file: string, stepMs: number | (() => number)): Generator<void, void, undefined> {
    if (this.tools.has(file) || this.computing.has(file)) return;
    const text = this.fs.readText(file);
    if (text === undefined) {
      this.tools.set(file, { tools: undefined, reads: new Set() });
      return;
    }
    this.computing.add(file);
    const changes = this.changes;
    try {
      const view = new IndexView(this, file, this.dependsOnSdk(file));
      const read = yield* readToolsInSteps(file, text, view, this.serverModules, stepMs, this.options.keepDeclarations);
      if (changes !== this.changes) return;
      this.tools.set(file, { tools: read?.tools, reads: view.readFiles });
      if (read?.facts && !this.facts.has(file)) this.facts.set(file, read.facts);
      if (read && this.options.keepDeclarations) this.kept.set(file, { text, extraction: read.extraction });
      this.forgetAggregates();
    } finally {
      this.computing.delete(file);
    }
  }

  private forgetAggregates(): void {
    this.aggregates.forget();
  }

  viewFor(file: string): ProjectView {
    let view = this.views.get(file);
    if (!view) this.views.set(file, (view = new IndexView(this, file, this.dependsOnSdk(file))));
    return view;
  }

  /** The evidence of the nearest manifest: the same for every file of a folder, so kept per folder. */
  private dependsOnSdk(file: string): boolean {
    const folder = path.dirname(file);
    let evidence = this.evidence.get(folder);
    if (evidence === undefined) {
      evidence = sdkEvidenceIn(file, this.layoutFor(file), this.serverModules).dependsOnSdk;
      this.evidence.set(folder, evidence);
    }
    return evidence;
  }

  factsOf(file: string): ModuleFacts | undefined {
    if (!this.facts.has(file)) {
      const text = this.fs.readText(file);
      this.facts.set(file, text === undefined ? undefined : readFacts(file, text, this.serverModules));
    }
    return this.facts.get(file);
  }

  /** A module's effect summaries, read once (and again after it changes). */
  effectsOf(file: string): ModuleEffects | undefined {
    if (!this.effects.has(file)) {
      if (this.effects.size >= MAX_EFFECT_SUMMARIES) this.effects.delete(this.effects.keys().next().value!);
      this.effects.set(file, this.effectsReader.read(file));
    }
    return this.effects.get(file);
  }

  toolsOf(file: string): ModuleTools | undefined {
    if (this.tools.has(file)) return this.tools.get(file)!.tools;
    if (this.computing.has(file)) {
      for (const reading of this.computing) this.partial.add(reading);
      return undefined;
    }
    const steps = this.summariseInSteps(file, Infinity);
    while (!steps.next().done);
    return this.tools.get(file)?.tools;
  }

  /** Whether another module registers the tool table bound to `name` in `file` (those read so far). */
  /** The candidates that import the module-level `name` of the TS/JS module `file`. */
  importersOf(file: string, name: string): readonly string[] {
    return this.aggregates.importersOf(file, name);
  }

  tableRegistered(file: string, name: string): boolean {
    return this.aggregates.tableRegistered(file, name);
  }

  /** Whether another module registers some tool table of `file`. */
  hasRegisteredTables(file: string): boolean {
    return this.aggregates.hasRegisteredTables(file);
  }

  /**
   * The extraction `file`'s summary read (with `keepDeclarations`), handed over once: undefined when
   * it was read from another text, with other `serverModules`, or within an import cycle.
   */
  takeExtraction(file: string, text: string, serverModules: readonly string[]): Extraction | undefined {
    const kept = this.kept.get(file);
    this.kept.delete(file);
    if (!kept || kept.text !== text || this.partial.has(file)) return undefined;
    const own = this.serverModules;
    return serverModules.length === own.length && serverModules.every((module, index) => module === own[index]) ? kept.extraction : undefined;
  }


  /**
   * Every tool the server `serverKey` lists (of the candidates read so far): those registered on
   * it in any module, then its composed servers' tools under their prefixed names.
   */
  toolsOnServer(serverKey: string): readonly RemoteTool[] {
    return this.aggregates.toolsOnServer(serverKey);
  }

  /** The servers made at the top level of `file`. */
  serversIn(file: string): ServerRef[] {
    return serversOfFacts(this.factsOf(file));
  }

  /** The servers `file` names at its top level: those it makes and those it imports, with the local name. */
  serversSeenFrom(file: string): Array<{ local: string; server: ServerRef }> {
    const seen: Array<{ local: string; server: ServerRef }> = [];
    const facts = this.factsOf(file);
    const reads = new Set<string>();
    if (facts?.kind === 'python') {
      for (const [local, server] of facts.servers) seen.push({ local, server });
      for (const [local, dotted] of facts.imports) {
        const symbol = this.pythonSymbol(file, dotted, reads);
        if (symbol?.kind === 'server') seen.push({ local, server: symbol.server });
      }
    } else if (facts?.kind === 'script') {
      for (const [local, binding] of facts.bindings) {
        if (binding.kind === 'server') seen.push({ local, server: binding.server });
        if (binding.kind !== 'import') continue;
        const symbol = this.scriptSymbol(file, binding.specifier, binding.name, reads);
        if (symbol?.kind === 'server') seen.push({ local, server: symbol.server });
      }
    }
    return seen;
  }

  /** An import's resolution, the same for every file of a folder: kept until something changes. */
  resolved<T>(key: string, resolve: () => T): T {
    if (!this.resolutions.has(key)) this.resolutions.set(key, resolve());
    return this.resolutions.get(key) as T;
  }

  /** Whether a module may declare tools or wrappers (the pre-filter): only then are its tools read when another module imports from it. */
  mayHoldTools(file: string): boolean {
    if (this.candidates.has(file)) return true;
    let may = this.holdsTools.get(file);
    if (may === undefined) {
      const text = this.fs.readText(file);
      this.holdsTools.set(file, (may = text !== undefined && mayDeclareTools(text, grammarForPath(file))));
    }
    return may;
  }

  /** What `dotted` (as `fromFile`'s imports spell it) stands for; `reads` receives the modules read. */
  pythonSymbol(fromFile: string, dotted: string, reads: Set<string>): ProjectSymbol | undefined {
    return pythonSymbol(this, fromFile, dotted, reads);
  }

  /** What the export `name` of `specifier` (as `fromFile` imports it) stands for. */
  scriptSymbol(fromFile: string, specifier: string, name: string, reads: Set<string>): ProjectSymbol | undefined {
    return scriptSymbol(this, fromFile, specifier, name, reads);
  }

  /** What the package-level `name` of the Go package `importPath` (of `fromFile`'s own package when undefined) stands for. */
  goSymbol(fromFile: string, importPath: string | undefined, name: string, reads: Set<string>): ProjectSymbol | undefined {
    return goSymbol(this, fromFile, importPath, name, reads);
  }

  /** Go: the files of a package (`importPath` as `fromFile` imports it, or its own); C#: the files of `fromFile`'s project. */
  packageFiles(fromFile: string, importPath?: string): readonly string[] {
    if (fromFile.endsWith('.cs')) return this.resolved(`cs-files\0${path.dirname(fromFile)}`, () => csharpProjectFiles(fromFile, this.fs));
    const folder = importPath === undefined ? path.dirname(fromFile) : this.resolved(`go\0${path.dirname(fromFile)}\0${importPath}`, () => resolveGoPackage(fromFile, importPath, this.fs));
    return folder ? this.resolved(`go-files\0${folder}`, () => goPackageFiles(folder, this.fs)) : [];
  }

  /**
   * A file changed on disk (or an open document's text): drops its summaries, the summaries that
   * read it, the manifest facts when it is a manifest, and the views that may now read otherwise.
   * Returns the files whose views were dropped (the language server re-analyses those open).
   */
  changed(file: string): string[] {
    this.changes++;
    this.resolutions.clear();
    this.holdsTools.clear();
    const dropped = new Set<string>([file]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [module, entry] of this.tools) {
        if (dropped.has(module) || ![...entry.reads].some((read) => dropped.has(read))) continue;
        dropped.add(module);
        grew = true;
      }
    }
    this.effects.delete(file);
    this.effectsReader.release(file);
    for (const module of dropped) {
      this.facts.delete(module);
      this.tools.delete(module);
      this.kept.delete(module);
      this.partial.delete(module);
    }
    for (const layout of this.layouts.values()) if (layout.contains(file)) layout.forget(file);
    if (!/\.(py|pyi|[cm]?[jt]sx?|go|cs)$/.test(file)) this.evidence.clear();
    this.candidates.delete(file);
    this.wrapperCallers.forget(file);
    this.addCandidates([file]);
    this.forgetAggregates();
    return this.dropViewsReading(dropped);
  }

  /** Drops the views that read one of `files` or a server whose tools changed; returns their files. */
  private dropViewsReading(files: ReadonlySet<string>): string[] {
    const stale: string[] = [];
    for (const [file, view] of this.views) {
      if (!view.reads(files)) continue;
      this.views.delete(file);
      stale.push(file);
    }
    return stale;
  }

  /** Views whose servers' tool lists (from other files) changed since they read them; dropped, their files returned. */
  staleServerViews(): string[] {
    const stale: string[] = [];
    for (const [file, view] of this.views) {
      if (!view.serverListsChanged()) continue;
      this.views.delete(file);
      stale.push(file);
    }
    return stale;
  }
}

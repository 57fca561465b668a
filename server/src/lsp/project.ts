/**
 * The server's project index (core/project): built in the background after `initialized`, with
 * work-done progress "Indexing MCP tools", never on the keystroke path. Open documents override
 * the disk. A change that alters what another open document sees (its server's module renamed, a
 * tool registered on its server in another file) makes that document linted again.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Emitter, Event } from 'vscode-languageserver/node';
import type { Connection, FileEvent } from 'vscode-languageserver/node';
import { discoverFiles, SKIPPED_FOLDERS } from '../core/discover';
import { ALL_GRAMMARS } from '../core/parse/parser';
import { DiskFileSystem } from '../core/project/file-system';
import { ProjectIndex } from '../core/project/project-index';
import { isSameOrBelow } from '../core/project/layout';
import { ProjectView } from '../core/project/view';
import { textString } from '../core/source-text';
import type { Analyzer } from './analysis';
import { TolerantConfigLoader } from './config-loader';
import { DocumentStore, uriToPath } from './documents';
import { IndexHelper } from './index-helper';
import { Logger } from './log';
import { runInSlices } from './turns';

export const INDEXING_TITLE = 'Indexing MCP tools';

/** What the server asks a client to watch: sources, manifests, tsconfig files. */
export const PROJECT_WATCHERS = [
  { globPattern: '**/*.{py,pyi,ts,tsx,mts,cts,js,mjs,cjs,jsx,go,cs}' },
  { globPattern: '**/{package.json,pyproject.toml,setup.py,setup.cfg,pnpm-workspace.yaml,requirements*.txt,tsconfig*.json,jsconfig*.json,go.mod}' },
];
/**
 * How long indexing runs before the event loop gets a turn (a request waits for the slice to end).
 * While the author types, indexing holds back: it goes on once typing has paused for TYPING_PAUSE_MS.
 */
const SLICE_MS = 15;
const TYPING_PAUSE_MS = 1000;
/** After the last change to a document, how long before what other documents see of it is brought up to date. */
const SETTLE_MS = 300;

/** Files whose change may alter what a module resolves to (sources, manifests, tsconfig). */
export function isProjectFile(file: string): boolean {
  const name = path.basename(file);
  return /\.(py|pyi|[cm]?[jt]sx?|go|cs)$/.test(name) || ['package.json', 'pyproject.toml', 'setup.py', 'setup.cfg', 'pnpm-workspace.yaml', 'go.mod'].includes(name)
    || /^requirements.*\.txt$/.test(name) || /^[tj]sconfig.*\.json$/.test(name);
}

export class ProjectService {
  private index?: ProjectIndex;
  private building?: Promise<void>;
  private readonly changedDocuments = new Map<string, NodeJS.Timeout>();
  private readonly stale = new Emitter<string[]>();
  /** Open documents (uris) whose view of the project changed: lint them again. */
  readonly onDidChangeViews: Event<string[]> = this.stale.event;
  private watchers: fs.FSWatcher[] = [];
  private folders: readonly string[] = [];
  /** Files whose views were dropped since the last refresh told the documents. */
  private readonly staleFiles = new Set<string>();
  private refreshing?: Promise<void>;
  /**
   * The index's second thread from its start to its end (it waits while the author types even as it boots
   * and compiles its grammars), the files changed while it reads, and when it goes on after typing.
   */
  private helper?: IndexHelper;
  private readonly changedWhileHelped = new Set<string>();
  private helperResumes?: NodeJS.Timeout;
  /** When a document last changed (performance.now()). */
  private lastChange = -Infinity;
  /**
   * While the server warms up for typing (lsp/warm-up): a promise to wait for. With a second thread
   * reading, this one leaves the reading to it meanwhile, so that the author's first keystrokes do not
   * wait for the index (the warm-up and the index took turns on this thread: 3.3 s for both, on the
   * benchmark's monorepo, against about 1 s for the warm-up alone).
   */
  warmingUp?: () => Promise<void> | undefined;
  /** Resolves once typing has paused (at once when nobody types). */
  private async typingPaused(): Promise<void> {
    for (let hold = this.whileTyping(); hold; hold = this.whileTyping()) await hold;
  }

  /** While a document changed within TYPING_PAUSE_MS: a promise resolving when that time is up. */
  private readonly whileTyping = (): Promise<void> | undefined => {
    const left = this.lastChange + TYPING_PAUSE_MS - performance.now();
    return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : undefined;
  };

  constructor(
    private readonly connection: Connection,
    private readonly documents: DocumentStore,
    private readonly analyzer: Analyzer,
    private readonly log: Logger,
  ) {
    documents.onDidChange((document) => {
      this.lastChange = performance.now();
      this.documentChanged(document.uri);
    });
    documents.onDidClose((uri) => this.documentChanged(uri));
  }

  /** The view of the project an open document is analysed with; undefined outside the workspace folders. */
  viewFor(uri: string): ProjectView | undefined {
    if (!this.index || !uri.startsWith('file:')) return undefined;
    return this.index.viewFor(uriToPath(uri));
  }

  /** The workspace index, when `file` is in one of its folders. */
  indexOf(file: string): ProjectIndex | undefined {
    return this.index && this.folders.some((folder) => isSameOrBelow(file, folder)) ? this.index : undefined;
  }

  /** Builds the index of `folders` (once; again after `rebuild`). */
  start(folders: readonly string[], serverModules: readonly string[] = []): Promise<void> {
    if (this.building) return this.building;
    this.folders = folders;
    const overlay = (file: string): string | undefined => {
      const document = this.documents.get(pathToFileURL(file).href);
      return document ? textString(document.text) : undefined;
    };
    this.index = new ProjectIndex(folders, new DiskFileSystem(folders, overlay), { serverModules });
    this.building = this.build(this.index, folders).catch((error: unknown) => this.log.error('Indexing the project', error));
    return this.building;
  }

  private async build(index: ProjectIndex, folders: readonly string[]): Promise<void> {
    const progress = await this.connection.window.createWorkDoneProgress();
    progress.begin(INDEXING_TITLE, 0, 'Finding source files', false);
    const started = performance.now();
    try {
      for (const grammar of ALL_GRAMMARS) {
        await this.typingPaused();
        await this.analyzer.grammarLoaded(grammar);
      }
      await this.typingPaused();
      const files = discoverFiles(folders, { loader: new TolerantConfigLoader(), note: (message) => this.log.info(`Project index: ${message}`) }).map((target) => target.absolute);
      const report = (done: number, total: number) => progress.report(total ? Math.round((done / total) * 100) : 100, `${done}/${total} files`);
      const stillWanted = () => this.index === index;
      // Started now, the second thread's start and grammars overlap the pre-filter.
      const helper = IndexHelper.start(index, folders, files, (message) => this.log.error('Indexing the project on a second thread', new Error(message)));
      this.helper = helper;
      let helped = 0;
      try {
        await runInSlices(this.prefilterSteps(index, files), SLICE_MS, stillWanted, this.whileTyping);
        if (helper && stillWanted()) helped = await this.readWithHelper(index, helper, report);
      } finally {
        // Done with it (it hands over what it read before it ends), or not wanted after all.
        this.helper = undefined;
        await helper?.cancel();
      }
      await runInSlices(this.steps(index, report), SLICE_MS, stillWanted, this.whileTyping);
      const how = helped ? `, ${helped} of them read on a second thread` : '';
      this.log.info(`Project index: ${index.pending().length === 0 ? 'ready' : 'stopped'}, ${files.length} files in ${Math.round(performance.now() - started)} ms${how}.`);
    } finally {
      progress.done();
    }
    if (this.index !== index) return;
    // Documents analysed while the index was built saw part of it: those whose servers' tool lists grew since.
    const open = index.staleServerViews().map((file) => pathToFileURL(file).href).filter((uri) => this.documents.get(uri));
    if (open.length) this.stale.fire(open);
  }

  private *prefilterSteps(index: ProjectIndex, files: readonly string[]): Generator<void, void, undefined> {
    for (let start = 0; start < files.length; start += 10) {
      index.addCandidates(files.slice(start, start + 10));
      yield;
    }
  }

  /**
   * On a large workspace, the candidates read on this thread and on a second one (index-helper.ts),
   * each taking the next; then what the other read is taken over, but for the files that changed
   * meanwhile and what read them. How many files the second thread read (0 without one).
   */
  private async readWithHelper(index: ProjectIndex, helper: IndexHelper, report: (done: number, total: number) => void): Promise<number> {
    const open = this.documents.all().map((document) => document.uri).filter((uri) => uri.startsWith('file:')).map(uriToPath);
    if (!helper.begin(index.candidateList(), index.candidatesLargestFirst(), open)) return 0;
    this.changedWhileHelped.clear();
    try {
      await runInSlices(this.sharedSteps(index, helper, report), SLICE_MS, () => this.index === index, () => this.whileTyping() ?? this.warmingUp?.());
      if (this.index !== index) return 0;
      const read = await helper.read;
      let adopted = 0;
      for (const [file, summary] of read) {
        if (this.changedWhileHelped.has(file) || summary.reads.some((other) => this.changedWhileHelped.has(other))) continue;
        index.adopt(file, summary);
        adopted++;
      }
      return adopted;
    } finally {
      helper.stop();
    }
  }

  private *sharedSteps(index: ProjectIndex, helper: IndexHelper, report: (done: number, total: number) => void): Generator<void, void, undefined> {
    for (let file = helper.take(); file !== undefined; file = helper.take()) {
      yield* index.summariseInSteps(file, SLICE_MS);
      const { taken, total } = helper.progress();
      report(taken, total);
      yield;
    }
  }

  /** The candidates not read yet (all of them without a second thread); then the files that call a wrapper those define (index.pending() gives them once all are read). */
  private *steps(index: ProjectIndex, report: (done: number, total: number) => void): Generator<void, void, undefined> {
    for (let pending = index.pending(); pending.length; pending = index.pending()) {
      for (const [done, file] of pending.entries()) {
        yield* index.summariseInSteps(file, SLICE_MS);
        if (done % 10 === 0) report(done, pending.length);
        yield;
      }
    }
  }

  /** While the author types, the second thread waits too (after the step of reading it is in, or before its grammars once booted), as this thread's indexing does. */
  private holdHelper(): void {
    const helper = this.helper;
    if (!helper) return;
    helper.hold(true);
    clearTimeout(this.helperResumes);
    this.helperResumes = setTimeout(() => helper.hold(false), TYPING_PAUSE_MS);
  }

  /** An open document changed: what other documents see of it is brought up to date once typing pauses. */
  private documentChanged(uri: string): void {
    this.holdHelper();
    if (!uri.startsWith('file:')) return;
    clearTimeout(this.changedDocuments.get(uri));
    this.changedDocuments.set(uri, setTimeout(() => {
      this.changedDocuments.delete(uri);
      this.filesChanged([uriToPath(uri)]);
    }, SETTLE_MS));
  }

  /**
   * Files changed on disk or in the editor: drops what was read from them at once, then re-reads
   * the tools of what changed in the background (in slices, between requests), and tells which open
   * documents to lint again.
   */
  filesChanged(files: readonly string[]): void {
    const index = this.index;
    if (!index) return;
    if (this.helper) for (const file of files) this.changedWhileHelped.add(file);
    for (const file of files) {
      if (!isProjectFile(file)) continue;
      for (const dropped of index.changed(file)) this.staleFiles.add(dropped);
    }
    this.refreshing ??= this.refresh(index).finally(() => {
      this.refreshing = undefined;
    });
  }

  private async refresh(index: ProjectIndex): Promise<void> {
    // Changes arriving meanwhile are read in the same run: it ends when none is pending.
    await runInSlices(this.pendingSteps(index), SLICE_MS, () => this.index === index, this.whileTyping);
    if (this.index !== index) return;
    for (const file of index.staleServerViews()) this.staleFiles.add(file);
    const open = [...this.staleFiles].map((file) => pathToFileURL(file).href).filter((uri) => this.documents.get(uri));
    this.staleFiles.clear();
    if (open.length) this.stale.fire(open);
  }

  private *pendingSteps(index: ProjectIndex): Generator<void, void, undefined> {
    for (let pending = index.pending(); pending.length; pending = index.pending()) {
      for (const file of pending) {
        yield* index.summariseInSteps(file, SLICE_MS);
        yield;
      }
    }
  }

  /** `workspace/didChangeWatchedFiles`, from the client's watchers or ours. */
  watchedFilesChanged(changes: readonly FileEvent[]): void {
    this.filesChanged(changes.filter((change) => change.uri.startsWith('file:')).map((change) => uriToPath(change.uri)));
  }

  /** Editors that cannot register watchers (Neovim 0.7, eglot): the server watches the folders itself. */
  watchFolders(folders: readonly string[]): void {
    for (const folder of folders) {
      try {
        const watcher = fs.watch(folder, { recursive: true, persistent: false }, (_event, name) => {
          if (!name || name.split(path.sep).some((part) => SKIPPED_FOLDERS.has(part))) return;
          this.filesChanged([path.join(folder, name.toString())]);
        });
        watcher.on('error', (error) => this.log.error(`Watching ${folder}`, error));
        this.watchers.push(watcher);
      } catch (error) {
        this.log.error(`Watching ${folder}`, error);
      }
    }
  }

  dispose(): void {
    for (const watcher of this.watchers) watcher.close();
    this.watchers = [];
  }
}

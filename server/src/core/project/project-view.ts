/**
 * One file's view of its project (view.ts), answered by the index and remembering what it read:
 * the modules its answers came from, and the servers whose tool lists it was given. The index
 * drops a view when one of those changes, and the file is analysed again with a new one.
 */
import * as path from 'node:path';
import type { ProjectIndex } from './project-index';
import { goModuleOf } from './resolve-go';
import { SourceText } from '../source-text';
import { ProjectSymbol, ProjectView, RemoteTool } from './view';
import type { ModuleEffects } from '../effects/summary';

export class IndexView implements ProjectView {
  readonly readFiles = new Set<string>();
  private readonly symbols = new Map<string, ProjectSymbol | undefined>();
  /** Per server read: the other files' tools on it, as given (fingerprinted only when compared: the CLI never compares). */
  private readonly serverLists = new Map<string, readonly RemoteTool[]>();
  /** Per server read: those tools by name. */
  private readonly byName = new Map<string, Map<string, RemoteTool[]>>();
  /** Per table asked about: whether it was registered. */
  private readonly tables = new Map<string, boolean>();
  /** The wrapper names' generation when the pre-filter asked about them. */
  private wrapperGeneration?: number;

  constructor(private readonly index: ProjectIndex, readonly file: string, readonly dependsOnSdk: boolean) {}

  pythonSymbol(path: string): ProjectSymbol | undefined {
    return this.memo(`py\0${path}`, () => this.index.pythonSymbol(this.file, path, this.readFiles));
  }

  scriptSymbol(specifier: string, name: string): ProjectSymbol | undefined {
    return this.memo(`js\0${specifier}\0${name}`, () => this.index.scriptSymbol(this.file, specifier, name, this.readFiles));
  }

  goSymbol(importPath: string | undefined, name: string): ProjectSymbol | undefined {
    return this.memo(`go\0${importPath ?? ''}\0${name}`, () => this.index.goSymbol(this.file, importPath, name, this.readFiles));
  }

  goVersion(): string | undefined {
    const module = this.index.resolved(`go-module\0${path.dirname(this.file)}`, () => goModuleOf(path.dirname(this.file), this.index.fs));
    if (module) this.readFiles.add(path.join(module.root, 'go.mod'));
    return module?.goVersion;
  }

  toolsOnServer(serverKey: string): readonly RemoteTool[] {
    let tools = this.serverLists.get(serverKey);
    if (!tools) this.serverLists.set(serverKey, (tools = this.index.toolsOnServer(serverKey).filter((tool) => tool.file !== this.file)));
    return tools;
  }

  toolsOnServerNamed(serverKey: string, name: string): readonly RemoteTool[] {
    let byName = this.byName.get(serverKey);
    if (!byName) {
      byName = new Map();
      for (const tool of this.toolsOnServer(serverKey)) {
        if (tool.name === undefined) continue;
        const list = byName.get(tool.name);
        if (list) list.push(tool);
        else byName.set(tool.name, [tool]);
      }
      this.byName.set(serverKey, byName);
    }
    return byName.get(name) ?? [];
  }

  hasRegisteredTables(): boolean {
    const known = this.tables.get('\0any');
    if (known !== undefined) return known;
    const has = this.index.hasRegisteredTables(this.file);
    this.tables.set('\0any', has);
    return has;
  }

  tableRegistered(name: string): boolean {
    const registered = this.index.tableRegistered(this.file, name);
    this.tables.set(name, registered);
    return registered;
  }

  sourceText(file: string): SourceText | undefined {
    this.readFiles.add(file);
    return this.index.fs.readText(file);
  }

  mentionsRegistrationWrapper(text: SourceText): boolean {
    this.wrapperGeneration = this.index.wrapperCallers.generation;
    return this.index.wrapperCallers.mentions(text);
  }

  effectsOf(file: string): ModuleEffects | undefined {
    this.readFiles.add(file);
    return this.index.effectsOf(file);
  }

  importersOf(name: string): readonly string[] {
    const importers = this.index.importersOf(this.file, name);
    for (const importer of importers) this.readFiles.add(importer);
    return importers;
  }

  packageFiles(fromFile: string, importPath?: string): readonly string[] {
    return this.index.packageFiles(fromFile, importPath);
  }

  pythonSymbolFrom(fromFile: string, path: string): ProjectSymbol | undefined {
    if (fromFile === this.file) return this.pythonSymbol(path);
    return this.memo(`py\0${fromFile}\0${path}`, () => this.index.pythonSymbol(fromFile, path, this.readFiles));
  }

  scriptSymbolFrom(fromFile: string, specifier: string, name: string): ProjectSymbol | undefined {
    if (fromFile === this.file) return this.scriptSymbol(specifier, name);
    return this.memo(`js\0${fromFile}\0${specifier}\0${name}`, () => this.index.scriptSymbol(fromFile, specifier, name, this.readFiles));
  }

  private memo(key: string, resolve: () => ProjectSymbol | undefined): ProjectSymbol | undefined {
    if (!this.symbols.has(key)) this.symbols.set(key, resolve());
    return this.symbols.get(key);
  }

  /** Whether an answer came from one of `files`. */
  reads(files: ReadonlySet<string>): boolean {
    for (const file of this.readFiles) if (files.has(file)) return true;
    return false;
  }

  /** Whether another file's tools on a server this view read, the tables registered, or the wrapper names the pre-filter asked about have changed. */
  serverListsChanged(): boolean {
    if (this.wrapperGeneration !== undefined && this.wrapperGeneration !== this.index.wrapperCallers.generation) return true;
    for (const [name, registered] of this.tables) {
      const now = name === '\0any' ? this.index.hasRegisteredTables(this.file) : this.index.tableRegistered(this.file, name);
      if (now !== registered) return true;
    }
    for (const [key, seen] of this.serverLists) {
      if (fingerprint(this.index.toolsOnServer(key).filter((tool) => tool.file !== this.file)) !== fingerprint(seen)) return true;
    }
    return false;
  }
}

function fingerprint(tools: readonly RemoteTool[]): string {
  return tools.map((tool) => `${tool.file}:${tool.range.start.line}:${tool.range.start.character}:${tool.name ?? ''}`).sort().join('\n');
}

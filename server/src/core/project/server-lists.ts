/**
 * What the project's candidate modules register across modules, as the project index aggregates
 * it: the tools each server lists (declared on it, `add_tool` of a tool declared elsewhere, and its
 * composed servers' tools under their prefixed names) and the tool tables other modules register.
 * Computed when first asked for and forgotten on any change.
 */
import { UNKNOWN_PREFIX } from './facts-python';
import { ModuleFacts, ModuleTools } from './modules';
import { ProjectSymbol, RemoteTool, ServerRef, symbolKey } from './view';
import { withFields } from '../with-fields';

/** What the aggregates read of the index. */
export interface ServerListSource {
  candidates(): Iterable<string>;
  /** A candidate's tools as read so far (undefined while unread). */
  toolsRead(file: string): ModuleTools | undefined;
  /** Whether a candidate's summary is read (its tools, maybe none, and its facts). */
  isRead(file: string): boolean;
  factsOf(file: string): ModuleFacts | undefined;
  /** A module's tools, read now if they are not yet. */
  toolsOf(file: string): ModuleTools | undefined;
  /** What a name (`mcp`, `server.mcp`) written at the top level of the Python module `file` stands for. */
  symbolIn(file: string, dotted: string): ProjectSymbol | undefined;
  /** What the export `name` of `specifier` stands for, as the TS/JS module `file` imports it. */
  scriptSymbolIn(file: string, specifier: string, name: string): ProjectSymbol | undefined;
}

/** A composition on a host server: the sub-server (or, for Arcade's `add_tools_from_module`, a module's tools) and the prefix. */
interface ResolvedComposition {
  server?: ServerRef;
  moduleTools: readonly RemoteTool[];
  prefix?: string;
  /** A prefix not known statically: the tools are listed under names nobody can tell (none for MTL216). */
  prefixUnknown?: boolean;
}

/** A tool as a host server lists it through a composition: FastMCP names it `${prefix}_${name}`. */
function composedTool(tool: RemoteTool, from: ServerRef | undefined, composition: ResolvedComposition): RemoteTool {
  const prefix = composition.prefixUnknown ? UNKNOWN_PREFIX : composition.prefix;
  const declaredName = tool.composed ? tool.composed.declaredName : tool.name;
  const name = composition.prefixUnknown ? undefined : prefix && tool.name !== undefined ? `${prefix}_${tool.name}` : tool.name;
  return withFields(tool, { name, composed: { declaredName, fromServer: tool.composed?.fromServer ?? from, prefixes: prefix ? [prefix, ...tool.composed?.prefixes ?? []] : tool.composed?.prefixes ?? [] } });
}

function addTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

export class ServerLists {
  /** Per server: the tools registered on it (directly, or `add_tool` of a tool declared elsewhere). */
  private byServer?: Map<string, RemoteTool[]>;
  /** `file#name` of the tool tables other modules register. */
  private registeredTables?: Set<string>;
  /** Per host server: its compositions (`mount`, `import_server`, `add_tools_from_module`), resolved. */
  private compositions?: Map<string, ResolvedComposition[]>;
  /** Per server: every tool it lists, composed servers' included. */
  private readonly listed = new Map<string, RemoteTool[]>();
  /** `file#name` of a TS/JS module-level object to the candidates that import it. */
  private importers?: Map<string, string[]>;

  constructor(private readonly source: ServerListSource) {}

  forget(): void {
    this.byServer = undefined;
    this.registeredTables = undefined;
    this.compositions = undefined;
    this.importers = undefined;
    this.listed.clear();
  }

  /** The candidates that import the module-level `name` of the TS/JS module `file` (through re-exports too). */
  importersOf(file: string, name: string): readonly string[] {
    if (!this.importers) {
      const importers = new Map<string, string[]>();
      for (const candidate of this.source.candidates()) {
        const facts = this.source.factsOf(candidate);
        if (facts?.kind !== 'script') continue;
        for (const binding of facts.bindings.values()) {
          if (binding.kind !== 'import' || binding.name === '*') continue;
          const symbol = this.source.scriptSymbolIn(candidate, binding.specifier, binding.name);
          const target = symbol?.kind === 'other' || symbol?.kind === 'value' ? symbol : undefined;
          if (target?.file && target.name) addTo(importers, symbolKey(target.file, target.name), candidate);
        }
      }
      this.importers = importers;
    }
    return this.importers.get(symbolKey(file, name)) ?? [];
  }

  /** Every tool the server `serverKey` lists, composed servers' tools included (recursively; a server composed into itself is not followed again). */
  toolsOnServer(serverKey: string): readonly RemoteTool[] {
    let listed = this.listed.get(serverKey);
    if (!listed) this.listed.set(serverKey, (listed = this.composedTools(serverKey, new Set())));
    return listed;
  }

  /** Whether another module registers the tool table bound to `name` in `file`. */
  tableRegistered(file: string, name: string): boolean {
    return this.tables().has(symbolKey(file, name));
  }

  /** Whether another module registers some tool table of `file`. */
  hasRegisteredTables(file: string): boolean {
    const prefix = symbolKey(file, '');
    for (const key of this.tables()) if (key.startsWith(prefix)) return true;
    return false;
  }

  private tables(): Set<string> {
    if (this.registeredTables) return this.registeredTables;
    const tables = new Set<string>();
    for (const candidate of this.source.candidates()) for (const table of this.source.toolsRead(candidate)?.registeredTables ?? []) tables.add(table);
    return (this.registeredTables = tables);
  }

  private composedTools(serverKey: string, visiting: Set<string>): RemoteTool[] {
    visiting.add(serverKey);
    const tools = [...(this.registered().get(serverKey) ?? [])];
    for (const composition of this.resolvedCompositions().get(serverKey) ?? []) {
      const from = composition.server;
      if (from && visiting.has(from.key)) continue;
      const inner = from ? this.composedTools(from.key, visiting) : composition.moduleTools;
      tools.push(...inner.map((tool) => composedTool(tool, from, composition)));
    }
    visiting.delete(serverKey);
    return tools;
  }

  /**
   * The candidates read so far, which the servers' lists are made of: one not read yet (the index still
   * building, or the file changed since) adds nothing until it is, as its own tools do not; its facts are
   * not read here, on a keystroke's path (a keystroke asking while the index of 200 modules was building
   * read them all: a second).
   */
  private *readCandidates(): Generator<string> {
    for (const file of this.source.candidates()) if (this.source.isRead(file)) yield file;
  }

  /** The tools registered on each server: declared on it, or a tool declared elsewhere given to its `add_tool`. */
  private registered(): Map<string, RemoteTool[]> {
    if (this.byServer) return this.byServer;
    const byServer = new Map<string, RemoteTool[]>();
    for (const file of this.readCandidates()) {
      const own = this.source.toolsRead(file)?.tools ?? [];
      for (const tool of own) if (tool.serverKey) addTo(byServer, tool.serverKey, tool);
      const facts = this.source.factsOf(file);
      if (facts?.kind !== 'python') continue;
      for (const registration of facts.registrations) {
        const server = this.source.symbolIn(file, registration.receiver);
        const tool = this.source.symbolIn(file, registration.function);
        if (server?.kind !== 'server' || tool?.kind !== 'tool') continue;
        if (own.some((mine) => mine.serverKey === server.server.key && mine.functionName === tool.tool.functionName)) continue;
        addTo(byServer, server.server.key, withFields(tool.tool, { serverKey: server.server.key }));
      }
    }
    return (this.byServer = byServer);
  }

  private resolvedCompositions(): Map<string, ResolvedComposition[]> {
    if (this.compositions) return this.compositions;
    const byHost = new Map<string, ResolvedComposition[]>();
    for (const file of this.readCandidates()) {
      const facts = this.source.factsOf(file);
      if (facts?.kind !== 'python') continue;
      for (const composition of facts.compositions) {
        const host = this.source.symbolIn(file, composition.host);
        const sub = this.source.symbolIn(file, composition.sub);
        if (host?.kind !== 'server') continue;
        const prefix = { prefix: composition.prefix, prefixUnknown: composition.prefixUnknown };
        if (sub?.kind === 'server') addTo(byHost, host.server.key, { server: sub.server, ...prefix, moduleTools: [] });
        else if (sub?.kind === 'module' && composition.method === 'add_tools_from_module') {
          // Arcade: the module's `@tool` functions (registered on no server) become the app's tools.
          addTo(byHost, host.server.key, withFields(prefix, { moduleTools: (this.source.toolsOf(sub.file)?.tools ?? []).filter((tool) => !tool.serverKey) }));
        }
      }
    }
    return (this.compositions = byHost);
  }
}

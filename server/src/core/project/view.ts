/**
 * What one file's analysis may ask of the rest of its project (design.md, "The project"):
 * what an imported name stands for in another module, whether the nearest manifest depends on
 * an MCP SDK, and which tools other modules register on a server. Front ends and rules read the
 * project only through a view, so the analysis of a file never reads another file's tree.
 */
import { DeclarationForm, Range, Value } from '../model';
import { SourceText } from '../source-text';
import type { GoWrapper } from '../frontends/go/package';
import type { ModuleEffects } from '../effects/summary';

/** Which SDK or framework made a server object. */
export type ServerFramework = 'arcade' | 'sdk' | 'lowlevel';

/** A server object: one identity per construction site (`mcp = FastMCP("jira")`). */
export interface ServerRef {
  /** `<absolute file>#<variable>` for a module-level server; identities of servers made inside a function hold its name too. */
  key: string;
  framework: ServerFramework;
  /** The variable bound where it is made. */
  variable: string;
  /** The name given to its constructor (`FastMCP("jira")`), when it is a literal. */
  name?: string;
  file: string;
  /** The construction's variable, where the server is defined. */
  range: Range;
}

/** A tool as another module declares it, as much as other files need of it. */
export interface RemoteTool {
  name?: string;
  file: string;
  /** Where the tool is named (the decorator callee, the `name` value). */
  range: Range;
  form: DeclarationForm;
  /** The server it is registered on, when the registration names one. */
  serverKey?: string;
  /** The decorated or registered function, for Python tools. */
  functionName?: string;
  /**
   * Set when a server lists the tool through a composition (FastMCP `mount` / `import_server`,
   * Arcade `add_tools_from_module`): `name` is then the name it is listed under (prefixed).
   */
  composed?: {
    /** The name the tool is declared with. */
    declaredName?: string;
    /** The server it is composed from (undefined for a module's tools). */
    fromServer?: ServerRef;
    /** The prefixes, outermost first (a server mounted in a mounted server has two). */
    prefixes: string[];
  };
}

/** A function or method that forwards its own parameters to an SDK registration call. */
export interface RegistrationWrapper {
  /** The SDK method it calls: `registerTool`, `tool`, `addTool` (TS), `tool`, `add_tool` (Python). */
  method: string;
  /** For each argument of the SDK call, the index of the wrapper's parameter passed there, or -1. */
  argumentFromParameter: number[];
  /** The server the wrapper registers on, when known. */
  serverKey?: string;
  /** Python: the wrapper passes its `**kwargs` on to the registration (so the keywords at its uses are the registration's). */
  forwardsKeywords?: boolean;
  /** Python: the wrapper is a decorator factory (`@wrapper(...)` registers the decorated function). */
  decorator?: boolean;
  file: string;
  range: Range;
  name: string;
}

export type ProjectSymbol =
  | { kind: 'server'; server: ServerRef }
  | { kind: 'tool'; tool: RemoteTool }
  | { kind: 'wrapper'; wrapper: RegistrationWrapper }
  /** A module (`import pkg.server as s`, `import * as s from`): its members are looked up on it. */
  | { kind: 'module'; file: string }
  /** A preset (presets.ts): a module-level value shaped like annotations or metadata, as written in `file`. */
  | { kind: 'value'; value: Value; file: string; name: string }
  /** Go: a function returning a pointer to its argument (`func BoolPtr(b bool) *bool`). */
  | { kind: 'go-helper' }
  /** Go: a function forwarding `...mcp.ToolOption` to mcp-go's `NewTool`. */
  | { kind: 'go-wrapper'; wrapper: GoWrapper }
  /** Anything else; `file` and `name` say where it is bound, when it is a module-level name of a script module. */
  | { kind: 'other'; file?: string; name?: string };

export interface ProjectView {
  /** The absolute path of the file analysed. */
  readonly file: string;
  /** The nearest manifest (or a workspace package it depends on) depends on an MCP SDK or framework. */
  readonly dependsOnSdk: boolean;
  /**
   * What a Python dotted path stands for, as the file's imports spell it: `pkg.server.mcp`
   * (absolute), `.server.mcp` (relative to the file's package). Undefined when the path does
   * not lead into a module of the project.
   */
  pythonSymbol(path: string): ProjectSymbol | undefined;
  /** What the export `name` (`default` for a default import) of the module `specifier` stands for. */
  scriptSymbol(specifier: string, name: string): ProjectSymbol | undefined;
  /**
   * Go: what the package-level `name` of the package imported as `importPath` stands for (resolved
   * through the nearest go.mod); with no import path, of the file's own package (its other files).
   */
  goSymbol?(importPath: string | undefined, name: string): ProjectSymbol | undefined;
  /** Go: the language version the nearest go.mod's `go` directive names (`1.26`). */
  goVersion?(): string | undefined;
  /**
   * The tools the project registers on the server `serverKey` (those of other files: the view
   * leaves its own file's out), composed servers' tools included under the names the server lists them.
   */
  toolsOnServer(serverKey: string): readonly RemoteTool[];
  /** Those of them named `name`. */
  toolsOnServerNamed(serverKey: string, name: string): readonly RemoteTool[];
  /**
   * Whether the module-level object bound to `name` in this file reaches a registration in
   * another module (`Object.entries(defs)` or `...defs` in a module that registers tools): every
   * entry of that tool table is a tool.
   */
  tableRegistered(name: string): boolean;
  /** Whether any tool table of this file is registered by another module (asked first: naming a table is not free). */
  hasRegisteredTables(): boolean;
  /** The text of another file of the project (a fix that edits a preset keeps its style), as open documents hold it. */
  sourceText(file: string): SourceText | undefined;
  /** Whether `text` names a registration wrapper of the project whose name holds no tool word (then the pre-filter lets it through). */
  mentionsRegistrationWrapper?(text: SourceText): boolean;
  /** The effect summaries of another module of the project (effects/summary.ts), read from its syntax alone. */
  effectsOf?(file: string): ModuleEffects | undefined;
  /** What a Python dotted path stands for as another module (`fromFile`) of the project imports it (the calls in its summaries). */
  pythonSymbolFrom?(fromFile: string, path: string): ProjectSymbol | undefined;
  /**
   * Go: the files of the package `importPath` imports (of `fromFile`'s own package without one);
   * C#: the source files of `fromFile`'s project. Where effect summaries look for a package's names.
   */
  packageFiles?(fromFile: string, importPath?: string): readonly string[];
  /** What the export `name` of `specifier` stands for as another module (`fromFile`) of the project imports it. */
  scriptSymbolFrom?(fromFile: string, specifier: string, name: string): ProjectSymbol | undefined;
  /** TS/JS: the modules that may hold tools and import this file's module-level `name` (a low-level server's module importing its tool objects). */
  importersOf?(name: string): readonly string[];
}

/** The key of a module-level server or name: `<absolute file>#<variable>`. */
export function symbolKey(file: string, variable: string): string {
  return `${file}#${variable}`;
}

/**
 * The effect summary of a function (issue 27, rules.md "Effects"), one shape for every language:
 * what the function does directly (its effects, read from the data tables in core/data/effects),
 * and which functions of the project it calls, with which of its own parameters flowing where.
 * Summaries are read from a module's syntax alone, never by executing anything, and hold no tree:
 * the project index keeps them for modules that are not open. Calls are resolved (to another
 * module's summary) only when a tool's effects are propagated (propagate.ts).
 */
import { Range } from '../model';
import type { Known } from './known';
import type { KnownArgs } from './library';

/**
 * - `write`: writes or renames a file, writes rows, calls a mutating endpoint or SDK method, sends a message.
 * - `delete`: deletes or overwrites (file delete, SQL DELETE/DROP/TRUNCATE/UPDATE, HTTP DELETE/PUT, an SDK delete).
 * - `execute`: runs a process that changes something, or evaluates code.
 * - `caller-code`: runs SQL, a command or code whose text comes from a tool parameter.
 * - `external`: calls a host or a vendor SDK outside the project's own (not first-party).
 */
export type EffectKind = 'write' | 'delete' | 'execute' | 'caller-code' | 'external';

export const EFFECT_KINDS: readonly EffectKind[] = ['write', 'delete', 'execute', 'caller-code', 'external'];

/**
 * A condition a statement runs under, as far as it decides whether an effect is reached: a
 * parameter tested for truth (`if apply:`, `if not dry_run:`: reached `when` it is true or false),
 * or a switch (an environment variable, off by default, or a config attribute, whose default is
 * not known) tested for truth.
 */
export type Gate =
  | { kind: 'parameter'; parameter: string; when: boolean }
  | { kind: 'switch'; text: string; when: boolean; config: boolean };

/** The value a parameter's default (or an argument) has, as far as gates read it. */
export type Truth = boolean | 'unknown';

export interface EffectSite {
  kind: EffectKind;
  /** How a message says it: "writes a file", "runs SQL that deletes rows". */
  what: string;
  /** The call as written, short: `write_text`, `execute(DELETE …)`, `requests.put`. */
  label: string;
  /** What a message's chain shows for it when not the label: the SQL verb, the command, the host. */
  short?: string;
  range: Range;
  gates: Gate[];
  /** `caller-code`: the parameters whose values reach the statement, command or code text (the effect counts only when a tool parameter is one). */
  parameters?: string[];
  /** `external`: the literal host called, or the SDK module. */
  host?: string;
  module?: string;
}

/** What a call passes to one of the callee's parameters. */
export interface ArgumentFlow {
  /** The callee's parameter, by position (self not counted) or by keyword. */
  position?: number;
  keyword?: string;
  /** The caller's parameters whose values reach the argument (not lifted by a guard). */
  parameters: string[];
  /** The argument is a literal the gates can read (`dry_run=False`). */
  literal?: Truth;
  /** Its literal texts and list elements (known.ts literalOf), for a callee that reads them (`literalSensitive`). */
  value?: Known;
}

/** A class as a call site names it: defined in this module (`module` undefined), or imported (`module` as the import spells it). */
export interface ClassRef {
  module?: string;
  name: string;
}

export type CalleeRef =
  /** A function of this module (`module` undefined) or an imported one (the import's module path or specifier). */
  | { kind: 'function'; module?: string; name: string }
  /** A method on a receiver typed to a class of the project. */
  | { kind: 'method'; class: ClassRef; method: string }
  /**
   * A method on an imported module-level object (`from .db import store`; `store.save()`), or on an
   * attribute of it (`prisma.user.create()`: `members` is `["user"]`): its class or library type is read from that module.
   */
  | { kind: 'singleton'; module: string; name: string; method: string; members?: string[] }
  /**
   * Go and C#: a method on an object reached through fields of an instance of a project class
   * (`s.store.Save()`, `_db.Notes.Add()`): the fields' declared types are read from the class's module.
   */
  | { kind: 'member'; class: ClassRef; members: string[]; method: string };

export interface CallSite {
  callee: CalleeRef;
  /** The call as written, short: `_save_watches`, `store.delete_watch`. */
  label: string;
  range: Range;
  gates: Gate[];
  args: ArgumentFlow[];
  /** A call on an imported module-level object: its arguments as known values, for when that object is a library's (library.ts). */
  known?: KnownArgs;
}

export interface ParameterInfo {
  name: string;
  /** The argument it is read from, when not its index in the list: a field destructured from an options object (`({ sql, dry_run = true })`) shares the object's. */
  position?: number;
  /** The default's truth, when it has one. */
  default?: Truth;
  /** A parameter whose value cannot carry text (annotated `int`, `bool`, `float`): never caller-supplied code. */
  scalar?: boolean;
}

export interface FunctionSummary {
  /** `name` for a function, `Class.method` for a method. */
  key: string;
  /** Where the function is named (a path step points there). */
  range: Range;
  parameters: ParameterInfo[];
  effects: EffectSite[];
  calls: CallSite[];
  /** Calls it cannot account for (an untyped receiver, an unknown function): the body does not settle what the tool does. */
  unknownCalls: number;
  /** Every call it makes, known or not (a body that calls nothing is a stub: it settles nothing either). */
  callCount: number;
  /** A function whose name says it records telemetry, metrics or logs: what it does never counts. */
  telemetry?: boolean;
  /** A method of a generated API client committed in the repository: its name's verb counts as an SDK method's. */
  generatedClient?: boolean;
  /**
   * Parameters whose values reach what a library call is read by (an HTTP method or URL, a command's
   * words, a SQL statement): a call that passes them literals gets the summary read again with those
   * values (`FunctionTable.specialise`), as a helper `_request(method, path)` does what its callers ask.
   */
  literalSensitive?: string[];
}

/** A module's function and method summaries by key (`name`, `Class.method`), each read when first asked for. */
export interface FunctionTable {
  get(key: string): FunctionSummary | undefined;
  /** The summary read with literal values for some parameters (by name); kept per key and values. */
  specialise?(key: string, literals: ReadonlyMap<string, Known>): FunctionSummary | undefined;
}

/** The summaries of one module, kept by the project index instead of its tree. */
export interface ModuleEffects {
  file: string;
  /** Functions and methods, by key. */
  functions: FunctionTable;
  /** Module-level names bound to an instance of a project class (`store = Store()`), for importers (`from .db import store`). */
  singletons: Map<string, ClassRef>;
  /** Base classes of the module's classes (their methods are looked up there when not defined). */
  bases: Map<string, ClassRef[]>;
  /** Module-level names bound to a library value (`engine = create_engine(...)`, `export const prisma = new PrismaClient()`). */
  values: Map<string, Known>;
  /** Go and C#: the declared or constructed values of classes' fields (`Class` -> field -> value), for calls through them from other files. */
  fields?: Map<string, Map<string, Known>>;
}

/** One step of an effect's path, from the tool's entry function down to the effect itself. */
export interface PathStep {
  file: string;
  range: Range;
  message: string;
}

export interface ToolEffect {
  kind: EffectKind;
  /** Reached only under a flag that is off by default. */
  conditional: boolean;
  what: string;
  /** The calls and the effect, as a message names them: `_save_watches` -> `write_text`. */
  chain: string[];
  path: PathStep[];
  host?: string;
  module?: string;
}

export interface ToolEffects {
  /** The analysed file (path steps in other files name theirs). */
  file: string;
  /** Every effect found, the shortest path of each kind and label first. */
  effects: ToolEffect[];
  /** No call on any path is unknown and no path was cut at the depth limit. */
  complete: boolean;
  /** The calls read on every path: with `complete`, a body that calls something settles what the tool does. */
  calls: number;
  /** The entry function's step (where the tool's body starts). */
  entry: PathStep;
}

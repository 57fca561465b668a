/**
 * What a method called on a library value does, the same in every language: its arguments are
 * already read into known values (known.ts), its rows come from the language's tables. The
 * summarisers call it for receivers typed in the module; propagation calls it for a module-level
 * library object imported from another module (`from .db import engine`, `import { prisma } from "./db"`).
 */
import { CSHARP_EFFECTS } from '../data/effects/csharp';
import { GO_EFFECTS } from '../data/effects/go';
import { PYTHON_EFFECTS } from '../data/effects/python';
import { SCRIPT_EFFECTS } from '../data/effects/script';
import { EffectTables, LibraryType, MethodRow } from '../data/effects/types';
import { Range } from '../model';
import { SummaryBuilder } from './builder';
import { Known } from './known';

/** A call's arguments as known values: positional ones, and keywords (Python's, or the properties of a JS options object). */
export interface KnownArgs {
  positional: Known[];
  keywords: ReadonlyMap<string, Known>;
}

/** The tables of a file's language. */
export function tablesFor(file: string): EffectTables {
  if (file.endsWith('.go')) return GO_EFFECTS;
  if (file.endsWith('.cs')) return CSHARP_EFFECTS;
  return /\.pyi?$/.test(file) ? PYTHON_EFFECTS : SCRIPT_EFFECTS;
}

function methodRow(rows: readonly MethodRow[], type: LibraryType, method: string): MethodRow | undefined {
  return rows.find((row) => row.type === type && row.methods.includes(method));
}

/** A member (attribute, or a method's result) of a library value: its `returns` type, or the same type for SDK, store and builder clients. */
export function memberOf(tables: EffectTables, value: Known, member: string): Known | undefined {
  if (!value.lib) return undefined;
  const row = tables.types.find((candidate) => candidate.type === value.lib);
  const type: LibraryType | undefined = row?.returns?.[member] ?? (['sdk', 'store', 'prisma', 'builder'].includes(value.lib) ? value.lib : undefined);
  return type ? { lib: type, module: value.module, host: value.host, readOnly: value.readOnly, tmp: value.tmp } : undefined;
}

/** The first of the keywords given, or a positional argument. */
function argument(args: KnownArgs, position: number, ...keywords: string[]): Known | undefined {
  for (const keyword of keywords) {
    const found = args.keywords.get(keyword);
    if (found) return found;
  }
  return args.positional[position];
}

/** A method of a library value: its table row, a SQL executor, an HTTP method, a message, an SDK verb. */
export function libraryMethod(tables: EffectTables, value: Known, method: string, args: KnownArgs, builder: SummaryBuilder, label: string, range: Range): void {
  const type = value.lib;
  if (!type || type === 'telemetry' || type === 'orm-factory') return;
  const file = methodRow(tables.fileMethods, type, method);
  if (file) {
    if (!value.tmp) builder.change(file.kind, file.what, label, range);
    return;
  }
  if (type === 'path' && method === 'open') {
    const mode = argument(args, 0, 'mode')?.text;
    if (mode && /[wax+]/.test(mode) && !value.tmp) builder.change('write', 'writes a file', label, range);
    return;
  }
  if (tables.sqlExecutors[type]?.includes(method)) {
    builder.sql(argument(args, 0, 'statement', 'query', 'sql', 'operation', 'text'), label, range, value.readOnly);
    return;
  }
  const store = methodRow(tables.storeMethods, type, method);
  if (store) {
    builder.change(store.kind, store.what, label, range);
    return;
  }
  if (type === 'http' && method in tables.httpMethods) {
    httpCall(tables.httpMethods[method], value.host, args, builder, label, range);
    return;
  }
  const message = methodRow(tables.messageMethods, type, method);
  if (message && !args.positional[0]?.builder) builder.change(message.kind, message.what, label, range);
  if (type !== 'sdk') return;
  // `session.client("s3")`, `s3.Bucket(name)`: a client or handle made, nothing called yet.
  if (tables.types.find((row) => row.type === 'sdk')?.returns?.[method]) return;
  // `octokit.request("DELETE /repos/{owner}/{repo}")`: the route says the method.
  const route = method === 'request' ? /^([A-Z]+)\s+(\/\S*)/.exec(args.positional[0]?.text ?? '') : null;
  if (route) builder.http(route[1], { text: route[2] }, undefined, label, range);
  // A command object sent (`client.send(new DeleteObjectCommand(...))`) says what it does where it is made.
  const verb = message || route || args.positional[0]?.builder ? 'get' : method;
  builder.sdk(value.module, verb, label, range);
}

/**
 * An HTTP call: the method from the table (`GET?`: GET unless a `method` option says otherwise, as
 * `fetch` does), else from a `method` argument or the first positional; the URL after it.
 */
export function httpCall(tableMethod: string, clientHost: string | undefined, args: KnownArgs, builder: SummaryBuilder, label: string, range: Range): void {
  builder.readsLiterals([...args.positional, ...args.keywords.values()]);
  const positional = [...args.positional];
  let method: string | undefined = tableMethod;
  if (tableMethod.endsWith('?')) {
    const given = args.keywords.get('method');
    method = given ? given.text : tableMethod.slice(0, -1);
  } else if (!method) {
    const given = args.keywords.get('method') ?? (positional[0]?.text !== undefined && /^[A-Za-z]+$/.test(positional[0].text) ? positional.shift() : undefined);
    method = given?.text;
  }
  const url = args.keywords.get('url') ?? positional[0];
  builder.http(method, url, clientHost, label, range);
}

/**
 * A call its path names that the tables make a leaf of on their own: telemetry, a file written or
 * deleted (not under a temporary path), a message sent, code evaluated, a library value made, an
 * environment read or a temporary path. Whether the tables said what the call is.
 */
export function tableLeaf(tables: EffectTables, path: string, args: { target?: Known; code?: Known }, builder: SummaryBuilder, label: string, range: Range): boolean {
  const under = (modules: readonly string[]) => modules.some((module) => path === module || path.startsWith(`${module}.`) || path.startsWith(`${module}/`));
  const matching = (paths: readonly string[]) => paths.some((entry) => (entry.endsWith('*') ? path.startsWith(entry.slice(0, -1)) : path === entry));
  if (under(tables.telemetryModules) || tables.environmentReads.includes(path) || matching(tables.temporaryPaths)) return true;
  const file = tables.fileFunctions.find((row) => matching(row.functions));
  const message = file ?? tables.messageFunctions.find((row) => matching(row.functions));
  if (message) {
    if (!(file && args.target?.tmp)) builder.change(message.kind, message.what, label, range);
    return true;
  }
  if (matching(tables.evalFunctions)) {
    builder.evaluate(args.code, label, range);
    return true;
  }
  return tables.types.some((row) => matching(row.constructors));
}

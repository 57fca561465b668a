/**
 * Builds one function's summary as a language's summariser walks its body: the conditions the
 * current statement runs under, the parameters a guard has checked, and the shared decisions on
 * what a SQL text, a URL, a command line, an SDK method or evaluated code does (classify.ts).
 */
import { Range } from '../model';
import { commandChange, hostOf, httpChange, isInferenceSdk, isLocalHost, pathOf, shellWords, sqlChange, verbChange } from './classify';
import { Known, UNKNOWN_PART } from './known';
import { shorten } from '../rules/rule';
import { ArgumentFlow, CalleeRef, EffectKind, EffectSite, FunctionSummary, Gate, ParameterInfo } from './summary';
import type { ChangeKind } from '../data/effects/types';
import { IgnoredLines } from './ignore';
import type { KnownArgs } from './library';

/** One word of a command line: its literal text, or the parameters it comes from. */
export interface CommandWord {
  text?: string;
  params?: ReadonlySet<string>;
}

/** A value as a word of a command: its text when wholly literal. */
export function commandWord(value: Known): CommandWord {
  if (value.text === undefined || value.text.includes(UNKNOWN_PART)) return { params: value.params };
  return value.params ? { text: value.text, params: value.params } : { text: value.text };
}

export class SummaryBuilder {
  readonly summary: FunctionSummary;
  /** The conditions of the statements being walked, outermost first. */
  private gates: Gate[] = [];
  /** Parameters whose text a guard has checked (a SELECT-only check, an allow-list): they lift caller-supplied SQL. */
  readonly guarded = new Set<string>();
  /** The function puts its connection in read-only mode: no SQL it runs is caller-supplied. */
  readOnlySql = false;
  private readonly scalars: Set<string>;

  constructor(key: string, range: Range, parameters: ParameterInfo[], private readonly ignoredLines: IgnoredLines) {
    this.summary = { key, range, parameters, effects: [], calls: [], unknownCalls: 0, callCount: 0 };
    this.scalars = new Set(parameters.filter((parameter) => parameter.scalar).map((parameter) => parameter.name));
  }

  /** Runs `walk` with `gates` added to the current conditions. */
  under<T>(gates: readonly Gate[], walk: () => T): T {
    if (!gates.length) return walk();
    const before = this.gates;
    this.gates = [...before, ...gates];
    try {
      return walk();
    } finally {
      this.gates = before;
    }
  }

  /** Adds conditions for the rest of the block being walked (after `if dry_run: return`); returns the gates to restore. */
  addGates(gates: readonly Gate[]): Gate[] {
    const before = this.gates;
    this.gates = [...before, ...gates];
    return before;
  }

  restoreGates(gates: Gate[]): void {
    this.gates = gates;
  }

  private ignored(range: Range): boolean {
    return this.ignoredLines.has(range.start.line);
  }

  /** The parameters that carry text into a statement (scalars and guarded ones do not). */
  textParams(value: Known | undefined): string[] {
    return [...value?.params ?? []].filter((parameter) => !this.scalars.has(parameter) && !this.guarded.has(parameter));
  }

  effect(kind: EffectKind, what: string, label: string, range: Range, extra: Partial<Pick<EffectSite, 'parameters' | 'host' | 'module' | 'short'>> = {}): void {
    if (this.ignored(range)) return;
    this.summary.effects.push({ kind, what, label, range, gates: this.gates, ...extra });
  }

  change(kind: ChangeKind, what: string, label: string, range: Range): void {
    this.effect(kind, what, label, range);
  }

  call(callee: CalleeRef, label: string, range: Range, args: ArgumentFlow[], known?: KnownArgs): void {
    if (this.ignored(range)) return;
    this.summary.calls.push(known ? { callee, label, range, gates: this.gates, args, known } : { callee, label, range, gates: this.gates, args });
  }

  unknown(): void {
    this.summary.unknownCalls++;
  }

  /** The parameters of values a library call is read by: literals passed for them would say more (`literalSensitive`). */
  readsLiterals(values: ReadonlyArray<Known | CommandWord | undefined>): void {
    for (const value of values) {
      for (const parameter of value?.params ?? []) {
        const sensitive = (this.summary.literalSensitive ??= []);
        if (!sensitive.includes(parameter)) sensitive.push(parameter);
      }
    }
  }

  /** An executed SQL statement: what its literal text does, and whether a parameter reaches it. */
  sql(statement: Known | undefined, label: string, range: Range, connectionReadOnly = false): void {
    if (!statement || statement.builder) return;
    this.readsLiterals([statement]);
    const change = statement.text !== undefined ? sqlChange(statement.text.split(UNKNOWN_PART).join(' x ')) : undefined;
    if (change) this.effect(change.kind, change.kind === 'delete' ? 'deletes or overwrites data' : 'writes data', `${label}(${change.verb} …)`, range, { short: change.verb });
    const parameters = this.textParams(statement);
    if (parameters.length && !this.readOnlySql && !connectionReadOnly) this.effect('caller-code', 'runs caller-supplied SQL', label, range, { parameters });
  }

  /** An HTTP call: what its method does to the path, and whether the host is external. */
  http(method: string | undefined, url: Known | undefined, clientHost: string | undefined, label: string, range: Range): void {
    const text = url?.text;
    let host: string | undefined;
    if (text !== undefined && !text.startsWith(UNKNOWN_PART)) host = hostOf(text) ?? (/^[a-z]+:/i.test(text) ? undefined : clientHost);
    else host = url?.host ?? (url?.fromConfig ? undefined : clientHost);
    const path = text !== undefined ? pathOf(text) : undefined;
    const change = method ? httpChange(method, path?.split(UNKNOWN_PART).join('/x/')) : undefined;
    const shown = path?.split(UNKNOWN_PART).join('…').replace(/\/+$/, '');
    const name = method ? `${method.toUpperCase()}${shown ? ` ${shortPath(shown)}` : ''}` : label;
    if (change) this.effect(change, method!.toUpperCase() === 'POST' ? 'POSTs to a mutating endpoint' : `calls a ${method!.toUpperCase()} endpoint`, name, range, { short: shorten(name, 24) });
    if (host && !isLocalHost(host)) this.effect('external', 'calls an external host', name, range, { host, short: shorten(host, 28) });
  }

  /** A process started with `words` (an argument list, or a shell line's words). */
  process(words: readonly CommandWord[] | undefined, shellLine: Known | undefined, label: string, range: Range): void {
    this.readsLiterals([shellLine, ...words ?? []]);
    if (shellLine) {
      const parameters = this.textParams(shellLine);
      // A helper's line read with what its caller passes (`run_shell("git push")`): the line is literal, the parameter is the caller's.
      const literal = shellLine.text !== undefined && !shellLine.text.includes(UNKNOWN_PART);
      if (parameters.length) {
        this.effect('caller-code', 'runs a caller-supplied command', label, range, { parameters });
        if (!literal) return;
      }
      if (shellLine.text === undefined) return;
      words = shellWords(shellLine.text.split(UNKNOWN_PART)[0]).map((text) => ({ text }));
    }
    if (!words?.length) return;
    const commandParams = this.textParams({ params: new Set([...words[0].params ?? []]) });
    if (words[0].text === undefined && commandParams.length) {
      this.effect('caller-code', 'runs a caller-supplied command', label, range, { parameters: commandParams });
      return;
    }
    const literal: string[] = [];
    for (const word of words) {
      if (word.text === undefined) break;
      literal.push(word.text);
    }
    const change = commandChange(literal);
    if (change) this.effect(change.kind === 'delete' ? 'delete' : 'execute', change.kind === 'delete' ? 'runs a command that deletes' : 'runs a mutating command', label, range, { short: change.command });
  }

  /** Code text evaluated (`eval`, a script engine's `runInNewContext`): counts when a parameter reaches it. */
  evaluate(code: Known | undefined, label: string, range: Range): void {
    const parameters = this.textParams(code);
    if (parameters.length) this.effect('caller-code', 'evaluates caller-supplied code', label, range, { parameters });
  }

  /** A call on a vendor SDK client: its verb's change, and the external call. */
  sdk(module: string | undefined, method: string, label: string, range: Range): void {
    const change = module && isInferenceSdk(module) ? undefined : verbChange(method);
    if (change) this.change(change, change === 'delete' ? 'deletes through an SDK' : 'writes through an SDK', label, range);
    if (module) this.effect('external', 'calls a vendor SDK', label, range, { module, short: module });
  }
}

function shortPath(path: string): string {
  return path.length > 24 ? `…${path.slice(-23)}` : path;
}

/** The truth of a literal default or argument as Python and JavaScript read it. */
export function truthOfLiteral(kind: 'true' | 'false' | 'none' | 'number' | 'string', text: string): boolean {
  switch (kind) {
    case 'true':
      return true;
    case 'false':
    case 'none':
      return false;
    case 'number':
      return Number(text.replace(/_/g, '')) !== 0;
    case 'string':
      return text.length > 0;
  }
}

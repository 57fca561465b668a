/**
 * A tool's effects (issue 27): its entry function's summary, and the summaries of the project's
 * functions it calls, followed up to MAX_DEPTH user-code calls below the entry and across modules.
 * Each effect keeps its path, one step per call. The tool's parameters are followed down the
 * calls: caller-supplied SQL or code counts only when a tool parameter reaches it, and a gate on a
 * parameter is read against what reaches that parameter (a literal, a default, the client).
 */
import { Range } from '../model';
import { verbChange } from './classify';
import { SummaryBuilder } from './builder';
import { Known } from './known';
import { libraryMethod, tablesFor } from './library';
import { ArgumentFlow, CalleeRef, CallSite, EffectSite, FunctionSummary, FunctionTable, Gate, ParameterInfo, PathStep, ToolEffect, ToolEffects, Truth } from './summary';
import { withFields } from '../with-fields';

/** How many calls of the project's own functions below the entry are followed. */
export const MAX_DEPTH = 3;
/** At most this many effects are kept per tool (the first of each kind and call chain). */
const MAX_EFFECTS = 24;

/** A function's summary and the file it is in. */
export interface ResolvedFunction {
  file: string;
  summary: FunctionSummary;
  /** The table it was read from, which may read it again with literal arguments (`FunctionTable.specialise`). */
  table?: FunctionTable;
}

/** How the propagation finds the functions a summary calls (effects/resolve.ts, through the project). */
export interface CalleeResolver {
  /** The callee of a call made in `file`; undefined when it is not a function of the project that can be read. */
  resolve(file: string, callee: CalleeRef): ResolvedFunction | 'no-effects' | undefined;
  /** The library value an imported module-level object is, for a call on it (`prisma.user.create()`). */
  libraryValue(file: string, callee: CalleeRef): Known | undefined;
}

/** What reaches one parameter in one invocation. */
interface Binding {
  /** A tool parameter's value reaches it (the client chooses it). */
  tool: boolean;
  /** `fixed`: a literal argument or a helper's own default; `entry`: a tool parameter with its default (undefined when required); `unknown`: computed. */
  kind: 'fixed' | 'entry' | 'unknown';
  truth?: Truth;
}

export interface EntryFunction {
  file: string;
  summary: FunctionSummary;
  /** The parameters the client fills (the tool's arguments): all of them unless an injected context is left out. */
  toolParameters: ReadonlySet<string>;
}

type Reach = 'never' | 'conditional' | 'always';

export function propagate(entry: EntryFunction, resolver: CalleeResolver): Omit<ToolEffects, 'file'> {
  const found: ToolEffect[] = [];
  let complete = true;
  let calls = 0;
  const entryStep: PathStep = { file: entry.file, range: entry.summary.range, message: `The tool's body starts here (${entry.summary.key}).` };

  const visit = (summary: FunctionSummary, file: string, depth: number, bindings: Map<string, Binding>, path: PathStep[], chain: string[], conditional: boolean, visiting: Set<string>): void => {
    if (summary.unknownCalls > 0) complete = false;
    calls += summary.callCount;
    for (const effect of summary.effects) {
      const reach = reachOf(effect.gates, bindings);
      if (reach === 'never' || !counts(effect, bindings)) continue;
      found.push(toolEffect(effect, file, path, chain, conditional || reach === 'conditional'));
    }
    for (const call of summary.calls) {
      const reach = reachOf(call.gates, bindings);
      if (reach === 'never') continue;
      if (depth >= MAX_DEPTH) {
        complete = false;
        continue;
      }
      const target = resolver.resolve(file, call.callee);
      if (target === 'no-effects') continue;
      const library = !target && call.known ? resolver.libraryValue(file, call.callee) : undefined;
      if (library && call.callee.kind !== 'function') {
        // A library object of another module (or a field declared there): what the call does is read here, as if it were made on it directly.
        for (const effect of libraryEffects(file, library, call.callee.method, call)) {
          if (counts(effect, bindings)) found.push(toolEffect(effect, file, path, chain, conditional || reach === 'conditional'));
        }
        continue;
      }
      if (!target) {
        complete = false;
        continue;
      }
      const key = `${target.file}#${target.summary.key}`;
      if (target.summary.telemetry || visiting.has(key)) continue;
      const step: PathStep = { file, range: call.range, message: `Calls ${call.label}.` };
      const calleeConditional = conditional || reach === 'conditional';
      if (target.summary.generatedClient && call.callee.kind !== 'function') {
        const change = verbChange(call.callee.method);
        if (change) found.push({ kind: change, conditional: calleeConditional, what: change === 'delete' ? 'deletes through an API client' : 'writes through an API client', chain: [...chain, call.label], path: [...path, withFields(step, { message: `Calls the API client method ${call.label}.` })] });
      }
      visiting.add(key);
      const summary = withLiterals(target, call.args) ?? target.summary;
      visit(summary, target.file, depth + 1, bindingsFor(summary.parameters, call.args, bindings), [...path, step], [...chain, call.label], calleeConditional, visiting);
      visiting.delete(key);
    }
  };

  const bindings = new Map<string, Binding>(entry.summary.parameters.map((parameter) => [parameter.name, { tool: entry.toolParameters.has(parameter.name), kind: 'entry', truth: parameter.default }]));
  visit(entry.summary, entry.file, 0, bindings, [entryStep], [], false, new Set([`${entry.file}#${entry.summary.key}`]));
  return { effects: best(found), complete, calls, entry: entryStep };
}

/** The effects of a call on a library value, under the call's own conditions. */
function libraryEffects(file: string, value: Known, method: string, call: CallSite): EffectSite[] {
  const builder = new SummaryBuilder('', call.range, [], { has: () => false });
  builder.under(call.gates, () => libraryMethod(tablesFor(file), value, method, call.known!, builder, `${call.label}`, call.range));
  return builder.summary.effects;
}

/** Whether an effect counts in this invocation: caller-supplied code only when a tool parameter reaches its text. */
function counts(effect: EffectSite, bindings: Map<string, Binding>): boolean {
  if (effect.kind !== 'caller-code') return true;
  return (effect.parameters ?? []).some((parameter) => bindings.get(parameter)?.tool);
}

/** Whether statements under `gates` run: always, only when a flag off by default is turned on, or never. */
function reachOf(gates: readonly Gate[], bindings: Map<string, Binding>): Reach {
  let reach: Reach = 'always';
  for (const gate of gates) {
    const one = gateReach(gate, bindings);
    if (one === 'never') return 'never';
    if (one === 'conditional') reach = 'conditional';
  }
  return reach;
}

function gateReach(gate: Gate, bindings: Map<string, Binding>): Reach {
  if (gate.kind === 'switch') return gate.config || gate.when ? 'conditional' : 'always';
  const binding = bindings.get(gate.parameter);
  if (!binding || binding.kind === 'unknown' || binding.truth === 'unknown') return 'conditional';
  if (binding.kind === 'fixed') return binding.truth === gate.when ? 'always' : 'never';
  // A tool parameter: required, or its default reaches the effect; otherwise the client must turn it on.
  return binding.truth === undefined || binding.truth === gate.when ? 'always' : 'conditional';
}

/** The callee's summary read again with the literals the call passes to the parameters its library calls read, when it passes any. */
function withLiterals(target: ResolvedFunction, args: readonly ArgumentFlow[]): FunctionSummary | undefined {
  const sensitive = target.summary.literalSensitive;
  if (!sensitive?.length || !target.table?.specialise) return undefined;
  const literals = new Map<string, Known>();
  target.summary.parameters.forEach((parameter, index) => {
    if (!sensitive.includes(parameter.name)) return;
    const value = flowTo(parameter, index, args)?.value;
    if (value) literals.set(parameter.name, value);
  });
  return literals.size ? target.table.specialise(target.summary.key, literals) : undefined;
}

/** The argument a call passes to a parameter: by keyword, else by position. */
function flowTo(parameter: ParameterInfo, index: number, args: readonly ArgumentFlow[]): ArgumentFlow | undefined {
  const position = parameter.position ?? index;
  return args.find((arg) => arg.keyword === parameter.name) ?? args.find((arg) => arg.position === position);
}

/** What reaches each of the callee's parameters from a call's arguments (and the caller's bindings). */
function bindingsFor(parameters: readonly ParameterInfo[], args: FunctionSummary['calls'][number]['args'], caller: Map<string, Binding>): Map<string, Binding> {
  const bindings = new Map<string, Binding>();
  parameters.forEach((parameter, index) => {
    const flow = flowTo(parameter, index, args);
    if (!flow) {
      bindings.set(parameter.name, { tool: false, kind: 'fixed', truth: parameter.default ?? 'unknown' });
      return;
    }
    const tool = flow.parameters.some((name) => caller.get(name)?.tool);
    if (flow.literal !== undefined) bindings.set(parameter.name, { tool, kind: 'fixed', truth: flow.literal });
    else if (flow.parameters.length === 1 && caller.has(flow.parameters[0])) bindings.set(parameter.name, withFields(caller.get(flow.parameters[0])!, { tool }));
    else bindings.set(parameter.name, { tool, kind: 'unknown' });
  });
  return bindings;
}

function toolEffect(effect: EffectSite, file: string, path: readonly PathStep[], chain: readonly string[], conditional: boolean): ToolEffect {
  const detail = effect.host ?? effect.module;
  const step: PathStep = { file, range: effect.range as Range, message: `${capitalise(effect.what)}${detail ? ` (${detail})` : effect.short && effect.short !== effect.label ? ` (${effect.short})` : ''}: ${effect.label}.` };
  const result: ToolEffect = { kind: effect.kind, conditional, what: effect.what, chain: [...chain, effect.short ?? effect.label], path: [...path, step] };
  if (effect.host) result.host = effect.host;
  if (effect.module) result.module = effect.module;
  return result;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Effects that say less than others of their kind (a folder made on the way to a file write). */
const WEAK = new Set(['changes a file', 'creates a folder']);

/** Unconditional and shorter paths first, telling effects before weak ones; one effect per kind, what and chain. */
function best(effects: ToolEffect[]): ToolEffect[] {
  const sorted = effects.map((effect, index) => ({ effect, index })).sort((a, b) =>
    Number(a.effect.conditional) - Number(b.effect.conditional) || a.effect.path.length - b.effect.path.length
    || Number(WEAK.has(a.effect.what)) - Number(WEAK.has(b.effect.what)) || a.index - b.index);
  const seen = new Set<string>();
  const kept: ToolEffect[] = [];
  for (const { effect } of sorted) {
    const key = `${effect.kind}\0${effect.what}\0${effect.host ?? effect.module ?? ''}\0${effect.chain.join('\0')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(effect);
    if (kept.length >= MAX_EFFECTS) break;
  }
  return kept;
}

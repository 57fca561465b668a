/**
 * What MTL311–313 share: the effects a rule looks at, the path as related information, the
 * severity of conditional effects, the message's parts, and the docs generated from the tables.
 */
import { CSHARP_EFFECTS } from '../../data/effects/csharp';
import { GO_EFFECTS } from '../../data/effects/go';
import { PYTHON_EFFECTS } from '../../data/effects/python';
import { SCRIPT_EFFECTS } from '../../data/effects/script';
import { MUTATING_COMMANDS, SDK_VERB_EXCEPTIONS, SQL_DELETE_VERBS, SQL_WRITE_VERBS, TELEMETRY_WORDS } from '../../data/effects/shared';
import { EffectTables } from '../../data/effects/types';
import { EffectKind, ToolEffect, ToolEffects } from '../../effects/summary';
import { FlagField, Fix, LanguageId, RelatedInfo } from '../../model';
import { fill, MESSAGE_LIMIT, Rule, RuleContext, severities, SeverityCase, shorten } from '../rule';
import { literal } from './flags';
import { placeEntry } from './place';

/** Effects only reached under a flag that is off by default. */
export const CONDITIONAL_CASES: Record<string, SeverityCase> = {
  conditional: {
    label: 'conditional effect',
    when: 'the effect is reached only under a flag that is off by default (a `dry_run`/`apply` parameter, an environment or config switch)',
    severity: { recommended: 'hint', strict: 'hint', 'openai-apps': 'hint' },
  },
};

/** What the three effect rules share: severities (info, strict warning, off in spec and arcade), the conditional case, quick-fixes only, effects read. */
export const EFFECT_RULE = {
  severity: severities('info', { strict: 'warning', spec: 'off', arcade: 'off' }),
  cases: CONDITIONAL_CASES,
  fixable: 'quickfix',
  readsEffects: true,
} satisfies Pick<Rule, 'severity' | 'cases' | 'fixable' | 'readsEffects'>;

/** The kinds that change something (MTL311). */
export const CHANGING: ReadonlySet<EffectKind> = new Set(['write', 'delete', 'execute', 'caller-code']);
/** The kinds that delete, overwrite or run what the caller wrote (MTL312). */
export const DESTROYING: ReadonlySet<EffectKind> = new Set(['delete', 'caller-code']);

/** The first effect of `kinds` (unconditional ones first: the effects come sorted so). */
export function firstEffect(effects: ToolEffects | undefined, kinds: ReadonlySet<EffectKind>, accept: (effect: ToolEffect) => boolean = () => true): ToolEffect | undefined {
  return effects?.effects.find((effect) => kinds.has(effect.kind) && accept(effect));
}

/**
 * What the body says about a flag the name only guesses (MTL301–303): `changes`/`destroys` when an
 * effect shows it (the effect rules report it, with its path), `does-not` when the summary is
 * complete and shows none, undefined when the body settles nothing (a body that calls nothing is a stub).
 */
export function bodySays(effects: ToolEffects | undefined, kinds: ReadonlySet<EffectKind>): 'does' | 'does-not' | undefined {
  if (!effects) return undefined;
  if (firstEffect(effects, kinds)) return 'does';
  return effects.complete && effects.calls > 0 ? 'does-not' : undefined;
}

/**
 * `` `_save_watches` -> `write_text` ``, shortened for a message: long names cut, a long chain its
 * first and last steps; `lastOnly`, the last step after an ellipsis (the related information has them all).
 */
export function chainText(effect: ToolEffect, lastOnly = false): string {
  // The calls by their function's name (`store.delete_watch` -> `delete_watch`), the effect as it is.
  const steps = effect.chain.map((step, index) => `\`${shorten(index < effect.chain.length - 1 ? step.slice(step.lastIndexOf('.') + 1) : step, 28)}\``);
  if (lastOnly && steps.length > 1) return `… → ${steps[steps.length - 1]}`;
  return steps.length < 3 ? steps.join(' → ') : `${steps[0]} → … → ${steps[steps.length - 1]}`;
}

/** Every step of an effect's path, as related information (naming the file when it is another one). */
export function pathRelated(effects: ToolEffects, effect: ToolEffect): RelatedInfo[] {
  return effect.path.map((step) => (step.file === effects.file ? { range: step.range, message: step.message } : { range: step.range, message: step.message, file: step.file }));
}

function list(all: readonly string[], max = 40): string {
  const items = [...new Set(all)];
  const shown = items.slice(0, max).map((item) => `\`${item}\``).join(', ');
  return items.length > max ? `${shown}, and ${items.length - max} more` : shown;
}

function tableLines(tables: EffectTables, name: string): string {
  const files = [...tables.fileFunctions.flatMap((row) => row.functions), ...tables.fileMethods.flatMap((row) => row.methods)];
  const stores = tables.storeMethods.flatMap((row) => row.methods);
  const processes = tables.processFunctions.flatMap((row) => row.functions);
  const http = Object.keys(tables.httpFunctions);
  return [
    `- ${name}, files: ${list(files)} (not under a temporary path: ${list(tables.temporaryPaths, 6)}).`,
    `- ${name}, SQL executors: ${list(Object.values(tables.sqlExecutors).flat())}; ORM and data stores: ${list(stores)}.`,
    `- ${name}, HTTP: ${http.length ? `${list(http)} and ` : ''}client methods ${list(Object.keys(tables.httpMethods))}.`,
    `- ${name}, processes: ${list(processes)}; code evaluation: ${list(tables.evalFunctions)}.`,
    `- ${name}, never an effect (telemetry, metering, logging): ${list(tables.telemetryModules, 20)}.`,
  ].join('\n');
}

/** What counts, generated from the tables (core/data/effects) for the docs of MTL311–313. */
export function effectTablesDoc(): string {
  return [
    `The body is the tool's entry function (the decorated function, the \`registerTool\`/\`tool\`/\`addTool\` callback or \`execute\`, a tool class's handler method, a tool table entry's \`execute\`/\`handler\`, the branch of a low-level \`call_tool\` handler that matches the tool's name, in TS/JS also a handler given to a wrapper or in the module that imports and dispatches the tool object; Go: the handler given to \`mcp.AddTool\` / \`s.AddTool\`, a func literal, a function or a method value; C#: the \`[McpServerTool]\` method, or a command class's \`ExecuteAsync\`) and the functions of the project it calls, up to three calls deep and across modules (Go: the files of a package and the module's packages; C#: the files of the project). Receivers are typed only by constructor assignment, annotations (Go and C#: declared types of parameters, fields and package-level variables) and imported module-level objects. A helper that takes an HTTP method or URL, a command's arguments or a SQL statement as parameters is read with what each caller passes literally (\`api_request("PUT", path)\` calls a PUT endpoint). What counts, from the data tables:`,
    `- SQL literals that write: ${list(SQL_WRITE_VERBS)}; that delete or overwrite: ${list(SQL_DELETE_VERBS)}. A tool parameter reaching the statement text (concatenated, interpolated or passed as the statement) is caller-supplied SQL; a bind parameter is not, and a SELECT-only check, an allow-list or a read-only connection before it lifts it.`,
    `- HTTP: PUT and DELETE overwrite or delete, PATCH writes, POST writes only to a path with a mutating word; a literal host that is not local, private or first-party is an external call.`,
    `- SDK and generated-client methods by their verb (\`create_*\`, \`put_*\`, \`delete_*\`, \`Reset*\`, AWS v3 \`new XxxCommand\`), except ${list(SDK_VERB_EXCEPTIONS, 8)}; every call on a vendor SDK client is external unless its module is first-party.`,
    `- Command lines matching ${list(MUTATING_COMMANDS.map((row) => row.command), 12)}, or whose command comes from a tool parameter.`,
    tableLines(PYTHON_EFFECTS, 'Python'),
    tableLines(SCRIPT_EFFECTS, 'TS/JS'),
    tableLines(GO_EFFECTS, 'Go'),
    tableLines(CSHARP_EFFECTS, 'C#'),
    `- Go: \`Close()\`, \`Header().Set\`/\`Add\` and \`url.Values\` \`Set\`/\`Add\` never count; \`http.NewRequest\` gives the method (\`http.MethodDelete\`); \`exec.Command("sh", "-c", line)\` runs \`line\`. C#: \`new SqlCommand(text)\` and \`CommandText = text\` are the statement a command runs; a project \`DbContext\` is an ORM session.`,
    `- Helpers named for telemetry (words ${list(TELEMETRY_WORDS, 8)}) are not followed. A \`mcp-tool-lint: ignore[effect]\` comment on an effect's line drops it from every tool that reaches it. Effects reached only under a flag off by default (a \`dry_run\`/\`apply\` parameter, an environment or config switch) are reported as hints.`,
  ].join('\n');
}

/** The message of an effect rule: its template's `{key}`, `{true}`, `{false}`, `{what}` and `{chain}` filled. */
export function effectMessage(template: `${string}{key}${string}{what}${string}{chain}${string}`, field: FlagField, language: LanguageId, effect: ToolEffect): string {
  const message = (lastOnly: boolean) => fill(template as '{key}{true}{false}{what}{chain}', { key: field.key, true: literal(language, true), false: literal(language, false), what: effect.what, chain: chainText(effect, lastOnly) });
  const full = message(false);
  return full.length > MESSAGE_LIMIT ? message(true) : full;
}

/**
 * Reports an effect that contradicts a flag, at the flag (or where the tool uses it, when it is
 * written elsewhere), at hint when the effect is conditional, with its path as related
 * information and as the finding's code flow.
 */
export function reportEffect(context: RuleContext, field: FlagField, effects: ToolEffects, effect: ToolEffect, message: string, fixes: Fix[]): void {
  const place = placeEntry(field.entry, field.key);
  const path = pathRelated(effects, effect);
  context.report({
    range: place.range,
    severity: effect.conditional ? context.severityOf('conditional') : undefined,
    message,
    related: [...place.related, ...path],
    codeFlow: path,
    fixes,
  });
}

/**
 * What an MCP client receives for each tool: the `tools/list` entry, Arcade's
 * `_meta.arcade.metadata`, and the webhook `metadata` (design.md, "preview").
 */
import { FLAG_TO_HINT, HINTS, SPEC_DEFAULTS, ArcadeFlag } from './data/fields';
import { knownBoolean } from './interpret';
import { DeclarationForm, EnumItem, Finding, FlagField, HintName, LanguageId, Range, ToolDeclaration, Value } from './model';
import type { EffectKind, ToolEffects } from './effects/summary';
import type { EffectSource } from './effects/tool-effects';
import { withFields } from './with-fields';

export interface JsonFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: string;
  rule: string;
  severity: Finding['severity'];
  message: string;
  fixable: boolean;
  /** The finding's related information, when it has some (1-based, as the finding). */
  related?: Array<{ file: string; line: number; column: number; message: string }>;
}

export type HintValues = Partial<Record<HintName, boolean>>;

/** Where a hint's value comes from. */
export type HintSource =
  /** Written for this tool; through the shared constant or preset `constant`, written in `file` when another module holds it. */
  | { from: 'declared'; constant?: string; file?: string }
  /** Written, but computed at run time (`invalid`: written as something other than a boolean). */
  | { from: 'unknown'; invalid?: boolean; constant?: string; file?: string }
  /** Not written, and the SDK sends the spec default itself (mcp-go's `NewTool`). */
  | { from: 'sdk-default' }
  /** Not written, not sent: clients assume the spec default. */
  | { from: 'spec-default' };

/** One input parameter as clients see it in the input schema. */
export interface ParameterProjection {
  name: string;
  description?: string;
  /** The linter cannot read whether it has a description. */
  unknown?: boolean;
}

export interface ToolProjection {
  name: string;
  title: string;
  language: LanguageId;
  form: DeclarationForm;
  range: Range;
  declared: HintValues;
  effective: Record<HintName, boolean>;
  defaulted: HintName[];
  /** Hints whose value the linter cannot evaluate statically (shown as defaults, but may differ at run time). */
  unknown: HintName[];
  /** Where each hint's effective value comes from. */
  hintSources: Record<HintName, HintSource>;
  findings: JsonFinding[];
  toolsList: { name: string; title?: string; annotations: Record<string, unknown> };
  /** The description clients receive (a Python docstring as `inspect.cleandoc` leaves it), when the linter can read it. */
  description?: string;
  /** Why `description` is left out: the tool has none (`missing`), or it is computed at run time (`unknown`). */
  descriptionState?: 'missing' | 'unknown';
  /** The input parameters, in order, each with its description when it has one; left out when the linter cannot list them. */
  parameters?: ParameterProjection[];
  arcadeMeta?: Record<string, unknown>;
  webhookMetadata?: Record<string, unknown>;
  /** Set when the name a client sees cannot be known statically (e.g. Arcade's toolkit prefix). */
  note?: string;
  /** What the tool's body does (issue 27), when its body was found: each effect with its path (1-based, as findings). */
  effects?: EffectJson[];
}

export interface EffectJson {
  kind: EffectKind;
  conditional: boolean;
  what: string;
  path: Array<{ file: string; line: number; column: number; message: string }>;
}

/** A tool's effects as the preview (and the hover) show them; `showFile` names each step's file. */
export function effectsJson(effects: ToolEffects, showFile: (absolute: string) => string = (absolute) => absolute): EffectJson[] {
  return effects.effects.map((effect) => ({
    kind: effect.kind,
    conditional: effect.conditional,
    what: effect.what,
    path: effect.path.map((step) => ({ file: showFile(step.file), line: step.range.start.line + 1, column: step.range.start.character + 1, message: step.message })),
  }));
}

/** The projection with the tool's effects, when they were read (the preview, the tool card); `showFile` names each step's file. */
export function withEffects(projection: ToolProjection, effects: ToolEffects | undefined, showFile?: (absolute: string) => string): ToolProjection {
  if (effects) projection.effects = effectsJson(effects, showFile);
  return projection;
}

export interface FileProjection {
  file: string;
  tools: ToolProjection[];
}

/** A finding in the CLI's JSON shape: 1-based lines and UTF-16 columns. */
/** `showFile` names another file of related information as the output names files (by default, its absolute path). */
export function toJsonFinding(finding: Finding, file: string, showFile: (absolute: string) => string = (absolute) => absolute): JsonFinding {
  const json: JsonFinding = {
    file,
    line: finding.range.start.line + 1,
    column: finding.range.start.character + 1,
    endLine: finding.range.end.line + 1,
    endColumn: finding.range.end.character + 1,
    code: finding.code,
    rule: finding.rule,
    severity: finding.severity,
    message: finding.message,
    fixable: finding.fixes.some((fix) => fix.safe),
  };
  if (finding.related.length) {
    json.related = finding.related.map((related) => ({
      file: related.file ? showFile(related.file) : file,
      line: related.range.start.line + 1,
      column: related.range.start.character + 1,
      message: related.message,
    }));
  }
  return json;
}

export function projectFile(file: string, declarations: readonly ToolDeclaration[], findings: readonly Finding[], showFile?: (absolute: string) => string, effects?: EffectSource): FileProjection {
  return {
    file,
    tools: declarations.map((declaration, index) => withEffects(
      projectTool(declaration, findingsOfDeclaration(declarations, findings, index).map((finding) => toJsonFinding(finding, file, showFile)), showFile),
      effects?.of(declaration),
      showFile,
    )),
  };
}

/**
 * The findings about one declaration: those its own checks made, and those of file-wide checks
 * (MTL216's duplicate names) that sit inside it.
 */
export function findingsOfDeclaration(declarations: readonly ToolDeclaration[], findings: readonly Finding[], index: number): Finding[] {
  const { start, end } = declarations[index].range;
  const inside = (range: Range) => !isBefore(range.start, start) && !isBefore(end, range.end);
  return findings.filter((finding) => finding.declarationIndex === index || (finding.declarationIndex === undefined && inside(finding.range)));
}

function isBefore(a: Range['start'], b: Range['start']): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

/** A tool as the CLI prints it: its file, and 1-based lines and UTF-16 columns (as in the CLI JSON) instead of an LSP range. */
export type PositionedTool = Pick<ToolProjection, 'name' | 'title' | 'language' | 'form'>
  & { file: string; line: number; column: number; endLine: number; endColumn: number }
  & Omit<ToolProjection, 'range'>;

export function positionedTool(tool: ToolProjection, file: string): PositionedTool {
  const { name, title, language, form, range, ...rest } = tool;
  return {
    name, title, language, form, file,
    line: range.start.line + 1, column: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1,
    ...rest,
  };
}

/**
 * The hints as declared, and where each value comes from: Arcade flags become hints; `None` is left
 * out; values the linter cannot read are `unknown`; a hint not written takes its default, sent by
 * the SDK itself (`sentDefaults`) or assumed by clients.
 */
function declaredHints(declaration: ToolDeclaration, showFile: (absolute: string) => string): { declared: HintValues; unknown: HintName[]; sources: Record<HintName, HintSource> } {
  const declared: HintValues = {};
  const unknown: HintName[] = [];
  const sources: Partial<Record<HintName, HintSource>> = {};
  const writtenIn = (field: FlagField) => withFields((field.value.viaName !== undefined ? { constant: field.value.viaName } : {}), (field.value.file !== undefined ? { file: showFile(field.value.file) } : {}));
  const record = (hint: HintName, field: FlagField | undefined) => {
    const value = knownBoolean(field);
    if (value !== undefined) {
      declared[hint] = value;
      sources[hint] = { from: 'declared', ...writtenIn(field!) };
    } else if (field && (field.state === 'unknown' || field.state === 'invalid')) {
      unknown.push(hint);
      sources[hint] = { from: 'unknown', ...(field.state === 'invalid' ? { invalid: true } : {}), ...writtenIn(field) };
    }
  };
  const behavior = declaration.metadata?.behavior;
  if (behavior) {
    const slots: Record<ArcadeFlag, FlagField | undefined> = {
      read_only: behavior.readOnly, destructive: behavior.destructive, idempotent: behavior.idempotent, open_world: behavior.openWorld,
    };
    for (const [flag, field] of Object.entries(slots) as Array<[ArcadeFlag, FlagField | undefined]>) record(FLAG_TO_HINT[flag], field);
  }
  if (declaration.annotations) for (const hint of HINTS) record(hint, declaration.annotations.hints[hint]);
  const hidden = mayHideHints(declaration);
  for (const hint of HINTS) {
    if (sources[hint]) continue;
    if (hidden) unknown.push(hint);
    sources[hint] = hidden ? { from: 'unknown' } : { from: declaration.sentDefaults?.includes(hint) ? 'sdk-default' : 'spec-default' };
  }
  return { declared, unknown, sources: sources as Record<HintName, HintSource> };
}

/**
 * Whether the hints not read may be written where the linter cannot see them (a computed or
 * imported value it cannot read, a `**spread` or `...spread` of unknown contents): they are then
 * unknown rather than defaults, as the "missing" rules stay silent on them.
 */
function mayHideHints(declaration: ToolDeclaration): boolean {
  const opaque = (value: Value | undefined): boolean => value !== undefined && value.kind !== 'null'
    && ((value.kind !== 'call' && value.kind !== 'mapping') || value.opaqueSpread === true);
  if (isArcade(declaration)) {
    const written = declaration.metadataValue;
    return written ? opaque(written) || opaque(declaration.metadata?.behavior?.value) : opaque(declaration.registration);
  }
  const annotations = declaration.annotations?.value;
  return annotations ? opaque(annotations) : opaque(declaration.registration);
}

function isArcade(declaration: ToolDeclaration): boolean {
  return declaration.form.startsWith('arcade-');
}

/** `showFile` names the file of a preset another module holds, as the output names files (by default, its absolute path). */
export function projectTool(declaration: ToolDeclaration, findings: JsonFinding[] = [], showFile: (absolute: string) => string = (absolute) => absolute): ToolProjection {
  const { declared, unknown, sources } = declaredHints(declaration, showFile);
  const effective = withFields(SPEC_DEFAULTS, declared);
  const defaulted = HINTS.filter((hint) => declared[hint] === undefined);
  const toolName = declaration.name ?? declaration.functionName ?? '<unknown>';
  const projection: ToolProjection = {
    name: toolName,
    title: toolName,
    language: declaration.language,
    form: declaration.form,
    range: declaration.range,
    declared,
    effective,
    defaulted,
    unknown,
    hintSources: sources,
    findings,
    toolsList: { name: toolName, annotations: {} },
  };
  if (declaration.description !== undefined) projection.description = declaration.description;
  else projection.descriptionState = declaration.descriptionState ?? 'unknown';
  const parameters = inputParameters(declaration);
  if (parameters) projection.parameters = parameters;
  if (isArcade(declaration)) {
    // Arcade sets both Tool.title and annotations.title to the tool's name, and qualifies the name with the toolkit.
    const listedName = declaration.toolkit ? `${declaration.toolkit}_${toolName}` : toolName;
    projection.toolsList = { name: listedName, title: toolName, annotations: { title: toolName, ...declared } };
    if (!declaration.toolkit) projection.note = `The toolkit name is not known statically: clients see "<Toolkit>_${toolName}".`;
    const metadata = arcadeMetadata(declaration);
    if (metadata) {
      projection.arcadeMeta = metadata;
      projection.webhookMetadata = metadata;
    }
  } else {
    const annotationsTitle = stringOf(declaration.annotations?.title?.value);
    projection.title = declaration.title ?? annotationsTitle ?? toolName;
    const annotations: Record<string, unknown> = {};
    if (annotationsTitle !== undefined) annotations.title = annotationsTitle;
    Object.assign(annotations, declared);
    // An SDK that sends unset hints with their defaults (mcp-go's NewTool): clients receive them all.
    for (const hint of declaration.sentDefaults ?? []) if (annotations[hint] === undefined && !unknown.includes(hint)) annotations[hint] = SPEC_DEFAULTS[hint];
    for (const vendor of declaration.annotations?.extraHints ?? []) {
      const value = knownBoolean(vendor);
      if (value !== undefined) annotations[vendor.key] = value;
    }
    projection.toolsList = { name: toolName, annotations };
    if (declaration.title !== undefined) projection.toolsList.title = declaration.title;
  }
  return projection;
}

/** The parameters a client sees in the input schema: those the SDK fills in (or may) are not among them. */
function inputParameters(declaration: ToolDeclaration): ToolProjection['parameters'] {
  if (!declaration.parameterDocs) return undefined;
  return declaration.parameterDocs
    .filter((parameter) => !parameter.injected && !parameter.mayBeInjected)
    .map(({ name, description, unknown }) => (description !== undefined ? { name, description } : unknown ? { name, unknown } : { name }));
}

function stringOf(value: Value | undefined): string | undefined {
  return value?.kind === 'string' ? value.value : undefined;
}

function enumValues(items: readonly EnumItem[] | undefined): string[] | undefined {
  if (!items) return undefined;
  return items.map((item) => item.text.toLowerCase());
}

/** `ToolMetadata.model_dump(mode="json", exclude_none=True)`: lowercase values, `strict` never emitted. */
function arcadeMetadata(declaration: ToolDeclaration): Record<string, unknown> | undefined {
  const metadata = declaration.metadata;
  if (!metadata) return undefined;
  const result: Record<string, unknown> = {};
  const domains = enumValues(metadata.classification?.serviceDomains?.items);
  if (metadata.classification) result.classification = domains ? { service_domains: domains } : {};
  const behavior = metadata.behavior;
  if (behavior) {
    const out: Record<string, unknown> = {};
    const operations = enumValues(behavior.operations?.items);
    if (operations) out.operations = operations;
    const flags: Array<[string, FlagField | undefined]> = [
      ['read_only', behavior.readOnly], ['destructive', behavior.destructive], ['idempotent', behavior.idempotent], ['open_world', behavior.openWorld],
    ];
    for (const [key, field] of flags) {
      const value = knownBoolean(field);
      if (value !== undefined) out[key] = value;
    }
    result.behavior = out;
  }
  const extras = metadata.extras ? jsonOf(metadata.extras.value) : undefined;
  if (extras !== undefined && extras !== null) result.extras = extras;
  return result;
}

/** A literal as JSON; unknown parts become the string "<unknown>". */
function jsonOf(value: Value): unknown {
  switch (value.kind) {
    case 'boolean':
    case 'string':
    case 'number':
      return value.value;
    case 'null':
      return null;
    case 'sequence':
      return value.items.map(jsonOf);
    case 'mapping':
      return Object.fromEntries(value.entries.map((entry) => [entry.key, jsonOf(entry.value)]));
    case 'enum-member':
      return value.member.toLowerCase();
    default:
      return '<unknown>';
  }
}

import { SourceText } from '../source-text';
import { Finding, Fix, Range, RelatedInfo, Severity, ToolDeclaration } from '../model';
import { ProjectView } from '../project/view';
import type { ToolEffects } from '../effects/summary';

export const PROFILES = ['recommended', 'strict', 'spec', 'arcade', 'openai-apps'] as const;
export type ProfileName = (typeof PROFILES)[number];

export type SeverityOrOff = Severity | 'off';

/** Documentation with fixed headings (ruff's shape); docs pages and hovers come from here. */
export interface RuleDocs {
  /** One sentence: what the rule reports. */
  summary: string;
  whatItDoes: string;
  why: string;
  /** Code that triggers the rule (Python unless the rule is TS-only). */
  example: string;
  /** The same code, fixed. */
  useInstead: string;
  /** How the quick-fix works and whether fix-all on save applies it. */
  fix: string;
  /** The MCP annotation or Arcade field involved. */
  mapping?: string;
  exampleLanguage?: 'python' | 'typescript';
}

export interface ReportOptions {
  range: Range;
  message: string;
  /** Defaults to the rule's severity in the active profile; a case's comes from `context.severityOf` (`off`: not reported). */
  severity?: SeverityOrOff;
  related?: RelatedInfo[];
  fixes?: Fix[];
  /** The path through the code that shows it (Finding.codeFlow). */
  codeFlow?: RelatedInfo[];
}

export interface RuleContext {
  readonly profile: ProfileName;
  /** The rule's severity in the active profile (never 'off': off rules are not run). */
  readonly severity: Severity;
  /** The full document text, for fixes that keep the author's formatting. */
  readonly text: SourceText;
  /** The rest of the project, when the analysis has one (cross-file checks read it). */
  readonly project?: ProjectView;
  /** What a tool's body does (effects/propagate.ts); undefined when it is not known (the effect rules stay silent). */
  effectsOf(declaration: ToolDeclaration): ToolEffects | undefined;
  /** The config's first-party hosts and SDK modules (MTL313). */
  readonly firstParty?: { hosts: readonly string[]; modules: readonly string[]; configFile?: string };
  /** The text a value's offsets and ranges refer to: the document's, or that of the file a preset is written in (`Value.file`). */
  textOf(file: string | undefined): SourceText | undefined;
  /** The severity of one of the rule's `cases` in the active profile (the rule's own when an override alone turns the rule on). */
  severityOf(caseName: string): SeverityOrOff;
  report(options: ReportOptions): void;
}

/**
 * Findings of a rule that take another severity than its main finding (an unknown annotation key
 * is a warning where an unknown Arcade field is an error). `mcp-tool-lint rules`, `explain` and the
 * docs pages list them from here, and the rule reports them with `context.severityOf(name)`.
 */
export interface SeverityCase {
  /** A few words for the `rules` table: "annotation key". */
  label: string;
  /** Which findings: "a key of MCP annotations (not an Arcade model's field)". */
  when: string;
  /** Per profile where such findings arise (a profile left out: none arise there). */
  severity: Partial<Record<ProfileName, SeverityOrOff>>;
}

export interface Rule {
  code: string;
  name: string;
  /**
   * The rule's message templates, by what they report. How every rule words a finding (new rules too):
   *
   * - One short sentence, read in the Problems panel and on a terminal line: the problem, what a
   *   client does because of it, then the fix. `read_only=True on a DELETE tool: clients may run it
   *   without asking, and Arcade refuses to load it. Set read_only=False.`
   * - `{name}` placeholders, filled by `fill(template, values)`; a value that can be long (a tool
   *   name, a value as written) goes through `shorten`. A template stays within
   *   MESSAGE_TEMPLATE_LIMIT characters and every filled message the fixtures produce within
   *   MESSAGE_LIMIT (test/unit/messages.test.ts).
   * - Everything longer (Arcade's own error text, the spec's wording, what each client does, the
   *   alternatives) goes in `docs`, which the hover, the docs page and `explain` show.
   */
  messages: Readonly<Record<string, string>>;
  /** Severity of the rule's main finding in each profile. */
  severity: Record<ProfileName, SeverityOrOff>;
  /** Findings with a severity of their own, by name. */
  cases?: Record<string, SeverityCase>;
  /** `safe`: has a fix that fix-all on save may apply; `quickfix`: fixes offered only on request. */
  fixable: 'safe' | 'quickfix' | 'none';
  docs: RuleDocs;
  /** Checks one tool declaration. */
  check?(declaration: ToolDeclaration, context: RuleContext): void;
  /** Checks all tools of a file together (duplicate names, ...). */
  checkFile?(declarations: readonly ToolDeclaration[], context: RuleContext): void;
  /** The rule reads the tools' effects: while they are not known, it reports nothing and its suppressions are not unused. */
  readsEffects?: boolean;
}

export const MESSAGE_TEMPLATE_LIMIT = 140;
export const MESSAGE_LIMIT = 160;

/** The `{name}` placeholders of a template, as a type: `fill` asks for exactly these. */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** A message template with its placeholders filled in. */
export function fill<T extends string>(template: T, values: Record<Placeholders<T>, string | number>): string {
  const named = values as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in named ? String(named[name]) : whole));
}

/** A name or value as a message shows it: at most `max` characters, cut with an ellipsis. */
export function shorten(text: string, max = 40): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

export function docsUrl(ruleName: string): string {
  return `https://github.com/mcp-tool-lint/mcp-tool-lint/blob/main/docs/rules/${ruleName}.md`;
}

/** Severity table helper: the same severity in every profile unless overridden. */
export function severities(base: SeverityOrOff, overrides: Partial<Record<ProfileName, SeverityOrOff>> = {}): Record<ProfileName, SeverityOrOff> {
  return { recommended: base, strict: base, spec: base, arcade: base, 'openai-apps': base, ...overrides };
}

/** A case's severity in `profile`: off where the rule is off; undefined where the case does not arise. */
export function caseSeverity(rule: Rule, severityCase: SeverityCase, profile: ProfileName): SeverityOrOff | undefined {
  return rule.severity[profile] === 'off' ? 'off' : severityCase.severity[profile];
}

export type { Finding };

/**
 * The analysis pipeline: text → syntax tree → ToolDeclaration[] → Finding[].
 * Used by the language server, the CLI and the tests alike.
 */
import { Tree } from 'web-tree-sitter';
import { SourceText } from './source-text';
import { extractDeclarations } from './frontends';
import { Finding, Severity, ToolDeclaration } from './model';
import { GrammarId, grammarFor, languageOfGrammar, loadAllGrammars, loadGrammars, parse } from './parse/parser';
import { ALL_RULES } from './rules';
import { caseSeverity, ProfileName, Rule, RuleContext, SeverityOrOff, ReportOptions } from './rules/rule';
import { applyOverrides, overridesEnable, RuleOverride } from './severity';
import { applyDirectives, applySuppressions, SuppressionDirective } from './suppressions';
import { NodeLookup } from './parse/windows';
import { ProjectView } from './project/view';
import { mayDeclareTools as mayDeclareToolsIn } from './prefilter';
import { computeEffects, EffectSource, effectSource, effectsMatter } from './effects/tool-effects';
import { withFields } from './with-fields';

export interface AnalysisOptions {
  profile?: ProfileName;
  /** Severity overrides, lowest precedence first (project config, then editor, then CLI flags). */
  overrides?: readonly RuleOverride[];
  /** Extra modules whose importers register tools (project config `serverModules`; TypeScript/JavaScript only). */
  serverModules?: readonly string[];
  /**
   * The rest of the file's project (core/project): servers and tools of other modules, manifest
   * evidence. Without it, a file is analysed on its own. A new view makes a new analysis.
   */
  project?: ProjectView;
  /**
   * What the tools' bodies do (effects/tool-effects.ts), for the effect rules (MTL311–313). Without
   * it, `analyzeText` reads them from the file's tree; the language server gives its own (the first
   * analysis of each version goes without the effects that need other modules).
   */
  effects?: EffectSource;
  /** The config's `firstParty` hosts and SDK modules: calls to them are not external (MTL313). */
  firstParty?: FirstParty;
  /** Read every tool's effects (the preview lists them), not only those the rules could report on (`effectsMatter`). */
  allEffects?: boolean;
}

export interface FirstParty {
  hosts: readonly string[];
  modules: readonly string[];
  /** The project config file that lists them (MTL313's fix adds a host there), when there is one. */
  configFile?: string;
}

export interface AnalysisResult {
  grammar: GrammarId;
  declarations: ToolDeclaration[];
  findings: Finding[];
  /** The tools' effects the findings were made with (the preview lists them). */
  effects?: EffectSource;
}

/**
 * Loads the grammars (all of them, or only `grammars`); call before the synchronous analysis
 * functions. Each grammar is loaded once, however often this is called.
 */
export function initAnalysis(grammars?: Iterable<GrammarId>): Promise<void> {
  return grammars ? loadGrammars(grammars) : loadAllGrammars();
}

/**
 * Lines longer than this (minified or generated code) make a document one we do not lint: nobody
 * writes a tool declaration there, and tree-sitter alone needs seconds to parse such a line.
 */
export const MAX_LINE_LENGTH = 100_000;

/** Whether some line of the text is longer than `limit` UTF-16 code units. */
export function hasOverlongLine(text: SourceText, limit = MAX_LINE_LENGTH): boolean {
  // Jump from line start to the last line break within `limit` of it: a few steps for any text.
  for (let start = 0; text.length - start > limit;) {
    const lastBreak = text.lastIndexOf('\n', start + limit);
    if (lastBreak < start) return true;
    start = lastBreak + 1;
  }
  return false;
}

/**
 * The text with each lone CR (an old Mac line break) turned into an LF. LSP counts a lone CR as a
 * line break and tree-sitter does not; with this copy (same length, so offsets stay) the rows
 * tree-sitter reports are LSP's lines.
 */
export function withLfLineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** The cheap pre-filter design.md allows (prefilter.ts), for a file of `grammar` (of any grammar when not given). */
export function mayDeclareTools(text: SourceText, grammar?: GrammarId): boolean {
  return mayDeclareToolsIn(text, grammar && (grammar === 'python' || grammar === 'go' || grammar === 'csharp' ? grammar : 'script'));
}

/** Analyses a document whose grammar is known; returns undefined for files we do not lint. */
export function analyzeText(text: string, filePath: string, options: AnalysisOptions = {}, languageId?: string): AnalysisResult | undefined {
  const grammar = grammarFor(languageId, filePath);
  if (!grammar) return undefined;
  if (!mayDeclareTools(text, grammar) && !options.project?.mentionsRegistrationWrapper?.(text)) return { grammar, declarations: [], findings: [] };
  const tree = parse(grammar, text);
  try {
    return analyzeTree(grammar, tree, text, options, options.effects ? undefined : filePath);
  } finally {
    tree.delete();
  }
}

/** `analyzeText` of a text already parsed afresh into `tree`, without the tools' effects (as the keystroke path): no second parse (tests read the same fresh tree for more). */
export function analyzeParsedText(grammar: GrammarId, tree: Tree, text: string, options: AnalysisOptions = {}): AnalysisResult {
  return mayDeclareTools(text, grammar) ? analyzeTree(grammar, tree, text, options) : { grammar, declarations: [], findings: [] };
}

/** What was read from a file's tree before it was deleted: its declarations and its suppression comments. */
export interface Extraction {
  declarations: ToolDeclaration[];
  suppressions: SuppressionDirective[];
  /** The tools' effects, read from the same tree (the CLI's index keeps them with the declarations). */
  effects?: EffectSource;
}

/** The analysis of a file from its extraction (the project index's summary read it): the rules and the suppressions, without a tree. */
export function analyzeExtracted(grammar: GrammarId, extraction: Extraction, text: SourceText, options: AnalysisOptions = {}): AnalysisResult {
  const { declarations, suppressions } = extraction;
  const withEffects = options.effects || !extraction.effects ? options : withFields(options, { effects: extraction.effects });
  return { grammar, declarations, findings: sortFindings(applyDirectives(suppressions, text, runRules(declarations, text, withEffects), withEffects)), effects: withEffects.effects };
}

/** The analysis of a parsed file; with `effectsOf` (the file's path), its tools' effects are read from the tree too. */
export function analyzeTree(grammar: GrammarId, tree: Tree, text: SourceText, options: AnalysisOptions = {}, effectsOf?: string): AnalysisResult {
  const declarations = extractDeclarations(grammar, tree, text, options);
  const read = options.allEffects ? declarations : declarations.filter(effectsMatter);
  const withEffects = effectsOf === undefined ? options : withFields(options, { effects: effectSource(computeEffects(grammar, tree.rootNode, text, effectsOf, read, options.project)) });
  return { grammar, declarations, findings: findingsFor(tree.rootNode, text, declarations, withEffects), effects: withEffects.effects };
}

/** The findings of declarations extracted from the syntax `lookup` reads: the rules, then the suppression comments, sorted. */
export function findingsFor(lookup: NodeLookup, text: SourceText, declarations: readonly ToolDeclaration[], options: AnalysisOptions = {}, memo?: RuleMemo): Finding[] {
  return sortFindings(applySuppressions(lookup, text, runRules(declarations, text, options, memo), options));
}

/**
 * What the rules reported for one declaration (after severity overrides), kept between analyses
 * of a document: incremental analysis reuses it for declarations it did not re-extract. One memo
 * serves one set of analysis options.
 */
export interface RuleMemo {
  get(declaration: ToolDeclaration): readonly Finding[] | undefined;
  set(declaration: ToolDeclaration, findings: Finding[]): void;
}

interface ActiveRule {
  rule: Rule;
  /** Its severity in the profile ('warning' for a rule off in the profile that an override enables). */
  severity: Severity;
}

const activeRulesByOptions = new WeakMap<AnalysisOptions, ActiveRule[]>();

function activeRules(options: AnalysisOptions): ActiveRule[] {
  let active = activeRulesByOptions.get(options);
  if (!active) {
    const profile = options.profile ?? 'recommended';
    active = ALL_RULES
      .filter((rule) => rule.severity[profile] !== 'off' || overridesEnable(rule, options.overrides ?? []))
      .map((rule) => ({ rule, severity: rule.severity[profile] === 'off' ? 'warning' : rule.severity[profile] as Severity }));
    activeRulesByOptions.set(options, active);
  }
  return active;
}

/** The rules' findings for the declarations, each declaration's checked once per memo, then the file-wide checks; not sorted. */
export function runRules(declarations: readonly ToolDeclaration[], text: SourceText, options: AnalysisOptions = {}, memo?: RuleMemo): Finding[] {
  const checks = new RuleChecks(options, text);
  const findings: Finding[] = [];
  declarations.forEach((declaration, index) => {
    const own = checks.ownFindings(declaration, memo);
    // A memoised finding is the same object from one analysis to the next (the server reuses what it encoded for it).
    for (const finding of own) {
      finding.declarationIndex = index;
      findings.push(finding);
    }
  });
  checks.fileFindings(declarations, findings);
  return findings;
}

/** Checks the declarations not yet in `memo` and keeps their findings there (a large analysis runs the rules in steps). */
export function checkDeclarations(declarations: readonly ToolDeclaration[], text: SourceText, options: AnalysisOptions, memo: RuleMemo): void {
  const checks = new RuleChecks(options, text);
  for (const declaration of declarations) checks.ownFindings(declaration, memo);
}

/**
 * The active rules with one context each, for one run over a file's declarations: a context made
 * per rule and declaration was a tenth of the CLI's allocations. A context is made when its rule first
 * checks something (a keystroke re-checks one or two declarations), and each check reports into `into`.
 */
class RuleChecks {
  private readonly active: readonly ActiveRule[];
  private readonly contexts: Array<RuleContext | undefined>;
  private into: Finding[] = [];

  constructor(private readonly options: AnalysisOptions, private readonly text: SourceText) {
    this.active = activeRules(options);
    this.contexts = new Array(this.active.length);
  }

  /** A declaration's own findings: from `memo`, or checked now (and kept there). */
  ownFindings(declaration: ToolDeclaration, memo: RuleMemo | undefined): readonly Finding[] {
    const memoised = memo?.get(declaration);
    if (memoised) return memoised;
    const checked: Finding[] = (this.into = []);
    for (let index = 0; index < this.active.length; index++) this.active[index].rule.check?.(declaration, this.context(index));
    memo?.set(declaration, checked);
    return checked;
  }

  /** The file-wide checks' findings, added to `into`. */
  fileFindings(declarations: readonly ToolDeclaration[], into: Finding[]): void {
    this.into = into;
    for (let index = 0; index < this.active.length; index++) this.active[index].rule.checkFile?.(declarations, this.context(index));
  }

  private context(index: number): RuleContext {
    const { rule, severity } = this.active[index];
    return (this.contexts[index] ??= this.contextFor(rule, severity, this.options, this.text));
  }

  private contextFor(rule: Rule, severity: Severity, options: AnalysisOptions, text: SourceText): RuleContext {
    const profile = options.profile ?? 'recommended';
    return {
      profile,
      severity,
      text,
      project: options.project,
      effectsOf: (declaration) => options.effects?.of(declaration),
      firstParty: options.firstParty,
      textOf: (file) => (file === undefined ? text : options.project?.sourceText(file)),
      severityOf: (caseName) => {
        const severityCase = rule.cases?.[caseName];
        if (!severityCase) throw new Error(`${rule.code} has no severity case "${caseName}"`);
        // A rule the profile leaves off runs only because an override turned it on: the override's severity applies to all of it.
        return rule.severity[profile] === 'off' ? severity : caseSeverity(rule, severityCase, profile) ?? severity;
      },
      report: (report: ReportOptions) => {
        if (report.severity === 'off') return;
        const finalSeverity: SeverityOrOff = applyOverrides(rule, report.severity ?? severity, options.overrides ?? []);
        if (finalSeverity !== 'off') this.into.push(newFinding(rule, finalSeverity, report));
      },
    };
  }
}

/**
 * Every finding and its range made with one shape: the sort, the server's diagnostic cache and the
 * moves after edits read all of them on every keystroke, and reads of objects of many shapes (ranges
 * from every front end, findings given `declarationIndex` later) are several times slower.
 */
function newFinding(rule: Rule, severity: Severity, report: ReportOptions): Finding {
  const { start, end } = report.range;
  return {
    code: rule.code,
    rule: rule.name,
    severity,
    message: report.message,
    range: { start: { line: start.line, character: start.character }, end: { line: end.line, character: end.character } },
    related: report.related ?? [],
    fixes: report.fixes ?? [],
    declarationIndex: undefined,
    codeFlow: report.codeFlow,
  };
}

/** Source order, then by code (`MTL101` before `MTL201`: ASCII, so no locale-aware comparison is needed). */
export function compareFindings(a: Finding, b: Finding): number {
  return a.range.start.line - b.range.start.line
    || a.range.start.character - b.range.start.character
    || compareCodes(a.code, b.code);
}

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lines are multiplied by this to make one number of a position (columns stay below MAX_LINE_LENGTH). */
const POSITION_SPAN = 2 ** 21;

/**
 * The findings in compareFindings' order (ties kept in their order). Each start position is read
 * once into a number: sorting the findings themselves read two ranges per comparison, thousands of
 * comparisons per keystroke on 10,000 lines, from findings of many shapes (a twentieth of a keystroke).
 */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const keys = new Float64Array(findings.length);
  const order: number[] = new Array(findings.length);
  for (let index = 0; index < findings.length; index++) {
    const start = findings[index].range.start;
    keys[index] = start.line * POSITION_SPAN + Math.min(start.character, POSITION_SPAN - 1);
    order[index] = index;
  }
  order.sort((a, b) => keys[a] - keys[b] || compareCodes(findings[a].code, findings[b].code) || a - b);
  return order.map((index) => findings[index]);
}

export { languageOfGrammar };

/**
 * Incremental analysis of one open Python document (TypeScript / JavaScript:
 * typescript.ts): after an edit, re-extract only the top-level
 * statements the edit touched, and those whose extraction looked up a name the edit re-binds,
 * and re-run the rules only on their declarations, reusing (and moving) the declarations and
 * rule results of every other statement. The result is exactly what `analyzeTree` gives for the
 * new text (test/unit/incremental.test.ts checks it).
 *
 * The Python front end reads other statements only through module-level names and the import
 * flags (PythonModule), and records per statement what it looked up; a statement binding names
 * (python.ts) changes only the statements that looked them up. Broken code that may
 * import, an ERROR root, and, in one tree, syntax errors outside the edited statements get a full
 * analysis (the front end's repair of broken code reparses the whole text there). Broken regions
 * (parse/windows.ts) are repaired in their own trees: one kept from before, only moved by the edit,
 * is reused like any statement (python-regions.ts).
 *
 * Undo: the statements an analysis replaced are kept with the text they were read from, so when
 * the next edit restores that text (a typo and its correction), they come back without extraction.
 */
import { Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { AnalysisOptions, AnalysisResult, checkDeclarations, findingsFor } from '../analyze';
import { extractPython, PythonExtraction, PythonExtractionOptions } from '../frontends/python';
import { PythonModule, StatementBindings } from '../frontends/python/module';
import { DeclarationMemo, recheckState } from './memo';
import { pythonSegments, Segment } from './python';
import { after, before, comparedSegments, firstEndingAtOrAfterRow, groupBySegment, regionUpdate, segmentAtRow, segmentKey, SegmentUpdate, sharesRows, updatedSegments } from './segments';
import { prepareGroups, Shift, ShiftableGroup } from './shift';
import { Finding, ToolDeclaration } from '../model';
import { ProjectView } from '../project/view';
import { GrammarId } from '../parse/parser';
import { brokenRegions, DocumentSyntax, lookupIn, NodeLookup, RegionSpan } from '../parse/windows';
import { boundBy, extractAroundRegions, ReadUnit, regionSegments, rowsOf, treeOf, unitsOf } from './python-regions';
import { inSpans, regionSpans, regionsNotIn, sameSpans } from './regions';

interface State {
  options: AnalysisOptions;
  text: SourceText;
  segments: Segment[];
  /** The declarations of each segment, in source order. */
  groups: Group[];
  memo: DeclarationMemo;
  /** The import flags the extraction looked up (`importsRead` keys), as they were for `text`. */
  importFlags: Map<string, boolean>;
  /** The regions the segments were read with (parse/windows.ts). */
  regions: RegionSpan[];
  /** The groups this analysis replaced, by their segment's key, with the text (and regions) they were read from and its import flags. */
  replaced?: { text: SourceText; regions: RegionSpan[]; groups: Map<string, Group>; importFlags: Map<string, boolean> };
}

interface Group {
  declarations: ToolDeclaration[];
  /** Whether a declaration ends after the segment, or after its broken region (read from a repaired tree); re-extracted groups never do. */
  reachesPast: boolean;
  /** What the segment's extraction looked up in the module (names, import flags). */
  reads: ReadonlySet<string>;
  /** Moves the group's declarations and their rule results when an edit before them moves their text. */
  shifter: ShiftableGroup;
}

const NO_READS: ReadonlySet<string> = new Set();

export class IncrementalAnalyzer {
  private state?: State;
  /** The project of the analysis being made (its options'). */
  private project?: ProjectView;

  /** How the last analysis was made (for tests and the benchmark). */
  lastMode: 'full' | 'incremental' | 'undo' = 'full';
  /** Why the last analysis could not reuse the previous one. */
  lastReason = '';
  /** How many top-level statements the last analysis extracted (all of them in a full analysis). */
  lastRead = 0;

  /**
   * `grammar` is always 'python' (the same call as IncrementalScriptAnalyzer's). A region
   * (parse/windows.ts) is read from its own tree, the rest from the document's.
   */
  analyze(grammar: GrammarId, syntax: Tree | DocumentSyntax, text: SourceText, options: AnalysisOptions): AnalysisResult {
    const previous = this.state?.options === options ? this.state : undefined;
    this.project = options.project;
    if ('rootNode' in syntax) return this.analyzeTree(grammar, syntax, text, options, previous);
    if (!syntax.regions?.length) return this.analyzeTree(grammar, syntax.tree, text, options, previous);
    return this.analyzeAroundRegions(grammar, syntax, text, options, previous);
  }

  /**
   * The rule results of the last analysis checked again (the tools' effects became known): its
   * declarations, found with `lookup` (the same syntax). Undefined when there is no analysis to check.
   */
  recheck(lookup: NodeLookup): Finding[] | undefined {
    return this.state && recheckState(this.state, lookup);
  }

  /**
   * Between keystrokes: indexes the groups the next edit may shift (shift.ts) until
   * `timeIsUp()`; whether all are.
   */
  prepareForEdits(timeIsUp: () => boolean): boolean {
    return prepareGroups(this.state?.groups ?? [], timeIsUp);
  }

  /**
   * The first analysis of a clean tree (no state yet, or other options), in steps: the generator
   * yields after each run of statements it extracts and each run of declarations it checks, so the
   * server can give its event loop turns on a large file; it ends with `analyze`'s result. The tree
   * must not change until it ends (drop it instead: nothing is kept until the last step). Undefined
   * for a tree with syntax errors, which `analyze` reads in one piece.
   */
  firstAnalysisInSteps(grammar: GrammarId, tree: Tree, text: SourceText, options: AnalysisOptions): Generator<void, AnalysisResult, undefined> | undefined {
    // The state first: on every keystroke once the first analysis is made, with no call into tree-sitter.
    if (this.state?.options === options || tree.rootNode.hasError) return undefined;
    return this.stepThroughFirstAnalysis(grammar, tree, text, options);
  }

  private *stepThroughFirstAnalysis(grammar: GrammarId, tree: Tree, text: SourceText, options: AnalysisOptions): Generator<void, AnalysisResult, undefined> {
    const segments = pythonSegments(tree.rootNode);
    yield;
    const facts = knownFacts(segments);
    const extraction: Required<PythonExtraction> = { declarations: [], reads: new Map(), importFlags: new Map() };
    for (const run of statementRuns(segments, STATEMENTS_PER_STEP)) {
      const part = extractPython(tree, text, { rows: [[run[0].startRow, run[run.length - 1].endRow]], recordReads: true, project: options.project, ...facts });
      extraction.declarations.push(...part.declarations);
      for (const [row, names] of part.reads ?? []) extraction.reads.set(row, names);
      for (const [key, value] of part.importFlags ?? []) extraction.importFlags.set(key, value);
      yield;
    }
    const memo = new DeclarationMemo();
    const groups = this.groupsOf(extraction, segments, memo);
    const declarations = groups.flatMap((group) => group.declarations);
    for (let start = 0; start < declarations.length; start += DECLARATIONS_PER_STEP) {
      checkDeclarations(declarations.slice(start, start + DECLARATIONS_PER_STEP), text, options, memo);
      yield;
    }
    this.lastMode = 'full';
    this.lastReason = this.state ? 'the grammar or the options changed' : 'the first analysis of the document';
    return this.finish(grammar, tree.rootNode, text, options, segments, memo, { groups, importFlags: extraction.importFlags });
  }

  private analyzeAroundRegions(grammar: GrammarId, syntax: DocumentSyntax, text: SourceText, options: AnalysisOptions, previous: State | undefined): AnalysisResult {
    const regions = regionSpans(syntax);
    const update = previous && regionUpdate(previous.segments, previous.text, previous.regions, syntax, text);
    const segments = update?.segments ?? regionSegments(syntax);
    const memo = previous?.memo ?? new DeclarationMemo();
    let next: Pick<State, 'groups' | 'importFlags' | 'replaced'> | undefined;
    if (previous && !update) this.fullBecause('the statements around the regions changed');
    else if (previous && update) next = this.undo(previous, text, segments, regions) ?? this.reuse(previous, syntax, text, update);
    if (!next) {
      this.lastMode = 'full';
      const extraction = extractAroundRegions(syntax, text, segments, segments, this.project);
      next = { groups: this.groupsOf(extraction, segments, memo, unitsOf(segments, brokenRegions(syntax))), importFlags: extraction.importFlags ?? new Map() };
      if (previous) next.replaced = allGroupsOf(previous);
    }
    return this.finish(grammar, lookupIn(syntax), text, options, segments, memo, next, regions);
  }

  private analyzeTree(grammar: GrammarId, tree: Tree, text: SourceText, options: AnalysisOptions, previous: State | undefined): AnalysisResult {
    // The broken regions read before, in their own trees, read otherwise now.
    const gone = previous ? regionsNotIn(previous.regions, []) : [];
    // Read around the edit only while the tree is clean: recovery from broken code may reshape any statement.
    const update = previous && (tree.rootNode.hasError
      ? comparedSegments(previous.segments, previous.text, pythonSegments(tree.rootNode), text, gone)
      : updatedSegments(previous.segments, previous.text, tree.rootNode, text, gone));
    const segments = update?.segments ?? pythonSegments(tree.rootNode);
    const memo = previous?.memo ?? new DeclarationMemo();
    let next: Pick<State, 'groups' | 'importFlags' | 'replaced'> | undefined;
    if (previous && update && tree.rootNode.type === 'ERROR') this.fullBecause('the whole file is one syntax error');
    else if (previous && update) next = this.undo(previous, text, segments, []) ?? this.reuse(previous, { tree }, text, update);
    if (!next) {
      this.lastMode = 'full';
      next = this.extractAll(tree, text, segments, memo);
      if (previous) next.replaced = allGroupsOf(previous);
    }
    return this.finish(grammar, tree.rootNode, text, options, segments, memo, next);
  }

  private finish(
    grammar: GrammarId, lookup: NodeLookup, text: SourceText, options: AnalysisOptions, segments: Segment[], memo: DeclarationMemo,
    next: Pick<State, 'groups' | 'importFlags' | 'replaced'>, regions: RegionSpan[] = [],
  ): AnalysisResult {
    if (this.lastMode === 'full') this.lastRead = segments.length;
    if (this.lastMode === 'undo') this.lastRead = 0;
    const declarations = next.groups.flatMap((group) => group.declarations);
    const findings = findingsFor(lookup, text, declarations, options, memo);
    this.state = { options, text, segments, memo, regions, ...next };
    return { grammar, declarations, findings };
  }

  private group(declarations: ToolDeclaration[], reads: ReadonlySet<string>, memo: DeclarationMemo, reachesPast = false): Group {
    return { declarations, reads, reachesPast, shifter: new ShiftableGroup(() => [...declarations, ...declarations.map((declaration) => memo.findingsOf(declaration))]) };
  }

  private extractAll(tree: Tree, text: SourceText, segments: Segment[], memo: DeclarationMemo): Pick<State, 'groups' | 'importFlags'> {
    const extraction = extractPython(tree, text, { recordReads: true, project: this.project, ...knownFacts(segments) });
    return { groups: this.groupsOf(extraction, segments, memo), importFlags: extraction.importFlags ?? new Map() };
  }

  /** `unitOf`: per segment, the unit it is read in (`unitsOf`; each alone without broken regions). */
  private groupsOf(extraction: PythonExtraction, segments: readonly Segment[], memo: DeclarationMemo, unitOf?: (index: number) => ReadUnit): Group[] {
    const reads = readsPerSegment(extraction, segments);
    return groupBySegment(extraction.declarations, segments).map((declarations, index) => {
      const reachesPast = declarations.some((declaration) => after(declaration.range.end, unitOf ? unitOf(index).bounds : segments[index]));
      return this.group(declarations, reads[index] ?? NO_READS, memo, reachesPast);
    });
  }

  /** The text is the one before the previous edit, read the same way (the same broken regions), and every statement's groups were kept: take them back. */
  private undo(previous: State, text: SourceText, segments: Segment[], regions: RegionSpan[]): Pick<State, 'groups' | 'importFlags' | 'replaced'> | undefined {
    const replaced = previous.replaced;
    if (!replaced || replaced.text !== text || !sameSpans(broken(replaced.regions), broken(regions))) return undefined;
    const groups = segments.map((segment) => replaced.groups.get(segmentKey(segment)));
    if (groups.some((group) => !group)) return undefined;
    this.lastMode = 'undo';
    return { groups: groups as Group[], importFlags: replaced.importFlags, replaced: allGroupsOf(previous) };
  }

  /** The declaration groups per segment for the new text, or undefined when the edit needs a full analysis. */
  private reuse(previous: State, syntax: DocumentSyntax, text: SourceText, { segments, prefix, suffix }: SegmentUpdate): Pick<State, 'groups' | 'importFlags' | 'replaced'> | undefined {
    const { tree } = syntax;
    const regions = regionSpans(syntax);
    const brokenNow = broken(regions);
    const brokenBefore = broken(previous.regions);
    const old = previous.segments;
    const oldChanged = old.slice(prefix, old.length - suffix);
    const newChanged = segments.slice(prefix, segments.length - suffix);
    const changed = [...oldChanged, ...newChanged];
    if (changed.some((segment) => segment.alwaysContext)) return this.fullBecause('an edited statement is broken code that may import, or a definition without a name');
    const oldIndexOf = (index: number) => (index < prefix ? index : index - segments.length + old.length);

    // What the edit may re-bind: the names the edited statements bind, before and after, and the import flags that changed.
    const rebound = new Set(changed.flatMap((segment) => segment.names));
    let importFlags = previous.importFlags;
    if (changed.some((segment) => segment.imports)) {
      // The flags come from the statements' bindings; the rest's tree may be stale around a clean region. Broken code in a
      // region binds what its repair makes of it: nothing an import flag reads unless a line of it starts an import or a
      // compound statement (alwaysContext).
      const bindings = brokenNow.length ? boundBy(segments) : segmentBindings(segments);
      if (brokenNow.length && segments.some((segment) => segment.hasError && segment.alwaysContext)) return this.fullBecause('a broken region may import');
      if (regions.length && !bindings) return this.fullBecause('a statement next to the clean region is broken code');
      importFlags = importFlagsOf(new PythonModule(tree.rootNode, text, bindings), previous.importFlags.keys());
      for (const [key, value] of importFlags) if (previous.importFlags.get(key) !== value) rebound.add(key);
    }
    const fresh = new Set<number>(newChanged.map((_, offset) => prefix + offset));
    // In one tree, the front end repairs half-typed code file-wide and reparses: with broken code outside the edited
    // statements, what any statement yields may depend on how tree-sitter recovers from all of it. A broken region is
    // repaired in its own tree.
    if (segments.some((segment, index) => segment.hasError && !fresh.has(index) && !inSpans(brokenNow, segment.start))) return this.fullBecause('syntax errors outside the edited statements');
    // In one tree, the repair reparses the whole text: closing a broken statement's brackets may change how the statements
    // after it read, before the edit as after it.
    const repairedFileWide = newChanged.some((segment) => segment.hasError && !inSpans(brokenNow, segment.start))
      || oldChanged.some((segment) => segment.hasError && !inSpans(brokenBefore, segment.start));
    if (repairedFileWide) return this.fullBecause('an edited statement is broken code, repaired file-wide');
    segments.forEach((_, index) => {
      if (fresh.has(index)) return;
      const reads = previous.groups[oldIndexOf(index)].reads;
      for (const name of rebound) {
        if (reads.has(name)) {
          fresh.add(index);
          return;
        }
      }
    });
    // A broken region's statements are read together (`unitsOf`).
    const units = unitsOf(segments, brokenRegions(syntax));
    for (const index of [...fresh]) for (let member = units(index).first; member <= units(index).last; member++) fresh.add(member);
    const redone = [...fresh].sort((a, b) => a - b);
    if (redone.some((index) => sharesRows(segments, index, fresh, regions.length ? treeOf(segments, regions) : undefined))) return this.fullBecause('an edited statement shares a line with another');
    // A declaration read from a repaired tree may reach past its statement: none reused may.
    for (let index = 0; index < segments.length; index++) {
      if (!fresh.has(index) && previous.groups[oldIndexOf(index)].reachesPast) return this.fullBecause('a reused declaration reaches past its statement');
    }

    // Statements the previous edit replaced come back as they were when this edit restores their text (and its broken regions).
    const restorable = previous.replaced?.text === text && sameSpans(broken(previous.replaced.regions), brokenNow) ? previous.replaced.groups : undefined;
    const toExtract = redone.filter((index) => !restorable?.has(segmentKey(segments[index])));
    const extractedSegments = toExtract.map((index) => segments[index]);
    this.lastRead = extractedSegments.length;
    const extraction = regions.length ? extractAroundRegions(syntax, text, segments, extractedSegments, this.project) : extractRows(tree, text, segments, extractedSegments, this.project);
    const regrouped = groupBySegment(extraction.declarations, extractedSegments);
    const unitOf = (position: number) => units(toExtract[position]);
    if (regrouped.some((declarations, position) => declarations.some((declaration) => after(declaration.range.end, unitOf(position).bounds)))) return this.fullBecause('a re-extracted declaration reaches past its statement');
    // A repaired text's statement may start before the edited ones (recovery.ts): none of its declarations may.
    if (regrouped.some((declarations, position) => declarations.some((declaration) => before(declaration.range.start, unitOf(position).bounds)))) return this.fullBecause('a re-extracted declaration starts before its statement');
    const reads = readsPerSegment(extraction, extractedSegments);

    const firstSuffix = segments[segments.length - suffix];
    // Rows from the first statement kept after the change move (it starts on a line after the change, or a line right
    // where the change ends: a changed ERROR may end at column 0 of that line, so its end row is no bound).
    const shift: Shift = {
      oldEndOffset: oldChanged.length ? oldChanged[oldChanged.length - 1].end : (old[prefix]?.start ?? previous.text.length),
      oldEndRow: suffix ? old[old.length - suffix].startRow - 1 : oldChanged.length ? oldChanged[oldChanged.length - 1].endRow : Number.MAX_SAFE_INTEGER - 1,
      offsetDelta: text.length - previous.text.length,
      lineDelta: suffix ? firstSuffix.startRow - old[old.length - suffix].startRow : 0,
    };
    for (let index = 0; index < segments.length; index++) if (!fresh.has(index)) previous.groups[oldIndexOf(index)].shifter.apply(shift);
    const freshGroups = new Map(toExtract.map((index, position) => [index, this.group(regrouped[position], reads[position] ?? NO_READS, previous.memo)]));
    const groups = segments.map((segment, index) => freshGroups.get(index) ?? (fresh.has(index) ? restorable!.get(segmentKey(segment))! : previous.groups[oldIndexOf(index)]));

    // The groups this edit replaced: those of the edited statements, and of the statements redone for what they read.
    const replacedGroups = new Map<string, Group>();
    for (let index = prefix; index < old.length - suffix; index++) replacedGroups.set(segmentKey(old[index]), previous.groups[index]);
    for (const index of fresh) {
      if (index >= prefix && index < segments.length - suffix) continue;
      replacedGroups.set(segmentKey(old[oldIndexOf(index)]), previous.groups[oldIndexOf(index)]);
    }
    this.lastMode = 'incremental';
    return { groups, importFlags: mergeFlags(importFlags, extraction), replaced: { text: previous.text, regions: previous.regions, groups: replacedGroups, importFlags: previous.importFlags } };
  }

  private fullBecause(reason: string): undefined {
    this.lastReason = reason;
    return undefined;
  }
}

/** Statements extracted, and declarations checked, per step of a first analysis in steps (a few milliseconds each). */
const STATEMENTS_PER_STEP = 50;
const DECLARATIONS_PER_STEP = 50;

/** The segments in runs of at least `size`, a run never ending between two statements that share a line. */
function statementRuns(segments: readonly Segment[], size: number): Segment[][] {
  const runs: Segment[][] = [];
  let run: Segment[] = [];
  segments.forEach((segment, index) => {
    run.push(segment);
    const next = segments[index + 1];
    if (run.length >= size && (!next || next.startRow > segment.endRow)) {
      runs.push(run);
      run = [];
    }
  });
  if (run.length) runs.push(run);
  return runs;
}

function allGroupsOf(state: State): NonNullable<State['replaced']> {
  return { text: state.text, regions: state.regions, groups: new Map(state.groups.map((group, index) => [segmentKey(state.segments[index]), group])), importFlags: state.importFlags };
}

/** The statements' declarations from the document's one tree, with what every segment knows. */
function extractRows(tree: Tree, text: SourceText, segments: readonly Segment[], extracted: readonly Segment[], project: ProjectView | undefined): PythonExtraction {
  return extracted.length ? extractPython(tree, text, { rows: rowsOf(extracted), recordReads: true, project, ...knownFacts(segments) }) : { declarations: [] };
}

/** What the segments already know for the front end: every statement's bindings, and where the broken ones start. */
function knownFacts(segments: readonly Segment[]): Pick<PythonExtractionOptions, 'bindings' | 'brokenStatements'> {
  return { bindings: segmentBindings(segments), brokenStatements: segments.filter((segment) => segment.hasError).map((segment) => segment.start) };
}

function broken(regions: readonly RegionSpan[]): RegionSpan[] {
  return regions.filter((region) => !region.clean);
}

/** Every segment's bindings for the front end's module; undefined when a segment is broken code (read from the tree then). */
function segmentBindings(segments: readonly Segment[]): Array<{ start: number; bindings: StatementBindings }> | undefined {
  const all: Array<{ start: number; bindings: StatementBindings }> = [];
  for (const segment of segments) {
    if (segment.type === 'ERROR') return undefined;
    if (segment.bindings) all.push({ start: segment.start, bindings: segment.bindings });
  }
  return all;
}

/** Per segment, the union of what its statements' extraction looked up (the front end keys them by first row). */
function readsPerSegment(extraction: PythonExtraction, segments: readonly Segment[]): Array<Set<string> | undefined> {
  const perSegment: Array<Set<string> | undefined> = segments.map(() => undefined);
  for (const [row, names] of extraction.reads ?? []) {
    // A repaired text's statement may start on a row before the segment it was read for.
    const index = segmentAtRow(segments, row) ?? firstEndingAtOrAfterRow(segments, row);
    if (index === undefined) continue;
    const into = (perSegment[index] ??= new Set());
    for (const name of names) into.add(name);
  }
  return perSegment;
}

function importFlagsOf(module: PythonModule, keys: Iterable<string>): Map<string, boolean> {
  return new Map([...keys].map((key) => [key, module.importFlag(key)]));
}

function mergeFlags(flags: Map<string, boolean>, extraction: PythonExtraction): Map<string, boolean> {
  const added = [...(extraction.importFlags ?? [])].filter(([key]) => !flags.has(key));
  return added.length ? new Map([...flags, ...added]) : flags;
}

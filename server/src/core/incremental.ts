/**
 * Incremental analysis of one open document: after an edit, re-extract only the top-level
 * statements the edit touched and re-run the rules only on their declarations, reusing (and
 * moving) the declarations and rule results of every other statement. The result is exactly
 * what `analyzeTree` gives for the new text (test/unit/incremental.test.ts checks it).
 *
 * Reuse is allowed only when the edited statements, before and after the edit, cannot change
 * how the rest of the file reads (incremental-python.ts): Python statements that bind no
 * module-level name another statement uses (a decorated tool function, an `add_tool(...)`
 * call, a comment), and no syntax errors both inside and outside them. Anything else (imports,
 * assignments of names used elsewhere, a function that `add_tool` names, TypeScript and
 * JavaScript for now) gets a full analysis.
 */
import { Tree } from 'web-tree-sitter';
import { AnalysisOptions, AnalysisResult, findingsFor, RuleMemo } from './analyze';
import { extractDeclarations } from './frontends';
import { extractPythonDeclarations } from './frontends/python';
import { isContext, pythonSegments, Segment, wordOccurrences } from './incremental-python';
import { Shift, ShiftableGroup } from './incremental-shift';
import { Finding, ToolDeclaration } from './model';
import { GrammarId } from './parse/parser';
import { Rule } from './rules/rule';

interface State {
  grammar: GrammarId;
  options: AnalysisOptions;
  text: string;
  segments: Segment[];
  /** The declarations of each segment, in source order. */
  groups: Group[];
  memo: DeclarationMemo;
}

interface Group {
  declarations: ToolDeclaration[];
  /** Moves the group's declarations and their rule results when an edit before them moves their text. */
  shifter: ShiftableGroup;
}

/** Rule results per declaration; entries of declarations no longer present are dropped after each analysis. */
class DeclarationMemo implements RuleMemo {
  private entries = new Map<ToolDeclaration, Map<string, readonly Finding[]>>();

  get(declaration: ToolDeclaration, rule: Rule): readonly Finding[] | undefined {
    return this.entries.get(declaration)?.get(rule.code);
  }

  set(declaration: ToolDeclaration, rule: Rule, findings: Finding[]): void {
    let perRule = this.entries.get(declaration);
    if (!perRule) this.entries.set(declaration, (perRule = new Map()));
    perRule.set(rule.code, findings);
  }

  findingsOf(declaration: ToolDeclaration): Finding[] {
    return [...(this.entries.get(declaration)?.values() ?? [])].flat();
  }

  keepOnly(declarations: readonly ToolDeclaration[]): void {
    const kept = new Map<ToolDeclaration, Map<string, readonly Finding[]>>();
    for (const declaration of declarations) {
      const perRule = this.entries.get(declaration);
      if (perRule) kept.set(declaration, perRule);
    }
    this.entries = kept;
  }
}

export class IncrementalAnalyzer {
  private state?: State;

  /** How the last analysis was made (for tests and the benchmark). */
  lastMode: 'full' | 'incremental' = 'full';
  /** Why the last analysis could not reuse the previous one. */
  lastReason = '';

  analyze(grammar: GrammarId, tree: Tree, text: string, options: AnalysisOptions): AnalysisResult {
    const segments = grammar === 'python' ? pythonSegments(tree.rootNode) : [];
    const previous = this.state;
    const memo = previous && previous.grammar === grammar && previous.options === options ? previous.memo : new DeclarationMemo();
    const reused = previous && memo === previous.memo && grammar === 'python' ? this.reuse(previous, tree, text, segments) : undefined;
    this.lastMode = reused ? 'incremental' : 'full';
    const groups = reused ?? groupBySegment(extractDeclarations(grammar, tree, text, options), segments).map((declarations) => this.group(declarations, memo));
    const declarations = groups.flatMap((group) => group.declarations);
    const findings = findingsFor(tree, text, declarations, options, memo);
    memo.keepOnly(declarations);
    this.state = { grammar, options, text, segments, groups, memo };
    return { grammar, declarations, findings };
  }

  private group(declarations: ToolDeclaration[], memo: DeclarationMemo): Group {
    return { declarations, shifter: new ShiftableGroup(() => [...declarations, ...declarations.map((declaration) => memo.findingsOf(declaration))]) };
  }

  /** The declaration groups per segment for the new text, or undefined when the edit needs a full analysis. */
  private reuse(previous: State, tree: Tree, text: string, segments: Segment[]): Group[] | undefined {
    const old = previous.segments;
    const { prefix, suffix } = unchangedEnds(previous.text, text, old, segments);
    const oldChanged = old.slice(prefix, old.length - suffix);
    const newChanged = segments.slice(prefix, segments.length - suffix);
    if ([...oldChanged, ...newChanged].some((segment) => segment.alwaysContext)) return this.fullBecause('an edited statement imports, or may bind names conditionally');
    // Statements that name what an edited statement binds (`add_tool(fn)` for an edited `fn`) are re-extracted with it.
    const dependents = dependentsOf([...oldChanged, ...newChanged], segments, text, prefix, segments.length - suffix);
    if (!dependents || dependents.some((index) => isContext(segments[index], text) || segments[index].hasError)) {
      return this.fullBecause('the edited statements bind names that statements of a kind that cannot be re-extracted alone read');
    }
    const fresh = new Set<number>([...newChanged.map((_, offset) => prefix + offset), ...dependents]);
    const redone = [...fresh].sort((a, b) => a - b);
    if (redone.some((index) => sharesRows(segments, index, fresh))) return this.fullBecause('an edited statement shares a line with another');
    // The Python front end repairs syntax errors file-wide, a few regions at a time: reuse only
    // when the edited statements are the sole broken ones, or are whole on both sides.
    const oldIndexOf = (index: number) => (index < prefix ? index : index - segments.length + old.length);
    const errorsInside = oldChanged.some((segment) => segment.hasError) || newChanged.some((segment) => segment.hasError);
    if (errorsInside && segments.some((segment, index) => !fresh.has(index) && segment.hasError)) return this.fullBecause('syntax errors inside and outside the edited statements');
    // A declaration read from a repaired tree may reach past its statement: none reused may.
    const keptIndexes = segments.map((_, index) => index).filter((index) => !fresh.has(index));
    if (keptIndexes.some((index) => previous.groups[oldIndexOf(index)].declarations.some((declaration) => after(declaration.range.end, old[oldIndexOf(index)])))) {
      return this.fullBecause('a reused declaration reaches past its statement');
    }

    const redoneSegments = redone.map((index) => segments[index]);
    const extracted = redone.length ? extractPythonDeclarations(tree, text, redoneSegments.map((segment) => [segment.startRow, segment.endRow] as const)) : [];
    const regrouped = groupBySegment(extracted, redoneSegments);
    if (redoneSegments.some((segment, index) => regrouped[index].some((declaration) => after(declaration.range.end, segment)))) return this.fullBecause('a re-extracted declaration reaches past its statement');

    const firstSuffix = segments[segments.length - suffix];
    const shift: Shift = {
      oldEndOffset: oldChanged.length ? oldChanged[oldChanged.length - 1].end : (old[prefix]?.start ?? previous.text.length),
      oldEndRow: oldChanged.length ? oldChanged[oldChanged.length - 1].endRow : (old[prefix]?.startRow ?? Number.MAX_SAFE_INTEGER) - 1,
      offsetDelta: text.length - previous.text.length,
      lineDelta: suffix ? firstSuffix.startRow - old[old.length - suffix].startRow : 0,
    };
    for (const index of keptIndexes) previous.groups[oldIndexOf(index)].shifter.apply(shift);
    const freshGroups = new Map(redone.map((index, position) => [index, this.group(regrouped[position], previous.memo)]));
    return segments.map((_, index) => freshGroups.get(index) ?? previous.groups[oldIndexOf(index)]);
  }

  private fullBecause(reason: string): undefined {
    this.lastReason = reason;
    return undefined;
  }

  /** Forgets the document (closed, or its tree was dropped). */
  reset(): void {
    this.state = undefined;
  }
}

/** How many segments at the start and at the end are the same text, at the same place (the end: moved by the edit). */
function unchangedEnds(oldText: string, newText: string, old: Segment[], current: Segment[]): { prefix: number; suffix: number } {
  const limit = Math.min(oldText.length, newText.length);
  let same = 0;
  while (same < limit && oldText.charCodeAt(same) === newText.charCodeAt(same)) same++;
  let tail = 0;
  while (tail < limit - same && oldText.charCodeAt(oldText.length - 1 - tail) === newText.charCodeAt(newText.length - 1 - tail)) tail++;
  const oldChangeEnd = oldText.length - tail;
  const delta = newText.length - oldText.length;

  let prefix = 0;
  while (prefix < old.length && prefix < current.length && sameSegment(old[prefix], current[prefix], 0) && old[prefix].end < same) prefix++;
  let suffix = 0;
  while (suffix < old.length - prefix && suffix < current.length - prefix) {
    const before = old[old.length - 1 - suffix];
    const after = current[current.length - 1 - suffix];
    if (!sameSegment(before, after, delta) || before.start <= oldChangeEnd) break;
    suffix++;
  }
  return { prefix, suffix };
}

function sameSegment(before: Segment, after: Segment, delta: number): boolean {
  return before.type === after.type && before.start + delta === after.start && before.end + delta === after.end && before.hasError === after.hasError;
}

/**
 * The unchanged statements (indexes into `segments`) that mention a name the changed statements
 * bind, before or after the edit; undefined when there are too many to re-extract quickly.
 */
function dependentsOf(changed: readonly Segment[], segments: readonly Segment[], text: string, first: number, end: number): number[] | undefined {
  const names = new Set(changed.flatMap((segment) => segment.names));
  const found = new Set<number>();
  for (const name of names) {
    for (const offset of wordOccurrences(text, name)) {
      const index = segmentAt(segments, offset);
      if (index === undefined) return undefined;
      if (index < first || index >= end) found.add(index);
      if (found.size > MAX_DEPENDENTS) return undefined;
    }
  }
  return [...found];
}

/** More statements than this naming an edited one: a full analysis is as quick. */
const MAX_DEPENDENTS = 8;

/** The index of the segment holding `offset`, by binary search. */
function segmentAt(segments: readonly Segment[], offset: number): number | undefined {
  let low = 0;
  let high = segments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (segments[middle].end <= offset) low = middle + 1;
    else if (segments[middle].start > offset) high = middle - 1;
    else return middle;
  }
  return undefined;
}

/** Whether a re-extracted statement shares a row with a neighbour that is reused (re-extraction picks statements by row). */
function sharesRows(segments: readonly Segment[], index: number, redone: ReadonlySet<number>): boolean {
  const segment = segments[index];
  const before = segments[index - 1];
  const after = segments[index + 1];
  return (!!before && !redone.has(index - 1) && before.endRow >= segment.startRow) || (!!after && !redone.has(index + 1) && after.startRow <= segment.endRow);
}

/** Whether `position` lies after the segment's end (or, with 'start', at or after its start). */
function after(position: { line: number; character: number }, segment: Segment, edge: 'end' | 'start' = 'end'): boolean {
  const [row, column] = edge === 'end' ? [segment.endRow, segment.endColumn] : [segment.startRow, segment.startColumn];
  return position.line > row || (position.line === row && (edge === 'end' ? position.character > column : position.character >= column));
}

/** Splits declarations (in source order) by the segment holding their start; all in one group without segments. */
function groupBySegment(declarations: readonly ToolDeclaration[], segments: readonly Segment[]): ToolDeclaration[][] {
  if (!segments.length) return [[...declarations]];
  const groups: ToolDeclaration[][] = segments.map(() => []);
  let index = 0;
  for (const declaration of declarations) {
    const { line, character } = declaration.range.start;
    while (index < segments.length - 1 && (segments[index].endRow < line || (segments[index].endRow === line && segments[index].endColumn <= character))) index++;
    groups[index].push(declaration);
  }
  return groups;
}

/**
 * Incremental analysis by top-level declaration (Go and C#; the language's part is a UnitLanguage):
 * after an edit, re-read only the top-level declarations the edit touched, and those whose reading
 * looked up a name an edited declaration binds (before or after the edit, unless it binds it the same
 * way: `signatures`); every other declaration's tools and rule results are reused, moved with the
 * text. The result is what `analyzeTree` gives for the new text (test/unit/incremental-go.test.ts
 * and incremental-csharp.test.ts check it after every edit).
 *
 * An edited declaration of a file-wide kind (Go's imports and package clause) means a full analysis.
 * Syntax errors in the rest's tree too: recovery may reshape any declaration. A broken region
 * (parse/windows.ts) that comes or goes counts as edited (incremental/regions.ts); one kept from
 * before (the same id: its tree only moved) reads as it did.
 */
import { Node, Tree } from 'web-tree-sitter';
import { AnalysisOptions, AnalysisResult, findingsFor } from '../analyze';
import { TopLevelNodes } from '../frontends/typescript/document-syntax';
import { ToolDeclaration } from '../model';
import { GrammarId } from '../parse/parser';
import { brokenSpans, DocumentSyntax, lookupIn, RegionSpan } from '../parse/windows';
import { commonPrefixLength, commonSuffixLength, SourceText } from '../source-text';
import { firstNotBefore } from '../sorted';
import { DeclarationMemo } from './memo';
import { regionsNotIn, widenedChange } from './regions';
import { prepareGroups, Shift, ShiftableGroup } from './shift';

/** One top-level declaration as the analysis keeps it between edits. */
interface Unit {
  type: string;
  start: number;
  end: number;
  startRow: number;
  endRow: number;
  /** The names it binds for the other declarations. */
  names: string[];
  /** For each name, what its readers depend on (UnitLanguage.bindings). */
  signatures: string[];
}

/** What the analysis needs of a language. */
export interface UnitLanguage<Facts> {
  /** Top-level declarations whose edit changes what every other one reads. */
  fileWide: ReadonlySet<string>;
  /** What the whole file says to every declaration (Go: its imports); read in a full analysis only. */
  facts(all: readonly Node[]): Facts;
  /**
   * The names a declaration binds, each with what its readers depend on: the same signature before
   * and after an edit re-reads nobody; a value's signature must differ every time.
   */
  bindings(node: Node, facts: Facts): Array<[name: string, signature: string]>;
  /** A reader of declarations; `bound(name)` is the declaration binding a name (first wins). */
  reader(facts: Facts, bound: (name: string) => Node | undefined, options: AnalysisOptions): (node: Node) => { declarations: ToolDeclaration[]; lookups: Set<string> };
}

interface Group {
  declarations: ToolDeclaration[];
  /** The package-level names its reading looked up. */
  lookups: ReadonlySet<string>;
  shifter: ShiftableGroup;
}

interface State {
  options: AnalysisOptions;
  text: SourceText;
  units: Unit[];
  groups: Group[];
  memo: DeclarationMemo;
  /** The broken regions the units were read with. */
  regions: RegionSpan[];
  /** What the whole file says (an edit of it means a full analysis). */
  facts: unknown;
}

export class IncrementalUnitAnalyzer<Facts> {
  private state?: State;

  constructor(private readonly language: UnitLanguage<Facts>) {}

  lastMode: 'full' | 'incremental' = 'full';
  lastReason = '';
  /** How many top-level declarations the last analysis read. */
  lastRead = 0;

  prepareForEdits(timeIsUp: () => boolean): boolean {
    return prepareGroups(this.state?.groups ?? [], timeIsUp);
  }

  analyze(grammar: GrammarId, syntax: Tree | DocumentSyntax, text: SourceText, options: AnalysisOptions): AnalysisResult {
    const documentSyntax: DocumentSyntax = 'rootNode' in syntax ? { tree: syntax } : syntax;
    const nodes = new TopLevelNodes(documentSyntax);
    const regions = brokenSpans(documentSyntax);
    const previous = this.state?.options === options ? this.state : undefined;
    this.state = undefined;
    let next: Pick<State, 'units' | 'groups' | 'facts'> | undefined;
    const memo = previous?.memo ?? new DeclarationMemo();
    if (!previous) this.lastReason = 'the first analysis of the document, or new options';
    else if (documentSyntax.tree.rootNode.hasError) this.lastReason = 'syntax errors outside the edited declarations';
    else next = this.reuse(previous, nodes, text, regions, options);
    if (!next) {
      this.lastMode = 'full';
      next = this.readAll(nodes, options, memo);
    }
    const declarations: ToolDeclaration[] = [];
    for (const group of next.groups) for (const declaration of group.declarations) declarations.push(declaration);
    const findings = findingsFor(lookupIn(documentSyntax), text, declarations, options, memo);
    this.state = { options, text, memo, regions, ...next };
    return { grammar, declarations, findings };
  }

  private readAll(nodes: TopLevelNodes, options: AnalysisOptions, memo: DeclarationMemo): Pick<State, 'units' | 'groups' | 'facts'> {
    const all = nodes.all();
    const facts = this.language.facts(all);
    const units = all.map((node) => this.unitOf(node, facts));
    const read = this.reader(nodes, units, all, facts, options);
    this.lastRead = all.length;
    return { units, facts, groups: all.map((node) => this.group(read(node), memo)) };
  }

  private group({ declarations, lookups }: { declarations: ToolDeclaration[]; lookups: Set<string> }, memo: DeclarationMemo): Group {
    return { declarations, lookups, shifter: new ShiftableGroup(() => [...declarations, ...declarations.map((declaration) => memo.findingsOf(declaration))]) };
  }

  /** The units and groups for the new text, reusing the unchanged declarations; undefined when a full analysis is needed. */
  private reuse(previous: State, nodes: TopLevelNodes, text: SourceText, regions: readonly RegionSpan[], options: AnalysisOptions): Pick<State, 'units' | 'groups' | 'facts'> | undefined {
    const old = previous.units;
    const oldText = previous.text;
    const delta = text.length - oldText.length;
    const start = commonPrefixLength(oldText, text);
    const unchangedTail = commonSuffixLength(oldText, text, start);
    const textChange = { start, oldEnd: oldText.length - unchangedTail, newEnd: text.length - unchangedTail };
    const change = widenedChange(textChange, delta, regionsNotIn(previous.regions, regions), regionsNotIn(regions, previous.regions));
    const same = change.start;
    const tail = oldText.length - change.oldEnd;
    // Kept: the units ending before the change, and those starting on a later line than its end (moved).
    const lineBreak = oldText.indexOf('\n', oldText.length - tail);
    const prefix = Math.min(firstNotBefore(old.length, (index) => old[index].end < same), nodes.length);
    const firstAfter = lineBreak < 0 ? old.length : firstNotBefore(old.length, (index) => old[index].start <= lineBreak);
    const suffix = Math.min(old.length - Math.max(firstAfter, prefix), nodes.length - prefix);
    if (prefix > 0 && !sameNode(old[prefix - 1], nodes.at(prefix - 1), 0)) return this.fullBecause('a declaration before the edit reads otherwise');
    const firstMoved = suffix > 0 ? nodes.at(nodes.length - suffix) : undefined;
    if (firstMoved && !sameNode(old[old.length - suffix], firstMoved, delta)) return this.fullBecause('a declaration after the edit reads otherwise');
    const oldChanged = old.slice(prefix, old.length - suffix);
    const newNodes = nodes.slice(prefix, nodes.length - suffix);
    const facts = previous.facts as Facts;
    const newChanged = newNodes.map((node) => this.unitOf(node, facts));
    if ([...oldChanged, ...newChanged].some((unit) => this.language.fileWide.has(unit.type))) return this.fullBecause(`a file-wide declaration changed (${[...this.language.fileWide].join(', ')})`);

    const lineDelta = firstMoved ? firstMoved.startPosition.row - old[old.length - suffix].startRow : 0;
    const shift: Shift = {
      oldEndOffset: oldChanged.length ? oldChanged[oldChanged.length - 1].end : (old[prefix]?.start ?? oldText.length),
      oldEndRow: oldChanged.length ? oldChanged[oldChanged.length - 1].endRow : (old[prefix]?.startRow ?? Number.MAX_SAFE_INTEGER) - 1,
      offsetDelta: delta,
      lineDelta,
    };
    // The old units after the edit move in place (the shift above is read from them first).
    const units = [...old.slice(0, prefix), ...newChanged, ...old.slice(old.length - suffix).map((unit) => moved(unit, delta, lineDelta))];
    const rebound = reboundNames(oldChanged, newChanged);
    const oldIndexOf = (index: number) => (index < prefix ? index : index - units.length + old.length);
    const fresh = new Set<number>();
    units.forEach((_, index) => {
      if (index >= prefix && index < units.length - suffix) fresh.add(index);
      else if (readsAny(previous.groups[oldIndexOf(index)].lookups, rebound)) fresh.add(index);
    });
    const read = this.reader(nodes, units, undefined, facts, options);
    const groups = units.map((_, index) => {
      if (fresh.has(index)) return this.group(read(nodes.at(index)), previous.memo);
      const group = previous.groups[oldIndexOf(index)];
      group.shifter.apply(shift);
      return group;
    });
    this.lastMode = 'incremental';
    this.lastRead = fresh.size;
    return { units, groups, facts };
  }

  private unitOf(node: Node, facts: Facts): Unit {
    const bindings = this.language.bindings(node, facts);
    return { type: node.type, start: node.startIndex, end: node.endIndex, startRow: node.startPosition.row, endRow: node.endPosition.row, names: bindings.map(([name]) => name), signatures: bindings.map(([, signature]) => signature) };
  }

  /** The language's reader, finding a bound name's declaration through the units (from `all`, or the tree by index). */
  private reader(nodes: TopLevelNodes, units: readonly Unit[], all: readonly Node[] | undefined, facts: Facts, options: AnalysisOptions): (node: Node) => { declarations: ToolDeclaration[]; lookups: Set<string> } {
    const owner = new Map<string, number>();
    units.forEach((unit, index) => {
      for (const name of unit.names) if (!owner.has(name)) owner.set(name, index);
    });
    return this.language.reader(facts, (name) => {
      const index = owner.get(name);
      return index === undefined ? undefined : all?.[index] ?? nodes.at(index);
    }, options);
  }

  private fullBecause(reason: string): undefined {
    this.lastReason = reason;
    return undefined;
  }
}

function readsAny(lookups: ReadonlySet<string>, names: ReadonlySet<string>): boolean {
  for (const name of names) if (lookups.has(name)) return true;
  return false;
}

/** The names whose readers must be read again: bound by an edited declaration, unless as the same helper or wrapper before and after. */
function reboundNames(before: readonly Unit[], after: readonly Unit[]): Set<string> {
  const signaturesOf = (units: readonly Unit[]) => {
    const signatures = new Map<string, string[]>();
    for (const unit of units) unit.names.forEach((name, index) => signatures.set(name, [...signatures.get(name) ?? [], unit.signatures[index]]));
    return signatures;
  };
  const old = signaturesOf(before);
  const now = signaturesOf(after);
  const rebound = new Set<string>();
  for (const name of new Set([...old.keys(), ...now.keys()])) {
    if ((old.get(name) ?? []).join('\n') !== (now.get(name) ?? []).join('\n')) rebound.add(name);
  }
  return rebound;
}

/** A unit moved by an edit before it, in place: the previous state that held it is dropped. */
function moved(unit: Unit, delta: number, lineDelta: number): Unit {
  unit.start += delta;
  unit.end += delta;
  unit.startRow += lineDelta;
  unit.endRow += lineDelta;
  return unit;
}

function sameNode(unit: Unit, node: Node, delta: number): boolean {
  return unit.start + delta === node.startIndex && unit.end + delta === node.endIndex && unit.type === node.type;
}

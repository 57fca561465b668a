/**
 * Incremental analysis of a Go document: after an edit, re-read only the top-level declarations
 * the edit touched, and those whose reading looked up a package-level name an edited declaration
 * binds (before or after the edit); every other declaration's tools and rule results are reused,
 * moved with the text. The result is what `analyzeTree` gives for the new text
 * (test/unit/incremental-go.test.ts checks it after every edit).
 *
 * The Go front end reads a top-level declaration against its file's imports (an edited import or
 * package clause means a full analysis) and the package-level names it looks up (frontends/go).
 * Syntax errors in the rest's tree also mean a full analysis: recovery may reshape any
 * declaration. A broken region (parse/windows.ts) counts as edited, before the edit and after it.
 */
import { Node, Tree } from 'web-tree-sitter';
import { AnalysisOptions, AnalysisResult, findingsFor } from '../analyze';
import { declarationsIn, goFileContext, sdkAliases } from '../frontends/go';
import { bindingsOf, isPointerHelper, wrapperOf } from '../frontends/go/package';
import { importsOf } from '../frontends/go/syntax';
import { TopLevelNodes } from '../frontends/typescript/document-syntax';
import { ToolDeclaration } from '../model';
import { GrammarId } from '../parse/parser';
import { brokenSpan, DocumentSyntax, lookupIn } from '../parse/windows';
import { commonPrefixLength, commonSuffixLength, SourceText } from '../source-text';
import { firstNotBefore } from '../sorted';
import { DeclarationMemo } from './memo';
import { prepareGroups, Shift, ShiftableGroup } from './shift';

/** One top-level declaration as the analysis keeps it between edits. */
interface Unit {
  type: string;
  start: number;
  end: number;
  startRow: number;
  endRow: number;
  /** The package-level names it binds. */
  names: string[];
  /**
   * For each name, what its readers depend on: a function's being a pointer helper or a wrapper
   * (and which parameters it reads), or a mark that differs every time for a value or a type
   * (readers keep a value's positions, so any edit of it re-reads them).
   */
  signatures: string[];
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
  /** The broken region the units were read with, when there was one. */
  region?: { start: number; end: number };
  /** The file's imports (an edit of them means a full analysis). */
  imports: ReadonlyMap<string, string>;
}

/** Declarations whose edit changes what every other declaration reads. */
const FILE_CONTEXT = new Set(['import_declaration', 'package_clause']);

export class IncrementalGoAnalyzer {
  private state?: State;

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
    const region = brokenSpan(documentSyntax);
    const previous = this.state?.options === options ? this.state : undefined;
    this.state = undefined;
    let next: Pick<State, 'units' | 'groups' | 'imports'> | undefined;
    const memo = previous?.memo ?? new DeclarationMemo();
    if (!previous) this.lastReason = 'the first analysis of the document, or new options';
    else if (documentSyntax.tree.rootNode.hasError) this.lastReason = 'syntax errors outside the edited declarations';
    else next = this.reuse(previous, nodes, text, region, options);
    if (!next) {
      this.lastMode = 'full';
      next = this.readAll(nodes, options, memo);
    }
    const declarations: ToolDeclaration[] = [];
    for (const group of next.groups) for (const declaration of group.declarations) declarations.push(declaration);
    const findings = findingsFor(lookupIn(documentSyntax), text, declarations, options, memo);
    this.state = { options, text, memo, region, ...next };
    return { grammar, declarations, findings };
  }

  private readAll(nodes: TopLevelNodes, options: AnalysisOptions, memo: DeclarationMemo): Pick<State, 'units' | 'groups' | 'imports'> {
    const all = nodes.all();
    const imports = importsOf(all);
    const { mcpGo } = sdkAliases(imports);
    const units = all.map((node) => unitOf(node, mcpGo));
    const read = reader(nodes, units, all, imports, options);
    this.lastRead = all.length;
    return { units, imports, groups: all.map((node) => this.group(read(node), memo)) };
  }

  private group({ declarations, lookups }: { declarations: ToolDeclaration[]; lookups: Set<string> }, memo: DeclarationMemo): Group {
    return { declarations, lookups, shifter: new ShiftableGroup(() => [...declarations, ...declarations.map((declaration) => memo.findingsOf(declaration))]) };
  }

  /** The units and groups for the new text, reusing the unchanged declarations; undefined when a full analysis is needed. */
  private reuse(previous: State, nodes: TopLevelNodes, text: SourceText, region: { start: number; end: number } | undefined, options: AnalysisOptions): Pick<State, 'units' | 'groups' | 'imports'> | undefined {
    const old = previous.units;
    const oldText = previous.text;
    const delta = text.length - oldText.length;
    let same = commonPrefixLength(oldText, text);
    let tail = commonSuffixLength(oldText, text, same);
    for (const span of [previous.region, region && { start: region.start, end: region.end - delta }]) {
      if (!span) continue;
      same = Math.min(same, span.start);
      tail = Math.min(tail, oldText.length - span.end);
    }
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
    const { mcpGo } = sdkAliases(previous.imports);
    const newChanged = newNodes.map((node) => unitOf(node, mcpGo));
    if ([...oldChanged, ...newChanged].some((unit) => FILE_CONTEXT.has(unit.type))) return this.fullBecause('an import or the package clause changed');

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
    const read = reader(nodes, units, undefined, previous.imports, options);
    const groups = units.map((_, index) => {
      if (fresh.has(index)) return this.group(read(nodes.at(index)), previous.memo);
      const group = previous.groups[oldIndexOf(index)];
      group.shifter.apply(shift);
      return group;
    });
    this.lastMode = 'incremental';
    this.lastRead = fresh.size;
    return { units, groups, imports: previous.imports };
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

let valueMarks = 0;

function unitOf(node: Node, mcpGo: ReadonlySet<string>): Unit {
  const bindings = bindingsOf(node);
  const signatures = bindings.map(([, binding]) => {
    if (binding.kind !== 'function') return `${binding.kind}#${++valueMarks}`;
    return `function:${isPointerHelper(binding.declaration)}:${JSON.stringify(wrapperOf(binding.declaration, mcpGo) ?? null)}`;
  });
  return { type: node.type, start: node.startIndex, end: node.endIndex, startRow: node.startPosition.row, endRow: node.endPosition.row, names: bindings.map(([name]) => name), signatures };
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

/**
 * Reads one top-level declaration's tools against the file's context: the imports (from the
 * import declarations, which come first) and the package-level names, found through the units.
 */
function reader(nodes: TopLevelNodes, units: readonly Unit[], all: readonly Node[] | undefined, imports: ReadonlyMap<string, string>, options: AnalysisOptions): (node: Node) => { declarations: ToolDeclaration[]; lookups: Set<string> } {
  const owner = new Map<string, number>();
  units.forEach((unit, index) => {
    for (const name of unit.names) if (!owner.has(name)) owner.set(name, index);
  });
  const context = goFileContext(imports, (name) => {
    const index = owner.get(name);
    if (index === undefined) return undefined;
    return bindingsOf(all?.[index] ?? nodes.at(index)).find(([bound]) => bound === name)?.[1];
  }, options.project);
  return (node) => {
    context.lookups.clear();
    const declarations = declarationsIn(node, context);
    return { declarations, lookups: new Set(context.lookups) };
  };
}

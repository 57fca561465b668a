/**
 * Incremental analysis of a TypeScript / JavaScript document: after an edit, re-read only the
 * top-level statements the edit touched, plus the statements whose reading depends on them,
 * and re-run the rules only on their declarations; every other statement's declarations and
 * rule results are reused (and moved by the edit). The result is exactly what `analyzeTree`
 * gives for the new text (test/unit/incremental-typescript.test.ts checks it).
 *
 * The TS/JS front end reads a statement against three things from the rest of the file:
 *   - the MCP modules the file imports (ImportFacts): when they change, the whole file is re-read;
 *   - `const` names (Scope, at every depth): each statement records the names it looked up, and is
 *     re-read when an edited statement binds one of them, before or after the edit;
 *   - object literals claimed by SDK calls elsewhere (`addTool(TOOL)` reads `const TOOL = {...}`):
 *     each statement records what it claimed, and a statement whose object was claimed or
 *     released by the re-read ones is re-read too.
 *
 * A region (parse/windows.ts) is read from its own tree and the rest from the document's: the
 * statements of all, in source order, and names looked up in the tree holding them. A broken
 * region that comes or goes with the edit counts as edited (incremental/regions.ts); one kept from
 * before, only moved, reads as it did, as does a clean region. A statement holding a syntax error in
 * one tree is reparsed by tree-sitter wherever the edit is, and read again when tree-sitter's
 * changed ranges say its recovery reshaped it.
 */
import { Node, Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { AnalysisOptions, AnalysisResult, findingsFor } from '../analyze';
import { serverModulesOf } from '../frontends/typescript';
import { collectSyntaxNodes, TopLevelNodes } from '../frontends/typescript/document-syntax';
import { ImportFacts, importFacts } from '../frontends/typescript/imports';
import {
  BindingFact, isStatement, ScopeStatement, splitByStatement, Statement, statementFacts, StatementFacts, statementsOf,
} from '../frontends/typescript/statements';
import { rowAt, shiftFor, statementAt, textChange } from '../frontends/typescript/edit-region';
import { DeclarationMemo, recheckState } from './memo';
import { Span } from '../parse/joined-windows';
import { inSpans, regionSpans, regionsNotIn, widenedChange } from './regions';
import { prepareGroups, Shift, ShiftableGroup } from './shift';
import { Finding, ToolDeclaration } from '../model';
import { GrammarId } from '../parse/parser';
import { firstNotBefore } from '../sorted';
import { DocumentSyntax, lookupIn, NodeLookup, RegionSpan } from '../parse/windows';
import { AnalysisContext, ClaimSet, FreshReader, Reading, readStatementsAt, TreeContext } from './script-statements';
import { withFields } from '../with-fields';

/** One top-level statement's reading, kept between analyses. */
interface Group extends ScopeStatement {
  declarations: ToolDeclaration[];
  /** The names its reading looked up in the file's scope. */
  lookups: ReadonlySet<string>;
  /** Start offsets (in the current text) of the object literals its SDK calls claimed. */
  claims: number[];
  /** Some name resolved to a constant: its values sit in another statement, whose line rule results may name. */
  resolved: boolean;
  /** Moves the declarations and their rule results when an edit before them moves their text. */
  shifter: ShiftableGroup;
}

interface State {
  grammar: GrammarId;
  options: AnalysisOptions;
  text: SourceText;
  statements: Statement[];
  groups: Group[];
  imports: ImportFacts;
  memo: DeclarationMemo;
  /** The regions the statements were read with. */
  regions: RegionSpan[];
  /** The tree read (the rest's, with regions): a reparse's changed ranges are against it. */
  tree: Tree;
}


/** More rounds than this of statements re-read for what others claim: a full analysis instead. */
const MAX_CLAIM_ROUNDS = 3;

export class IncrementalScriptAnalyzer {
  private state?: State;

  /** How the last analysis was made (for tests and the benchmark). */
  lastMode: 'full' | 'incremental' = 'full';
  /** Why the last analysis could not reuse the previous one. */
  lastReason = '';
  /** How many top-level statements the last analysis read (all of them in a full analysis). */
  lastRead = 0;

  /** The rule results of the last analysis checked again (the tools' effects became known); undefined when none is kept. */
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

  /** `syntax`: the document's tree, or its trees with a broken region (parse/windows.ts). */
  analyze(grammar: GrammarId, syntax: Tree | DocumentSyntax, text: SourceText, options: AnalysisOptions): AnalysisResult {
    const documentSyntax: DocumentSyntax = 'rootNode' in syntax ? { tree: syntax } : syntax;
    const root = documentSyntax.tree.rootNode;
    const nodes = new TopLevelNodes(documentSyntax);
    const regions = regionSpans(documentSyntax);
    const previous = this.state;
    this.state = undefined;
    const same = previous && previous.grammar === grammar && previous.options === options ? previous : undefined;
    if (!same) this.lastReason = previous ? 'the grammar or the options changed' : 'the first analysis of the document';
    const memo = same?.memo ?? new DeclarationMemo();
    const context: TreeContext = { syntax: documentSyntax, lookup: lookupIn(documentSyntax), regions, grammar, options, nodes };
    // A file tree-sitter cannot read as a program has an ERROR root, whose tokens the front end reads as one region.
    const program = root.type !== 'ERROR';
    if (!program) this.lastReason = 'the file does not parse as a program';
    let next = same && program ? this.reuseOrFull(same, text, context) : undefined;
    this.lastMode = next ? 'incremental' : 'full';
    if (!next) this.lastRead = nodes.length;
    next ??= this.readAll(context, memo);
    const declarations = next.groups.flatMap((group) => group.declarations);
    const findings = findingsFor(context.lookup, text, declarations, options, memo);
    if (next.consistent && program) this.state = { grammar, options, text, statements: next.statements, groups: next.groups, imports: next.imports, memo, regions, tree: documentSyntax.tree };
    return { grammar, declarations, findings };
  }

  /** Reads every statement. */
  private readAll(treeContext: TreeContext, memo: DeclarationMemo): Outcome {
    const statements = statementsOf(treeContext.nodes.all());
    const context = withFields(treeContext, { statements });
    const fileNodes = collectSyntaxNodes(treeContext.syntax);
    const declarators = new Map<BindingFact, Node>();
    const bindings = splitByStatement(fileNodes.bindings, statements);
    const imports = splitByStatement(fileNodes.imports, statements);
    const calls = splitByStatement(fileNodes.calls, statements);
    const facts = statements.map((statement, index) => statementFacts(statement.start, { bindings: bindings[index], imports: imports[index], calls: calls[index] }, declarators));
    const importFacts = importFactsOf(facts, context.options);
    const indexes = statements.map((_, index) => index);
    const scopeStatements = statements.map((statement, index) => ({ start: statement.start, facts: facts[index] }));
    const read = readStatementsAt(context, indexes, fileNodes, facts, declarators, () => scopeStatements, importFacts, new ClaimSet());
    if (!read.consistent) {
      // Not kept for the next analysis: one group in source order is all this one needs.
      const all = { facts: { bindings: [], modules: [], imports: [] }, declarations: read.declarations, lookups: new Set<string>(), claims: [], resolved: false };
      return { statements, groups: [newGroup(0, all, memo)], imports: importFacts, consistent: false };
    }
    const groups = read.readings.map((reading, index) => newGroup(statements[index].start, reading, memo));
    return { statements, groups, imports: importFacts, consistent: true };
  }

  /** `reuse`, where anything unforeseen (an exception) means a full analysis rather than none. */
  private reuseOrFull(previous: State, text: SourceText, context: TreeContext): Outcome | undefined {
    try {
      return this.reuse(previous, text, context);
    } catch (error) {
      return this.fullBecause(`incremental analysis failed (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** The groups for the new text, or undefined when the edit needs a full analysis. */
  private reuse(previous: State, text: SourceText, treeContext: TreeContext): Outcome | undefined {
    const { nodes } = treeContext;
    const old = previous.statements;
    const delta = text.length - previous.text.length;
    // A broken region's statements, read from another tree than before, count as edited.
    const kept = treeContext.regions.filter((region) => !region.clean && !regionsNotIn([region], previous.regions).length);
    const change = widenedChange(textChange(previous.text, text), delta, regionsNotIn(previous.regions, treeContext.regions), regionsNotIn(treeContext.regions, previous.regions));
    // Where tree-sitter's recovery reshaped one tree with errors, when the reparse was made from the tree read last.
    const recovered = treeContext.syntax.reshaped?.from === previous.tree ? treeContext.syntax.reshaped.spans : undefined;
    // The statements before and after the edit that are the same in the new tree (compared on the nodes, no records made).
    // tree-sitter keeps those before an edit, except some that look ahead into it: an unbroken run from the start, found
    // by binary search (and likewise the run to the end), so the statements between are the only others made into nodes.
    const prefix = firstNotBefore(Math.min(old.length, nodes.length), (index) => old[index].end < change.start && isStatement(nodes.at(index), old[index], 0));
    // Rows after the edit move by the lines it adds; columns move only on the row where it ends, so no reused statement may start
    // there. A change that ends a line in both texts (a region ends at a line start) ends on the row before.
    const endsLine = change.oldEnd > change.start && previous.text.charCodeAt(change.oldEnd - 1) === 10 && text.charCodeAt(change.newEnd - 1) === 10;
    const oldEndRow = rowAt(previous.text, change.oldEnd, prefix ? old[prefix - 1] : undefined) - (endsLine ? 1 : 0);
    const shift = shiftFor(previous.text, text, change, oldEndRow);
    const suffix = firstNotBefore(Math.min(old.length, nodes.length) - prefix, (fromEnd) => {
      const before = old[old.length - 1 - fromEnd];
      return before.start >= change.oldEnd && before.startRow > oldEndRow && isStatement(nodes.at(nodes.length - 1 - fromEnd), before, delta);
    });
    // The records of the statements after the edit are moved in place: the previous state is done with.
    const moved = old.slice(old.length - suffix).map((statement) => moveStatement(statement, shift));
    const statements = [...old.slice(0, prefix), ...statementsOf(nodes.slice(prefix, nodes.length - suffix)), ...moved];
    const context: AnalysisContext = withFields(treeContext, { statements });
    const oldIndexOf = (index: number): number => (index < prefix ? index : index - statements.length + old.length);
    const newIndexOf = (index: number): number => (index < prefix ? index : index - old.length + statements.length);
    // The edited statements (indexes in the new text, in source order) and their groups from before the edit: those
    // between the kept ones, and kept ones holding a syntax error that tree-sitter may have read otherwise. It re-parses
    // such a statement at each reparse, wherever the edit is (it reuses no error recovery), and may recover differently
    // from the same text: the same extent, other nodes inside (a call whose receiver takes in the junk before it starts at
    // its method name). Its changed ranges say where it did; without them every such statement is read again. A broken
    // region kept from before was not reparsed at all.
    const edited: number[] = [];
    const oldChanged: Group[] = [];
    let reshaped = false;
    const reparsed = (index: number): void => {
      if (!old[index].hasError) return;
      const at = newIndexOf(index);
      if (inSpans(kept, statements[at].start) || (recovered && !overlapsAny(recovered, statements[at]))) return;
      // The searches above compare only some statements: a broken one is read again, so compare it too (moved already).
      if (!isStatement(nodes.at(at), statements[at], 0)) reshaped = true;
      edited.push(at);
      oldChanged.push(previous.groups[index]);
    };
    for (let index = 0; index < prefix; index++) reparsed(index);
    for (let index = prefix; index < statements.length - suffix; index++) edited.push(index);
    oldChanged.push(...previous.groups.slice(prefix, old.length - suffix));
    for (let index = old.length - suffix; index < old.length; index++) reparsed(index);
    if (reshaped) return this.fullBecause('a broken statement away from the edit reads otherwise');
    const isEdited = new Set(edited);
    const redo = new Set(edited);

    // Statements the edit may change the reading of: those that looked up a name an edited statement binds (before or after).
    const fresh = new FreshReader(context);
    const rebound = new Set<string>();
    for (const group of oldChanged) for (const fact of group.facts.bindings) rebound.add(fact.name);
    for (const index of redo) for (const fact of fresh.factsOf(index).bindings) rebound.add(fact.name);
    if (rebound.size) {
      statements.forEach((_, index) => {
        if (!redo.has(index) && lookedUpAny(previous.groups[oldIndexOf(index)].lookups, rebound)) redo.add(index);
      });
    }
    const oldModules = oldChanged.flatMap((group) => group.facts.modules);
    const newModules = edited.flatMap((index) => fresh.factsOf(index).modules);
    let imports = previous.imports;
    if (context.options.project) {
      const bindingsKey = (facts: StatementFacts[]): string => facts.flatMap((fact) => fact.imports.map((binding) => `${binding.local}\0${binding.specifier}\0${binding.name}`)).join('\n');
      const newFacts = edited.map((index) => fresh.factsOf(index));
      if (bindingsKey(oldChanged.map((group) => group.facts)) !== bindingsKey(newFacts)) return this.fullBecause('the edit changes what the file imports from its project');
    }
    if (oldModules.join('\n') !== newModules.join('\n')) {
      imports = importFactsOf(statements.map((_, index) => (isEdited.has(index) ? fresh.factsOf(index) : previous.groups[oldIndexOf(index)].facts)), context.options);
      if (imports.server !== previous.imports.server || imports.clientOnly !== previous.imports.clientOnly) return this.fullBecause('the edit changes which MCP modules the file imports');
    }

    const movedOffset = (offset: number): number | undefined => (offset < change.start ? offset : offset >= change.oldEnd ? offset + delta : undefined);
    /** Each claim of the statement at `index`, where the edit moved it (none that the edit removed). */
    const eachKeptClaim = (index: number, visit: (offset: number) => void): void => {
      for (const offset of previous.groups[oldIndexOf(index)].claims) {
        const moved = movedOffset(offset);
        if (moved !== undefined) visit(moved);
      }
    };
    /** The same, moved in place in the statement's group: for `assemble`, when the previous state is done with. */
    const moveClaims = (index: number): void => {
      const claims = previous.groups[oldIndexOf(index)].claims;
      let kept = 0;
      eachKeptClaim(index, (offset) => { claims[kept++] = offset; });
      claims.length = kept;
    };
    for (let round = 0; ; round++) {
      if (round === MAX_CLAIM_ROUNDS) return this.fullBecause('statements claim each other\'s object literals round after round');
      const indexes = [...redo].sort((a, b) => a - b);
      const claimed = new ClaimSet();
      previous.groups.forEach((group, index) => {
        const kept = index < prefix || index >= old.length - suffix;
        if (kept && group.claims.length && !redo.has(newIndexOf(index))) eachKeptClaim(newIndexOf(index), (offset) => claimed.add(offset));
      });
      const scopeStatements = (): ScopeStatement[] => statements.map((statement, index) => ({ start: statement.start, facts: redo.has(index) ? fresh.factsOf(index) : previous.groups[oldIndexOf(index)].facts }));
      const read = readStatementsAt(context, indexes, fresh.nodesOf(indexes), indexes.map((index) => fresh.factsOf(index)), fresh.declarators, scopeStatements, imports, claimed);
      if (read.failed) return this.fullBecause('a name resolved to a declaration not found in the new tree');
      if (!read.consistent) return this.fullBecause('a declaration reaches past its statement');
      // Object literals claimed before and not now (or the reverse) in statements not re-read: re-read those too.
      const before = new Set<number>();
      for (const index of indexes) {
        if (isEdited.has(index)) continue;
        eachKeptClaim(index, (offset) => before.add(offset));
      }
      for (const group of oldChanged) for (const offset of group.claims) if (movedOffset(offset) !== undefined) before.add(movedOffset(offset)!);
      const after = new Set(read.readings.flatMap((reading) => reading.claims));
      const released = [...before].filter((offset) => !after.has(offset));
      const taken = [...after].filter((offset) => !before.has(offset));
      const more = [...released, ...taken].map((offset) => statementAt(statements, offset)).filter((index): index is number => index !== undefined && !redo.has(index));
      if (more.length) {
        for (const index of more) redo.add(index);
        continue;
      }
      return this.assemble(previous, context, { indexes, readings: read.readings, imports, oldIndexOf, moveClaims }, shift);
    }
  }

  /** The new groups: fresh ones for the re-read statements, the others moved by the edit. */
  private assemble(previous: State, context: AnalysisContext, read: { indexes: number[]; readings: Reading[]; imports: ImportFacts; oldIndexOf: (index: number) => number; moveClaims: (index: number) => void }, shift: Shift): Outcome {
    this.lastRead = read.indexes.length;
    const fresh = new Map(read.indexes.map((index, position) => [index, read.readings[position]]));
    const stale = new Set<ToolDeclaration>();
    const groups = context.statements.map((statement, index) => {
      const reading = fresh.get(index);
      if (reading) return newGroup(statement.start, reading, previous.memo);
      const group = previous.groups[read.oldIndexOf(index)];
      group.shifter.apply(shift);
      if (group.claims.length) read.moveClaims(index);
      group.start = statement.start;
      // Rule results may name the line of a constant the declarations read (a fix's title): when lines move, check them again.
      if (!group.resolved || shift.lineDelta === 0) return group;
      for (const declaration of group.declarations) stale.add(declaration);
      return newGroup(statement.start, group, previous.memo);
    });
    previous.memo.forget(stale);
    return { statements: context.statements, groups, imports: read.imports, consistent: true };
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

interface Outcome {
  statements: Statement[];
  groups: Group[];
  imports: ImportFacts;
  /** Every declaration lies within its statement (otherwise the next analysis is a full one). */
  consistent: boolean;
}

/** A statement after the edit, moved by it in place; its first row is after the edit's, so its columns stay. */
function moveStatement(statement: Statement, shift: Shift): Statement {
  statement.start += shift.offsetDelta;
  statement.end += shift.offsetDelta;
  statement.startRow += shift.lineDelta;
  statement.endRow += shift.lineDelta;
  return statement;
}

function newGroup(start: number, reading: Omit<Reading, 'lookups'> & { lookups: ReadonlySet<string> }, memo: DeclarationMemo): Group {
  const { declarations } = reading;
  return {
    start, facts: reading.facts, declarations, lookups: reading.lookups, claims: reading.claims, resolved: reading.resolved,
    shifter: new ShiftableGroup(() => [...declarations, ...declarations.map((declaration) => memo.findingsOf(declaration))]),
  };
}

function importFactsOf(facts: readonly StatementFacts[], options: AnalysisOptions): ImportFacts {
  return importFacts(facts.flatMap((fact) => fact.modules), serverModulesOf(options));
}

function overlapsAny(spans: readonly Span[], statement: Statement): boolean {
  return spans.some((span) => span.start <= statement.end && span.end >= statement.start);
}

function lookedUpAny(lookups: ReadonlySet<string>, names: ReadonlySet<string>): boolean {
  for (const name of lookups) if (names.has(name)) return true;
  return false;
}

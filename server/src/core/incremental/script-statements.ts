/**
 * Reading some top-level statements of a TS/JS document for incremental analysis (./typescript.ts):
 * their nodes and facts, each read once, and their declarations against the file's scope, with the
 * names each looked up and the object literals each claimed.
 */
import { Node } from 'web-tree-sitter';
import { AnalysisOptions } from '../analyze';
import { declarationsAmong, projectContext, readsImportedPresets } from '../frontends/typescript';
import { FileContext } from '../frontends/typescript/context';
import { TopLevelNodes } from '../frontends/typescript/document-syntax';
import { ImportFacts } from '../frontends/typescript/imports';
import { BindingFact, ScopeStatement, Statement, statementFacts, StatementFacts, StatementScope } from '../frontends/typescript/statements';
import { statementAt, statementHolding } from '../frontends/typescript/edit-region';
import { ValueReader } from '../frontends/typescript/values';
import { collectFileNodes, FileNodes } from '../frontends/typescript/walk';
import { ToolDeclaration } from '../model';
import { GrammarId, languageOfGrammar } from '../parse/parser';
import { DocumentSyntax, NodeLookup, RegionSpan } from '../parse/windows';

/** What reading some statements gave. */
export interface Reading {
  facts: StatementFacts;
  declarations: ToolDeclaration[];
  lookups: Set<string>;
  claims: number[];
  resolved: boolean;
}

/** Claimed object literals, telling who claims what. */
export class ClaimSet extends Set<number> {
  onAdd?: (offset: number) => void;

  override add(offset: number): this {
    this.onAdd?.(offset);
    return super.add(offset);
  }
}

/** The syntax being analysed, where its nodes are looked up by offset, and its top-level statements (of both trees). */
export interface TreeContext {
  syntax: DocumentSyntax;
  lookup: NodeLookup;
  grammar: GrammarId;
  options: AnalysisOptions;
  nodes: TopLevelNodes;
  /** The regions, broken and clean. */
  regions: RegionSpan[];
}

export interface AnalysisContext extends TreeContext {
  statements: Statement[];
}

/** The nodes and facts of statements of the new tree, each read once. */
export class FreshReader {
  readonly declarators = new Map<BindingFact, Node>();
  private readonly nodes = new Map<number, FileNodes>();
  private readonly facts = new Map<number, StatementFacts>();

  constructor(private readonly context: AnalysisContext) {}

  nodesOf(indexes: readonly number[]): FileNodes {
    const all: FileNodes = { imports: [], calls: [], bindings: [], classes: [], objects: [], errors: [] };
    for (const index of indexes) {
      const own = this.ownNodes(index);
      for (const key of Object.keys(all) as Array<keyof FileNodes>) all[key].push(...own[key]);
    }
    return all;
  }

  factsOf(index: number): StatementFacts {
    let facts = this.facts.get(index);
    if (!facts) this.facts.set(index, (facts = statementFacts(this.context.statements[index].start, this.ownNodes(index), this.declarators)));
    return facts;
  }

  private ownNodes(index: number): FileNodes {
    let nodes = this.nodes.get(index);
    if (!nodes) this.nodes.set(index, (nodes = collectFileNodes(this.context.nodes.at(index))));
    return nodes;
  }
}

/**
 * Reads the declarations of the statements at `indexes` (in source order) from their nodes,
 * against the file's scope and imports, recording per statement the names looked up and the
 * object literals claimed.
 */
export function readStatementsAt(
  context: AnalysisContext, indexes: readonly number[], nodes: FileNodes, facts: readonly StatementFacts[],
  declarators: ReadonlyMap<BindingFact, Node>, scopeStatements: () => readonly ScopeStatement[], imports: ImportFacts, claimed: ClaimSet,
): { readings: Reading[]; declarations: ToolDeclaration[]; consistent: boolean; failed: boolean } {
  const readings: Reading[] = indexes.map((_, position) => ({ facts: facts[position], declarations: [], lookups: new Set(), claims: [], resolved: false }));
  if (imports.clientOnly || !indexes.length) return { readings, declarations: [], consistent: true, failed: false };
  const selected = indexes.map((index) => context.statements[index]);
  let current = readings[0];
  let lost = false;
  const scope = new StatementScope(scopeStatements, context.lookup, declarators, (name, resolved) => {
    current.lookups.add(name);
    if (resolved) current.resolved = true;
  });
  claimed.onAdd = (offset) => current.claims.push(offset);
  const fileContext: FileContext = {
    language: languageOfGrammar(context.grammar),
    imports,
    reader: new ValueReader(scope),
    claimed,
    ...projectContext(context.options, () => scopeStatements().flatMap((statement) => statement.facts.imports)),
    track: (start) => {
      const position = statementAt(selected, start);
      if (position === undefined) lost = true;
      else current = readings[position];
    },
  };
  readsImportedPresets(fileContext);
  const declarations = declarationsAmong(nodes, fileContext);
  let consistent = !lost;
  for (const declaration of declarations) {
    const position = statementHolding(selected, declaration.range.start, declaration.range.end);
    if (position === undefined) consistent = false;
    else readings[position].declarations.push(declaration);
  }
  return { readings, declarations, consistent, failed: scope.failed };
}

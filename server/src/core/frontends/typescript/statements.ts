/**
 * The top-level statements of a TS/JS file and what each contributes to the context every
 * declaration is read in: the names it binds (at any depth, as `Scope` counts them) and the
 * modules it imports. Incremental analysis keeps these per statement, so an edit re-reads only
 * the statements it touched, and resolves names over all statements with `StatementScope`.
 */
import { Node } from 'web-tree-sitter';
import type { Segment } from '../../incremental/python';
import type { NodeLookup } from '../../parse/windows';
import { ImportBinding, importBindings, importedModules } from './imports';
import { bindingsOf, NameScope } from './scope';

/** A top-level statement: where it lies, its type, whether it holds a syntax error (as Python's segments, without their names). */
export type Statement = Pick<Segment, 'type' | 'start' | 'end' | 'startRow' | 'startColumn' | 'endRow' | 'endColumn' | 'hasError'>;

/** The named children of the program (statements, comments, ERROR regions) as plain records. */
export function statementsOf(nodes: readonly Node[]): Statement[] {
  return nodes.map((node) => ({
    type: node.type,
    start: node.startIndex,
    end: node.endIndex,
    startRow: node.startPosition.row,
    startColumn: node.startPosition.column,
    endRow: node.endPosition.row,
    endColumn: node.endPosition.column,
    hasError: node.hasError,
  }));
}

/** Whether a node of the new tree is the statement read before, `delta` code units later (no record made). */
export function isStatement(node: Node, statement: Statement, delta: number): boolean {
  return node.startIndex === statement.start + delta && node.type === statement.type && node.endIndex === statement.end + delta && node.hasError === statement.hasError;
}

/** One name a statement binds; `declarator` (offsets from the statement's start) for a `const` with an initializer. */
export interface BindingFact {
  name: string;
  declarator?: readonly [number, number];
}

export interface StatementFacts {
  bindings: BindingFact[];
  modules: string[];
  /** The names its imports bind, and to what. */
  imports: ImportBinding[];
}

/**
 * The facts of one statement from its nodes (see `collectFileNodes`). `declarators` receives the
 * declarator node of each `const` binding, valid as long as this tree is.
 */
export function statementFacts(start: number, nodes: { bindings: readonly Node[]; imports: readonly Node[]; calls: readonly Node[] }, declarators: Map<BindingFact, Node>): StatementFacts {
  const bindings: BindingFact[] = [];
  for (const node of nodes.bindings) {
    for (const binding of bindingsOf(node)) {
      const fact: BindingFact = binding.constValue && binding.declarator
        ? { name: binding.name, declarator: [binding.declarator.startIndex - start, binding.declarator.endIndex - start] }
        : { name: binding.name };
      if (binding.declarator && fact.declarator) declarators.set(fact, binding.declarator);
      bindings.push(fact);
    }
  }
  return { bindings, modules: importedModules(nodes.imports, nodes.calls), imports: importBindings(nodes.imports) };
}

/** Splits nodes in source order by the statement holding their start (statements in source order). */
export function splitByStatement(nodes: readonly Node[], statements: readonly Statement[]): Node[][] {
  const parts: Node[][] = statements.map(() => []);
  let index = 0;
  for (const node of nodes) {
    const start = node.startIndex;
    while (index < statements.length - 1 && statements[index].end <= start) index++;
    parts[index]?.push(node);
  }
  return parts;
}

/** A statement as `StatementScope` sees it: where it starts now, and what it binds. */
export interface ScopeStatement {
  start: number;
  facts: StatementFacts;
}

/**
 * Resolves `const` names as `Scope` does (a name bound exactly once in the file, by a `const`
 * with an initializer), over the facts of every statement; the initializer is looked up in the
 * current syntax (in the tree holding it, with a broken region). Each name asked for is reported
 * to `onLookup` (with whether it resolved), so a statement's result can be tied to the names it read.
 */
export class StatementScope implements NameScope {
  private index?: Map<string, Array<{ statement: ScopeStatement; fact: BindingFact }>>;
  private readonly resolved = new Map<string, Node | undefined>();
  /** A declarator the facts promise was not found in the tree: the result cannot be trusted. */
  failed = false;

  constructor(
    /** Every statement of the file, asked for at the first look-up. */
    private readonly statements: () => readonly ScopeStatement[],
    private readonly lookup: NodeLookup,
    /** Declarator nodes already at hand (statements read from this tree). */
    private readonly declarators: ReadonlyMap<BindingFact, Node>,
    private readonly onLookup: (name: string, resolved: boolean) => void,
  ) {}

  constInitializer(name: string): Node | undefined {
    let initializer: Node | undefined;
    if (this.resolved.has(name)) {
      initializer = this.resolved.get(name);
    } else {
      const found = this.bindings().get(name);
      const only = found && found.length === 1 ? found[0] : undefined;
      initializer = only?.fact.declarator ? this.declaratorOf(only.statement, only.fact)?.childForFieldName('value') ?? undefined : undefined;
      this.resolved.set(name, initializer);
    }
    this.onLookup(name, initializer !== undefined);
    return initializer;
  }

  private bindings(): Map<string, Array<{ statement: ScopeStatement; fact: BindingFact }>> {
    if (this.index) return this.index;
    const index = new Map<string, Array<{ statement: ScopeStatement; fact: BindingFact }>>();
    for (const statement of this.statements()) {
      for (const fact of statement.facts.bindings) {
        const list = index.get(fact.name);
        if (list) list.push({ statement, fact });
        else index.set(fact.name, [{ statement, fact }]);
      }
    }
    return (this.index = index);
  }

  private declaratorOf(statement: ScopeStatement, fact: BindingFact): Node | undefined {
    const known = this.declarators.get(fact);
    if (known) return known;
    const [from, to] = fact.declarator!;
    const start = statement.start + from;
    const end = statement.start + to;
    for (let node = this.lookup.descendantForIndex(start, end); node; node = node.parent) {
      if (node.startIndex === start && node.endIndex === end && node.type === 'variable_declarator') return node;
      if (node.startIndex < start || node.endIndex > end) break;
    }
    // Extraction swallows errors (half-typed code), so the caller checks this instead.
    this.failed = true;
    return undefined;
  }
}

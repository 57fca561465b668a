/** Rule results per declaration, kept between analyses of one document (incremental analysis). */
import { AnalysisOptions, findingsFor, RuleMemo } from '../analyze';
import { Finding, ToolDeclaration } from '../model';
import { NodeLookup } from '../parse/windows';
import { SourceText } from '../source-text';
import { ShiftableGroup } from './shift';

/**
 * Held weakly: a declaration no analysis keeps any more takes its results with it, so nothing is
 * swept after each analysis (that was a new map of every declaration per keystroke).
 */
export class DeclarationMemo implements RuleMemo {
  private readonly entries = new WeakMap<ToolDeclaration, readonly Finding[]>();

  get(declaration: ToolDeclaration): readonly Finding[] | undefined {
    return this.entries.get(declaration);
  }

  set(declaration: ToolDeclaration, findings: Finding[]): void {
    this.entries.set(declaration, findings);
  }

  findingsOf(declaration: ToolDeclaration): readonly Finding[] {
    return this.entries.get(declaration) ?? [];
  }

  /** Drops the results of declarations that are kept but must be checked again. */
  forget(declarations: Iterable<ToolDeclaration>): void {
    for (const declaration of declarations) this.entries.delete(declaration);
  }
}

/** What an incremental analysis keeps that checking its rules again needs. */
export interface CheckedState {
  options: AnalysisOptions;
  text: SourceText;
  groups: ReadonlyArray<{ declarations: ToolDeclaration[]; shifter: ShiftableGroup }>;
  memo: DeclarationMemo;
}

/**
 * The rule results of a kept analysis checked again (the tools' effects became known): every
 * declaration's, kept in the memo, the groups' shift indexes reset (they held the old results).
 */
export function recheckState(state: CheckedState, lookup: NodeLookup): Finding[] {
  const declarations = state.groups.flatMap((group) => group.declarations);
  state.memo.forget(declarations);
  for (const group of state.groups) group.shifter.reset();
  return findingsFor(lookup, state.text, declarations, state.options, state.memo);
}

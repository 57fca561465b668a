/** Rule results per declaration, kept between analyses of one document (incremental analysis). */
import { RuleMemo } from '../analyze';
import { Finding, ToolDeclaration } from '../model';

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

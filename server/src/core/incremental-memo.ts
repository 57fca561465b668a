/** Rule results per declaration, kept between analyses of one document (incremental analysis). */
import { RuleMemo } from './analyze';
import { Finding, ToolDeclaration } from './model';

/** Entries of declarations no longer held are dropped after each analysis (`keepOnly`). */
export class DeclarationMemo implements RuleMemo {
  private entries = new Map<ToolDeclaration, readonly Finding[]>();

  get(declaration: ToolDeclaration): readonly Finding[] | undefined {
    return this.entries.get(declaration);
  }

  set(declaration: ToolDeclaration, findings: Finding[]): void {
    this.entries.set(declaration, findings);
  }

  findingsOf(declaration: ToolDeclaration): readonly Finding[] {
    return this.entries.get(declaration) ?? [];
  }

  keepOnly(declarations: Iterable<ToolDeclaration>): void {
    const kept = new Map<ToolDeclaration, readonly Finding[]>();
    for (const declaration of declarations) {
      const findings = this.entries.get(declaration);
      if (findings) kept.set(declaration, findings);
    }
    this.entries = kept;
  }
}

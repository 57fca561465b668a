/**
 * An open document's tools' effects, as the server's second pass read them (effects/tool-effects.ts).
 * The keystroke path reads them from here: a declaration the last pass saw (kept, or moved by an
 * edit) has its effects at once; one read again after an edit finds the effects of the tool of the
 * same form and name, until the next pass (at most a second after typing stops) reads them anew.
 */
import { EffectSource } from '../core/effects/tool-effects';
import { ToolEffects } from '../core/effects/summary';
import { ToolDeclaration } from '../core/model';

function signature(declaration: ToolDeclaration): string {
  return `${declaration.form}\0${declaration.name ?? ''}\0${declaration.functionName ?? ''}`;
}

/** What a tool's effects say, for telling whether a pass changed anything a finding shows. */
function fingerprint(effects: ToolEffects): string {
  return JSON.stringify([effects.complete, effects.calls > 0, effects.effects.map((effect) => [effect.kind, effect.conditional, effect.what, effect.chain, effect.host, effect.module, effect.path])]);
}

export class DocumentEffects implements EffectSource {
  private byDeclaration = new WeakMap<ToolDeclaration, ToolEffects>();
  private bySignature = new Map<string, { effects: ToolEffects; fingerprint: string }>();
  /** Whether a pass has read the effects (the effect rules' suppressions count as unused only then). */
  known = false;

  of(declaration: ToolDeclaration): ToolEffects | undefined {
    return this.byDeclaration.get(declaration) ?? this.bySignature.get(signature(declaration))?.effects;
  }

  /** Takes a pass's effects; whether they differ from what the document's findings were made with. */
  update(declarations: readonly ToolDeclaration[], effects: ReadonlyMap<ToolDeclaration, ToolEffects>): boolean {
    const next = new Map<string, { effects: ToolEffects; fingerprint: string }>();
    let changed = !this.known;
    const byDeclaration = new WeakMap<ToolDeclaration, ToolEffects>();
    for (const declaration of declarations) {
      const found = effects.get(declaration);
      const before = this.byDeclaration.get(declaration);
      if (found) byDeclaration.set(declaration, found);
      const key = signature(declaration);
      const print = found ? fingerprint(found) : '';
      if (found && !next.has(key)) next.set(key, { effects: found, fingerprint: print });
      // A declaration whose findings were made without these effects (none, or another tool's of the same name).
      if (print !== (before ? fingerprint(before) : this.bySignature.get(key)?.fingerprint ?? '')) changed = true;
    }
    this.byDeclaration = byDeclaration;
    this.bySignature = next;
    this.known = true;
    return changed;
  }
}

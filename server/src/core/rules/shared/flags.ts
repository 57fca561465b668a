/** The flag pairs a contradiction rule compares, for Arcade behaviors and MCP annotations alike. */
import { FlagField, HintName, LanguageId, ToolDeclaration } from '../../model';
import { arcadeBool, behaviorOf } from './arcade';

export interface FlagSet {
  /** `arcade` for Behavior flags (`read_only`), `hints` for annotations (`readOnlyHint`). */
  kind: 'arcade' | 'hints';
  readOnly?: FlagField;
  destructive?: FlagField;
  idempotent?: FlagField;
  openWorld?: FlagField;
}

/** Both the Arcade behavior and the annotations of a tool, whichever it declares. */
export function flagSets(declaration: ToolDeclaration): FlagSet[] {
  const sets: FlagSet[] = [];
  const behavior = behaviorOf(declaration.metadata);
  if (behavior) sets.push({ kind: 'arcade', readOnly: behavior.readOnly, destructive: behavior.destructive, idempotent: behavior.idempotent, openWorld: behavior.openWorld });
  const hints = declaration.annotations?.hints;
  if (hints) sets.push({ kind: 'hints', readOnly: hints.readOnlyHint, destructive: hints.destructiveHint, idempotent: hints.idempotentHint, openWorld: hints.openWorldHint });
  return sets;
}

/**
 * A flag's value as the consumer reads it: Python models (Arcade, the SDK's pydantic
 * ToolAnnotations) coerce lax values; JSON clients take only real booleans.
 */
export function effectiveBool(field: FlagField | undefined, language: LanguageId): boolean | undefined {
  if (language === 'python') {
    const value = arcadeBool(field);
    return value === null ? undefined : value;
  }
  return field && typeof field.state === 'boolean' ? field.state : undefined;
}

/** `True`/`False` in Python, `true`/`false` in TS/JS: how a value reads in a message. */
export function literal(language: LanguageId, value: boolean): string {
  if (language === 'python') return value ? 'True' : 'False';
  return value ? 'true' : 'false';
}

export const HINT_OF_SLOT: Record<'readOnly' | 'destructive' | 'idempotent' | 'openWorld', HintName> = {
  readOnly: 'readOnlyHint',
  destructive: 'destructiveHint',
  idempotent: 'idempotentHint',
  openWorld: 'openWorldHint',
};

/** Reporting for Arcade's four start-up contradictions (MTL101–MTL104), strict=False included. */
import { setBooleansFix } from '../../fixes/flag-fixes';
import { FlagField, Fix, MetadataModel, RelatedInfo } from '../../model';
import { fill, RuleContext } from '../rule';
import { contradictionSeverity } from './arcade';
import { placeEntry } from './place';
import { withFields } from '../../with-fields';

export interface Contradiction {
  metadata: MetadataModel;
  /** The flag the finding sits on (`read_only=True`, `destructive=False`, ...). */
  field: FlagField;
  /** The rule's `contradictionMessages`. */
  messages: ContradictionMessages;
  /** The values of the problem's placeholders (`{fix}` is filled here). */
  values?: Record<string, string>;
  /** The value the preferred fix writes, and the flag text it produces (`read_only=False`). */
  fixValue: boolean;
  /**
   * A second flag the preferred fix sets too, because setting `field` alone would create another
   * contradiction (DELETE with read_only=True: destructive=True alone makes it read-only and destructive).
   */
  companion?: { field: FlagField; value: boolean };
  /** Related information on the other side of the contradiction. */
  related: RelatedInfo[];
  /** Further fixes, offered only while strict=False is not set (e.g. adding it). */
  extraFixes?: (accepted: boolean) => Array<Fix | undefined>;
}

export interface ContradictionMessages {
  /** Arcade refuses to load the tool. */
  refused: string;
  /** strict=False lets Arcade load it; clients still receive the contradicting flags. */
  accepted: string;
}

/** The two messages of a contradiction: `problem: consequence`, then what Arcade does, then `Set {fix}.` */
export function contradictionMessages<Problem extends string, Consequence extends string>(problem: Problem, consequence: Consequence) {
  return {
    refused: `${problem}: ${consequence}, and Arcade refuses to load it. Set {fix}.` as const,
    accepted: `${problem}: ${consequence}; strict=False only lets Arcade load it. Set {fix}.` as const,
  };
}

export function reportContradiction(context: RuleContext, contradiction: Contradiction): void {
  const level = contradictionSeverity(contradiction.metadata, context);
  if (!level) return;
  const { field, fixValue } = contradiction;
  const written = `${field.key}=${field.value.kind === 'boolean' ? (field.value.value ? 'True' : 'False') : 'the value'}`;
  const changes = [{ field, value: fixValue }, ...(contradiction.companion ? [contradiction.companion] : [])];
  const target = changes.map((change) => `${change.field.key}=${change.value ? 'True' : 'False'}`).join(' and ');
  const place = placeEntry(field.entry, written);
  const fixes: Fix[] = [setBooleansFix(`Set ${target}`, changes.map((change) => ({ value: change.field.value, to: change.value })), 'python', { preferred: true })];
  for (const extra of contradiction.extraFixes?.(level.accepted) ?? []) if (extra) fixes.push(extra);
  context.report({
    range: place.range,
    severity: level.severity,
    message: fill(level.accepted ? contradiction.messages.accepted : contradiction.messages.refused, withFields(contradiction.values, { fix: target })),
    related: [...place.related, ...contradiction.related],
    fixes,
  });
}

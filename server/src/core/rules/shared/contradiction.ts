/** Reporting for Arcade's four start-up contradictions (MTL101–MTL104), strict=False included. */
import { setBooleansFix } from '../../fixes/flag-fixes';
import { FlagField, Fix, MetadataModel, RelatedInfo } from '../../model';
import { RuleContext } from '../rule';
import { contradictionSeverity } from './arcade';
import { placeEntry } from './place';

export interface Contradiction {
  metadata: MetadataModel;
  /** The flag the finding sits on (`read_only=True`, `destructive=False`, ...). */
  field: FlagField;
  /** What is wrong and what clients will do, without the final period. */
  problem: string;
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

const ACCEPTED = ' It is accepted by strict=False, so Arcade will not stop the server, but clients still receive the contradicting flags.';

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
    message: `${contradiction.problem}${level.accepted ? `.${ACCEPTED}` : ', and Arcade refuses to load the tool.'} Set ${target}.`,
    related: [...place.related, ...contradiction.related],
    fixes,
  });
}

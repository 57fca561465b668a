import { closedWorldService } from './closed-world-service';
import { deleteNotDestructive } from './delete-not-destructive';
import { duplicateEntry } from './duplicate-entry';
import { effectContradictsClosedWorld } from './effect-contradicts-closed-world';
import { effectContradictsNonDestructive } from './effect-contradicts-non-destructive';
import { effectContradictsReadOnly } from './effect-contradicts-read-only';
import { emptyList } from './empty-list';
import { extrasNotJsonSafe } from './extras-not-json-safe';
import { invalidFlagValue } from './invalid-flag-value';
import { invalidRateLimit } from './invalid-rate-limit';
import { invalidToolName } from './invalid-tool-name';
import { metadataIgnored } from './metadata-ignored';
import { metadataNotToolMetadata } from './metadata-not-toolmetadata';
import { missingAnnotationHint } from './missing-annotation-hint';
import { missingAnnotations } from './missing-annotations';
import { missingBehaviorFlag } from './missing-behavior-flag';
import { missingDescription } from './missing-description';
import { nameImpliesDestruction } from './name-implies-destruction';
import { nameImpliesMutation } from './name-implies-mutation';
import { nameImpliesRead } from './name-implies-read';
import { readOnlyDestructive } from './read-only-destructive';
import { readOnlyMutation } from './read-only-mutation';
import { readOnlyNotIdempotent } from './read-only-not-idempotent';
import { readOnlyOpaque } from './read-only-opaque';
import { reservedMetaKey } from './reserved-meta-key';
import { Rule } from './rule';
import { snakeCaseHint } from './snake-case-hint';
import { suppressionWithoutReason } from './suppression-without-reason';
import { undocumentedParameter } from './undocumented-parameter';
import { unknownField } from './unknown-field';
import { unknownOperation } from './unknown-operation';
import { unknownServiceDomain } from './unknown-service-domain';
import { unneededStrictFalse } from './unneeded-strict-false';
import { vagueDescription } from './vague-description';
import { unusedSuppression } from './unused-suppression';

/** Every rule, in code order. Each lives in its own file. */
export const ALL_RULES: readonly Rule[] = [
  readOnlyMutation,
  readOnlyOpaque,
  deleteNotDestructive,
  closedWorldService,
  readOnlyDestructive,
  readOnlyNotIdempotent,
  missingBehaviorFlag,
  missingAnnotationHint,
  missingAnnotations,
  unknownServiceDomain,
  unknownOperation,
  unknownField,
  invalidFlagValue,
  extrasNotJsonSafe,
  metadataNotToolMetadata,
  reservedMetaKey,
  duplicateEntry,
  emptyList,
  invalidRateLimit,
  snakeCaseHint,
  metadataIgnored,
  invalidToolName,
  nameImpliesMutation,
  nameImpliesDestruction,
  nameImpliesRead,
  effectContradictsReadOnly,
  effectContradictsNonDestructive,
  effectContradictsClosedWorld,
  missingDescription,
  vagueDescription,
  undocumentedParameter,
  unusedSuppression,
  suppressionWithoutReason,
  unneededStrictFalse,
];

const byCodeOrName = new Map<string, Rule>();
for (const rule of ALL_RULES) {
  byCodeOrName.set(rule.code.toUpperCase(), rule);
  byCodeOrName.set(rule.name, rule);
}

/** Looks a rule up by code (`MTL101`, any case) or name (`read-only-mutation`). */
export function findRule(codeOrName: string): Rule | undefined {
  return byCodeOrName.get(codeOrName.toUpperCase()) ?? byCodeOrName.get(codeOrName.toLowerCase());
}

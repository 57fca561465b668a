/** Reading Arcade's `ToolMetadata` the way Arcade itself does (arcade-metadata.md §1–§3). */
import { EnumName, enumMembers, MUTATING_OPERATIONS } from '../../data/service-domains';
import { BehaviorModel, ClassificationModel, EnumItem, FlagField, MetadataModel, ToolDeclaration, Value } from '../../model';
import { ProfileName, Rule, RuleContext, severities, SeverityOrOff } from '../rule';

/**
 * A flag as Arcade sees it after pydantic's lax parsing: true/false, null for None,
 * undefined when omitted, unknown or not coercible.
 */
export function arcadeBool(field: FlagField | undefined): boolean | null | undefined {
  if (!field) return undefined;
  if (typeof field.state === 'boolean' || field.state === null) return field.state;
  if (field.state === 'invalid' && field.coercedTo !== undefined) return field.coercedTo;
  return undefined;
}

/** The member an item names (`DELETE`) when Arcade accepts it: a known member, or its exact lowercase value. */
export function acceptedMember(item: EnumItem, enumName: EnumName): string | undefined {
  const value = item.value;
  const members = enumMembers(enumName);
  if (value.kind === 'enum-member') return members.find((m) => m.member === value.member)?.member;
  if (value.kind === 'string') return members.find((m) => m.value === value.value)?.member;
  return undefined;
}

export interface OperationsView {
  /** Accepted operations, upper case, with the item that names each. */
  items: Array<{ member: string; item: EnumItem }>;
  /** Every item is an operation Arcade accepts (none is an expression or an invalid value). */
  allKnown: boolean;
}

export function operationsOf(behavior: BehaviorModel | undefined): OperationsView {
  const operations = behavior?.operations;
  if (!operations) return { items: [], allKnown: true };
  if (operations.value.kind !== 'sequence') return { items: [], allKnown: operations.value.kind === 'null' };
  const items: OperationsView['items'] = [];
  let allKnown = true;
  for (const item of operations.items) {
    const member = acceptedMember(item, 'Operation');
    if (member) items.push({ member, item });
    else allKnown = false;
  }
  return { items, allKnown };
}

export function hasOperation(view: OperationsView, member: string): EnumItem | undefined {
  return view.items.find((i) => i.member === member)?.item;
}

export function mutatingItems(view: OperationsView): EnumItem[] {
  return view.items.filter((i) => MUTATING_OPERATIONS.has(i.member)).map((i) => i.item);
}

/** `strict=False` on the ToolMetadata: 'off'; 'unknown' when strict is an expression; else 'on'. */
export function strictMode(metadata: MetadataModel | undefined): 'on' | 'off' | 'unknown' {
  const strict = metadata?.strict;
  if (!strict) return 'on';
  if (strict.state === 'unknown') return 'unknown';
  const value = arcadeBool(strict);
  return value === false ? 'off' : 'on';
}

/** A `Behavior(...)` / `Classification(...)` call (through any import alias) or a dict: what Arcade reads as that model. */
function isModel(value: Value, model: 'Behavior' | 'Classification'): boolean {
  if (value.kind === 'mapping') return true;
  return value.kind === 'call' && value.callee.slice(value.callee.lastIndexOf('.') + 1) === model;
}

/** The tool's Behavior when it is one the linter can read (not the result of some other call). */
export function behaviorOf(metadata: MetadataModel | undefined): BehaviorModel | undefined {
  const behavior = metadata?.behavior;
  return behavior && isModel(behavior.value, 'Behavior') ? behavior : undefined;
}

export function classificationOf(metadata: MetadataModel | undefined): ClassificationModel | undefined {
  const classification = metadata?.classification;
  return classification && isModel(classification.value, 'Classification') ? classification : undefined;
}

export interface ContradictionContext {
  declaration: ToolDeclaration;
  metadata: MetadataModel;
  behavior: BehaviorModel;
}

/** The metadata and behavior of an Arcade tool, when both can be read. */
export function arcadeBehavior(declaration: ToolDeclaration): ContradictionContext | undefined {
  const metadata = declaration.metadata;
  const behavior = behaviorOf(metadata);
  if (!metadata || !behavior) return undefined;
  return { declaration, metadata, behavior };
}

/** The severity case of MTL101–104 for a contradiction that `strict=False` accepts. */
export const ACCEPTED_BY_STRICT_FALSE = 'acceptedByStrictFalse';

/** MTL101–104's `cases`: under `strict=False`, a hint; not reported in the `arcade` profile, as Arcade skips the check. */
export const CONTRADICTION_CASES: Rule['cases'] = {
  [ACCEPTED_BY_STRICT_FALSE]: {
    label: 'accepted by strict=False',
    when: 'with strict=False on the same ToolMetadata: Arcade does not stop the server (not reported in the arcade profile)',
    severity: severities('hint', { arcade: 'off' }),
  },
};

/**
 * MTL101–104 under `strict=False`: a hint ("accepted by strict=False"), or nothing in the
 * `arcade` profile (Arcade skips these checks); nothing when strict is an expression.
 */
export function contradictionSeverity(metadata: MetadataModel, context: RuleContext): { severity: SeverityOrOff; accepted: boolean } | undefined {
  const mode = strictMode(metadata);
  if (mode === 'unknown') return undefined;
  if (mode === 'on') return { severity: context.severity, accepted: false };
  if (context.profile === 'arcade') return undefined;
  return { severity: context.severityOf(ACCEPTED_BY_STRICT_FALSE), accepted: true };
}

export function isArcadeProfile(profile: ProfileName): boolean {
  return profile === 'arcade';
}

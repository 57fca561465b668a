import { lastEntry } from '../interpret';
import { MetadataModel, Value } from '../model';
import { Rule, severities } from './rule';
import { arcadeBool, behaviorOf, classificationOf, hasOperation, mutatingItems, operationsOf, strictMode } from './shared/arcade';
import { placeEntry } from './shared/place';
import { removeEntryIn } from './shared/where-written';

const MESSAGES = {
  unneeded: 'strict=False is not needed: no contradiction is left for it to accept, and it would hide the next one from Arcade. Remove it.',
} as const;

export const unneededStrictFalse: Rule = {
  code: 'MTL903',
  name: 'unneeded-strict-false',
  severity: severities('hint', { spec: 'off', arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'strict=False on a ToolMetadata that has no contradiction left.',
    whatItDoes: 'Reports `strict=False` when none of Arcade\'s four contradiction checks (mutating operation with read_only, OPAQUE with read_only, DELETE not destructive, service domain with open_world=False) would fire and every value involved is known.',
    why: '`strict=False` exists to accept a deliberate contradiction. Left behind after the contradiction is fixed, it silently disables Arcade\'s checks for the next edit that introduces one.',
    example: 'metadata=ToolMetadata(\n    behavior=Behavior(operations=[Operation.READ], read_only=True),\n    strict=False,\n)',
    useInstead: 'metadata=ToolMetadata(\n    behavior=Behavior(operations=[Operation.READ], read_only=True),\n)',
    fix: 'Quick-fix: remove `strict=False`. Not applied on save.',
    mapping: 'Not sent to clients: `strict` is excluded from every serialisation.',
  },
  check(declaration, context) {
    const metadata = declaration.metadata;
    const strict = metadata?.strict;
    if (!metadata || !strict || strictMode(metadata) !== 'off') return;
    if (!allKnown(metadata) || hasContradiction(metadata)) return;
    const place = placeEntry(strict.entry, 'strict=False');
    const fix = removeEntryIn(context, strict.entry, 'Remove strict=False');
    context.report({
      range: place.range,
      related: place.related,
      message: MESSAGES.unneeded,
      fixes: fix ? [fix] : [],
    });
  },
};

function readable(value: Value | undefined): boolean {
  return !value || ((value.kind === 'call' || value.kind === 'mapping') && !value.opaqueSpread) || value.kind === 'null';
}

function allKnown(metadata: MetadataModel): boolean {
  const entries = metadata.value.kind === 'call' || metadata.value.kind === 'mapping' ? metadata.value.entries : [];
  if (!readable(metadata.value)) return false;
  const behaviorEntry = lastEntry(entries, 'behavior')?.value;
  const classificationEntry = lastEntry(entries, 'classification')?.value;
  const behavior = behaviorOf(metadata);
  if (behaviorEntry && behaviorEntry.kind !== 'null' && (!behavior || !readable(behaviorEntry))) return false;
  if (classificationEntry && classificationEntry.kind !== 'null' && (!classificationOf(metadata) || !readable(classificationEntry))) return false;
  if (behavior) {
    if (!operationsOf(behavior).allKnown || behavior.operations?.value.kind === 'unknown') return false;
    if ([behavior.readOnly, behavior.destructive, behavior.openWorld].some((field) => field?.state === 'unknown')) return false;
  }
  const domains = classificationOf(metadata)?.serviceDomains?.value;
  return !domains || domains.kind !== 'unknown';
}

function hasContradiction(metadata: MetadataModel): boolean {
  const behavior = behaviorOf(metadata);
  if (!behavior) return false;
  const operations = operationsOf(behavior);
  const readOnly = arcadeBool(behavior.readOnly) === true;
  if (readOnly && (mutatingItems(operations).length > 0 || hasOperation(operations, 'OPAQUE'))) return true;
  if (arcadeBool(behavior.destructive) === false && hasOperation(operations, 'DELETE')) return true;
  const domains = classificationOf(metadata)?.serviceDomains?.value;
  return arcadeBool(behavior.openWorld) === false && domains?.kind === 'sequence' && domains.items.length > 0;
}

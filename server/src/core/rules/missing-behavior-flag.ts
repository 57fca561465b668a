import { ARCADE_FLAGS, ARCADE_MODEL_FIELDS, ArcadeFlag } from '../data/fields';
import { lastEntry } from '../interpret';
import { BehaviorModel, Range, RelatedInfo, ToolDeclaration } from '../model';
import { fill, Rule, RuleContext, severities, SeverityOrOff } from './rule';
import { behaviorOf, operationsOf } from './shared/arcade';
import { assumptions, Gap, isMissing, misspelledFlags, writtenOf } from './shared/gaps';
import { writtenAt } from './shared/place';
import { gapFixIn } from './shared/where-written';
import { Declared } from './shared/infer';
import { withFields } from '../with-fields';

const SLOT: Record<ArcadeFlag, 'readOnly' | 'destructive' | 'idempotent' | 'openWorld'> = {
  read_only: 'readOnly', destructive: 'destructive', idempotent: 'idempotent', open_world: 'openWorld',
};

/** Under `openai-apps` these become the required hints; a missing idempotent flag stays a warning. */
const OPENAI_REQUIRED: ReadonlySet<ArcadeFlag> = new Set(['read_only', 'destructive', 'open_world']);

const MESSAGES = {
  one: 'Behavior leaves {flag} unset, so clients will assume {assumed}. Set it explicitly.',
  several: 'Behavior leaves {count} flags unset, so clients will assume {assumed}. Set them.',
} as const;

export const missingBehaviorFlag: Rule = {
  code: 'MTL201',
  name: 'missing-behavior-flag',
  severity: severities('warning', { strict: 'error', spec: 'off', arcade: 'off', 'openai-apps': 'error' }),
  cases: {
    notRequiredByOpenAi: { label: 'idempotent (openai-apps)', when: 'in the openai-apps profile, a missing flag that OpenAI Apps leaves optional (idempotent)', severity: { 'openai-apps': 'warning' } },
  },
  fixable: 'safe',
  messages: MESSAGES,
  docs: {
    summary: 'An Arcade Behavior leaves read_only, destructive, idempotent or open_world unset.',
    whatItDoes: 'Reports a `Behavior(...)` (or `behavior={...}` dict) that omits any of the four flags, or sets one to `None`. One finding per tool lists every missing flag. Under `openai-apps`, missing `read_only`, `destructive` and `open_world` form one error and a missing `idempotent` a separate warning.',
    why: 'Arcade leaves an unset flag out of the tool\'s MCP annotations, and clients then assume the spec\'s pessimistic defaults: not read-only, destructive, not idempotent, open-world. A read-only tool without `read_only=True` gets a confirmation prompt on every call, and directory reviews reject tools whose flags are not explicit.',
    example: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(operations=[Operation.READ], read_only=True),\n    ),\n)\ndef list_events() -> list: ...',
    useInstead: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(\n            operations=[Operation.READ],\n            read_only=True,\n            destructive=False,\n            idempotent=True,\n            open_world=True,\n        ),\n    ),\n)\ndef list_events() -> list: ...',
    fix: 'Adds the missing flags with values taken only from what the tool declares: `read_only=True` gives `destructive=False` and `idempotent=True`; `destructive=True` or a mutating operation gives `read_only=False`; READ-only operations give read-only, non-destructive, idempotent; DELETE gives destructive, not idempotent; CREATE/UPDATE give not destructive, not idempotent; otherwise the spec\'s pessimistic default (not read-only, destructive, not idempotent, open-world). A flag whose only possible value would contradict what is written is left out, and the fix title says why. Fix-all on save applies it when it only adds keywords at the tool itself.',
    mapping: '`read_only` → `readOnlyHint`, `destructive` → `destructiveHint`, `idempotent` → `idempotentHint`, `open_world` → `openWorldHint`.',
  },
  check(declaration, context) {
    const behavior = behaviorOf(declaration.metadata);
    const value = behavior?.value;
    if (!behavior || !value || (value.kind !== 'call' && value.kind !== 'mapping') || value.opaqueSpread) return;
    const missing = ARCADE_FLAGS.filter((flag) => isMissing(behavior[SLOT[flag]]));
    if (missing.length === 0) return;
    const groups: Array<{ flags: ArcadeFlag[]; severity: SeverityOrOff }> = context.profile === 'openai-apps'
      ? [
        { flags: missing.filter((f) => OPENAI_REQUIRED.has(f)), severity: context.severity },
        { flags: missing.filter((f) => !OPENAI_REQUIRED.has(f)), severity: context.severityOf('notRequiredByOpenAi') },
      ]
      : [{ flags: missing, severity: context.severity }];
    const place = behaviorPlace(declaration, behavior);
    for (const group of groups) {
      if (group.flags.length === 0) continue;
      report(context, declaration, behavior, group.flags, group.severity, place);
    }
  },
};

function behaviorPlace(declaration: ToolDeclaration, behavior: BehaviorModel): { range: Range; related: RelatedInfo[] } {
  const value = behavior.value;
  const written = value.kind === 'call' ? value.calleeRange : undefined;
  if (value.via) return { range: value.via, related: [writtenAt(value.file ? value : withFields(value, { range: written ?? value.range }), 'The Behavior is written here.')] };
  if (written) return { range: written, related: [] };
  const entries = declaration.metadata?.value.kind === 'call' || declaration.metadata?.value.kind === 'mapping' ? declaration.metadata.value.entries : [];
  return { range: lastEntry(entries, 'behavior')?.keyRange ?? value.range, related: [] };
}

function report(context: RuleContext, declaration: ToolDeclaration, behavior: BehaviorModel, flags: ArcadeFlag[], severity: SeverityOrOff, place: { range: Range; related: RelatedInfo[] }): void {
  const value = behavior.value;
  if (value.kind !== 'call' && value.kind !== 'mapping') return;
  const gaps: Gap[] = flags.map((flag) => {
    const field = behavior[SLOT[flag]];
    return { flag, key: flag, field: field && field.state === null ? field : undefined };
  });
  const operations = operationsOf(behavior);
  const declared: Declared = {
    flags: {
      read_only: writtenOf(behavior.readOnly, true),
      destructive: writtenOf(behavior.destructive, true),
      idempotent: writtenOf(behavior.idempotent, true),
      open_world: writtenOf(behavior.openWorld, true),
    },
    operations: operations.items.map((i) => i.member),
    operationsKnown: operations.allKnown,
  };
  const misspelled = misspelledFlags(value.entries, ARCADE_MODEL_FIELDS.Behavior, (flag) => flag);
  const fix = gapFixIn(context, value.file, value.container, gaps, declared, { viaElsewhere: !!value.via, misspelled });
  const assumed = assumptions(gaps);
  context.report({
    range: place.range,
    severity,
    message: flags.length === 1 ? fill(MESSAGES.one, { flag: flags[0], assumed }) : fill(MESSAGES.several, { count: flags.length, assumed }),
    related: place.related,
    fixes: fix ? [fix] : [],
  });
}

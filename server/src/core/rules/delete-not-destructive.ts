import { Rule, severities } from './rule';
import { arcadeBehavior, arcadeBool, hasOperation, operationsOf, CONTRADICTION_CASES } from './shared/arcade';
import { contradictionMessages, reportContradiction } from './shared/contradiction';
import { relatedAt } from './shared/place';

const MESSAGES = contradictionMessages('destructive=False on a DELETE tool', 'clients will not warn before data is removed');

export const deleteNotDestructive: Rule = {
  code: 'MTL103',
  name: 'delete-not-destructive',
  severity: severities('error', { spec: 'off' }),
  cases: CONTRADICTION_CASES,
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool with the DELETE operation is marked destructive=False.',
    whatItDoes: 'Reports a `Behavior` whose `operations` include `Operation.DELETE` while `destructive=False`. An omitted or `None` destructive flag is not reported here (see `missing-behavior-flag`). With `strict=False` the finding becomes a hint; the `arcade` profile drops it.',
    why: 'Deleting is destructive by definition. Arcade refuses to load the tool ("Tool has the \'DELETE\' operation but is not marked destructive=True"); if bypassed (`strict=False`), clients still receive `destructiveHint: false` and will not warn the user before data is removed.',
    example: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(operations=[Operation.DELETE], destructive=False),\n    ),\n)\ndef delete_event(event_id: str) -> None: ...',
    useInstead: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(operations=[Operation.DELETE], destructive=True),\n    ),\n)\ndef delete_event(event_id: str) -> None: ...',
    fix: 'Quick-fix: set `destructive=True`, and `read_only=False` with it when the tool is also marked read-only (destructive=True alone would make it read-only and destructive, see `read-only-destructive`). Not applied on save.',
    mapping: '`Behavior.destructive` becomes the MCP annotation `destructiveHint`.',
  },
  check(declaration, context) {
    const found = arcadeBehavior(declaration);
    if (!found) return;
    const destructive = found.behavior.destructive;
    if (arcadeBool(destructive) !== false || !destructive) return;
    const deletion = hasOperation(operationsOf(found.behavior), 'DELETE');
    if (!deletion) return;
    // destructive=True next to read_only=True would be the read-only/destructive contradiction
    // (MTL105): the fix sets read_only=False with it, as MTL101 and MTL105 prefer.
    const readOnly = found.behavior.readOnly;
    reportContradiction(context, {
      metadata: found.metadata,
      field: destructive,
      fixValue: true,
      companion: readOnly && arcadeBool(readOnly) === true ? { field: readOnly, value: false } : undefined,
      messages: MESSAGES,
      related: [relatedAt(deletion.value, 'The DELETE operation is declared here.')],
    });
  },
};

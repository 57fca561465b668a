import { Rule, severities } from './rule';
import { arcadeBehavior, arcadeBool, hasOperation, mutatingItems, operationsOf, CONTRADICTION_CASES } from './shared/arcade';
import { contradictionMessages, reportContradiction } from './shared/contradiction';
import { relatedAt } from './shared/place';

const MESSAGES = contradictionMessages('read_only=True on an OPAQUE tool', 'clients may run it without asking');

export const readOnlyOpaque: Rule = {
  code: 'MTL102',
  name: 'read-only-opaque',
  severity: severities('error', { spec: 'off' }),
  cases: CONTRADICTION_CASES,
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool with the OPAQUE operation is marked read_only=True.',
    whatItDoes: 'Reports a `Behavior` whose `operations` include `Operation.OPAQUE` while `read_only=True`. When the operations also include a mutating one, `read-only-mutation` (MTL101) reports the tool instead. With `strict=False` the finding becomes a hint; the `arcade` profile drops it.',
    why: 'OPAQUE means the effect depends on runtime input, so nobody can promise the call changes nothing. Arcade refuses to load the tool ("Cannot guarantee read-only when the operation is indeterminate"); if bypassed (`strict=False`), clients still receive `readOnlyHint: true` and may run the tool without asking for confirmation.',
    example: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(operations=[Operation.OPAQUE], read_only=True),\n    ),\n)\ndef run_query(sql: str) -> list: ...',
    useInstead: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(operations=[Operation.OPAQUE], read_only=False),\n    ),\n)\ndef run_query(sql: str) -> list: ...',
    fix: 'Quick-fix: set `read_only=False`. Not applied on save.',
    mapping: '`Behavior.read_only` becomes the MCP annotation `readOnlyHint`.',
  },
  check(declaration, context) {
    const found = arcadeBehavior(declaration);
    if (!found) return;
    const readOnly = found.behavior.readOnly;
    if (arcadeBool(readOnly) !== true || !readOnly) return;
    const operations = operationsOf(found.behavior);
    const opaque = hasOperation(operations, 'OPAQUE');
    if (!opaque || mutatingItems(operations).length > 0) return;
    reportContradiction(context, {
      metadata: found.metadata,
      field: readOnly,
      fixValue: false,
      messages: MESSAGES,
      related: [relatedAt(opaque.value, 'The OPAQUE operation is declared here.')],
    });
  },
};

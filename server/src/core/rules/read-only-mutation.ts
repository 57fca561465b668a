import { SourceText } from '../source-text';
import { Fix, MetadataModel } from '../model';
import { containerOfValue, editingFile, insertEntriesFix, setBooleanFix } from '../fixes/flag-fixes';
import { Rule, RuleContext, severities } from './rule';
import { arcadeBehavior, arcadeBool, mutatingItems, operationsOf, CONTRADICTION_CASES } from './shared/arcade';
import { contradictionMessages, reportContradiction } from './shared/contradiction';
import { relatedAt } from './shared/place';

const MESSAGES = contradictionMessages('read_only=True on {anOperation} tool', 'clients may run it without asking');

export const readOnlyMutation: Rule = {
  code: 'MTL101',
  name: 'read-only-mutation',
  severity: severities('error', { spec: 'off' }),
  cases: CONTRADICTION_CASES,
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool with a CREATE, UPDATE or DELETE operation is marked read_only=True.',
    whatItDoes: 'Reports a `Behavior` whose `operations` include `Operation.CREATE`, `Operation.UPDATE` or `Operation.DELETE` while `read_only=True`. With `strict=False` on the same `ToolMetadata` the finding becomes a hint, and the `arcade` profile drops it, as Arcade does.',
    why: 'Arcade refuses to load such a tool ("Tool has the mutating operation(s) ... but is marked read_only=True"), so the server does not start. If the check is bypassed (`strict=False`), clients still receive `readOnlyHint: true` and may run a tool that changes data without asking the user for confirmation.',
    example: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(operations=[Operation.DELETE], read_only=True),\n    ),\n)\ndef delete_file(path: str) -> None: ...',
    useInstead: '@app.tool(\n    metadata=ToolMetadata(\n        behavior=Behavior(operations=[Operation.DELETE], read_only=False),\n    ),\n)\ndef delete_file(path: str) -> None: ...',
    fix: 'Quick-fixes: set `read_only=False` (preferred), or add `strict=False` to accept the contradiction deliberately. Neither is applied on save.',
    mapping: '`Behavior.read_only` becomes the MCP annotation `readOnlyHint`; operations are sent only in `_meta.arcade.metadata`.',
  },
  check(declaration, context) {
    const found = arcadeBehavior(declaration);
    if (!found) return;
    const readOnly = found.behavior.readOnly;
    if (arcadeBool(readOnly) !== true || !readOnly) return;
    const mutating = mutatingItems(operationsOf(found.behavior));
    if (mutating.length === 0) return;
    const names = mutating.map((item) => item.text.toUpperCase());
    reportContradiction(context, {
      metadata: found.metadata,
      field: readOnly,
      fixValue: false,
      messages: MESSAGES,
      // "a DELETE tool", "an UPDATE tool", "a CREATE/UPDATE tool"
      values: { anOperation: `${names[0].startsWith('U') ? 'an' : 'a'} ${names.join('/')}` },
      related: mutating.map((item) => relatedAt(item.value, `The mutating operation ${item.text.toUpperCase()} is declared here.`)),
      extraFixes: (accepted) => (accepted ? [] : [strictFalseFixIn(context, found.metadata)]),
    });
  },
};

/** `strictFalseFix` where the ToolMetadata is written (another module's, for an imported preset). */
export function strictFalseFixIn(context: RuleContext, metadata: MetadataModel): Fix | undefined {
  const text = context.textOf(metadata.value.file);
  return text === undefined ? undefined : editingFile(strictFalseFix(text, metadata), metadata.value.file);
}

/** `strict=False` on the ToolMetadata: replaces `strict=True` or adds the keyword. */
export function strictFalseFix(text: SourceText, metadata: MetadataModel): Fix | undefined {
  const title = 'Add strict=False to accept the contradiction';
  if (metadata.strict) return setBooleanFix(title, metadata.strict.value, 'python', false);
  const container = containerOfValue(metadata.value);
  if (!container) return undefined;
  return insertEntriesFix(text, container, [['strict', container.syntax === 'object' ? 'false' : 'False']], title);
}

import { DELETING_VERBS, NON_MUTATING_PHRASES } from '../data/verbs';
import { fill, Rule, severities } from './rule';
import { behaviorOf, hasOperation, operationsOf } from './shared/arcade';
import { literal } from './shared/flags';
import { deletingVerb } from './shared/name-words';
import { placeValue } from './shared/place';
import { plausibilityInput, reportFlag, valueOf, wordInName } from './shared/plausibility';
import { bodySays, DESTROYING } from './shared/effects';

const MESSAGES = {
  flag: '{word} suggests deletion, but {key} is {false}: clients will not warn before it runs. Set {key} to {true} if it deletes.',
  operations: '{word} suggests deletion, but its operations lack DELETE. Add Operation.DELETE if it deletes.',
} as const;

export const nameImpliesDestruction: Rule = {
  code: 'MTL302',
  name: 'name-implies-destruction',
  severity: severities('info', { strict: 'warning', spec: 'off', arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool whose name starts with a deleting verb is marked non-destructive, or lists operations without DELETE.',
    whatItDoes: `Reads the tool's name as \`name-implies-mutation\` does and reports \`destructive=False\` / \`destructiveHint: false\`, or an Arcade \`operations\` list without \`Operation.DELETE\`, when the verb deletes: ${DELETING_VERBS.map((verb) => `\`${verb}\``).join(', ')}. A preview name (\`preview_delete\`) and a description that says the tool changes nothing (${NON_MUTATING_PHRASES.slice(0, 6).map((phrase) => `"${phrase}"`).join(', ')}, ...) silence it. An Arcade tool that has the DELETE operation is reported by \`delete-not-destructive\` instead. The tool's body silences it when it settles the question: a body read completely that deletes nothing, or one that deletes (\`effect-contradicts-non-destructive\` or \`effect-contradicts-read-only\` report that, with the path).`,
    why: 'A destructive tool makes clients warn the user before it runs. A `delete_workspace` marked non-destructive is usually a flag copied from another tool, and the user loses data without being asked. Names can mislead, so this is information, not an error.',
    example: '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False})\ndef delete_workspace(workspace_id: str) -> None: ...',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": True})\ndef delete_workspace(workspace_id: str) -> None: ...',
    fix: 'Quick-fix, only on request (never on save or with `--fix`): set the destructive flag to true, and the read-only flag to false with it when the tool is marked read-only (read-only and destructive together contradict each other). The operations case has no quick-fix.',
    mapping: '`destructive` / `destructiveHint`; Arcade `Operation.DELETE`.',
  },
  check(declaration, context) {
    const input = plausibilityInput(declaration);
    if (!input || input.describedAsNonMutating) return;
    const verb = deletingVerb(input.reading);
    if (!verb) return;
    const word = wordInName(verb, input.reading.name);
    const operations = operationsOf(behaviorOf(declaration.metadata));
    if (hasOperation(operations, 'DELETE')) return;
    // The body settles it: it deletes nothing (destructive false is right), or it deletes (the effect rules say so, with the path).
    if (bodySays(context.effectsOf(declaration), DESTROYING) !== undefined) return;
    for (const set of input.sets) {
      const destructive = set.destructive;
      if (!destructive || valueOf(destructive, input.language) !== false) continue;
      const message = fill(MESSAGES.flag, { word, key: destructive.key, false: literal(input.language, false), true: literal(input.language, true) });
      const readOnly = set.readOnly && valueOf(set.readOnly, input.language) === true ? [{ field: set.readOnly, to: false }] : [];
      reportFlag(context, input, destructive, message, [{ field: destructive, to: true }, ...readOnly], `\`${verb}\` deletes`);
      return;
    }
    const listed = behaviorOf(declaration.metadata)?.operations;
    if (!listed || !operations.allKnown || !operations.items.length) return;
    const place = placeValue(listed.value, 'The operations');
    context.report({ range: place.range, related: place.related, message: fill(MESSAGES.operations, { word }) });
  },
};

import { READING_VERBS } from '../data/verbs';
import { fill, Rule, severities } from './rule';
import { behaviorOf, mutatingItems, operationsOf } from './shared/arcade';
import { literal } from './shared/flags';
import { readingVerb } from './shared/name-words';
import { placeValue } from './shared/place';
import { plausibilityInput, reportFlag, valueOf, wordInName } from './shared/plausibility';
import { bodySays, DESTROYING } from './shared/effects';

const MESSAGES = {
  flag: '{word} suggests a read, but {key} is {true}: clients will ask before every call. Set {key} to {false} if it only reads.',
  operations: '{word} suggests a read, but it lists the mutating operation {operation}. Check the name or the operations.',
} as const;

export const nameImpliesRead: Rule = {
  code: 'MTL303',
  name: 'name-implies-read',
  severity: severities('info', { strict: 'warning', spec: 'off', arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool whose name only reads is marked destructive, or lists mutating operations.',
    whatItDoes: `Reads the tool's name as \`name-implies-mutation\` does and reports \`destructive=True\` / \`destructiveHint: true\`, or a mutating Arcade operation (CREATE, UPDATE, DELETE), when every verb of the name only reads: ${READING_VERBS.map((verb) => `\`${verb}\``).join(', ')}. A compound name with another verb (\`get_or_create_session\`) is not a pure read, and \`listDeletedItems\` is a read (its verb is \`list\`). A tool marked read-only and destructive is reported by \`read-only-destructive\` instead, and a tool whose body deletes or overwrites (the destructive flag is right) is not reported.`,
    why: 'A destructive tool makes clients ask the user before every call. A `get_report` marked destructive trains users to click through confirmations, or hides a tool that does more than its name says. Names can mislead, so this is information, not an error.',
    example: '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": True})\ndef get_report(report_id: str) -> dict: ...',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": False})\ndef get_report(report_id: str) -> dict: ...',
    fix: 'Quick-fix, only on request (never on save or with `--fix`): set the destructive flag to false. The operations case has no quick-fix: check the name or the operations.',
    mapping: '`destructive` / `destructiveHint`; Arcade `Behavior.operations`.',
  },
  check(declaration, context) {
    const input = plausibilityInput(declaration);
    if (!input) return;
    const verb = readingVerb(input.reading);
    if (!verb) return;
    const word = wordInName(verb, input.reading.name);
    // The body agrees with the destructive flag: it deletes or overwrites.
    if (bodySays(context.effectsOf(declaration), DESTROYING) === 'does') return;
    for (const set of input.sets) {
      const destructive = set.destructive;
      if (!destructive || valueOf(destructive, input.language) !== true || valueOf(set.readOnly, input.language) === true) continue;
      const message = fill(MESSAGES.flag, { word, key: destructive.key, true: literal(input.language, true), false: literal(input.language, false) });
      reportFlag(context, input, destructive, message, [{ field: destructive, to: false }], `\`${verb}\` only reads`);
      return;
    }
    const mutating = mutatingItems(operationsOf(behaviorOf(declaration.metadata)))[0];
    if (!mutating) return;
    const place = placeValue(mutating.value, `Operation.${mutating.text.toUpperCase()}`);
    context.report({ range: place.range, related: place.related, message: fill(MESSAGES.operations, { word, operation: mutating.text.toUpperCase() }) });
  },
};

import { MUTATING_VERBS, NON_MUTATING_PHRASES, PREVIEW_VERBS } from '../data/verbs';
import { fill, Rule, severities } from './rule';
import { behaviorOf, mutatingItems, operationsOf } from './shared/arcade';
import { deletingVerb, mutatingVerb } from './shared/name-words';
import { plausibilityInput, reportFlag, valueOf, wordInName } from './shared/plausibility';
import { bodySays, CHANGING } from './shared/effects';

const MESSAGES = {
  readOnly: '{word} suggests a change, but it is marked read-only: clients may run it unasked. Set {key} to {false} if it changes anything.',
} as const;

export const nameImpliesMutation: Rule = {
  code: 'MTL301',
  name: 'name-implies-mutation',
  severity: severities('info', { strict: 'warning', spec: 'off', arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool whose name starts with a verb that changes something is marked read-only.',
    whatItDoes: `Splits the tool's registered name (else its function, method or class name) into words in any style (snake_case, camelCase, PascalCase, kebab-case, dotted, titles) and reports a read-only flag or hint when the first word, or a verb joined by \`or\`/\`and\` (\`get_or_create_x\`), changes something: ${MUTATING_VERBS.map((verb) => `\`${verb}\``).join(', ')}. A name that starts with ${PREVIEW_VERBS.map((verb) => `\`${verb}\``).join(', ')} is a preview. A description that says the tool changes nothing silences it: ${NON_MUTATING_PHRASES.map((phrase) => `"${phrase}"`).join(', ')}. So does the tool's body when it settles the question: a body read completely that changes nothing, or one that changes something (\`effect-contradicts-read-only\` reports that, with the path). Arcade tools with mutating operations are reported by \`read-only-mutation\`, tools also marked destructive by \`read-only-destructive\`, and a deleting verb marked non-destructive by \`name-implies-destruction\` instead.`,
    why: 'Clients run read-only tools without asking. A `send_email` or `update_record` marked read-only is probably a copied flag, and the user is never asked before it acts. Names can mislead (an `import_*` tool may only return a command), so this is information, not an error.',
    example: '@mcp.tool(annotations={"readOnlyHint": True})\ndef send_email(to: str, body: str) -> str: ...',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False})\ndef send_email(to: str, body: str) -> str: ...',
    fix: 'Quick-fix, only on request (never on save or with `--fix`): set the read-only flag to false; the title names the verb it follows.',
    mapping: '`read_only` / `readOnlyHint`.',
  },
  check(declaration, context) {
    const input = plausibilityInput(declaration);
    if (!input || input.describedAsNonMutating) return;
    const verb = mutatingVerb(input.reading);
    if (!verb) return;
    if (mutatingItems(operationsOf(behaviorOf(declaration.metadata))).length) return;
    // The body settles it: it changes nothing (read-only is right), or it changes something (effect-contradicts-read-only says so, with the path).
    if (bodySays(context.effectsOf(declaration), CHANGING) !== undefined) return;
    for (const set of input.sets) {
      const readOnly = set.readOnly;
      if (!readOnly || valueOf(readOnly, input.language) !== true) continue;
      // Read-only and destructive is `read-only-destructive`'s; a deleting verb marked non-destructive is `name-implies-destruction`'s (its fix sets read-only false too).
      const destructive = valueOf(set.destructive, input.language);
      if (destructive === true || (destructive === false && deletingVerb(input.reading))) continue;
      const message = fill(MESSAGES.readOnly, { word: wordInName(verb, input.reading.name), key: readOnly.key, false: input.language === 'python' ? 'False' : 'false' });
      reportFlag(context, input, readOnly, message, [{ field: readOnly, to: false }], `\`${verb}\` changes something`);
    }
  },
};

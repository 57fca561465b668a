import { setBooleanFix } from '../fixes/flag-fixes';
import { fill, Rule, severities } from './rule';
import { effectiveBool, flagSets, literal } from './shared/flags';
import { placeEntry, relatedAt } from './shared/place';

const MESSAGES = {
  moot: '{idempotent} is {false} on a read-only tool: clients ignore it, since repeating a read changes nothing. Set {idempotent} to {true}.',
} as const;

export const readOnlyNotIdempotent: Rule = {
  code: 'MTL106',
  name: 'read-only-not-idempotent',
  severity: severities('hint', { arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A read-only tool is marked not idempotent.',
    whatItDoes: 'Reports `idempotentHint: false` next to `readOnlyHint: true` (Arcade: `idempotent=False` next to `read_only=True`). Read-only tools with `destructive` false or `idempotent` true are never reported: spelling all four flags out is good practice.',
    why: 'A read-only call changes nothing, so repeating it changes nothing either: the flag is moot and suggests the author misread one of the two: set it to true, or check whether the tool really is read-only. The spec ignores `idempotentHint` when `readOnlyHint` is true.',
    example: '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, idempotentHint=False))\ndef get_weather(city: str) -> str: ...',
    useInstead: '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, idempotentHint=True))\ndef get_weather(city: str) -> str: ...',
    fix: 'Quick-fix: set the idempotent flag to true. Not applied on save.',
    mapping: '`idempotentHint` (Arcade: `idempotent`), meaningful only when `readOnlyHint` is false.',
  },
  check(declaration, context) {
    const language = declaration.language;
    for (const { readOnly, idempotent } of flagSets(declaration)) {
      if (!readOnly || !idempotent) continue;
      if (effectiveBool(readOnly, language) !== true || effectiveBool(idempotent, language) !== false) continue;
      const place = placeEntry(idempotent.entry, idempotent.key);
      context.report({
        range: place.range,
        message: fill(MESSAGES.moot, { idempotent: idempotent.key, false: literal(language, false), true: literal(language, true) }),
        related: [...place.related, relatedAt(readOnly.entry, `${readOnly.key} is set to ${literal(language, true)} here.`)],
        fixes: [setBooleanFix(`Set ${idempotent.key} to ${literal(language, true)}`, idempotent.value, language, true, { preferred: true })],
      });
    }
  },
};

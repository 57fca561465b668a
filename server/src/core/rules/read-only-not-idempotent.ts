import { setBooleanFix } from '../fixes/flag-fixes';
import { Rule, severities } from './rule';
import { effectiveBool, flagSets, literal } from './shared/flags';
import { placeEntry, relatedAt } from './shared/place';

export const readOnlyNotIdempotent: Rule = {
  code: 'MTL106',
  name: 'read-only-not-idempotent',
  severity: severities('hint', { arcade: 'off' }),
  fixable: 'quickfix',
  docs: {
    summary: 'A read-only tool is marked not idempotent.',
    whatItDoes: 'Reports `idempotentHint: false` next to `readOnlyHint: true` (Arcade: `idempotent=False` next to `read_only=True`). Read-only tools with `destructive` false or `idempotent` true are never reported: spelling all four flags out is good practice.',
    why: 'A read-only call changes nothing, so repeating it changes nothing either: the flag is moot and suggests the author misread one of the two. The spec ignores `idempotentHint` when `readOnlyHint` is true.',
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
        message: `${idempotent.key} is ${literal(language, false)} on a tool whose ${readOnly.key} is ${literal(language, true)}: a read-only call repeated changes nothing, so clients ignore this flag. Set ${idempotent.key} to ${literal(language, true)}, or check whether the tool really is read-only.`,
        related: [...place.related, relatedAt(readOnly.entry, `${readOnly.key} is set to ${literal(language, true)} here.`)],
        fixes: [setBooleanFix(`Set ${idempotent.key} to ${literal(language, true)}`, idempotent.value, language, true, { preferred: true })],
      });
    }
  },
};

import { SNAKE_HINTS, SPEC_DEFAULTS } from '../data/fields';
import { renameKeyEdit } from '../fixes/edits';
import { Fix } from '../model';
import { annotationsOf } from './shared/annotations';
import { fill, Rule, severities } from './rule';
import { placeEntry } from './shared/place';

const MESSAGES = {
  mixed: '{key} is snake_case among camelCase hints: the Python SDK v1 drops it, so clients assume {camel}: {default}. Write {camel}.',
  v2Only: '{key} is read only by the Python SDK v2: v1 drops it, so clients assume {camel}: {default}. Write {camel}, which every version reads.',
} as const;

export const snakeCaseHint: Rule = {
  code: 'MTL214',
  name: 'snake-case-hint',
  severity: severities('info', { arcade: 'off' }),
  cases: {
    mixed: { label: 'mixed with camelCase', when: 'snake_case hints next to camelCase ones in one declaration', severity: severities('warning') },
  },
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A Python annotation hint spelled in snake_case (read_only_hint=...).',
    whatItDoes: 'Reports `read_only_hint`, `destructive_hint`, `idempotent_hint` and `open_world_hint` in Python annotations: an info when the declaration uses snake_case only, a warning when it mixes snake_case and camelCase hints.',
    why: 'The Python SDK v2 accepts both spellings, but v1 (and FastMCP on it) keeps snake_case keys as unknown extras: the hint is silently dropped and clients assume its pessimistic default. Mixing the two spellings in one declaration is legal in v2 but confusing.',
    example: '@mcp.tool(annotations=ToolAnnotations(read_only_hint=True, openWorldHint=False))\ndef get_note(note_id: str) -> str: ...',
    useInstead: '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))\ndef get_note(note_id: str) -> str: ...',
    fix: 'Quick-fix: rewrite the key in camelCase, which every SDK version reads. Not applied on save.',
    mapping: '`read_only_hint` → `readOnlyHint`, `destructive_hint` → `destructiveHint`, `idempotent_hint` → `idempotentHint`, `open_world_hint` → `openWorldHint`.',
  },
  check(declaration, context) {
    const annotations = annotationsOf(declaration);
    const value = annotations?.value;
    if (declaration.language !== 'python' || !value || (value.kind !== 'call' && value.kind !== 'mapping')) return;
    const snake = value.entries.filter((entry) => entry.key in SNAKE_HINTS);
    if (snake.length === 0) return;
    const camelKeys = new Set(value.entries.filter((entry) => Object.values(SNAKE_HINTS).includes(entry.key as never)).map((entry) => entry.key));
    const mixed = camelKeys.size > 0;
    for (const entry of snake) {
      const camel = SNAKE_HINTS[entry.key];
      const place = placeEntry(entry, entry.key);
      const fixes: Fix[] = camelKeys.has(camel) || entry.viaSpread || entry.value.via
        ? []
        : [{ title: `Rename ${entry.key} to ${camel}`, edits: [renameKeyEdit(context.text, entry.keyRange, camel)], isPreferred: true, safe: false }];
      context.report({
        range: place.range,
        related: place.related,
        severity: mixed ? context.severityOf('mixed') : context.severity,
        message: fill(mixed ? MESSAGES.mixed : MESSAGES.v2Only, { key: entry.key, camel, default: String(SPEC_DEFAULTS[camel]) }),
        fixes,
      });
    }
  },
};

import { spelledKey } from '../data/fields';
import { formatEntry } from '../fixes/edits';
import { insertEntriesFix, setBooleanFix } from '../fixes/flag-fixes';
import { ToolDeclaration } from '../model';
import { fill, Rule, RuleContext, severities } from './rule';
import { effectiveBool, flagSets, literal } from './shared/flags';
import { placeEntry, relatedAt } from './shared/place';

const MESSAGES = {
  both: '{readOnly} and {destructive} are both {true}: clients treat it as read-only and never ask. Set {readOnly} to {false} if it changes anything.',
  implicit: '{readOnly} is true and the SDK sends the unset destructiveHint as true: clients treat it as read-only. Add {option}.',
} as const;

export const readOnlyDestructive: Rule = {
  code: 'MTL105',
  name: 'read-only-destructive',
  severity: severities('error', { arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A tool is marked both read-only and destructive.',
    whatItDoes: 'Reports `destructive=True` next to `read_only=True` in an Arcade `Behavior`, and `destructiveHint: true` next to `readOnlyHint: true` in MCP annotations. The finding sits on the destructive flag, with related information on the read-only one. The pair is also reported, at info, where an SDK makes it by itself: mcp-go\'s `NewTool` fills an unset destructive hint with true, so a tool that only calls `WithReadOnlyHintAnnotation(true)` ships read-only and destructive; that finding sits on the `NewTool` call.',
    why: 'The MCP spec gives `destructiveHint` meaning only when `readOnlyHint` is false, and clients settle the pair as read-only. The confirmation prompt the author wanted by saying "destructive" disappears: the tool may run without the user being asked. If the tool changes anything, it is not read-only; if it changes nothing, it is not destructive.',
    example: '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=True))\ndef purge_cache() -> None: ...',
    useInstead: '@mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))\ndef purge_cache() -> None: ...',
    fix: 'Two quick-fixes, never applied on save: set the read-only flag to false (preferred: the safe side, clients keep asking for confirmation), or set the destructive flag to false. For the implicit pair (info), one quick-fix: add the destructive option set to false (`mcp.WithDestructiveHintAnnotation(false)`).',
    mapping: '`readOnlyHint` / `destructiveHint` (Arcade: `read_only` / `destructive`).',
  },
  check(declaration, context) {
    const language = declaration.language;
    for (const set of flagSets(declaration)) {
      const { readOnly, destructive } = set;
      if (!readOnly || !destructive) continue;
      if (effectiveBool(readOnly, language) !== true || effectiveBool(destructive, language) !== true) continue;
      const place = placeEntry(destructive.entry, destructive.key);
      context.report({
        range: place.range,
        message: fill(MESSAGES.both, { readOnly: readOnly.key, destructive: destructive.key, true: literal(language, true), false: literal(language, false) }),
        related: [...place.related, relatedAt(readOnly.entry, `${readOnly.key} is set to ${literal(language, true)} here.`)],
        fixes: [
          setBooleanFix(`Set ${readOnly.key} to ${literal(language, false)} (clients keep asking for confirmation)`, readOnly.value, language, false, { preferred: true }),
          setBooleanFix(`Set ${destructive.key} to ${literal(language, false)}`, destructive.value, language, false),
        ],
      });
    }
    reportImplicit(declaration, context);
  },
};

/**
 * An SDK that sends an unset destructive hint as true (mcp-go's `NewTool`): a read-only tool that
 * does not set it ships read-only and destructive. The author never wrote the pair: info.
 */
function reportImplicit(declaration: ToolDeclaration, context: RuleContext): void {
  const annotations = declaration.annotations;
  const readOnly = annotations?.hints.readOnlyHint;
  const value = annotations?.value;
  if (!declaration.sentDefaults?.includes('destructiveHint') || !readOnly || readOnly.state !== true || annotations.hints.destructiveHint) return;
  const key = annotations.spelling ? spelledKey(annotations.spelling, 'destructiveHint') : 'destructiveHint';
  const container = value && (value.kind === 'call' || value.kind === 'mapping') && !value.via ? value.container : undefined;
  const option = container?.syntax === 'options' ? formatEntry('options', key, 'false', '"', container.qualifier) : `${key}: false`;
  const fix = container && insertEntriesFix(context.text, container, [[key, 'false']], `Add ${option}`, { preferred: true });
  context.report({
    range: declaration.nameRange,
    severity: 'info',
    message: fill(MESSAGES.implicit, { readOnly: readOnly.key, option }),
    related: [relatedAt(readOnly.entry, `${readOnly.key} is set to true here.`)],
    fixes: fix ? [fix] : [],
  });
}

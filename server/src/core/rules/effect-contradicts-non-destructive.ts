import { setBooleansFix } from '../fixes/flag-fixes';
import { Rule } from './rule';
import { effectiveBool, flagSets, literal } from './shared/flags';
import { EFFECT_RULE, DESTROYING, effectMessage, effectTablesDoc, firstEffect, reportEffect } from './shared/effects';

const MESSAGES = {
  destructive: '{key} is {false}, but this tool {what} ({chain}): clients will not warn first. Set {key} to {true}.',
} as const;

export const effectContradictsNonDestructive: Rule = {
  code: 'MTL312',
  name: 'effect-contradicts-non-destructive',
  ...EFFECT_RULE,
  messages: MESSAGES,
  docs: {
    summary: 'A tool marked non-destructive deletes, overwrites, or runs caller-supplied SQL or code in its body.',
    whatItDoes: `Reads what the tool's body does and reports \`destructiveHint: false\` (Arcade \`destructive=False\`) on a tool that is not read-only when the body deletes or overwrites (a file, rows, a DELETE or PUT endpoint, an SDK delete) or runs SQL, a command or code that a tool parameter reaches. A read-only tool is reported by \`effect-contradicts-read-only\` instead. The related information shows every step from the tool's body to the effect.\n\n${effectTablesDoc()}`,
    why: 'Clients warn before running a destructive tool. A tool that runs caller-supplied SQL or calls a DELETE endpoint while marked non-destructive loses data without that warning.',
    example: '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False})\ndef run_sql(query: str) -> list:\n    return db.execute(query).fetchall()',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": True})\ndef run_sql(query: str) -> list:\n    return db.execute(query).fetchall()',
    fix: 'Quick-fix, only on request (never on save or with `--fix`): set the destructive flag to true.',
    mapping: '`destructiveHint` / Arcade `Behavior.destructive`.',
  },
  check(declaration, context) {
    const effects = context.effectsOf(declaration);
    const effect = firstEffect(effects, DESTROYING);
    if (!effects || !effect) return;
    const language = declaration.language;
    for (const set of flagSets(declaration)) {
      const destructive = set.destructive;
      if (!destructive || effectiveBool(destructive, language) !== false || effectiveBool(set.readOnly, language) === true) continue;
      const fix = setBooleansFix(`Set ${destructive.key} to ${literal(language, true)} (the body ${effect.what})`, [{ value: destructive.value, to: true }], language, { preferred: true });
      reportEffect(context, destructive, effects, effect, effectMessage(MESSAGES.destructive, destructive, language, effect), [fix]);
    }
  },
};

import { setBooleansFix } from '../fixes/flag-fixes';
import { Rule } from './rule';
import { effectiveBool, flagSets, literal } from './shared/flags';
import { CHANGING, EFFECT_RULE, DESTROYING, effectMessage, effectTablesDoc, firstEffect, reportEffect } from './shared/effects';

const MESSAGES = {
  readOnly: '{key} is {true}, but this tool {what} ({chain}): clients may run it unasked. Set {key} to {false}.',
} as const;

export const effectContradictsReadOnly: Rule = {
  code: 'MTL311',
  name: 'effect-contradicts-read-only',
  ...EFFECT_RULE,
  messages: MESSAGES,
  docs: {
    summary: 'A tool marked read-only writes, deletes, runs a process or runs caller-supplied SQL or code in its body.',
    whatItDoes: `Reads what the tool's body does and reports \`readOnlyHint: true\` (Arcade \`read_only=True\`) when it writes (a file, rows, a mutating endpoint or SDK method, a message), deletes or overwrites, runs a process that changes something, or runs SQL, a command or code that a tool parameter reaches. The related information shows every step from the tool's body to the effect, across files.\n\n${effectTablesDoc()}`,
    why: 'Clients run read-only tools without asking the user. A tool that rewrites its state file or runs `DELETE` through a storage module while marked read-only acts without the confirmation the user relies on. The name may not say it: the body does.',
    example: 'from .state import save_watches\n\n@mcp.tool(annotations={"readOnlyHint": True})\ndef check_alerts() -> str:\n    watches = load_watches()\n    save_watches(watches)  # rewrites the state file\n    return "ok"',
    useInstead: 'from .state import save_watches\n\n@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False})\ndef check_alerts() -> str:\n    watches = load_watches()\n    save_watches(watches)\n    return "ok"',
    fix: 'Quick-fix, only on request (never on save or with `--fix`): set the read-only flag to false, and the destructive flag to true with it when the body deletes and the tool says `destructiveHint: false`, so no new contradiction is left.',
    mapping: '`readOnlyHint` / Arcade `Behavior.read_only`.',
  },
  check(declaration, context) {
    const effects = context.effectsOf(declaration);
    const effect = firstEffect(effects, CHANGING);
    if (!effects || !effect) return;
    const language = declaration.language;
    for (const set of flagSets(declaration)) {
      const readOnly = set.readOnly;
      if (!readOnly || effectiveBool(readOnly, language) !== true) continue;
      const deletes = firstEffect(effects, DESTROYING, (found) => found.conditional === effect.conditional);
      const destructive = deletes && set.destructive && effectiveBool(set.destructive, language) === false ? [{ value: set.destructive.value, to: true }] : [];
      const changes = [{ value: readOnly.value, to: false }, ...destructive];
      const title = `Set ${readOnly.key} to ${literal(language, false)}${destructive.length ? ` and ${set.destructive!.key} to ${literal(language, true)}` : ''} (the body ${effect.what})`;
      reportEffect(context, readOnly, effects, effect, effectMessage(MESSAGES.readOnly, readOnly, language, effect), [setBooleansFix(title, changes, language, { preferred: true })]);
    }
  },
};

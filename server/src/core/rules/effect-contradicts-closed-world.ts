import { treatAsFirstPartyFix } from '../fixes/first-party';
import { setBooleansFix } from '../fixes/flag-fixes';
import { Fix } from '../model';
import { matchesHost, matchesModule } from '../effects/classify';
import { ToolEffect } from '../effects/summary';
import { Rule } from './rule';
import { effectiveBool, flagSets, literal } from './shared/flags';
import { EFFECT_RULE, effectMessage, effectTablesDoc, firstEffect, reportEffect } from './shared/effects';

const MESSAGES = {
  closedWorld: '{key} is {false}, but this tool {what} ({chain}): clients assume it stays in your system. Set {key} to {true}.',
} as const;

const EXTERNAL = new Set(['external'] as const);

export const effectContradictsClosedWorld: Rule = {
  code: 'MTL313',
  name: 'effect-contradicts-closed-world',
  ...EFFECT_RULE,
  messages: MESSAGES,
  docs: {
    summary: 'A tool marked closed-world calls an external host or a vendor SDK in its body.',
    whatItDoes: `Reads what the tool's body does and reports \`openWorldHint: false\` (Arcade \`open_world=False\`) when it calls a literal host that is not local, private or first-party, or a vendor SDK whose module is not first-party. URLs built from the environment or config are unknown and raise nothing. First-party hosts and modules come from the config key \`firstParty: { "hosts": ["api.acme.com", "*.acme.io"], "modules": ["acme_sdk", "@acme/client"] }\` (project config, or the editor setting \`mcpToolLint.firstParty\`).\n\n${effectTablesDoc()}`,
    why: 'A closed-world tool tells clients that it touches only your own system. A tool that POSTs to a third-party search API sends the user\'s data outside, which the user was not told about.',
    example: '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": False})\ndef web_search(query: str) -> dict:\n    return httpx.post("https://api.search.example.com/v1/search", json={"q": query}).json()',
    useInstead: '@mcp.tool(annotations={"readOnlyHint": True, "openWorldHint": True})\ndef web_search(query: str) -> dict:\n    return httpx.post("https://api.search.example.com/v1/search", json={"q": query}).json()',
    fix: 'Quick-fixes, only on request (never on save or with `--fix`): set the open-world flag to true, or "Treat <host> as first-party", which adds the host to `firstParty.hosts` in the project config file (when there is one).',
    mapping: '`openWorldHint` / Arcade `Behavior.open_world`.',
  },
  check(declaration, context) {
    const effects = context.effectsOf(declaration);
    const hosts = context.firstParty?.hosts ?? [];
    const modules = context.firstParty?.modules ?? [];
    const external = (effect: ToolEffect) => (effect.host ? !matchesHost(effect.host, hosts) : !!effect.module && !matchesModule(effect.module, modules));
    const effect = firstEffect(effects, EXTERNAL, external);
    if (!effects || !effect) return;
    const language = declaration.language;
    for (const set of flagSets(declaration)) {
      const openWorld = set.openWorld;
      if (!openWorld || effectiveBool(openWorld, language) !== false) continue;
      const fixes: Fix[] = [setBooleansFix(`Set ${openWorld.key} to ${literal(language, true)} (the body ${effect.what})`, [{ value: openWorld.value, to: true }], language, { preferred: true })];
      const configFile = context.firstParty?.configFile;
      const firstParty = effect.host && configFile ? treatAsFirstPartyFix(effect.host, configFile, context.textOf(configFile)) : undefined;
      if (firstParty) fixes.push(firstParty);
      reportEffect(context, openWorld, effects, effect, effectMessage(MESSAGES.closedWorld, openWorld, language, effect), fixes);
    }
  },
};

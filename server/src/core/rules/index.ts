import { Rule } from './rule';

/** Every rule, in code order. Each lives in its own file. */
export const ALL_RULES: readonly Rule[] = [];

const byCodeOrName = new Map<string, Rule>();
for (const rule of ALL_RULES) {
  byCodeOrName.set(rule.code.toUpperCase(), rule);
  byCodeOrName.set(rule.name, rule);
}

/** Looks a rule up by code (`MTL101`, any case) or name (`read-only-mutation`). */
export function findRule(codeOrName: string): Rule | undefined {
  return byCodeOrName.get(codeOrName.toUpperCase()) ?? byCodeOrName.get(codeOrName.toLowerCase());
}

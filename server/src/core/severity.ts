import { Severity } from './model';
import { Rule, SeverityOrOff } from './rules/rule';

/** ESLint's `rules.customizations` shape: `rule` is a code, a name, or a glob (`!glob` negates). */
export interface RuleOverride {
  rule: string;
  severity: SeverityOrOff | 'downgrade' | 'upgrade' | 'default';
}

const ORDER: Severity[] = ['hint', 'info', 'warning', 'error'];

function globMatches(pattern: string, text: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${escaped}$`, 'i').test(text);
}

export function overrideMatches(override: RuleOverride, rule: Rule): boolean {
  const negated = override.rule.startsWith('!');
  const pattern = negated ? override.rule.slice(1) : override.rule;
  const matches = globMatches(pattern, rule.code) || globMatches(pattern, rule.name);
  return negated ? !matches : matches;
}

/** Applies the overrides in order (later ones win) to a finding's severity. */
export function applyOverrides(rule: Rule, severity: Severity, overrides: readonly RuleOverride[]): SeverityOrOff {
  let result: SeverityOrOff = severity;
  for (const override of overrides) {
    if (!overrideMatches(override, rule)) continue;
    switch (override.severity) {
      case 'default':
        result = severity;
        break;
      case 'downgrade':
        if (result !== 'off') result = ORDER[Math.max(0, ORDER.indexOf(result) - 1)];
        break;
      case 'upgrade':
        if (result !== 'off') result = ORDER[Math.min(ORDER.length - 1, ORDER.indexOf(result) + 1)];
        break;
      default:
        result = override.severity;
    }
  }
  return result;
}

/** Whether the overrides turn on a rule that the profile leaves off (the last concrete matching override decides). */
export function overridesEnable(rule: Rule, overrides: readonly RuleOverride[]): boolean {
  let enabled = false;
  for (const override of overrides) {
    if (!overrideMatches(override, rule)) continue;
    if (override.severity === 'off') enabled = false;
    else if (ORDER.includes(override.severity as Severity)) enabled = true;
  }
  return enabled;
}

export function isSeverity(text: string): text is Severity {
  return (ORDER as string[]).includes(text);
}

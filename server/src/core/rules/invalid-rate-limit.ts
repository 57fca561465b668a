import { lastEntry } from '../interpret';
import { Entry, Value } from '../model';
import { fill, Rule, severities } from './rule';
import { placeEntry } from './shared/place';

const MESSAGES = {
  invalid: 'custom.rateLimit is invalid ({problems}), so no limit applies. Give windowMs (ms) and max (calls), both positive.',
} as const;

export const invalidRateLimit: Rule = {
  code: 'MTL213',
  name: 'invalid-rate-limit',
  severity: severities('warning', { arcade: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'custom.rateLimit in the annotations lacks a positive numeric windowMs or max.',
    whatItDoes: 'Checks the non-standard `custom.rateLimit` object that seed 001\'s servers put in their annotations: it must be `{ windowMs: number, max: number }`, both positive. Values the linter cannot evaluate are not reported.',
    why: 'The per-tool rate-limit middleware reads these two numbers. A missing, zero, negative or non-numeric value leaves the expensive tool without the limit its author intended, or blocks every call.',
    example: 'annotations: ToolAnnotations = {\n  readOnlyHint: true,\n  custom: { rateLimit: { windowMs: "60s", max: 0 } },\n};',
    useInstead: 'annotations: ToolAnnotations = {\n  readOnlyHint: true,\n  custom: { rateLimit: { windowMs: 60_000, max: 5 } },\n};',
    fix: 'No automatic fix: choose the window (milliseconds) and the number of calls allowed in it.',
    mapping: 'Not in the MCP spec: `custom` is a project convention sent inside `annotations`.',
    exampleLanguage: 'typescript',
  },
  check(declaration, context) {
    const custom = declaration.annotations?.custom?.value;
    if (!custom || custom.kind !== 'mapping') return;
    const rateLimit = lastEntry(custom.entries, 'rateLimit');
    if (!rateLimit) return;
    const problems = problemsOf(rateLimit);
    if (problems.length === 0) return;
    const place = placeEntry(rateLimit, 'rateLimit');
    context.report({
      range: place.range,
      related: place.related,
      message: fill(MESSAGES.invalid, { problems: problems.join(' and ') }),
    });
  },
};

function problemsOf(rateLimit: Entry): string[] {
  const value = rateLimit.value;
  if (value.kind === 'unknown' || value.kind === 'call') return [];
  if (value.kind !== 'mapping') return ['it is not an object'];
  if (value.opaqueSpread) return [];
  const problems: string[] = [];
  for (const field of ['windowMs', 'max']) {
    const entry = lastEntry(value.entries, field);
    const problem = entry ? numberProblem(entry.value) : 'is missing';
    if (problem) problems.push(`${field} ${problem}`);
  }
  return problems;
}

function numberProblem(value: Value): string | undefined {
  if (value.kind === 'unknown' || value.kind === 'call') return undefined;
  if (value.kind !== 'number') return 'is not a number';
  if (!Number.isFinite(value.value) || value.value <= 0) return 'is not positive';
  return undefined;
}

import { ANNOTATION_KEYS, ArcadeFlag, FLAG_TO_HINT as HINT_OF, SNAKE_HINTS, spelledKey, VENDOR_HINTS } from '../data/fields';
import { AnnotationsModel, FlagField, HintName, Range, RelatedInfo, ToolDeclaration } from '../model';
import { annotationsOf } from './shared/annotations';
import { fill, Rule, RuleContext, severities, SeverityOrOff } from './rule';
import { effectiveBool } from './shared/flags';
import { assumptions, Gap, isMissing, misspelledFlags, writtenOf } from './shared/gaps';
import { writtenAt } from './shared/place';
import { gapFixIn } from './shared/where-written';
import { Declared } from './shared/infer';
import { withFields } from '../with-fields';

const FLAG_OF: Record<HintName, ArcadeFlag> = {
  readOnlyHint: 'read_only', destructiveHint: 'destructive', idempotentHint: 'idempotent', openWorldHint: 'open_world',
};
const SNAKE: Record<HintName, string> = {
  readOnlyHint: 'read_only_hint', destructiveHint: 'destructive_hint', idempotentHint: 'idempotent_hint', openWorldHint: 'open_world_hint',
};

const MESSAGES = {
  one: 'The annotations omit {hint}, so clients will assume {assumed}. Add it.',
  several: 'The annotations omit {count} hints, so clients will assume {assumed}. Add them.',
} as const;

export const missingAnnotationHint: Rule = {
  code: 'MTL202',
  name: 'missing-annotation-hint',
  severity: severities('info', { strict: 'error', arcade: 'off', 'openai-apps': 'error' }),
  cases: {
    idempotentForOpenAi: { label: 'idempotentHint (openai-apps)', when: 'in the openai-apps profile, a missing idempotentHint (OpenAI Apps does not require it)', severity: { 'openai-apps': 'info' } },
  },
  fixable: 'safe',
  messages: MESSAGES,
  docs: {
    summary: 'MCP tool annotations omit a hint that matters.',
    whatItDoes: 'Reports annotations (`ToolAnnotations(...)`, an annotations dict or object literal) that omit `readOnlyHint` or `openWorldHint`, or, when `readOnlyHint` is not true, `destructiveHint` or `idempotentHint` (the spec gives those two meaning only then). One finding per tool names every missing hint and the default clients will assume. `strict` requires all four hints (error); `openai-apps` requires `readOnlyHint`, `openWorldHint` and `destructiveHint` on every tool (one error) and reports a missing `idempotentHint` as a separate info.',
    why: 'An omitted hint is never unsafe, because the spec\'s defaults are pessimistic (not read-only, destructive, not idempotent, open-world), but it costs needless confirmation prompts for read-only tools and fails directory reviews that require explicit hints.',
    example: 'server.registerTool("delete_note", {\n  description: "Delete a note",\n  annotations: { readOnlyHint: false },\n}, handler);',
    useInstead: 'server.registerTool("delete_note", {\n  description: "Delete a note",\n  annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true, idempotentHint: true },\n}, handler);',
    fix: 'Adds the missing hints with values taken only from what the tool declares (`readOnlyHint: true` gives `destructiveHint: false` and `idempotentHint: true`; `destructiveHint: true` gives `readOnlyHint: false`), otherwise the spec\'s defaults, written out for the author to relax deliberately. A hint whose only possible value would contradict what is written is left out, and the fix title says why. Fix-all on save applies it.',
    mapping: '`readOnlyHint` (default false), `destructiveHint` (default true), `idempotentHint` (default false), `openWorldHint` (default true).',
    exampleLanguage: 'typescript',
  },
  check(declaration, context) {
    const annotations = annotationsOf(declaration);
    const value = annotations?.value;
    if (!annotations || !value || (value.kind !== 'call' && value.kind !== 'mapping') || value.opaqueSpread) return;
    const hints = annotations.hints;
    // destructiveHint and idempotentHint matter only when readOnlyHint is not true: unknown when it is computed.
    const readOnlyMayBeTrue = hints.readOnlyHint?.state === 'unknown' || effectiveBool(hints.readOnlyHint, declaration.language) === true;
    const missing = (['readOnlyHint', 'openWorldHint', 'destructiveHint', 'idempotentHint'] as HintName[]).filter((hint) => isMissing(hints[hint]));
    const alwaysRequired = new Set<HintName>(context.profile === 'strict'
      ? ['readOnlyHint', 'openWorldHint', 'destructiveHint', 'idempotentHint']
      : context.profile === 'openai-apps' ? ['readOnlyHint', 'openWorldHint', 'destructiveHint'] : ['readOnlyHint', 'openWorldHint']);
    const required = missing.filter((hint) => alwaysRequired.has(hint));
    const conditional = readOnlyMayBeTrue ? [] : missing.filter((hint) => !alwaysRequired.has(hint));
    const place = annotationsPlace(annotations);
    if (context.profile === 'openai-apps') {
      report(context, declaration, annotations, required, context.severity, place);
      report(context, declaration, annotations, conditional, context.severityOf('idempotentForOpenAi'), place);
    } else {
      report(context, declaration, annotations, [...required, ...conditional], context.severity, place);
    }
  },
};

function annotationsPlace(annotations: AnnotationsModel): { range: Range; related: RelatedInfo[] } {
  const value = annotations.value;
  const callee = value.kind === 'call' ? value.calleeRange : undefined;
  const range = annotations.entry?.keyRange ?? value.via ?? callee ?? value.range;
  const related = value.via ? [writtenAt(value.file ? value : withFields(value, { range: callee ?? value.range }), 'The annotations are written here.')] : [];
  return { range, related };
}

function keyFor(annotations: AnnotationsModel, hint: HintName): string {
  if (annotations.spelling) return spelledKey(annotations.spelling, hint);
  const keys = Object.values(annotations.hints).map((field) => (field as FlagField).key);
  const snake = keys.length > 0 && keys.every((key) => key.includes('_'));
  return snake ? SNAKE[hint] : hint;
}

function report(context: RuleContext, declaration: ToolDeclaration, annotations: AnnotationsModel, hints: HintName[], severity: SeverityOrOff, place: { range: Range; related: RelatedInfo[] }): void {
  const value = annotations.value;
  if (hints.length === 0 || (value.kind !== 'call' && value.kind !== 'mapping')) return;
  const lax = declaration.language === 'python';
  const gaps: Gap[] = hints.map((hint) => {
    const field = annotations.hints[hint];
    return { flag: FLAG_OF[hint], key: keyFor(annotations, hint), field: field && field.state === null ? field : undefined };
  });
  const declared: Declared = {
    flags: {
      read_only: writtenOf(annotations.hints.readOnlyHint, lax),
      destructive: writtenOf(annotations.hints.destructiveHint, lax),
      idempotent: writtenOf(annotations.hints.idempotentHint, lax),
      open_world: writtenOf(annotations.hints.openWorldHint, lax),
    },
    operations: [],
    operationsKnown: true,
  };
  const known = [...ANNOTATION_KEYS, ...VENDOR_HINTS, ...Object.keys(SNAKE_HINTS)];
  // A compiled SDK's misspelled field does not compile: nothing to guard against there.
  const misspelled = annotations.spelling ? {} : misspelledFlags(value.entries, known, (flag) => HINT_OF[flag]);
  const keyOf = (flag: ArcadeFlag) => annotations.hints[HINT_OF[flag]]?.key ?? keyFor(annotations, HINT_OF[flag]);
  const fix = gapFixIn(context, value.file, value.container, gaps, declared, { viaElsewhere: !!value.via, misspelled, keyOf });
  const assumed = assumptions(gaps);
  context.report({
    range: place.range,
    severity,
    message: gaps.length === 1 ? fill(MESSAGES.one, { hint: gaps[0].key, assumed }) : fill(MESSAGES.several, { count: gaps.length, assumed }),
    related: place.related,
    fixes: fix ? [fix] : [],
  });
}

import { booleanText } from '../fixes/flag-fixes';
import { replaceEdit } from '../fixes/edits';
import { textOf } from '../fixes/positions';
import { Entry, FlagField, Fix, LanguageId, Value } from '../model';
import { behaviorOf, classificationOf } from './shared/arcade';
import { fill, Rule, RuleContext, severities, shorten } from './rule';
import { placeEntry, placeValue } from './shared/place';

const MESSAGES = {
  coercible: '{key} is {value}, not a boolean: {parser} reads it as {target}, which readers may not expect. Write {target}.',
  arcadeUnreadable: '{key} is {value}, which is not a boolean: Arcade cannot build the metadata, so the tool never loads. Write True, False or None.',
  sdkUnreadable: '{key} is {value}, which is not a boolean: the SDK rejects the annotations when the server starts. Write True or False.',
  string: '{key} is the string {value}: clients may drop the annotations, and JavaScript reads any non-empty string as true. Write {target}.',
  notBoolean: '{key} is {value}, not a boolean: clients may drop the annotations or misread the hint. Write true or false.',
  notList: '{field} must be a list of {enum} values: Arcade cannot build the metadata, so the tool never loads. Write [{example}].',
  notDict: 'extras must be a dict, not {value}: Arcade cannot build the metadata, so the tool never loads. Write a dict with string keys.',
} as const;

export const invalidFlagValue: Rule = {
  code: 'MTL207',
  name: 'invalid-flag-value',
  severity: severities('error'),
  cases: {
    coercible: { label: 'coerced value', when: 'a value that Arcade\'s or the SDK\'s lax parsing reads as a boolean (0, "yes"), or a string hint in TS/JSON', severity: severities('warning', { arcade: 'off' }) },
  },
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'A flag or hint given a literal that is not a boolean, or a list field given something that is not a list.',
    whatItDoes: 'Reports a flag (`read_only`, ..., `strict`) or hint (`readOnlyHint`, ...) whose literal is not a boolean. It is an error when the value cannot be read as a boolean (`"maybe"`, a list), and a warning when Arcade\'s lax parsing would coerce it (0/1 and the strings 0, 1, f, t, n, y, no, yes, off, on, false, true in any case) or when a TypeScript/JSON hint is a string. Also an error: `operations` / `service_domains` given something other than a list, tuple or set, and `extras` given something other than a dict. `None` is a valid Arcade flag. The `arcade` profile reports only values pydantic cannot coerce.',
    why: 'Arcade (pydantic) fails to build the metadata for a value it cannot coerce, so the tool never loads. A coercible value works by accident and reads wrong. MCP clients validate annotations against the schema, which says boolean: a string hint may get the annotations dropped, and `"false"` is truthy in JavaScript.',
    example: 'behavior=Behavior(read_only="yes", operations=Operation.READ)\n\nannotations: { readOnlyHint: "true" }',
    useInstead: 'behavior=Behavior(read_only=True, operations=[Operation.READ])\n\nannotations: { readOnlyHint: true }',
    fix: 'Quick-fix: replace a coercible value with the boolean it stands for; wrap a single operation or domain in a list. Not applied on save.',
    mapping: 'Every hint is a boolean in the spec\'s `ToolAnnotations`.',
  },
  check(declaration, context) {
    const metadata = declaration.metadata;
    const behavior = behaviorOf(metadata);
    for (const field of [behavior?.readOnly, behavior?.destructive, behavior?.idempotent, behavior?.openWorld, metadata?.strict]) {
      if (field) checkFlag(field, 'python', true, context);
    }
    if (behavior?.operations) checkList(behavior.operations.value, 'operations', 'Operation', context);
    const domains = classificationOf(metadata)?.serviceDomains;
    if (domains) checkList(domains.value, 'service_domains', 'ServiceDomain', context);
    if (metadata?.extras) checkExtras(metadata.extras, context);
    if (declaration.annotations && context.profile !== 'arcade') {
      const hints = declaration.annotations.hints;
      for (const field of [hints.readOnlyHint, hints.destructiveHint, hints.idempotentHint, hints.openWorldHint, ...declaration.annotations.extraHints]) {
        if (field) checkFlag(field, declaration.language, false, context);
      }
    }
  },
};

function shown(context: RuleContext, value: Value): string {
  const source = context.textOf(value.file);
  return source === undefined ? '' : shorten(textOf(source, value.range), 30);
}

function checkFlag(field: FlagField, language: LanguageId, arcade: boolean, context: RuleContext): void {
  if (field.state !== 'invalid') return;
  const value = field.value;
  const isString = value.kind === 'string';
  const coercible = language === 'python' ? field.coercedTo !== undefined : isString;
  if (coercible && context.profile === 'arcade') return;
  const written = shown(context, value);
  const place = placeEntry(field.entry, field.key);
  const target = field.coercedTo;
  const key = field.key;
  let message: string;
  if (language === 'python' && coercible) {
    message = fill(MESSAGES.coercible, { key, value: written, parser: arcade ? 'Arcade' : 'the SDK', target: target ? 'True' : 'False' });
  } else if (language === 'python') {
    message = fill(arcade ? MESSAGES.arcadeUnreadable : MESSAGES.sdkUnreadable, { key, value: written });
  } else if (isString) {
    message = fill(MESSAGES.string, { key, value: written, target: target === undefined ? 'true or false' : String(target) });
  } else {
    message = fill(MESSAGES.notBoolean, { key, value: written });
  }
  const fixes: Fix[] = target === undefined || value.via ? [] : [{ title: `Replace with ${booleanText(language, target)}`, edits: [replaceEdit(value.range, booleanText(language, target))], isPreferred: true, safe: false }];
  context.report({ range: place.range, severity: coercible ? context.severityOf('coercible') : context.severity, message, related: place.related, fixes });
}

function checkList(value: Value, field: string, enumName: string, context: RuleContext): void {
  if (['sequence', 'null', 'unknown', 'call', 'foreign'].includes(value.kind)) return;
  if (value.kind === 'enum-member' && value.member === '') return; // still being typed
  const place = placeValue(value, field);
  const single = value.kind === 'enum-member' || value.kind === 'string';
  const fixes: Fix[] = single && !value.via
    ? [{ title: 'Wrap the value in a list', edits: [replaceEdit(value.range, `[${textOf(context.text, value.range)}]`)], isPreferred: true, safe: false }]
    : [];
  context.report({
    range: place.range,
    message: fill(MESSAGES.notList, { field, enum: enumName, example: single ? shown(context, value) : `${enumName}.…` }),
    related: place.related,
    fixes,
  });
}

function checkExtras(entry: Entry, context: RuleContext): void {
  const value = entry.value;
  if (['mapping', 'null', 'unknown', 'call'].includes(value.kind)) return;
  const place = placeEntry(entry, 'extras');
  context.report({
    range: place.range,
    message: fill(MESSAGES.notDict, { value: shown(context, value) }),
    related: place.related,
  });
}

import { booleanText } from '../fixes/flag-fixes';
import { replaceEdit } from '../fixes/edits';
import { textOf } from '../fixes/positions';
import { Entry, FlagField, Fix, LanguageId, Value } from '../model';
import { behaviorOf, classificationOf } from './shared/arcade';
import { Rule, RuleContext, severities } from './rule';
import { placeEntry, placeValue } from './shared/place';

export const invalidFlagValue: Rule = {
  code: 'MTL207',
  name: 'invalid-flag-value',
  severity: severities('error'),
  fixable: 'quickfix',
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
  const text = source === undefined ? '' : textOf(source, value.range).replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
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
  let message: string;
  if (language === 'python' && coercible) {
    message = `${field.key} is given ${written}, not a boolean: ${arcade ? 'Arcade' : 'the SDK'}'s lax parsing reads it as ${target ? 'True' : 'False'}, which readers of the code may not expect. Write ${target ? 'True' : 'False'}.`;
  } else if (language === 'python') {
    message = `${field.key} is given ${written}, which cannot be read as a boolean: ${arcade ? 'Arcade fails to build the metadata, so the tool never loads' : 'the SDK rejects the annotations when the server starts'}. Write True or False${arcade ? ' (or None to leave it unset)' : ''}.`;
  } else if (isString) {
    message = `${field.key} is the string ${written}, not a boolean: clients that validate annotations may drop them, and in JavaScript any non-empty string is truthy. Write ${target === undefined ? 'true or false' : String(target)}.`;
  } else {
    message = `${field.key} is given ${written}, which is not a boolean: clients that validate annotations may drop them, and others may read the hint wrongly. Write true or false.`;
  }
  const fixes: Fix[] = target === undefined || value.via ? [] : [{ title: `Replace with ${booleanText(language, target)}`, edits: [replaceEdit(value.range, booleanText(language, target))], isPreferred: true, safe: false }];
  context.report({ range: place.range, severity: coercible ? 'warning' : context.severity, message, related: place.related, fixes });
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
    message: `${field} must be a list (or tuple or set) of ${enumName} values, but is given ${shown(context, value)}: Arcade fails to build the metadata, so the tool never loads. Write [${single ? shown(context, value) : `${enumName}.…`}].`,
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
    message: `extras must be a dict, but is given ${shown(context, value)}: Arcade fails to build the metadata, so the tool never loads. Write a dict with string keys, e.g. {"key": "value"}.`,
    related: place.related,
  });
}

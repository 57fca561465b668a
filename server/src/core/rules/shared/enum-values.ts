/** MTL204 / MTL205: items of `service_domains` / `operations` that Arcade does not know. */
import { charAt, SourceText } from '../../source-text';
import { EnumName, enumMembers } from '../../data/service-domains';
import { replaceEdit } from '../../fixes/edits';
import { offsetAt } from '../../fixes/positions';
import { EnumItem, Fix, Value } from '../../model';
import { fill, RuleContext, SeverityOrOff, shorten } from '../rule';
import { placeValue } from './place';
import { closestMatch } from './suggest';
import { editingFile } from '../../fixes/flag-fixes';

export interface EnumProblem {
  item: EnumItem;
  /**
   * Arcade certainly rejects it: a wrong case, a near-miss, not a string, or any unknown operation (the five
   * operations have not changed). An unknown domain may come from a newer Arcade: the rule's severity.
   */
  certain: boolean;
  message: string;
  fix?: Fix;
}

const FIELD: Record<EnumName, string> = { ServiceDomain: 'service_domains', Operation: 'operations' };

/** The messages of MTL204 (unknown-service-domain) and MTL205 (unknown-operation). */
export const ENUM_MESSAGES = {
  memberCase: '{value} does not exist: {enum} members are upper case, so importing the module fails. Use {enum}.{member}.',
  memberNearMiss: '{value} is not a known {enum}, so importing the module fails. Did you mean {enum}.{member}?',
  stringCase: '{value} is not a valid {enum}: Arcade accepts only the lowercase "{lower}" and refuses to load the tool. Use "{lower}".',
  stringNearMiss: '{value} is not a known {enum}, so Arcade refuses to load the tool. Did you mean "{suggestion}"?',
  unknownDomain: '{value} is not one of the {count} domains Arcade 4.11 knows, so it refuses to load the tool. Use a known one, unless your Arcade added it.',
  unknownOperation: '{value} is not an Operation, so Arcade refuses to load the tool. Use READ, CREATE, UPDATE, DELETE or OPAQUE.',
  notEnum: '{field} holds a value that is not {a} {enum}, so Arcade refuses to load the tool. Use {enum} members, e.g. {enum}.{first}.',
} as const;

function display(value: Value): string {
  if (value.kind === 'enum-member') return `${value.enumName}.${shorten(value.member)}`;
  if (value.kind === 'string') return JSON.stringify(shorten(value.value));
  return 'This value';
}

export function enumProblem(item: EnumItem, enumName: EnumName, text: SourceText): EnumProblem | undefined {
  const value = item.value;
  const members = enumMembers(enumName);
  if (value.kind === 'enum-member') {
    // `Operation.` while the author is still typing the member: nothing to say yet.
    if (value.member === '' || members.some((m) => m.member === value.member)) return undefined;
    const sameUpper = members.find((m) => m.member === value.member.toUpperCase());
    const suggestion = sameUpper?.member ?? closestMatch(value.member, members.map((m) => m.member));
    const fix = suggestion && !value.via ? replaceFix(`Replace with ${enumName}.${suggestion}`, value.memberRange, suggestion) : undefined;
    if (sameUpper) return { item, certain: true, fix, message: fill(ENUM_MESSAGES.memberCase, { value: display(value), enum: enumName, member: sameUpper.member }) };
    if (suggestion) return { item, certain: true, fix, message: fill(ENUM_MESSAGES.memberNearMiss, { value: display(value), enum: enumName, member: suggestion }) };
    return { item, certain: enumName === 'Operation', message: unknownMessage(display(value), enumName) };
  }
  if (value.kind === 'string') {
    if (members.some((m) => m.value === value.value)) return undefined;
    const sameLower = members.find((m) => m.value === value.value.toLowerCase());
    const suggestion = sameLower?.value ?? closestMatch(value.value, members.map((m) => m.value));
    const fix = suggestion ? stringFix(text, value, suggestion) : undefined;
    if (sameLower) return { item, certain: true, fix, message: fill(ENUM_MESSAGES.stringCase, { value: display(value), enum: enumName, lower: sameLower.value }) };
    if (suggestion) return { item, certain: true, fix, message: fill(ENUM_MESSAGES.stringNearMiss, { value: display(value), enum: enumName, suggestion }) };
    return { item, certain: enumName === 'Operation', message: unknownMessage(display(value), enumName) };
  }
  if (value.kind === 'unknown' || value.kind === 'call' || value.kind === 'foreign') return undefined;
  return { item, certain: true, message: fill(ENUM_MESSAGES.notEnum, { field: FIELD[enumName], a: enumName === 'Operation' ? 'an' : 'a', enum: enumName, first: members[0].member }) };
}

function unknownMessage(shown: string, enumName: EnumName): string {
  if (enumName === 'ServiceDomain') return fill(ENUM_MESSAGES.unknownDomain, { value: shown, count: enumMembers(enumName).length });
  return fill(ENUM_MESSAGES.unknownOperation, { value: shown });
}

function replaceFix(title: string, range: Value['range'], newText: string): Fix {
  return { title, edits: [replaceEdit(range, newText)], isPreferred: true, safe: false };
}

function stringFix(text: SourceText, value: Value, suggestion: string): Fix | undefined {
  const quote = charAt(text, offsetAt(text, value.range.start));
  if (quote !== '"' && quote !== "'") return undefined;
  return replaceFix(`Replace with ${quote}${suggestion}${quote}`, value.range, `${quote}${suggestion}${quote}`);
}

/**
 * Reports every problem item, at `severity.certain` when Arcade certainly rejects it and at
 * `severity.uncertain` otherwise; under the `arcade` profile only those Arcade certainly rejects.
 */
export function reportEnumProblems(items: readonly EnumItem[] | undefined, enumName: EnumName, context: RuleContext, severity: { certain: SeverityOrOff; uncertain: SeverityOrOff }): void {
  for (const item of items ?? []) {
    const text = context.textOf(item.value.file);
    const problem = text === undefined ? undefined : enumProblem(item, enumName, text);
    if (!problem) continue;
    const place = placeValue(item.value, display(item.value));
    context.report({
      range: place.range,
      severity: problem.certain ? severity.certain : severity.uncertain,
      message: problem.message,
      related: place.related,
      fixes: problem.fix ? [editingFile(problem.fix, item.value.file)!] : [],
    });
  }
}

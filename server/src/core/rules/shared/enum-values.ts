/** MTL204 / MTL205: items of `service_domains` / `operations` that Arcade does not know. */
import { charAt, SourceText } from '../../source-text';
import { EnumName, enumMembers } from '../../data/service-domains';
import { replaceEdit } from '../../fixes/edits';
import { offsetAt } from '../../fixes/positions';
import { EnumItem, Fix, Severity, Value } from '../../model';
import { RuleContext } from '../rule';
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

function display(value: Value): string {
  if (value.kind === 'enum-member') return `${value.enumName}.${value.member}`;
  if (value.kind === 'string') return JSON.stringify(value.value);
  return 'This value';
}

export function enumProblem(item: EnumItem, enumName: EnumName, text: SourceText): EnumProblem | undefined {
  const value = item.value;
  const members = enumMembers(enumName);
  const count = members.length;
  const known = `one of the ${count} ${enumName} values known to this version (Arcade core 4.11)`;
  if (value.kind === 'enum-member') {
    // `Operation.` while the author is still typing the member: nothing to say yet.
    if (value.member === '' || members.some((m) => m.member === value.member)) return undefined;
    const sameUpper = members.find((m) => m.member === value.member.toUpperCase());
    const suggestion = sameUpper?.member ?? closestMatch(value.member, members.map((m) => m.member));
    const fix = suggestion && !value.via ? replaceFix(`Replace with ${enumName}.${suggestion}`, value.memberRange, suggestion) : undefined;
    if (sameUpper) return { item, certain: true, fix, message: `${display(value)} does not exist: ${enumName} members are upper case, so importing the module fails. Use ${enumName}.${sameUpper.member}.` };
    if (suggestion) return { item, certain: true, fix, message: `${display(value)} is not ${known}, so importing the module fails. Did you mean ${enumName}.${suggestion}?` };
    return { item, certain: enumName === 'Operation', message: unknownMessage(display(value), known, enumName) };
  }
  if (value.kind === 'string') {
    if (members.some((m) => m.value === value.value)) return undefined;
    const sameLower = members.find((m) => m.value === value.value.toLowerCase());
    const suggestion = sameLower?.value ?? closestMatch(value.value, members.map((m) => m.value));
    const fix = suggestion ? stringFix(text, value, suggestion) : undefined;
    if (sameLower) return { item, certain: true, fix, message: `${display(value)} is not a valid ${enumName}: Arcade accepts only the lowercase value ${JSON.stringify(sameLower.value)} (or ${enumName}.${sameLower.member}) and refuses to load the tool. Use ${JSON.stringify(sameLower.value)}.` };
    if (suggestion) return { item, certain: true, fix, message: `${display(value)} is not ${known}, so Arcade refuses to load the tool. Did you mean ${JSON.stringify(suggestion)}?` };
    return { item, certain: enumName === 'Operation', message: unknownMessage(display(value), known, enumName) };
  }
  if (value.kind === 'unknown' || value.kind === 'call' || value.kind === 'foreign') return undefined;
  return { item, certain: true, message: `${FIELD[enumName]} holds a value that is not ${enumName === 'Operation' ? 'an' : 'a'} ${enumName}, so Arcade refuses to load the tool. Use ${enumName} members, e.g. ${enumName}.${members[0].member}.` };
}

function unknownMessage(shown: string, known: string, enumName: EnumName): string {
  if (enumName === 'ServiceDomain') {
    return `${shown} is not ${known}: that version refuses to load the tool, so clients never see it. Use one of the listed domains, or ignore this warning if your Arcade version added it.`;
  }
  return `${shown} is not ${known}: Arcade refuses to load the tool, so clients never see it. Use READ, CREATE, UPDATE, DELETE or OPAQUE.`;
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
 * Reports every problem item: those Arcade certainly rejects as errors, the others (a domain a newer
 * Arcade may have added) at `uncertainSeverity`.
 */
export function reportEnumProblems(items: readonly EnumItem[] | undefined, enumName: EnumName, context: RuleContext, uncertainSeverity: Severity): void {
  for (const item of items ?? []) {
    const text = context.textOf(item.value.file);
    const problem = text === undefined ? undefined : enumProblem(item, enumName, text);
    if (!problem) continue;
    const place = placeValue(item.value, display(item.value));
    context.report({
      range: place.range,
      severity: problem.certain ? 'error' : uncertainSeverity,
      message: problem.message,
      related: place.related,
      fixes: problem.fix ? [editingFile(problem.fix, item.value.file)!] : [],
    });
  }
}

import { EnumName } from '../data/service-domains';
import { removeEntryEdit } from '../fixes/edits';
import { offsetAt, textOf } from '../fixes/positions';
import { Entry, EnumItem, Fix, ToolDeclaration, Value } from '../model';
import { annotationsOf } from './shared/annotations';
import { fill, Rule, RuleContext, severities } from './rule';
import { acceptedMember, behaviorOf, classificationOf } from './shared/arcade';
import { placeEntry, placeValue, writtenAt } from './shared/place';
import { editingFile } from '../fixes/flag-fixes';

const MESSAGES = {
  keyword: '{key} is given twice in one call, a SyntaxError: the module cannot be imported and no tool in it loads. Remove the earlier {key}.',
  keywordDiffering: '{key} is given twice in one call, a SyntaxError: the module cannot be imported. Remove the earlier {key}, after checking which you meant.',
  key: 'The key {key} is written twice and only the last one counts. Remove this repeated one.',
  keyDiffering: 'The key {key} is written twice and only the last one counts, so clients never see this value. Remove it, after checking which you meant.',
  item: '{item} is listed twice, which adds nothing. Remove it.',
} as const;

export const duplicateEntry: Rule = {
  code: 'MTL211',
  name: 'duplicate-entry',
  severity: severities('warning', { arcade: 'off' }),
  cases: {
    keyword: { label: 'repeated keyword', when: 'a keyword given twice in one Python call (a SyntaxError at import)', severity: severities('error') },
  },
  fixable: 'safe',
  messages: MESSAGES,
  docs: {
    summary: 'The same operation, domain, key or keyword appears twice.',
    whatItDoes: 'Reports the earlier occurrences of an operation or service domain listed twice (a warning), of a key written twice in one dict or object literal (a warning: the last one wins), and of a keyword given twice in one Python call (an error). Keys that come from a spread (`**base`, `...preset`) are not duplicates: overriding them is what spreads are for.',
    why: 'A repeated keyword is a SyntaxError, so the module does not even import. A repeated key silently drops the earlier value, which is often the one the author meant to keep; a repeated list entry is noise that hides what the tool does.',
    example: 'annotations={"readOnlyHint": True, "openWorldHint": False, "readOnlyHint": False}',
    useInstead: 'annotations={"openWorldHint": False, "readOnlyHint": False}',
    fix: 'Removes the earlier duplicates, keeping the last (effective) one. Fix-all on save applies it only when the duplicates are identical.',
    mapping: 'Any annotation key or Arcade field.',
  },
  check(declaration, context) {
    for (const container of containersOf(declaration)) checkEntries(container, context);
    const operations = behaviorOf(declaration.metadata)?.operations;
    if (operations) checkItems(operations.items, 'Operation', context);
    const domains = classificationOf(declaration.metadata)?.serviceDomains;
    if (domains) checkItems(domains.items, 'ServiceDomain', context);
  },
};

function containersOf(declaration: ToolDeclaration): Value[] {
  const metadata = declaration.metadata;
  const candidates = [declaration.registration, declaration.metadataValue, behaviorOf(metadata)?.value, classificationOf(metadata)?.value, metadata?.extras?.value, declaration.meta?.value, annotationsOf(declaration)?.value];
  const seen = new Set<Value>();
  return candidates.filter((value): value is Value => {
    if (!value || seen.has(value) || (value.kind !== 'call' && value.kind !== 'mapping')) return false;
    seen.add(value);
    return true;
  });
}

function sameText(context: RuleContext, a: Value, b: Value): boolean {
  const textA = context.textOf(a.file);
  const textB = context.textOf(b.file);
  return textA !== undefined && textB !== undefined && textOf(textA, a.range).replace(/\s+/g, '') === textOf(textB, b.range).replace(/\s+/g, '');
}

function checkEntries(container: Value, context: RuleContext): void {
  // A Go struct field or a C# attribute property set twice does not compile: the compiler reports it.
  if ((container.kind !== 'call' && container.kind !== 'mapping') || container.container.syntax === 'struct' || container.container.syntax === 'attribute') return;
  const keyword = container.container.syntax === 'call';
  const direct = container.entries.filter((entry) => !entry.viaSpread);
  const last = new Map<string, Entry>();
  for (const entry of direct) last.set(entry.key, entry);
  for (const entry of direct) {
    const effective = last.get(entry.key);
    if (!effective || effective === entry) continue;
    const identical = sameText(context, entry.value, effective.value);
    const place = placeEntry(entry, entry.key);
    const fix = removal(context, entry.value.file, entry.startOffset, entry.endOffset, `Remove the earlier ${entry.key}`, identical && !container.via);
    context.report({
      range: place.range,
      severity: keyword ? context.severityOf('keyword') : context.severity,
      message: fill(keyword ? (identical ? MESSAGES.keyword : MESSAGES.keywordDiffering) : (identical ? MESSAGES.key : MESSAGES.keyDiffering), { key: entry.key }),
      related: [...place.related, effective.value.file ? writtenAt(effective.value, `The effective ${entry.key} is written here.`) : { range: effective.range, message: `The effective ${entry.key} is written here.` }],
      fixes: fix ? [fix] : [],
    });
  }
}

function checkItems(items: readonly EnumItem[], enumName: EnumName, context: RuleContext): void {
  const members = items.map((item) => acceptedMember(item, enumName));
  members.forEach((member, index) => {
    if (!member) return;
    const lastIndex = members.lastIndexOf(member);
    if (lastIndex === index) return;
    const item = items[index].value;
    const effective = items[lastIndex].value;
    const identical = sameText(context, item, effective);
    const place = placeValue(item, `${enumName}.${member}`);
    const text = context.textOf(item.file);
    const fix = text === undefined ? undefined : removal(context, item.file, offsetAt(text, item.range.start), offsetAt(text, item.range.end), `Remove the repeated ${member}`, identical && !item.via);
    context.report({
      range: place.range,
      message: fill(MESSAGES.item, { item: `${enumName}.${member}` }),
      related: [...place.related, writtenAt(effective, `${enumName}.${member} is also listed here.`)],
      fixes: fix ? [fix] : [],
    });
  });
}

function removal(context: RuleContext, file: string | undefined, start: number, end: number, title: string, safe: boolean): Fix | undefined {
  const text = context.textOf(file);
  return text === undefined ? undefined : editingFile({ title, edits: [removeEntryEdit(text, start, end)], isPreferred: true, safe }, file);
}

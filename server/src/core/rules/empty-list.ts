import { lastEntry } from '../interpret';
import { Value } from '../model';
import { behaviorOf, classificationOf } from './shared/arcade';
import { fill, Rule, RuleContext, severities } from './rule';
import { placeEntry } from './shared/place';
import { removeEntryIn } from './shared/where-written';

const MESSAGES = {
  empty: '{field}=[] is the same as leaving it out: policies that match on {what} skip this tool. List {list}, or remove it.',
} as const;

export const emptyList: Rule = {
  code: 'MTL212',
  name: 'empty-list',
  severity: severities('info', { spec: 'off', arcade: 'off' }),
  fixable: 'quickfix',
  messages: MESSAGES,
  docs: {
    summary: 'operations=[] or service_domains=[] says nothing.',
    whatItDoes: 'Reports an empty `operations` list in a `Behavior` or an empty `service_domains` list in a `Classification`.',
    why: 'An empty list reads like a decision ("this tool has no operations") but means the same as leaving the field out, and policy engines and tool selection that match on operations or domains skip the tool. Either list what the tool does or omit the field.',
    example: 'behavior=Behavior(operations=[], read_only=True)',
    useInstead: 'behavior=Behavior(operations=[Operation.READ], read_only=True)',
    fix: 'Quick-fix: remove the argument. Not applied on save.',
    mapping: 'Not an MCP annotation: sent in `_meta.arcade.metadata`.',
  },
  check(declaration, context) {
    const metadata = declaration.metadata;
    check(behaviorOf(metadata)?.value, 'operations', context);
    check(classificationOf(metadata)?.value, 'service_domains', context);
  },
};

function check(model: Value | undefined, field: string, context: RuleContext): void {
  if (!model || (model.kind !== 'call' && model.kind !== 'mapping')) return;
  const entry = lastEntry(model.entries, field);
  if (!entry || entry.value.kind !== 'sequence' || entry.value.items.length > 0) return;
  const place = placeEntry(entry, `${field}=[]`);
  const fix = removeEntryIn(context, entry, `Remove ${field}=[]`);
  context.report({
    range: place.range,
    related: place.related,
    message: fill(MESSAGES.empty, field === 'operations'
      ? { field, what: 'operations', list: 'the operations it performs' }
      : { field, what: 'service domains', list: 'the services it talks to' }),
    fixes: fix ? [fix] : [],
  });
}

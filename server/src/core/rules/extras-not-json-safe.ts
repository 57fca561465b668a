import { Range, RelatedInfo, Value } from '../model';
import { fill, Rule, RuleContext, severities, shorten } from './rule';
import { placeValue } from './shared/place';

const MESSAGES = {
  nonStringKey: '{path} has the non-string key {key} ({type}): Arcade refuses to load the tool, even with strict=False. Use a string key.',
  sequence: '{path} is a {sequence}, which is not JSON-safe: Arcade refuses to load the tool, even with strict=False. Use a list.',
  notNumber: '{path} is {what}, not a JSON number: Arcade refuses to load the tool, even with strict=False. Use a finite number.',
  foreign: '{path} is a {type} value, which is not JSON-safe: Arcade refuses to load the tool, even with strict=False. Use a JSON value.',
} as const;

export const extrasNotJsonSafe: Rule = {
  code: 'MTL208',
  name: 'extras-not-json-safe',
  severity: severities('error', { spec: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'ToolMetadata extras hold a value or key that is not JSON-safe.',
    whatItDoes: 'Reports, at any depth of an `extras` dict literal, a non-string key, or a value that is a set, tuple, bytes, datetime (or another non-JSON type), NaN or infinity. `strict=False` does not silence it, as it does not silence Arcade\'s check.',
    why: 'Arcade checks extras when the tool is added to its catalog and refuses the tool ("ToolMetadata.extras must contain only JSON-safe types"); a non-string key at the top level already fails when the metadata is built. Only JSON-safe extras are accepted (str, int, float, bool, None, dict and list, with string keys): they are sent to clients as JSON in `_meta.arcade.metadata`, which has no sets, tuples, bytes or datetimes, and no NaN or Infinity.',
    example: 'metadata=ToolMetadata(extras={"tags": ("a", "b"), 3: "x", "limit": float("inf")})',
    useInstead: 'metadata=ToolMetadata(extras={"tags": ["a", "b"], "3": "x", "limit": 1000})',
    fix: 'No automatic fix: choose a JSON value (a list instead of a tuple or set, a string key, an ISO string instead of a datetime).',
    mapping: 'Not an MCP annotation: extras are sent in `_meta.arcade.metadata.extras`.',
  },
  check(declaration, context) {
    const extras = declaration.metadata?.extras;
    if (extras) walk(extras.value, 'extras', context);
  },
};

function report(context: RuleContext, range: Range, related: RelatedInfo[], message: string): void {
  context.report({ range, related, message });
}

function walk(value: Value, path: string, context: RuleContext): void {
  switch (value.kind) {
    case 'mapping':
      for (const key of value.nonStringKeys) {
        report(context, key.range, [], fill(MESSAGES.nonStringKey, { path: shorten(path), key: shorten(key.text, 20), type: key.type }));
      }
      for (const entry of value.entries) walk(entry.value, `${path}[${JSON.stringify(entry.key).replace(/^"|"$/g, "'")}]`, context);
      return;
    case 'sequence':
      if (value.sequence !== 'list') {
        const place = placeValue(value, path);
        report(context, place.range, place.related, fill(MESSAGES.sequence, { path: shorten(path), sequence: value.sequence }));
        return;
      }
      value.items.forEach((item, index) => walk(item, `${path}[${index}]`, context));
      return;
    case 'foreign': {
      const place = placeValue(value, path);
      const float = value.description === 'nan' || value.description === 'inf';
      report(context, place.range, place.related, float
        ? fill(MESSAGES.notNumber, { path: shorten(path), what: `a float ${value.description}` })
        : fill(MESSAGES.foreign, { path: shorten(path), type: value.description }));
      return;
    }
    case 'number':
      if (!Number.isFinite(value.value)) {
        const place = placeValue(value, path);
        report(context, place.range, place.related, fill(MESSAGES.notNumber, { path: shorten(path), what: 'an infinite float' }));
      }
      return;
    default:
      return;
  }
}

import { Range, RelatedInfo, Value } from '../model';
import { Rule, RuleContext, severities } from './rule';
import { placeValue } from './shared/place';

export const extrasNotJsonSafe: Rule = {
  code: 'MTL208',
  name: 'extras-not-json-safe',
  severity: severities('error', { spec: 'off' }),
  fixable: 'none',
  docs: {
    summary: 'ToolMetadata extras hold a value or key that is not JSON-safe.',
    whatItDoes: 'Reports, at any depth of an `extras` dict literal, a non-string key, or a value that is a set, tuple, bytes, datetime (or another non-JSON type), NaN or infinity. `strict=False` does not silence it, as it does not silence Arcade\'s check.',
    why: 'Arcade checks extras when the tool is added to its catalog and refuses the tool ("ToolMetadata.extras must contain only JSON-safe types"); a non-string key at the top level already fails when the metadata is built. Extras are sent to clients as JSON in `_meta.arcade.metadata`, which has no such values.',
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

function report(context: RuleContext, range: Range, related: RelatedInfo[], path: string, problem: string, remedy = 'Replace it with a JSON value.'): void {
  context.report({
    range,
    related,
    message: `${path} ${problem}: Arcade accepts only JSON-safe extras (str, int, float, bool, None, dict, list with string keys) and refuses to load the tool, even with strict=False. ${remedy}`,
  });
}

function walk(value: Value, path: string, context: RuleContext): void {
  switch (value.kind) {
    case 'mapping':
      for (const key of value.nonStringKeys) {
        report(context, key.range, [], path, `has the non-string key ${key.text} (${key.type})`, 'Use a string key.');
      }
      for (const entry of value.entries) walk(entry.value, `${path}[${JSON.stringify(entry.key).replace(/^"|"$/g, "'")}]`, context);
      return;
    case 'sequence':
      if (value.sequence !== 'list') {
        const place = placeValue(value, path);
        report(context, place.range, place.related, path, `is a ${value.sequence}, which is not JSON-safe`);
        return;
      }
      value.items.forEach((item, index) => walk(item, `${path}[${index}]`, context));
      return;
    case 'foreign': {
      const place = placeValue(value, path);
      report(context, place.range, place.related, path, `is a ${value.description === 'nan' || value.description === 'inf' ? `float ${value.description}, and NaN and Infinity are not JSON numbers` : `${value.description} value, which is not JSON-safe`}`);
      return;
    }
    case 'number':
      if (!Number.isFinite(value.value)) {
        const place = placeValue(value, path);
        report(context, place.range, place.related, path, 'is an infinite float, which is not a JSON number');
      }
      return;
    default:
      return;
  }
}

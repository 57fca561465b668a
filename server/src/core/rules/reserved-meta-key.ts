import { Rule, severities } from './rule';
import { placeEntry } from './shared/place';

const MESSAGES = {
  arcade: 'The key "arcade" in meta= is reserved for Arcade, which refuses to load the tool. Use ToolMetadata(extras=...) or another key.',
} as const;

export const reservedMetaKey: Rule = {
  code: 'MTL210',
  name: 'reserved-meta-key',
  severity: severities('error', { spec: 'off' }),
  fixable: 'none',
  messages: MESSAGES,
  docs: {
    summary: 'An Arcade tool\'s meta= dict uses the reserved key "arcade".',
    whatItDoes: 'Reports the key `"arcade"` in the `meta=` dict of `@app.tool(...)` / `app.add_tool(...)`.',
    why: 'Arcade writes its own metadata under `_meta.arcade` and refuses the tool: "The \'arcade\' key in meta is reserved. Use the \'metadata\' parameter (ToolMetadata) instead.", so clients never see the tool.',
    example: '@app.tool(meta={"arcade": {"team": "search"}})\ndef search(query: str) -> list: ...',
    useInstead: '@app.tool(metadata=ToolMetadata(extras={"team": "search"}))\ndef search(query: str) -> list: ...',
    fix: 'No automatic fix: move the data to `metadata=ToolMetadata(extras=...)` or rename the key.',
    mapping: 'The tool\'s `_meta` object, where Arcade owns the `arcade` key.',
  },
  check(declaration, context) {
    const meta = declaration.meta?.value;
    if (!meta || meta.kind !== 'mapping') return;
    for (const entry of meta.entries) {
      if (entry.key !== 'arcade') continue;
      const place = placeEntry(entry, 'The "arcade" key');
      context.report({
        range: place.range,
        related: place.related,
        message: MESSAGES.arcade,
      });
    }
  },
};

/** The short hovers on flags and model objects, as the LSP tests expect them (features/hover.ts, model-hover.ts). */

/** Four short paragraphs: the mapping, the meaning and default, clients in one line, this tool (a read-only tool's `read_only`). */
export const READ_ONLY_HOVER = [
  '**`read_only`** — Arcade `Behavior` flag → MCP annotation **`readOnlyHint`**',
  '',
  'true means the tool does not modify its environment. Unset or `None`: clients assume `readOnlyHint: false`.',
  '',
  'In clients: read-only tools may run without a confirmation prompt; others keep asking.',
  '',
  '**This tool:** `readOnlyHint: true` (declared).',
].join('\n');

/** A model object's hover: its name, what it becomes for clients, this tool's values. */
export function modelHover(object: string, becomes: string, thisTool: string): string {
  return [`**\`${object}\`** — what it becomes for clients`, '', becomes, '', `**This tool:** ${thisTool}`].join('\n');
}

/** What each model object becomes, as its hover says. */
export const BECOMES = {
  ToolMetadata: 'Arcade tool metadata: its `behavior` becomes the tool\'s MCP annotations, and `classification`, `behavior` and `extras` are sent as written in `_meta.arcade.metadata` (also the webhook metadata). `strict` is never sent.',
  Behavior: 'Arcade flags → MCP annotations: `read_only` → `readOnlyHint`, `destructive` → `destructiveHint`, `idempotent` → `idempotentHint`, `open_world` → `openWorldHint`. An unset or `None` flag is left out, so clients assume its default. `operations` go only to `_meta.arcade.metadata`.',
  Classification: 'Not an MCP annotation: `service_domains` go only to `_meta.arcade.metadata` (also the webhook metadata), for tool discovery. A service domain means an external service, so `open_world` must not be False.',
  ToolAnnotations: 'MCP tool annotations, sent as written in the tool\'s `tools/list` entry. An omitted hint takes the spec default: `readOnlyHint: false`, `destructiveHint: true`, `idempotentHint: false`, `openWorldHint: true`.',
};

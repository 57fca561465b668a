import { HintName } from '../model';

/** Arcade's four behavior flags and the MCP hint each one becomes. */
export const ARCADE_FLAGS = ['read_only', 'destructive', 'idempotent', 'open_world'] as const;
export type ArcadeFlag = (typeof ARCADE_FLAGS)[number];

export const HINTS: readonly HintName[] = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

export const FLAG_TO_HINT: Record<ArcadeFlag, HintName> = {
  read_only: 'readOnlyHint',
  destructive: 'destructiveHint',
  idempotent: 'idempotentHint',
  open_world: 'openWorldHint',
};

/** The value an MCP client assumes for an omitted hint (spec 2025-03-26 onward). */
export const SPEC_DEFAULTS: Record<HintName, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** Python SDK v2 accepts snake_case spellings of the hints. */
export const SNAKE_HINTS: Record<string, HintName> = {
  read_only_hint: 'readOnlyHint',
  destructive_hint: 'destructiveHint',
  idempotent_hint: 'idempotentHint',
  open_world_hint: 'openWorldHint',
};

/** Keyword arguments each Arcade model accepts (pydantic forbids any other). */
export const ARCADE_MODEL_FIELDS: Record<'ToolMetadata' | 'Behavior' | 'Classification', readonly string[]> = {
  ToolMetadata: ['classification', 'behavior', 'extras', 'strict'],
  Behavior: ['operations', ...ARCADE_FLAGS],
  Classification: ['service_domains'],
};

/** Keys of the spec's ToolAnnotations, plus seed 001's `custom`. */
export const ANNOTATION_KEYS: readonly string[] = ['title', ...HINTS, 'custom'];

/** Vendor hints that one SDK adds and allows (FastMCP for TypeScript). */
export const VENDOR_HINTS: readonly string[] = ['streamingHint'];

/** Strings pydantic's lax bool parsing accepts, with the boolean each becomes. */
export const PYDANTIC_BOOL_STRINGS: Record<string, boolean> = {
  '0': false, off: false, f: false, false: false, n: false, no: false,
  '1': true, on: true, t: true, true: true, y: true, yes: true,
};

/**
 * How a compiled SDK spells the hints and the title (rules.md: PascalCase in Go and C#):
 * go-sdk's and mcp-go's `ToolAnnotations` struct fields, mcp-go's `NewTool` options.
 */
export type HintSpelling = 'go-struct' | 'mcp-go-options' | 'csharp-attribute';

export const SPELLED_KEYS: Record<HintSpelling, Record<HintName | 'title', string>> = {
  'go-struct': { readOnlyHint: 'ReadOnlyHint', destructiveHint: 'DestructiveHint', idempotentHint: 'IdempotentHint', openWorldHint: 'OpenWorldHint', title: 'Title' },
  'csharp-attribute': { readOnlyHint: 'ReadOnly', destructiveHint: 'Destructive', idempotentHint: 'Idempotent', openWorldHint: 'OpenWorld', title: 'Title' },
  // mcp-go's options are read under the hint's own name (messages stay short); MCP_GO_OPTIONS writes them.
  'mcp-go-options': { readOnlyHint: 'readOnlyHint', destructiveHint: 'destructiveHint', idempotentHint: 'idempotentHint', openWorldHint: 'openWorldHint', title: 'title' },
};

/** mcp-go's option for each hint and the title (`mcp.WithReadOnlyHintAnnotation(true)`). */
export const MCP_GO_OPTIONS: Record<HintName | 'title', string> = {
  readOnlyHint: 'WithReadOnlyHintAnnotation', destructiveHint: 'WithDestructiveHintAnnotation', idempotentHint: 'WithIdempotentHintAnnotation',
  openWorldHint: 'WithOpenWorldHintAnnotation', title: 'WithTitleAnnotation',
};

/** The key a spelling writes for a hint (`DestructiveHint`, `WithDestructiveHintAnnotation`). */
export function spelledKey(spelling: HintSpelling, hint: HintName): string {
  return SPELLED_KEYS[spelling][hint];
}

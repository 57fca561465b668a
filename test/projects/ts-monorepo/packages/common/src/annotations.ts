import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

/** Annotations every read-only tool of the apps shares. */
export const readOnly = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const satisfies ToolAnnotations;

/** For tools that remove data for good. */
export const destructive: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  openWorldHint: false,
};

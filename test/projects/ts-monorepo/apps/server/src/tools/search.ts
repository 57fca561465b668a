import { defineTool } from "@repo/common";

defineTool(
  "search",
  {
    description: "Search the index.",
    inputSchema: {},
    annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  async () => ({ content: [{ type: "text", text: "[]" }] }),
);

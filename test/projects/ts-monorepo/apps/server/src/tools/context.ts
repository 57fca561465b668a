// Tools registered through the host's context object: its type lives in the host, not the SDK.
interface ToolContext {
  registerTool(name: string, config: { description: string; inputSchema: Record<string, unknown> }, handler: () => Promise<unknown>): void;
}

export function registerContextTools(context: ToolContext): void {
  context.registerTool("list_items", { description: "List the items of the host's workspace.", inputSchema: {} }, async () => ({ content: [] }));
}

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

export type ToolHandler = (args: Record<string, unknown>) => Promise<{ content: Array<{ type: "text"; text: string }> }>;

export const sharedServer = new McpServer({ name: "acme-shared", version: "1.0.0" });

/** Registers a tool on the shared server; every app calls this instead of the SDK. */
export function defineTool(name: string, config: { description: string; inputSchema?: Record<string, unknown>; annotations?: ToolAnnotations }, handler: ToolHandler) {
  return sharedServer.registerTool(name, config, handler);
}

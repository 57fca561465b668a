import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerLookup(server: McpServer): void {
  server.registerTool('lookup', { description: 'Look an item up.', annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
}

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerSearch(server: McpServer): void {
  server.registerTool('search', { description: 'Search the catalogue.', annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
}

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerLookup } from './lookup.js';

export function registerAll(server: McpServer): void {
  registerLookup(server);
}

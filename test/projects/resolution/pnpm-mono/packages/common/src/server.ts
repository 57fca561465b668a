import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function createServer(name: string): McpServer {
  return new McpServer({ name, version: '1.0.0' });
}

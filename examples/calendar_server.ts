// An MCP TypeScript SDK server: one tool is annotated well, one has a misspelt hint.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'calendar', version: '1.0.0' });

server.registerTool(
  'list_events',
  {
    title: 'List events',
    description: 'List the events of a day.',
    inputSchema: { day: z.string().describe('The day, as YYYY-MM-DD') },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  async ({ day }) => ({ content: [{ type: 'text', text: `No events on ${day}.` }] }),
);

server.registerTool(
  'cancel_event',
  {
    title: 'Cancel event',
    description: 'Cancel an event and notify its attendees.',
    inputSchema: { id: z.string().describe('The event id') },
    annotations: { readOnlyHint: false, destructivehint: true, idempotentHint: true, openWorldHint: true },
  },
  async ({ id }) => ({ content: [{ type: 'text', text: `Cancelled ${id}.` }] }),
);

export { server };

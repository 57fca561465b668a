/**
 * The modules the server types into while it warms up (warm-up.ts): the declaration forms of each
 * language, some declared well and some not, repeated under numbered names so that every function
 * of the analysis runs often enough for the JIT to compile it.
 */
import { GrammarId } from '../../core/parse/parser';

const COPIES = 8;

const PYTHON_HEADER = `"""Warm-up sample: Arcade and MCP SDK tools."""
from typing import Annotated

from arcade_mcp_server import MCPApp, tool
from arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata
from mcp.server.fastmcp import FastMCP
from mcp.server.lowlevel import Server
from mcp.types import Tool, ToolAnnotations

app = MCPApp(name="Sample", version="1.0.0")
mcp = FastMCP("sample")
server = Server("sample")
`;

function pythonTools(n: number): string {
  return `

@app.tool(
    metadata=ToolMetadata(
        classification=Classification(service_domains=[ServiceDomain.DOCUMENTS]),
        behavior=Behavior(
            operations=[Operation.DELETE],
            read_only=${n % 2 ? 'True' : 'False'},
            destructive=True,
            idempotent=True,
            open_world=False,
        ),
    ),
)
def delete_note_${n}(note_id: Annotated[str, "The note to delete"]) -> bool:
    """Delete a note for good."""
    return True


@tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ], read_only=True)))
async def get_note_${n}(context, note_id: Annotated[str, "The note to read"]) -> str:
    """Return the text of a note."""
    result = await context.call("notes.get", note_id=note_id)
    return result


@mcp.tool(
    title="Clear cache ${n}",
    annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=${n % 3 ? 'True' : 'False'}, openWorldHint=True),
)
def clear_cache_${n}(region: str) -> int:
    """Delete the cached entries of a region."""
    return 0


@mcp.tool()
def subscribe_${n}(city: str, email: str) -> str:
    """Subscribe an email address to alerts."""
    return "subscribed"


@server.list_tools()
async def list_tools_${n}() -> list[Tool]:
    return [
        Tool(
            name="archive_${n}",
            description="Archive an item.",
            inputSchema={"type": "object"},
            annotations=ToolAnnotations(readOnlyHint=False, idempotentHint=True),
        ),
    ]
`;
}

function scriptHeader(typed: boolean): string {
  return `// Warm-up sample: MCP TypeScript SDK tools.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
${typed ? "import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';\n" : ''}import { z } from 'zod';

const server = new McpServer({ name: 'sample', version: '1.0.0' });
`;
}

function scriptTools(n: number, typed: boolean): string {
  const type = (name: string) => (typed ? `: ${name}` : '');
  return `
server.registerTool(
  'list_events_${n}',
  {
    title: 'List events',
    description: 'List the events of a day.',
    inputSchema: { day: z.string().describe('The day') },
    annotations: { readOnlyHint: true, openWorldHint: ${n % 2 ? 'true' : 'false'} },
  },
  async ({ day }) => ({ content: [{ type: 'text', text: \`No events on \${day}.\` }] }),
);

server.tool(
  'cancel_event_${n}',
  'Cancel an event.',
  { id: z.string() },
  { readOnlyHint: ${n % 3 ? 'true' : 'false'}, destructiveHint: true, idempotentHint: true },
  async ({ id }) => ({ content: [{ type: 'text', text: id }] }),
);

const archiveAnnotations${n}${type('ToolAnnotations')} = { title: 'Archive', destructiveHint: false, openWorldHint: true };

export const archiveTool${n}${type('Tool')} = {
  name: 'archive_${n}',
  description: 'Archive an event.',
  inputSchema: { type: 'object' },
  annotations: archiveAnnotations${n},
};
`;
}

const GO_HEADER = `// Warm-up sample: Go MCP SDK tools (go-sdk and mcp-go).
package sample

import mcpgo "github.com/mark3labs/mcp-go/mcp"
import "github.com/modelcontextprotocol/go-sdk/mcp"

var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)}
`;

function goTools(n: number): string {
  return `
func tools${n}() []any {
	return []any{
		&mcp.Tool{Name: "list_events_${n}", Description: "List the events of a day.", Annotations: readOnly},
		&mcp.Tool{
			Name:        "cancel_event_${n}",
			Description: "Cancel an event.",
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: ${n % 3 ? 'true' : 'false'}, DestructiveHint: new(true), IdempotentHint: true},
		},
		mcpgo.NewTool("archive_${n}",
			mcpgo.WithDescription("Archive an event."),
			mcpgo.WithReadOnlyHintAnnotation(${n % 2 ? 'true' : 'false'}),
			mcpgo.WithOpenWorldHintAnnotation(true),
		),
	}
}
`;
}

const CSHARP_HEADER = `// Warm-up sample: C# MCP SDK tools and Azure MCP commands.
using System.ComponentModel;
using ModelContextProtocol.Server;

namespace Sample.Tools;
`;

function csharpTools(n: number): string {
  return `
[McpServerToolType]
public static class EventTools${n}
{
    [McpServerTool(Name = "list_events_${n}", ReadOnly = true, OpenWorld = ${n % 2 ? 'true' : 'false'}), Description("List the events of a day.")]
    public static string ListEvents(string day) => day;

    [McpServerTool(Name = "cancel_event_${n}", ReadOnly = ${n % 3 ? 'true' : 'false'}, Destructive = true, Idempotent = true)]
    [Description("Cancel an event.")]
    public static string CancelEvent(string id) => id;
}

[CommandMetadata(Name = "archive_${n}", Title = "Archive", Destructive = false, OpenWorld = true)]
public sealed class ArchiveCommand${n} : BaseCommand
{
    public override string Description => "Archive an event.";
}
`;
}

/** The sample module for a grammar (JavaScript's without type annotations). */
export function warmUpSample(grammar: GrammarId): string {
  const copies = Array.from({ length: COPIES }, (_, n) => n);
  if (grammar === 'python') return PYTHON_HEADER + copies.map(pythonTools).join('');
  if (grammar === 'go') return GO_HEADER + copies.map(goTools).join('');
  if (grammar === 'csharp') return CSHARP_HEADER + copies.map(csharpTools).join('');
  const typed = grammar !== 'javascript';
  return scriptHeader(typed) + copies.map((n) => scriptTools(n, typed)).join('');
}

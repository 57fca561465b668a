/**
 * The Go and C# tool snippets the language server offers (features/tool-snippets.ts), with the
 * imports (`using` directives) they need. Go bodies name the SDK package `mcp`: the server writes
 * the file's own name for it when the file imports it under another one.
 */
import type { ToolSnippet } from './tool-snippets';

export const GO_SDK_IMPORT = { module: 'github.com/modelcontextprotocol/go-sdk/mcp', name: 'mcp', alias: 'gosdk' };
export const MCP_GO_IMPORT = { module: 'github.com/mark3labs/mcp-go/mcp', name: 'mcp', alias: 'mcpgo' };

export const GO_TOOL_SNIPPETS: readonly ToolSnippet[] = [
  {
    prefixes: ['mcp-go-sdk-tool', 'mcp.AddTool'],
    description: 'go-sdk: mcp.AddTool(server, &mcp.Tool{Name, Title, Description, Annotations: &mcp.ToolAnnotations{...}}, handler) with all four hints spelled out (the *bool ones through Go 1.26\'s new(...)).',
    body: [
      'mcp.AddTool(${1:server}, &mcp.Tool{',
      '\tName:        "${2:tool_name}",',
      '\tTitle:       "${3:Tool title}",',
      '\tDescription: "${4:Describe what the tool does.}",',
      '\tAnnotations: &mcp.ToolAnnotations{',
      '\t\tReadOnlyHint:    ${5|true,false|},',
      '\t\tDestructiveHint: new(${6|false,true|}),',
      '\t\tIdempotentHint:  ${7|true,false|},',
      '\t\tOpenWorldHint:   new(${8|true,false|}),',
      '\t},',
      '}, ${9:handler})',
    ].join('\n'),
    imports: [GO_SDK_IMPORT],
  },
  {
    prefixes: ['mcp-go-new-tool', 'mcp.NewTool'],
    description: 'mcp-go: mcp.NewTool(name, ...) with its description, title and all four hint options: mcp-go sends every hint it is not given as its default, so spell them out.',
    body: [
      'mcp.NewTool("${1:tool_name}",',
      '\tmcp.WithDescription("${2:Describe what the tool does.}"),',
      '\tmcp.WithTitleAnnotation("${3:Tool title}"),',
      '\tmcp.WithReadOnlyHintAnnotation(${4|true,false|}),',
      '\tmcp.WithDestructiveHintAnnotation(${5|false,true|}),',
      '\tmcp.WithIdempotentHintAnnotation(${6|true,false|}),',
      '\tmcp.WithOpenWorldHintAnnotation(${7|true,false|}),',
      ')$0',
    ].join('\n'),
    imports: [MCP_GO_IMPORT],
  },
];

export const CSHARP_TOOL_SNIPPETS: readonly ToolSnippet[] = [
  {
    prefixes: ['mcp-csharp-tool', '[McpServerTool'],
    description: 'A method of an [McpServerToolType] class with [McpServerTool(Name, Title, ReadOnly, Destructive, Idempotent, OpenWorld)] and [Description]: only the hints written are sent, so spell them all out.',
    body: [
      '[McpServerTool(Name = "${1:tool_name}", Title = "${2:Tool title}", ReadOnly = ${3|true,false|}, Destructive = ${4|false,true|}, Idempotent = ${5|true,false|}, OpenWorld = ${6|true,false|})]',
      '[Description("${7:Describe what the tool does.}")]',
      'public static string ${8:ToolName}([Description("${9:What the parameter means.}")] string ${10:query})',
      '{',
      '\t$0',
      '\treturn ${10:query};',
      '}',
    ].join('\n'),
    imports: [{ module: 'ModelContextProtocol.Server', name: 'McpServerTool' }, { module: 'System.ComponentModel', name: 'Description' }],
  },
];

/**
 * The tool snippets the language server offers as completion items (features/tool-snippets.ts):
 * one per declaration form, each with every flag or hint spelled out and the imports it needs.
 * Bodies use LSP snippet syntax, indented with tabs (replaced by the language's indentation).
 * The snippets that need no import (server files, suppression comments) stay in snippets/*.json;
 * Go's and C#'s tool snippets are in tool-snippets-compiled.ts.
 */
import { SERVICE_DOMAINS } from './service-domains';

/** A name the body uses, imported from `module` when the file does not bind it. */
export interface SnippetImport {
  module: string;
  name: string;
  /** TypeScript: a type (`import type`, or `type X` in an existing import). */
  typeOnly?: boolean;
  /** Go: the package name to import `module` under when the file already binds `name` to another package. */
  alias?: string;
}

export interface ToolSnippet {
  /** What the author types: the first names the snippet; the others are the call as written (`@app.tool`). */
  prefixes: string[];
  description: string;
  body: string;
  imports: SnippetImport[];
}

const DOMAINS = SERVICE_DOMAINS.map((domain) => domain.member).join(',');
const ARCADE_METADATA = ['Behavior', 'Classification', 'Operation', 'ServiceDomain', 'ToolMetadata']
  .map((name) => ({ module: 'arcade_mcp_server.metadata', name }));
const ANNOTATED = { module: 'typing', name: 'Annotated' };
const ZOD = { module: 'zod', name: 'z' };

function arcadeBody(decorator: string): string {
  return [
    `${decorator}(`,
    '\tmetadata=ToolMetadata(',
    `\t\tclassification=Classification(service_domains=[ServiceDomain.\${2|${DOMAINS}|}]),`,
    '\t\tbehavior=Behavior(',
    '\t\t\toperations=[Operation.${3|READ,CREATE,UPDATE,DELETE,OPAQUE|}],',
    '\t\t\tread_only=${4|True,False|},',
    '\t\t\tdestructive=${5|False,True|},',
    '\t\t\tidempotent=${6|True,False|},',
    '\t\t\topen_world=${7|True,False|},',
    '\t\t),',
    '\t),',
    ')',
    'def ${1:tool_name}(${8:query}: Annotated[str, "${9:What the parameter means.}"]) -> ${10:str}:',
    '\t"""${11:Describe what the tool does.}"""',
    '\t${0:...}',
  ].join('\n');
}

/** `@app.tool` first: the common form is what `arcade-t` + Enter inserts. */
export const PYTHON_TOOL_SNIPPETS: readonly ToolSnippet[] = [
  {
    prefixes: ['arcade-tool', '@app.tool'],
    description: 'Arcade tool: @app.tool with complete ToolMetadata (the four behavior flags become readOnlyHint, destructiveHint, idempotentHint and openWorldHint).',
    body: arcadeBody('@app.tool'),
    imports: [ANNOTATED, ...ARCADE_METADATA],
  },
  {
    prefixes: ['arcade-tdk-tool', '@tool'],
    description: 'Arcade TDK toolkit tool: @tool (from arcade_tdk) with complete ToolMetadata.',
    body: arcadeBody('@tool'),
    imports: [ANNOTATED, { module: 'arcade_tdk', name: 'tool' }, ...ARCADE_METADATA],
  },
  {
    prefixes: ['mcp-tool', '@mcp.tool'],
    description: 'MCP Python SDK / FastMCP tool: @mcp.tool with all four annotation hints and a described parameter.',
    body: [
      '@mcp.tool(',
      '\ttitle="${2:Tool title}",',
      '\tannotations=ToolAnnotations(',
      '\t\treadOnlyHint=${3|True,False|},',
      '\t\tdestructiveHint=${4|False,True|},',
      '\t\tidempotentHint=${5|True,False|},',
      '\t\topenWorldHint=${6|True,False|},',
      '\t),',
      ')',
      'def ${1:tool_name}(${7:query}: Annotated[str, Field(description="${8:What the parameter means.}")]) -> ${9:str}:',
      '\t"""${10:Describe what the tool does.}"""',
      '\t${0:...}',
    ].join('\n'),
    imports: [ANNOTATED, { module: 'pydantic', name: 'Field' }, { module: 'mcp.types', name: 'ToolAnnotations' }],
  },
];

function annotationLines(first: number, indent: string, separator: string): string[] {
  return [
    `${indent}annotations: {`,
    `${indent}\treadOnlyHint: \${${first}|true,false|},`,
    `${indent}\tdestructiveHint: \${${first + 1}|false,true|},`,
    `${indent}\tidempotentHint: \${${first + 2}|true,false|},`,
    `${indent}\topenWorldHint: \${${first + 3}|true,false|},`,
    `${indent}}${separator}`,
  ];
}

/** The TypeScript snippets, or the JavaScript ones (no type annotation, no type import). */
export function scriptToolSnippets(typescript: boolean): readonly ToolSnippet[] {
  return [
    {
      prefixes: ['mcp-register-tool', 'registerTool'],
      description: 'MCP SDK server.registerTool(name, { title, description, inputSchema, annotations }, handler) with all four annotation hints.',
      body: [
        'server.registerTool(',
        '\t"${1:tool_name}",',
        '\t{',
        '\t\ttitle: "${2:Tool title}",',
        '\t\tdescription: "${3:Describe what the tool does.}",',
        '\t\tinputSchema: { ${4:query}: z.string().describe("${5:What the parameter means.}") },',
        ...annotationLines(6, '\t\t', ','),
        '\t},',
        '\tasync (${10:{ query \\}}) => {',
        '\t\t$0',
        '\t\treturn { content: [{ type: "text", text: "" }] };',
        '\t},',
        ');',
      ].join('\n'),
      imports: [ZOD],
    },
    {
      prefixes: ['mcp-tool-object'],
      description: 'A tool object { name, description, inputSchema, annotations }, as a tools/list handler returns it, with all four hints.',
      body: [
        '{',
        '\tname: "${1:tool_name}",',
        '\tdescription: "${2:Describe what the tool does.}",',
        '\tinputSchema: {',
        '\t\ttype: "object",',
        '\t\tproperties: { ${3:query}: { type: "string", description: "${4:What the parameter means.}" } },',
        '\t},',
        ...annotationLines(5, '\t', ','),
        '}$0',
      ].join('\n'),
      imports: [],
    },
    {
      prefixes: ['mcp-tool-table'],
      description: 'A tool table { tool_name: { description, parameters, annotations } } (the key is the tool\'s name), with all four hints.',
      body: [
        'export const ${1:toolDefs} = {',
        '\t${2:tool_name}: {',
        '\t\tdescription: "${3:Describe what the tool does.}",',
        '\t\tparameters: z.object({ ${4:query}: z.string().describe("${5:What the parameter means.}") }),',
        ...annotationLines(6, '\t\t', ','),
        '\t},$0',
        '};',
      ].join('\n'),
      imports: [ZOD],
    },
    {
      prefixes: ['fastmcp-add-tool', 'addTool'],
      description: 'FastMCP server.addTool({ name, description, parameters, annotations, execute }) with all four hints.',
      body: [
        'server.addTool({',
        '\tname: "${1:tool_name}",',
        '\tdescription: "${2:Describe what the tool does.}",',
        '\tparameters: z.object({ ${3:query}: z.string().describe("${4:What the parameter means.}") }),',
        ...annotationLines(5, '\t', ','),
        '\texecute: async (${9:args}) => {',
        '\t\t$0',
        '\t\treturn "";',
        '\t},',
        '});',
      ].join('\n'),
      imports: [ZOD],
    },
    {
      prefixes: ['mcp-tool-class'],
      description: `A tool class with name, description, annotations${typescript ? ': ToolAnnotations' : ''} and inputSchema, as in class-based MCP servers.`,
      body: [
        'export class ${1:ListDevices}Tool extends ${2:BaseTool} {',
        '\tname = "${3:list_devices}";',
        '\tdescription = "${4:Describe what the tool does.}";',
        ...annotationLines(5, '\t', ';').map((line, index) => (index === 0 && typescript ? '\tannotations: ToolAnnotations = {' : index === 0 ? '\tannotations = {' : line)),
        '\tinputSchema = z.object({ ${9:query}: z.string().describe("${10:What the parameter means.}") });',
        '',
        `\tasync execute(${typescript ? 'input: unknown, context: unknown' : 'input, context'}) {`,
        '\t\t$0',
        '\t}',
        '}',
      ].join('\n'),
      imports: typescript ? [{ module: '@modelcontextprotocol/sdk/types.js', name: 'ToolAnnotations', typeOnly: true }, ZOD] : [ZOD],
    },
  ];
}

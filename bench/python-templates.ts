/**
 * Python tool declarations for the benchmark inputs: every declaration form of rules.md
 * (Arcade `@app.tool` / `@tool` / `add_tool`, MCP SDK / FastMCP `@mcp.tool`, `add_tool`,
 * `Tool.from_function`, the low-level `types.Tool`), valid and invalid, formatted like real code.
 */
import { capitalise, GeneratedTool, Intent, Names, Random } from './random';

const DOMAINS = ['EMAIL', 'CALENDAR', 'DOCUMENTS', 'MESSAGING', 'CRM', 'PAYMENTS', 'CODE_SANDBOX', 'CLOUD_STORAGE'];
const BAD_DOMAINS = ['"EMAIL"', '"emial"', '"spreadsheets"', 'ServiceDomain.CALENDER'];

/**
 * The imports and module-level objects the templates use; with `imported`, the module of another
 * package's server (`<pkg>.server`) gives `mcp` instead of a FastMCP made here (the monorepo's typing file).
 */
export function pythonHeader(index: number, imported?: { title: string; module: string }): string[] {
  return [
    imported ? `"""${imported.title}"""` : `"""Tools of the generated benchmark toolkit number ${index}."""`,
    'from typing import Annotated',
    '',
    'from arcade_mcp_server import Context, MCPApp, tool',
    'from arcade_mcp_server.metadata import Behavior, Classification, Operation, ServiceDomain, ToolMetadata',
    'import arcade_mcp_server.metadata as md',
    'from mcp import types',
    'from mcp.server import Server',
    'from mcp.server.fastmcp import FastMCP',
    'from mcp.server.fastmcp.tools import Tool',
    'from mcp.types import ToolAnnotations',
    '',
    `app = MCPApp(name="Bench${index}", version="1.0.0")`,
    imported ? `from ${imported.module} import mcp` : `mcp = FastMCP("bench-${index}")`,
    `server = Server("bench-low-level-${index}")`,
    '',
    'READ_ONLY = ToolMetadata(',
    '    behavior=Behavior(operations=[Operation.READ], read_only=True, destructive=False, idempotent=True, open_world=True),',
    ')',
    'READ_HINTS = {"readOnlyHint": True, "openWorldHint": False}',
    '',
  ];
}

type Template = (random: Random, names: Names) => string[];

/** The tool's docstring and body: a documented tool's docstring says what it does and has an Args entry for its parameter. */
function body(random: Random, tool: GeneratedTool, summary = describe(tool)): string[] {
  const lines = tool.documented
    ? [`    """${summary}`, '', '    Args:', `        ${tool.noun}_id: The ${tool.noun} to work on.`, '    """']
    : [`    """${capital(tool.snake)}."""`];
  const steps = 2 + random.int(4);
  for (let step = 0; step < steps; step++) lines.push(`    result_${step} = await context.call("${tool.noun}.${step}", ${tool.noun}_id=${tool.noun}_id)`);
  lines.push(`    return {"${tool.noun}": result_${steps - 1}, "ok": True}`, '', '');
  return lines;
}

/** What a documented tool says it does. */
function describe(tool: GeneratedTool): string {
  return `${capitalise(tool.verb)} the ${tool.noun} with the given id.`;
}

function signature(tool: GeneratedTool): string {
  const parameter = tool.documented ? `Annotated[str, "The ${tool.noun}'s id"]` : 'str';
  return `async def ${tool.snake}(context: Context, ${tool.noun}_id: ${parameter}) -> dict:`;
}

function flags(intent: Intent): string {
  if (intent === 'read') return 'read_only=True, destructive=False, idempotent=True, open_world=True';
  if (intent === 'delete') return 'read_only=False, destructive=True, idempotent=False, open_world=True';
  return 'read_only=False, destructive=False, idempotent=False, open_world=True';
}

function operation(intent: Intent): string {
  return intent === 'read' ? 'READ' : intent === 'delete' ? 'DELETE' : 'UPDATE';
}

function intentOf(random: Random): Intent {
  return random.pick<Intent>(['read', 'read', 'write', 'delete']);
}

const arcadeAppTool: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  return [
    '@app.tool(',
    '    metadata=ToolMetadata(',
    `        classification=Classification(service_domains=[ServiceDomain.${random.pick(DOMAINS)}]),`,
    `        behavior=Behavior(operations=[Operation.${operation(intent)}], ${flags(intent)}),`,
    '    ),',
    ')',
    signature(tool),
    ...body(random, tool),
  ];
};

const arcadeContradiction: Template = (random, names) => {
  const tool = names.tool('delete');
  const strict = random.chance(0.3);
  return [
    `@tool(name="${tool.pascal}", metadata=ToolMetadata(`,
    `    behavior=Behavior(operations=[Operation.DELETE], read_only=True, destructive=False, idempotent=True, open_world=False),`,
    `    classification=Classification(service_domains=[ServiceDomain.${random.pick(DOMAINS)}]),`,
    ...(strict ? ['    strict=False,'] : []),
    '))',
    signature(tool),
    ...body(random, tool, `${capital(tool.snake)} for good.`),
  ];
};

const arcadeDicts: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  const complete = random.chance(0.5);
  return [
    '@tool(',
    '    metadata=ToolMetadata(',
    `        classification={"service_domains": ["${random.pick(DOMAINS).toLowerCase()}"]},`,
    `        behavior={"operations": ["${operation(intent).toLowerCase()}"], "read_only": ${intent === 'read' ? 'True' : 'False'}${complete ? ', "destructive": False, "idempotent": True, "open_world": True' : ''}},`,
    '    ),',
    ')',
    signature(tool),
    ...body(random, tool),
  ];
};

const arcadeInvalid: Template = (random, names) => {
  const tool = names.tool('write');
  const variant = random.int(4);
  const behavior = [
    'Behavior(operations=[Operation.CREATE, Operation.CREATE], readonly=True, open_world=True)',
    'Behavior(operations=[md.Operation.UPDAET], read_only="maybe", destructive=0, idempotent=False, open_world=True)',
    'Behavior(operations=[], read_only=False, destructive=False, idempotent=False, open_world=True)',
    'Behavior(operations=[Operation.CREATE])',
  ][variant];
  return [
    '@app.tool(',
    `    desc="${capital(tool.snake)} in the ${tool.noun} store.",`,
    `    metadata=ToolMetadata(classification=Classification(service_domains=[${random.pick(BAD_DOMAINS)}]), behavior=${behavior}),`,
    ')',
    signature(tool),
    ...body(random, tool),
  ];
};

const arcadePresetAndExtras: Template = (random, names) => {
  const tool = names.tool('read');
  const other = names.tool('write');
  return [
    '@tool(metadata=READ_ONLY)',
    signature(tool),
    ...body(random, tool),
    '@tool(',
    `    metadata=ToolMetadata(behavior=Behavior(operations=[Operation.CREATE], ${flags('write')}), extras={"scopes": {"a", "b"}, 1: "x"}),`,
    ')',
    signature(other),
    ...body(random, other),
  ];
};

const arcadeAddTool: Template = (random, names) => {
  const tool = names.tool(intentOf(random));
  return [
    signature(tool),
    ...body(random, tool),
    `app.add_tool(${tool.snake}, metadata=ToolMetadata(behavior=Behavior(operations=[Operation.READ], read_only=True)))`,
    '',
    '',
  ];
};

const arcadeMetadataDict: Template = (random, names) => {
  const tool = names.tool('read');
  return [
    `@app.tool(metadata={"behavior": {"read_only": True}}, meta={"arcade": {"x": 1}})  # mcp-tool-lint: ignore[reserved-meta-key] generated`,
    signature(tool),
    ...body(random, tool),
  ];
};

const sdkAnnotations: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  const hints = intent === 'read'
    ? 'readOnlyHint=True, openWorldHint=True'
    : `readOnlyHint=False, destructiveHint=${intent === 'delete' ? 'True' : 'False'}, idempotentHint=False, openWorldHint=True`;
  return [
    '@mcp.tool(',
    `    title="${capital(tool.snake.replace(/_/g, ' '))}",`,
    `    annotations=ToolAnnotations(${hints}),`,
    ')',
    signature(tool),
    ...body(random, tool),
  ];
};

const sdkDictAnnotations: Template = (random, names) => {
  const tool = names.tool('delete');
  const variant = random.int(4);
  const annotations = [
    '{"readOnlyHint": True, "destructiveHint": True, "openWorldHint": True}',
    '{**READ_HINTS, "title": "Preset"}',
    '{"readOnlyHint": True, "idempotentHint": False, "readonlyHint": True}',
    '{"readOnlyHint": "false", "openWorldHint": True, "openWorldHint": True}',
  ][variant];
  return [
    `@mcp.tool(annotations=${annotations})`,
    signature(tool),
    ...body(random, tool),
  ];
};

const sdkBareAndSnake: Template = (random, names) => {
  const bare = names.tool('write');
  const snake = names.tool('read');
  return [
    '@mcp.tool',
    signature(bare),
    ...body(random, bare),
    '@mcp.tool(annotations=ToolAnnotations(read_only_hint=True, openWorldHint=False))',
    signature(snake),
    ...body(random, snake),
  ];
};

const sdkAddTool: Template = (random, names) => {
  const added = names.tool('read');
  const built = names.tool('write');
  return [
    signature(added),
    ...body(random, added),
    `mcp.add_tool(${added.snake}, annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False))`,
    `${built.snake}_tool = Tool.from_function(`,
    `    ${added.snake},`,
    `    name="${built.snake}",`,
    '    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False),',
    ')',
    '',
    '',
  ];
};

const lowLevel: Template = (random, names) => {
  const count = 2 + random.int(3);
  const lines = ['@server.list_tools()', `async def list_tools_${names.tool('read').snake}() -> list[types.Tool]:`, '    return ['];
  for (let index = 0; index < count; index++) {
    const intent = intentOf(random);
    const tool = names.tool(intent);
    lines.push(
      '        types.Tool(',
      `            name="${random.chance(0.1) ? tool.snake.replace('_', ' ') : tool.snake}",`,
      `            description="${tool.documented ? describe(tool) : `${capital(tool.snake)}.`}",`,
      `            inputSchema={"type": "object", "properties": {"${tool.noun}_id": {"type": "string"${tool.documented ? `, "description": "The ${tool.noun}'s id"` : ''}}}},`,
    );
    if (random.chance(0.8)) lines.push(`            annotations=types.ToolAnnotations(readOnlyHint=${intent === 'read' ? 'True' : 'False'}, openWorldHint=False),`);
    lines.push('        ),');
  }
  lines.push('    ]', '', '');
  return lines;
};

const plainCode: Template = (random, names) => {
  const helper = names.tool('read');
  return [
    `class ${capital(helper.noun)}Cache${helper.snake.length}:`,
    `    """Caches ${helper.noun} lookups (not a tool)."""`,
    '',
    '    def __init__(self) -> None:',
    '        self.entries: dict[str, dict] = {}',
    '',
    `    def lookup(self, key: str) -> dict | None:`,
    '        return self.entries.get(key)',
    '',
    '',
  ];
};

/** Weighted: the forms seen most in real code come up most often. */
export const PYTHON_TEMPLATES: Template[] = [
  arcadeAppTool, arcadeAppTool, arcadeAppTool, arcadeContradiction, arcadeDicts, arcadeInvalid, arcadePresetAndExtras,
  arcadeAddTool, arcadeMetadataDict, sdkAnnotations, sdkAnnotations, sdkDictAnnotations, sdkBareAndSnake, sdkAddTool,
  lowLevel, plainCode,
];

function capital(text: string): string {
  return text[0].toUpperCase() + text.slice(1).replace(/_\d+$/, '').replace(/_/g, ' ');
}

/**
 * TypeScript / JavaScript tool declarations for the benchmark inputs: every form of rules.md
 * (tool object literals returned by a tools/list handler, tool classes, `registerTool`,
 * every `server.tool` overload, FastMCP `addTool`, typed presets), valid and invalid.
 */
import { GeneratedTool, Intent, Names, Random } from './random';

/** The imports and objects the templates use; with `imported`, `server` comes from that module (the monorepo's typing file). */
export function typescriptHeader(index: number, typed: boolean, imported?: { title: string; module: string }): string[] {
  const type = (text: string) => (typed ? text : '');
  return [
    imported ? `// ${imported.title}` : `// Tools of the generated benchmark server number ${index}.`,
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
    `import { ListToolsRequestSchema${typed ? ', type Tool, type ToolAnnotations' : ''} } from "@modelcontextprotocol/sdk/types.js";`,
    'import { FastMCP } from "fastmcp";',
    'import { z } from "zod";',
    '',
    imported ? `import { server } from "${imported.module}";` : `const server = new McpServer({ name: "bench-${index}", version: "1.0.0" });`,
    `const lowLevel = new Server({ name: "bench-low-level-${index}", version: "1.0.0" }, { capabilities: { tools: {} } });`,
    `const fast = new FastMCP({ name: "bench-fast-${index}", version: "1.0.0" });`,
    'const handler = async () => ({ content: [] });',
    '',
    `const READ_ONLY${type(': ToolAnnotations')} = { readOnlyHint: true, openWorldHint: false };`,
    `const DESTRUCTIVE = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }${type(' satisfies ToolAnnotations')};`,
    '',
  ];
}

type Template = (random: Random, names: Names, typed: boolean) => string[];

function hints(intent: Intent): string {
  if (intent === 'read') return 'readOnlyHint: true, openWorldHint: false';
  return `readOnlyHint: false, destructiveHint: ${intent === 'delete'}, idempotentHint: false, openWorldHint: true`;
}

function intentOf(random: Random): Intent {
  return random.pick<Intent>(['read', 'read', 'write', 'delete']);
}

/** A zod string with its description when the tool is documented. */
function zodString(tool: GeneratedTool): string {
  return tool.documented ? `z.string().describe("The ${tool.noun}'s id")` : 'z.string()';
}

function callback(random: Random, noun: string): string[] {
  const lines = [`  async ({ ${noun}Id }) => {`];
  const steps = 1 + random.int(3);
  for (let step = 0; step < steps; step++) lines.push(`    const step${step} = await fetch(\`/api/${noun}/\${${noun}Id}/${step}\`);`);
  lines.push(`    return { content: [{ type: "text", text: String(step${steps - 1}.status) }] };`, '  },');
  return lines;
}

const registerTool: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  const annotations = random.pick([`{ ${hints(intent)} }`, `{ ${hints(intent)} }`, 'READ_ONLY', 'DESTRUCTIVE', '{ readOnlyHint: true, destructiveHint: true }']);
  const withAnnotations = random.chance(0.85);
  return [
    'server.registerTool(',
    `  "${tool.snake}",`,
    '  {',
    `    title: "${tool.pascal}",`,
    `    description: "Works on one ${tool.noun}.",`,
    `    inputSchema: { ${tool.noun}Id: ${zodString(tool)} },`,
    ...(withAnnotations ? [`    annotations: ${annotations},`] : []),
    '  },',
    ...callback(random, tool.noun),
    ');',
    '',
  ];
};

const serverTool: Template = (random, names) => {
  const lines: string[] = [];
  const read = names.tool('read');
  const write = names.tool('write');
  const remove = names.tool('delete');
  lines.push(
    `server.tool("${read.snake}", "Read one ${read.noun}.", { id: ${zodString(read)} }, { ${hints('read')} }, handler);`,
    `server.tool("${write.snake}", { ${hints('write')} }, handler);`,
    `server.tool("${remove.snake}", "Delete one ${remove.noun}.", { id: ${zodString(remove)} }, { readOnlyHint: true, destructiveHint: true, openWorldHint: false }, handler);`,
  );
  if (random.chance(0.5)) lines.push(`server.tool("${names.tool('read').snake}", handler);`);
  lines.push('');
  return lines;
};

const objectLiterals: Template = (random, names, typed) => {
  const count = 3 + random.int(3);
  const list = `TOOLS_${names.tool('read').snake.toUpperCase()}`;
  const lines = [`const ${list}${typed ? ': Tool[]' : ''} = [`];
  for (let index = 0; index < count; index++) {
    const intent = intentOf(random);
    const tool = names.tool(intent);
    lines.push(
      '  {',
      `    name: "${random.chance(0.1) ? tool.snake.replace('_', ' ') : tool.snake}",`,
      `    description: "Works on one ${tool.noun}.",`,
      `    inputSchema: { type: "object", properties: { ${tool.noun}Id: { type: "string"${tool.documented ? `, description: "The ${tool.noun}'s id"` : ''} } }, required: ["${tool.noun}Id"] },`,
    );
    const variant = random.int(6);
    if (variant === 0) lines.push(`    annotations: { readonlyHint: true, openWorldHint: false, destructiveHint: "false" },`);
    else if (variant === 1) lines.push(`    annotations: { ${hints(intent)}, openWorldHint: true },`);
    else if (variant !== 2) lines.push(`    annotations: { ${hints(intent)} },`);
    lines.push('  },');
  }
  lines.push('];', '', `lowLevel.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${list} }));`, '');
  return lines;
};

const classTool: Template = (random, names, typed) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  const custom = random.chance(0.3) ? [`    custom: { rateLimit: { windowMs: ${random.chance(0.5) ? 60000 : 0}, max: 5 } },`] : [];
  return [
    `export class ${tool.pascal}Tool {`,
    `  name = "${tool.snake}";`,
    `  description = "Works on one ${tool.noun}.";`,
    `  annotations${typed ? ': ToolAnnotations' : ''} = {`,
    ...hints(intent).split(', ').map((hint) => `    ${hint},`),
    ...custom,
    '  };',
    '',
    `  async execute(${tool.noun}Id${typed ? ': string' : ''}) {`,
    `    return fetch(\`/api/${tool.noun}/\${${tool.noun}Id}\`);`,
    '  }',
    '}',
    '',
  ];
};

const fastMcp: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  const annotations = random.pick([`{ ${hints(intent)}, streamingHint: true }`, `{ ${hints(intent)} }`, `{ readOnlyHint: true, streamHint: true }`]);
  return [
    'fast.addTool({',
    `  name: "${tool.snake}",`,
    `  description: "Works on one ${tool.noun}.",`,
    `  parameters: z.object({ ${tool.noun}Id: ${zodString(tool)} }),`,
    ...(random.chance(0.85) ? [`  annotations: ${annotations},`] : []),
    `  execute: async ({ ${tool.noun}Id }) => String(${tool.noun}Id),`,
    '});',
    '',
  ];
};

const presetAndHelpers: Template = (random, names, typed) => {
  const tool = names.tool('read');
  const preset = `${tool.noun.toUpperCase()}_${tool.snake.length}_PRESET`;
  return [
    `const ${preset}${typed ? ': ToolAnnotations' : ''} = { readOnlyHint: true, idempotentHint: false, openWorldHint: false };`,
    `server.registerTool("${tool.snake}", { description: "Reads one ${tool.noun}.", annotations: ${preset} }, handler);`,
    '',
    `function format${tool.pascal}(value${typed ? ': unknown' : ''}) {`,
    '  // A helper, not a tool.',
    '  return JSON.stringify(value, null, 2);',
    '}',
    '',
  ];
};

export const TYPESCRIPT_TEMPLATES: Template[] = [
  registerTool, registerTool, registerTool, serverTool, objectLiterals, classTool, fastMcp, presetAndHelpers,
];

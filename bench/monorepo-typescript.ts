/**
 * TypeScript files of the generated monorepo: the shared package's registration helper (a wrapper
 * of `server.registerTool`), each server's package.json, tsconfig.json and src/server.ts (the one
 * `McpServer`, exported), tool modules importing it from "../server.js", and ordinary application
 * code (API clients, services, React components), some of it with toolbars, tooltips and metadata.
 */
import { camel, Intent, VERBS, COMMON_DIR, pascal, ServerPackage, Words } from './monorepo-layout';
import { Random } from './random';
import { typescriptHeader } from './typescript-templates';

const SDK = '"@modelcontextprotocol/sdk": "^1.17.0"';

export function packageJson(name: string, dependencies: string[], extra: Record<string, unknown> = {}): string {
  const deps = Object.fromEntries(dependencies.map((entry) => JSON.parse(`{${entry}}`) as Record<string, string>).flatMap(Object.entries));
  return `${JSON.stringify({ name, version: '0.3.0', private: true, type: 'module', main: 'dist/index.js', scripts: { build: 'tsc -b', test: 'vitest run' }, dependencies: deps, ...extra }, null, 2)}\n`;
}

export function serverPackageJson(pkg: ServerPackage): string {
  const common = pkg.flavour === 'sdk' ? [] : ['"@repo/common": "workspace:*"'];
  return packageJson(pkg.name, [SDK, ...common, '"zod": "^3.23.8"'], { bin: { [pkg.name.replace('@repo/', '')]: 'dist/index.js' } });
}

export function tsconfig(paths: boolean): string {
  const options: Record<string, unknown> = { extends: '../../tsconfig.base.json', compilerOptions: { outDir: 'dist', rootDir: 'src' }, include: ['src'] };
  if (paths) Object.assign(options.compilerOptions as object, { baseUrl: '.', paths: { '@repo/common': ['../../packages/common/src/index.ts'], '@/*': ['src/*'] } });
  return `${JSON.stringify(options, null, 2)}\n`;
}

/** packages/common/src/register.ts: the helper the servers register most tools through. */
export function commonRegister(): string {
  return `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ZodRawShape } from "zod";
import { logger } from "./logger.js";

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: true };
export const DESTRUCTIVE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

export interface ToolSpec<Shape extends ZodRawShape> {
  name: string;
  title?: string;
  description: string;
  inputSchema: Shape;
  annotations?: ToolAnnotations;
}

/** Registers a tool on \`server\` with logging and error reporting around its handler. */
export function registerTool<Shape extends ZodRawShape>(server: McpServer, spec: ToolSpec<Shape>, handler: (args: any) => Promise<unknown>) {
  return server.registerTool(
    spec.name,
    { title: spec.title, description: spec.description, inputSchema: spec.inputSchema, annotations: spec.annotations },
    async (args: any) => {
      const started = Date.now();
      try {
        const result = await handler(args);
        return { content: [{ type: "text" as const, text: JSON.stringify(result) }] };
      } catch (error) {
        logger.error(\`\${spec.name} failed\`, error);
        return { isError: true, content: [{ type: "text" as const, text: String(error) }] };
      } finally {
        logger.debug(\`\${spec.name} took \${Date.now() - started} ms\`);
      }
    },
  );
}
`;
}

export function commonIndex(modules: readonly string[]): string {
  return ['export { registerTool, READ_ONLY, DESTRUCTIVE, type ToolSpec } from "./register.js";', ...modules.map((module) => `export * from "./${module}.js";`), ''].join('\n');
}

export function commonLogger(): string {
  return 'export const logger = {\n  debug: (...args: unknown[]) => process.env.DEBUG && console.error("[debug]", ...args),\n  error: (...args: unknown[]) => console.error("[error]", ...args),\n};\n';
}

/** src/server.ts: the one McpServer of the package, exported for the tool modules. */
export function typescriptServer(pkg: ServerPackage): string {
  const title = pkg.name.replace('@repo/', '');
  return `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export const server = new McpServer(
  { name: "${title}", version: "0.3.0" },
  { capabilities: { tools: {}, logging: {} }, instructions: "Tools for ${title}." },
);
`;
}

/** src/index.ts: imports every tool module (which registers its tools) and connects over stdio. */
export function typescriptEntry(toolModules: readonly string[]): string {
  return [
    'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";',
    'import { server } from "./server.js";',
    ...toolModules.map((module) => `import "./tools/${module}.js";`),
    '',
    'await server.connect(new StdioServerTransport());',
    '',
  ].join('\n');
}

/** The header of a typing file (bench/generate.ts's templates after it): `server` comes from ../server.js. */
export function typescriptTypingHeader(pkg: ServerPackage, index: number): string[] {
  return typescriptHeader(index, true, { title: `Tools of the ${pkg.name} server, part ${index}: every declaration form.`, module: '../server.js' });
}


function annotations(words: Words, intent: Intent): string[] {
  switch (words.int(6)) {
    case 0: return [];
    case 1: return [`annotations: ${intent === 'delete' ? 'DESTRUCTIVE' : 'READ_ONLY'},`];
    case 2: return ['annotations: { readOnlyHint: true, destructiveHint: true },'];
    default: return [`annotations: { readOnlyHint: ${intent === 'read'}, destructiveHint: ${intent === 'delete'}, openWorldHint: true },`];
  }
}

/**
 * The package's storage layer (src/storage/store.ts): a Postgres-backed store class per noun and a
 * module-level store of each, which the tool modules import (their effects go through it).
 */
export function typescriptStore(pkg: ServerPackage): string {
  const out = [`// Where the ${pkg.name} server keeps what it has seen: one Postgres table per kind.`, 'import { Pool } from "pg";', '', 'const pool = new Pool({ connectionString: process.env.DATABASE_URL });', ''];
  for (const noun of pkg.nouns) {
    const name = pascal(noun, 'Store');
    out.push(`export class ${name} {`, '  constructor(private readonly db: Pool) {}', '');
    out.push('  async get(key: string): Promise<unknown[]> {', `    return (await this.db.query("SELECT key, body FROM ${noun}s WHERE key = $1", [key])).rows;`, '  }', '');
    out.push('  async save(key: string, body: string): Promise<void> {', `    await this.db.query("INSERT INTO ${noun}s (key, body) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET body = $2", [key, body]);`, '  }', '');
    out.push('  async remove(key: string): Promise<void> {', `    await this.db.query("DELETE FROM ${noun}s WHERE key = $1", [key]);`, '  }', '');
    out.push('  async touch(key: string): Promise<void> {', '    await this.record(key);', '  }', '');
    out.push('  private async record(key: string): Promise<void> {', `    await this.db.query("INSERT INTO ${noun}_reads (key) VALUES ($1)", [key]);`, '  }', '}', '');
    out.push(`export const ${noun}Store = new ${name}(pool);`, '');
  }
  return `${out.join('\n')}\n`;
}

/** What a tool of `intent` does to the store: saves or removes, and one read in eight records itself (a finding). */
function storeCall(target: string, intent: Intent, random: Random): string {
  if (intent === 'write') return `await stores.${target}Store.save(${target}Id, "{}");`;
  if (intent === 'delete') return `await stores.${target}Store.remove(${target}Id);`;
  return random.chance(1 / 8) ? `await stores.${target}Store.touch(${target}Id);` : `await stores.${target}Store.get(${target}Id);`;
}

/** A tool module: `import { server } from "../server.js"`, tools through `server.registerTool` or the helper. */
export function typescriptToolModule(pkg: ServerPackage, random: Random, lines: number, index: number): string {
  const words = new Words(random, pkg.nouns, false);
  const noun = words.noun();
  const client = pascal(noun, 'Client');
  const out = [
    `// Tools for ${noun}s (${pkg.name}, part ${index}).`,
    'import { z } from "zod";',
    pkg.flavour === 'sdk' ? 'import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";' : 'import { registerTool, READ_ONLY, DESTRUCTIVE } from "@repo/common";',
    'import { server } from "../server.js";',
    `import { ${client} } from "../clients/${noun}-client.js";`,
    'import * as stores from "../storage/store.js";',
    '',
    `const client = new ${client}(process.env.API_URL ?? "https://api.example.com");`,
    ...(pkg.flavour === 'sdk' ? ['const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: true };', 'const DESTRUCTIVE: ToolAnnotations = { destructiveHint: true, openWorldHint: true };'] : []),
    '',
  ];
  while (out.length < lines) {
    const intent = random.pick<Intent>(['read', 'read', 'write', 'delete']);
    const verb = random.pick(VERBS[intent]);
    const target = words.noun();
    const tool = words.unique(`${verb}_${target}`);
    const schema = `{ ${target}Id: z.string().describe("The ${target}'s id"), limit: z.number().int().max(100).optional() }`;
    const helper = pkg.flavour === 'common' || (pkg.flavour === 'mixed' && random.chance(0.5));
    const normalise = camel('normalise', ...tool.split('_'));
    if (helper) {
      out.push('registerTool(server, {', `  name: "${tool}",`, `  description: "${pascal(verb)} one ${target}.",`, `  inputSchema: ${schema},`, ...annotations(words, intent).map((line) => `  ${line}`));
      out.push(`}, async ({ ${target}Id, limit }) => {`, `  ${storeCall(target, intent, random)}`, `  return ${normalise}(await client.${camel(verb, target)}(${target}Id), limit ?? 20);`, '});', '');
    } else {
      out.push('server.registerTool(', `  "${tool}",`, '  {', `    title: "${pascal(verb, target)}",`, `    description: "${pascal(verb)} one ${target}.",`, `    inputSchema: ${schema},`);
      out.push(...annotations(words, intent).map((line) => `    ${line}`), '  },', `  async ({ ${target}Id, limit }) => {`, `    ${storeCall(target, intent, random)}`, `    const items = ${normalise}(await client.${camel(verb, target)}(${target}Id), limit ?? 20);`);
      out.push('    return { content: [{ type: "text", text: JSON.stringify(items) }] };', '  },', ');', '');
    }
    out.push(...typescriptFunction(words, normalise), '');
  }
  return `${out.join('\n')}\n`;
}

/** A helper: a loop with a few branches, 10-25 lines. */
function typescriptFunction(words: Words, name: string): string[] {
  const key = words.flavour();
  const out = [`function ${name}(record: Record<string, any>, limit: number): Array<Record<string, unknown>> {`, `  // Picks the ${key} entries worth showing.`, '  const result: Array<Record<string, unknown>> = [];'];
  out.push(`  for (const [index, item] of (record.${key}s ?? []).entries()) {`, '    if (index >= limit) break;', '    let entry = { ...item };');
  const branches = 1 + words.int(4);
  for (let branch = 0; branch < branches; branch++) {
    const field = words.flavour();
    out.push(`    if (entry.${field} != null) {`, `      entry = { ...entry, ${field}${branch}: String(entry.${field}).trim() };`, '    }');
  }
  out.push('    result.push(entry);', '  }', '  return result;', '}', '');
  return out;
}

function typescriptModel(words: Words): string[] {
  const name = words.unique(pascal(words.noun(), 'Record'));
  const out = [`export interface ${name} {`, '  id: string;', '  createdAt?: string;'];
  const fields = 2 + words.int(6);
  for (let field = 0; field < fields; field++) out.push(`  ${words.flavour()}${field}?: ${words.random.pick(['string', 'number', 'boolean', 'string[]'])};`);
  out.push(`  ${words.toolish ? 'metadata' : 'extra'}?: Record<string, string>;`, '}', '', `export function is${name}(value: unknown): value is ${name} {`);
  out.push('  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";', '}', '');
  return out;
}

function typescriptClient(words: Words): string[] {
  const noun = words.noun();
  const out = [`export class ${words.unique(pascal(noun, 'Api'))} {`, '  private readonly cache = new Map<string, unknown>();', '', '  constructor(private readonly baseUrl: string, private readonly token?: string) {}', ''];
  const methods = 2 + words.int(5);
  for (let method = 0; method < methods; method++) {
    const name = words.unique(camel(words.random.pick(['get', 'list', 'load', 'refresh']), words.flavour()));
    out.push(`  async ${name}(key: string): Promise<unknown> {`, '    if (this.cache.has(key)) return this.cache.get(key);');
    out.push(`    const response = await fetch(\`\${this.baseUrl}/${noun}s/\${encodeURIComponent(key)}/${name}\`, {`, '      headers: this.token ? { authorization: `Bearer ${this.token}` } : {},', '    });');
    out.push(`    if (!response.ok) throw new Error(\`${name} failed: \${response.status}\`);`, '    const data: unknown = await response.json();', '    this.cache.set(key, data);', '    return data;', '  }', '');
  }
  out.push('}', '');
  return out;
}

function typescriptComponent(words: Words): string[] {
  const name = words.unique(pascal(words.flavour(), 'Panel'));
  const out = [`export function ${name}({ items, onSelect }: { items: Array<{ id: string; label: string; hint?: string }>; onSelect(id: string): void }) {`];
  out.push('  const [active, setActive] = useState<string | null>(null);', '  return (', `    <div className="${words.flavour()}">`, '      {items.map((item) => (');
  out.push('        <button key={item.id} title={item.hint} aria-pressed={active === item.id} onClick={() => { setActive(item.id); onSelect(item.id); }}>');
  out.push('          {item.label}', '        </button>', '      ))}', '    </div>', '  );', '}', '');
  return out;
}

const TYPESCRIPT_BLOCKS = [typescriptModel, typescriptClient, typescriptClient, (words: Words) => typescriptFunction(words, words.unique(camel('filter', words.flavour())))];

/** Ordinary code: clients, models, helpers, and React components in a .tsx file (`jsx`). */
export function typescriptAppModule(nouns: readonly string[], random: Random, lines: number, toolish: boolean, jsx: boolean): string {
  const words = new Words(random, nouns, toolish);
  const out = jsx ? ['import { useState } from "react";', ''] : [`import { logger } from "${random.chance(0.5) ? '@repo/common' : `../../../${COMMON_DIR}/src/logger.js`}";`, ''];
  if (toolish) out.push(`// The ${random.pick(['tooling', 'toolbar', 'metadata'])} settings below are read once at start-up.`);
  const blocks = jsx ? [...TYPESCRIPT_BLOCKS, typescriptComponent, typescriptComponent] : TYPESCRIPT_BLOCKS;
  while (out.length < lines) out.push(...random.pick(blocks)(words));
  return `${out.join('\n')}\n`;
}

/**
 * Which MCP SDK modules a file imports (ES imports, re-exports, `require`, `import()`),
 * deciding whether its `registerTool` / `tool` / `addTool` calls are tool registrations.
 */
import { Node } from 'web-tree-sitter';
import { callArguments, namedChildrenOf, stringValue } from './syntax';

/** Server-side MCP modules (each also matches its subpaths); the config key `serverModules` adds more. */
export const DEFAULT_SERVER_MODULES: readonly string[] = [
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/server-legacy',
  'fastmcp',
];

/** Modules that are only the SDK's client side. */
const CLIENT_MODULES: readonly string[] = ['@modelcontextprotocol/sdk/client', '@modelcontextprotocol/client'];

/** Subpaths of the SDK shared by clients and servers (types, shared protocol code). */
const SHARED_PREFIXES: readonly string[] = ['@modelcontextprotocol/sdk/types', '@modelcontextprotocol/sdk/shared', '@modelcontextprotocol/core'];

export interface ImportFacts {
  /** The file imports a server module (or an SDK module other than the client's). */
  server: boolean;
  /** The file imports the SDK's client and nothing that is server-only: a client-side mirror, never a declaration. */
  clientOnly: boolean;
}

function matchesModule(specifier: string, module: string): boolean {
  return specifier === module || specifier.startsWith(`${module}/`);
}

/** Every module specifier imported by these statements and calls (`require(...)`, `import(...)`). */
export function importedModules(statements: readonly Node[], calls: readonly Node[]): string[] {
  const modules: string[] = [];
  const add = (source: Node | null | undefined): void => {
    const text = source ? stringValue(source) : undefined;
    if (text !== undefined) modules.push(text);
  };
  for (const statement of statements) {
    add(statement.childForFieldName('source'));
    const requireClause = namedChildrenOf(statement).find((child) => child.type === 'import_require_clause');
    if (requireClause) add(requireClause.childForFieldName('source'));
  }
  for (const call of calls) {
    const callee = call.childForFieldName('function');
    if (callee && (callee.type === 'import' || (callee.type === 'identifier' && callee.text === 'require'))) add(callArguments(call)[0]);
  }
  return modules;
}

/** Whether `specifier` is one of the server modules (or a subpath of one), not the SDK's client. */
export function isServerModule(specifier: string, serverModules: readonly string[] = DEFAULT_SERVER_MODULES): boolean {
  return !CLIENT_MODULES.some((module) => matchesModule(specifier, module)) && serverModules.some((module) => matchesModule(specifier, module));
}

export function importFacts(modules: readonly string[], serverModules: readonly string[] = DEFAULT_SERVER_MODULES): ImportFacts {
  const isClient = (specifier: string): boolean => CLIENT_MODULES.some((module) => matchesModule(specifier, module));
  const isShared = (specifier: string): boolean => SHARED_PREFIXES.some((prefix) => matchesModule(specifier, prefix) || specifier.startsWith(`${prefix}.`));
  const sdk = modules.filter((specifier) => !isClient(specifier) && serverModules.some((module) => matchesModule(specifier, module)));
  const client = modules.some(isClient);
  // A client file usually imports the shared types too; only a server-side import makes it a server.
  const serverOnly = sdk.filter((specifier) => !isShared(specifier));
  const server = client ? serverOnly.length > 0 : sdk.length > 0;
  return { server, clientOnly: client && !server };
}

/** A name an ES import binds: `import { a as b } from "m"` binds `b` to `a` of `m`; `*` for a namespace. */
export interface ImportBinding {
  local: string;
  specifier: string;
  name: string;
}

/** The names these import statements bind (`export ... from` re-exports bind none). */
export function importBindings(statements: readonly Node[]): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of statements) {
    if (statement.type !== 'import_statement') continue;
    const source = statement.childForFieldName('source');
    const specifier = source ? stringValue(source) : undefined;
    const clause = namedChildrenOf(statement).find((child) => child.type === 'import_clause');
    if (specifier === undefined || !clause) continue;
    for (const part of namedChildrenOf(clause)) {
      if (part.type === 'identifier') bindings.push({ local: part.text, specifier, name: 'default' });
      else if (part.type === 'namespace_import') {
        const local = namedChildrenOf(part).find((child) => child.type === 'identifier');
        if (local) bindings.push({ local: local.text, specifier, name: '*' });
      } else if (part.type === 'named_imports') {
        for (const specifierNode of namedChildrenOf(part)) {
          if (specifierNode.type !== 'import_specifier') continue;
          const name = specifierNode.childForFieldName('name');
          const alias = specifierNode.childForFieldName('alias') ?? name;
          const imported = name ? (name.type === 'string' ? stringValue(name) : name.text) : undefined;
          if (alias && imported !== undefined) bindings.push({ local: alias.text, specifier, name: imported });
        }
      }
    }
  }
  return bindings;
}

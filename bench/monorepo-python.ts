/**
 * Python files of the generated monorepo's server packages: pyproject.toml, the module making the
 * server object, tool modules importing it from there, tests building their own FastMCP servers,
 * and ordinary application code (models, services, helpers), some of it speaking of toolbars,
 * tooling and metadata without being MCP.
 */
import { camel, Intent, VERBS, pascal, ServerPackage, snake, Words } from './monorepo-layout';
import { Random } from './random';
import { pythonHeader } from './python-templates';

const DEPENDENCY: Record<string, string> = { mcp: 'mcp>=1.9', fastmcp: 'fastmcp>=2.10', arcade: 'arcade-mcp-server>=1.2' };

export function pyproject(pkg: ServerPackage): string {
  return [
    '[project]',
    `name = "${pkg.name}"`,
    'version = "0.3.0"',
    'requires-python = ">=3.11"',
    `dependencies = ["${DEPENDENCY[pkg.flavour]}", "httpx>=0.27", "pydantic>=2.7"]`,
    '',
    '[project.optional-dependencies]',
    'dev = ["pytest>=8", "pytest-asyncio>=0.23", "ruff>=0.5"]',
    '',
    '[project.scripts]',
    `${pkg.name} = "${pkg.module}.__main__:main"`,
    '',
    '[build-system]',
    'requires = ["hatchling"]',
    'build-backend = "hatchling.build"',
    '',
    '[tool.ruff]',
    'line-length = 120',
    '',
  ].join('\n');
}

/** The name the tool modules import: `app` for Arcade, `mcp` otherwise. */
export function serverName(pkg: ServerPackage): string {
  return pkg.flavour === 'arcade' ? 'app' : 'mcp';
}

/** src/<module>/server.py: the one server object of the package. */
export function pythonServer(pkg: ServerPackage): string {
  const title = pkg.name.replace(/-mcp$/, '');
  const made = {
    mcp: ['from mcp.server.fastmcp import FastMCP', '', `mcp = FastMCP("${title}", instructions="Tools for ${title}.")`],
    fastmcp: ['from fastmcp import FastMCP', '', `mcp = FastMCP(name="${title}")`],
    arcade: ['from arcade_mcp_server import MCPApp', '', `app = MCPApp(name="${title}", version="0.3.0", instructions="Tools for ${title}.")`],
  }[pkg.flavour as 'mcp' | 'fastmcp' | 'arcade'];
  return [`"""The ${title} MCP server object; tool modules register on it."""`, ...made, '', `__all__ = ["${serverName(pkg)}"]`, ''].join('\n');
}

export function pythonInit(pkg: ServerPackage): string {
  return `"""${pkg.name}: an MCP server."""\n\n__version__ = "0.3.0"\n`;
}

/** src/<module>/__main__.py: imports every tool module (which registers its tools) and runs the server. */
export function pythonMain(pkg: ServerPackage, toolModules: readonly string[]): string {
  const name = serverName(pkg);
  return [
    '"""Runs the server over stdio."""',
    `from ${pkg.module}.server import ${name}`,
    ...toolModules.map((module) => `import ${pkg.module}.tools.${module}  # noqa: F401  (registers its tools)`),
    '',
    '',
    'def main() -> None:',
    `    ${name}.run(${pkg.flavour === 'arcade' ? 'transport="stdio"' : ''})`,
    '',
    '',
    'if __name__ == "__main__":',
    '    main()',
    '',
  ].join('\n');
}

/** The header of a typing file (bench/generate.ts's templates after it): `mcp` comes from server.py. */
export function pythonTypingHeader(pkg: ServerPackage, index: number): string[] {
  return pythonHeader(index, { title: `Tools of the ${pkg.name} server, part ${index}: every declaration form.`, module: `${pkg.module}.server` });
}


function decorator(pkg: ServerPackage, words: Words, intent: Intent, tool: string): string[] {
  const flag = (value: boolean) => (value ? 'True' : 'False');
  if (pkg.flavour === 'arcade') {
    const operation = intent === 'read' ? 'READ' : intent === 'delete' ? 'DELETE' : 'UPDATE';
    // One in eight says read-only while deleting: a finding.
    const readOnly = intent === 'read' || words.int(8) === 0;
    return [
      '@app.tool(',
      '    metadata=ToolMetadata(',
      `        behavior=Behavior(operations=[Operation.${operation}], read_only=${flag(readOnly)}, destructive=${flag(intent === 'delete')}, idempotent=${flag(intent !== 'write')}, open_world=True),`,
      '    ),',
      ')',
    ];
  }
  const hints = `readOnlyHint=${flag(intent === 'read')}, destructiveHint=${flag(intent === 'delete')}, openWorldHint=True`;
  switch (words.int(5)) {
    case 0: return ['@mcp.tool()'];
    case 1: return [`@mcp.tool(annotations={"readOnlyHint": ${flag(intent === 'read')}, "idempotentHint": True})`];
    case 2: return ['@mcp.tool(', `    name="${tool}",`, `    title="${pascal(...tool.split('_'))}",`, `    annotations=ToolAnnotations(${hints}),`, ')'];
    default: return [`@mcp.tool(annotations=ToolAnnotations(${hints}))`];
  }
}

/**
 * The package's storage layer (repositories/store.py): a SQLite-backed store class per noun and a
 * module-level store of each, which the tool modules import (their effects go through it).
 */
export function pythonStore(pkg: ServerPackage): string {
  const out = [`"""Where the ${pkg.name} server keeps what it has seen: one SQLite table per kind."""`, 'import sqlite3', '', 'DATABASE = "state.db"', '', ''];
  for (const noun of pkg.nouns) {
    const name = pascal(noun, 'Store');
    out.push(`class ${name}:`, `    """The ${noun}s seen last."""`, '', '    def __init__(self, path: str) -> None:', '        self.connection = sqlite3.connect(path)', '');
    out.push('    def get(self, key: str) -> list[tuple]:', `        return self.connection.execute("SELECT key, body FROM ${noun}s WHERE key = ?", (key,)).fetchall()`, '');
    out.push('    def save(self, key: str, body: str) -> None:', `        self.connection.execute("INSERT OR REPLACE INTO ${noun}s (key, body) VALUES (?, ?)", (key, body))`, '        self.connection.commit()', '');
    out.push('    def remove(self, key: str) -> None:', `        self.connection.execute("DELETE FROM ${noun}s WHERE key = ?", (key,))`, '        self.connection.commit()', '');
    out.push('    def touch(self, key: str) -> None:', '        self._record(key)', '');
    out.push('    def _record(self, key: str) -> None:', `        self.connection.execute("INSERT INTO ${noun}_reads (key) VALUES (?)", (key,))`, '', '');
    out.push(`${noun}_store = ${name}(DATABASE)`, '', '');
  }
  return `${out.join('\n')}\n`;
}

/** What a tool of `intent` does to the store: saves or removes, and one read in eight records itself (a finding). */
function storeCall(noun: string, intent: Intent, random: Random): string[] {
  if (intent === 'write') return [`    _stores.${noun}_store.save(${noun}_id, str(record))`];
  if (intent === 'delete') return [`    _stores.${noun}_store.remove(${noun}_id)`];
  return random.chance(1 / 8) ? [`    _stores.${noun}_store.touch(${noun}_id)`] : [`    _stores.${noun}_store.get(${noun}_id)`];
}

/** A tool module: `from <module>.server import mcp`, tools every 30-60 lines between private helpers. */
export function pythonToolModule(pkg: ServerPackage, random: Random, lines: number, index: number): string {
  const words = new Words(random, pkg.nouns, false);
  const noun = words.noun();
  const service = pascal(noun, 'Service');
  const out = [
    `"""Tools for ${noun}s (${pkg.name}, part ${index})."""`,
    'from typing import Annotated',
    '',
    pkg.flavour === 'arcade' ? 'from arcade_mcp_server.metadata import Behavior, Operation, ToolMetadata' : 'from mcp.types import ToolAnnotations',
    '',
    `from ${pkg.module}.server import ${serverName(pkg)}`,
    `from ${pkg.module}.services.${noun}_service import ${service}`,
    `from ${pkg.module}.repositories import store as _stores`,
    '',
    `_service = ${service}()`,
    '',
  ];
  while (out.length < lines) {
    const intent = random.pick<Intent>(['read', 'read', 'write', 'delete']);
    const tool = words.unique(snake(random.pick(VERBS[intent]), words.noun()));
    out.push('', ...decorator(pkg, words, intent, tool));
    out.push(`async def ${tool}(${noun}_id: Annotated[str, "The ${noun}'s id"], limit: int = 20) -> dict:`, `    """${pascal(...tool.split('_'))} through the ${noun} API."""`);
    out.push(`    record = await _service.fetch(${noun}_id)`, ...storeCall(noun, intent, random), `    items = _normalise_${tool}(record, limit)`, `    return {"${noun}": ${noun}_id, "items": items, "count": len(items)}`, '', '');
    out.push(...pythonFunction(words, `_normalise_${tool}`, ['record: dict', 'limit: int'], 'list[dict]'));
  }
  return `${out.join('\n')}\n`;
}

/** A private helper: a loop with a few branches, 10-25 lines. */
function pythonFunction(words: Words, name: string, parameters: string[], returns: string): string[] {
  const key = words.flavour();
  const out = [`def ${name}(${parameters.join(', ')}) -> ${returns}:`, `    """Pick the ${key} entries worth showing."""`, '    result = []'];
  out.push(`    for index, item in enumerate(record.get("${key}s", [])):`, '        if index >= limit:', '            break');
  const branches = 1 + words.int(4);
  for (let branch = 0; branch < branches; branch++) {
    const field = words.flavour();
    out.push(`        if item.get("${field}") is not None:`, `            item = {**item, "${field}_${branch}": str(item["${field}"]).strip()}`);
  }
  out.push('        result.append(item)', '    return result', '', '');
  return out;
}

function pythonModel(words: Words): string[] {
  const noun = words.noun();
  const name = words.unique(pascal(noun, 'Record'));
  const out = ['@dataclass', `class ${name}:`, `    """A ${noun} as the API returns it."""`, '', '    id: str', `    ${noun}_name: str = ""`, '    created_at: datetime | None = None'];
  const fields = 2 + words.int(6);
  for (let field = 0; field < fields; field++) out.push(`    ${words.flavour()}_${field}: str | None = None`);
  const extra = words.toolish ? 'metadata' : 'extra';
  out.push(`    ${extra}: dict[str, str] = field(default_factory=dict)`, '', '    def to_dict(self) -> dict:', `        data = {"id": self.id, "${noun}_name": self.${noun}_name}`);
  out.push('        if self.created_at is not None:', '            data["created_at"] = self.created_at.isoformat()', `        data.update(self.${extra})`, '        return data', '', '');
  return out;
}

function pythonService(words: Words): string[] {
  const noun = words.noun();
  const out = [
    `class ${words.unique(pascal(noun, 'Client'))}:`,
    `    """Reads and writes ${noun}s through the HTTP API, with a small cache."""`,
    '',
    '    def __init__(self, base_url: str = "https://api.example.com", timeout: float = 10.0) -> None:',
    '        self._http = httpx.AsyncClient(base_url=base_url, timeout=timeout)',
    '        self._cache: dict[str, dict] = {}',
    '',
  ];
  const methods = 2 + words.int(5);
  for (let method = 0; method < methods; method++) {
    const name = words.unique(snake(words.random.pick(['get', 'list', 'load', 'refresh']), words.flavour()));
    out.push(`    async def ${name}(self, key: str) -> dict:`, '        if key in self._cache:', '            return self._cache[key]');
    out.push(`        response = await self._http.get(f"/${noun}s/{key}/${name}")`, '        response.raise_for_status()', '        data = response.json()');
    out.push('        logger.debug("loaded %s (%d bytes)", key, len(response.content))', '        self._cache[key] = data', '        return data', '');
  }
  out.push('');
  return out;
}

function pythonConstants(words: Words): string[] {
  const name = words.unique(words.flavour().toUpperCase());
  const out = [`${name}_DEFAULTS = {`];
  const entries = 3 + words.int(8);
  for (let entry = 0; entry < entries; entry++) out.push(`    "${words.flavour()}_${entry}": ${words.random.pick(['True', '"auto"', String(entry * 10), 'None'])},`);
  out.push('}', '', '');
  return out;
}

const PYTHON_BLOCKS = [pythonModel, pythonService, pythonService, pythonConstants, (words: Words) => pythonFunction(words, words.unique(snake('filter', words.flavour())), ['record: dict', 'limit: int = 50'], 'list[dict]')];

/** Ordinary code: models, clients, helpers; `toolish` files speak of toolbars, tooling and metadata. */
export function pythonAppModule(pkg: ServerPackage, random: Random, lines: number, toolish: boolean, topic: string): string {
  const words = new Words(random, pkg.nouns, toolish);
  const out = [
    `"""${pascal(topic)} of the ${pkg.name} server."""`,
    // In a toolish file only: the pre-filter reads `annotations` here.
    ...(toolish ? ['from __future__ import annotations', ''] : []),
    'import logging',
    'from dataclasses import dataclass, field',
    'from datetime import datetime',
    '',
    'import httpx',
    '',
    'logger = logging.getLogger(__name__)',
    '',
    '',
  ];
  if (toolish) out.push(`# The ${words.random.pick(['tooling', 'toolbar', 'metadata'])} settings below are read once at start-up.`);
  while (out.length < lines) out.push(...random.pick(PYTHON_BLOCKS)(words));
  return `${out.join('\n')}\n`;
}

/** tests/test_*.py: with `withTools`, the test builds its own FastMCP server with a tool or two. */
export function pythonTest(pkg: ServerPackage, random: Random, lines: number, withTools: boolean): string {
  const words = new Words(random, pkg.nouns, false);
  const out = ['import pytest', ''];
  if (withTools) {
    out.push('from mcp.server.fastmcp import FastMCP', 'from mcp.types import ToolAnnotations', '', '');
    out.push('def make_server() -> FastMCP:', `    server = FastMCP("test-${pkg.name}")`, '');
    out.push('    @server.tool(annotations=ToolAnnotations(readOnlyHint=True))', '    def echo(text: str) -> str:', '        return text', '');
    out.push('    @server.tool()', '    def fail(reason: str) -> str:', '        raise RuntimeError(reason)', '', '    return server', '', '');
  }
  out.push(`from ${pkg.module}.server import ${serverName(pkg)}`, '', '');
  while (out.length < lines) {
    const name = words.unique(`test_${words.noun()}`);
    out.push('@pytest.mark.asyncio', `async def ${name}() -> None:`, `    payload = {"id": "${name}", "limit": ${words.int(100)}}`);
    const checks = 2 + words.int(5);
    for (let check = 0; check < checks; check++) out.push(`    assert payload.get("${camel('field', String(check))}", ${check}) == ${check}`);
    out.push(`    assert ${serverName(pkg)} is not None`, '', '');
  }
  return `${out.join('\n')}\n`;
}

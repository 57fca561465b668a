/**
 * Reads the `[tool.mcp-tool-lint]` table of a pyproject.toml with smol-toml, a TOML 1.0/1.1
 * parser: the whole file is parsed, as Ruff does, so a file that is not valid TOML anywhere
 * is an error with its line and column, and any valid file is read whatever it holds.
 */
import type * as SmolToml from 'smol-toml' with { 'resolution-mode': 'import' };

// smol-toml ships a CommonJS build (its exports' `require` condition) but declares ESM types only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse: parseToml, TomlError: SmolTomlError }: typeof SmolToml = require('smol-toml');

export class TomlError extends Error {
  constructor(message: string, readonly line: number, readonly column: number) {
    super(message);
  }
}

export type TomlTable = Record<string, unknown>;

/** What `tool.mcp-tool-lint` holds (a table, unless the file is odd), or undefined when the file has none. Throws TomlError. */
export function readToolTable(text: string): unknown {
  let document: TomlTable;
  try {
    document = parseToml(text);
  } catch (error) {
    if (error instanceof SmolTomlError) throw new TomlError(firstLineOf(error.message), error.line, error.column);
    throw error;
  }
  const tool = document.tool;
  return isTable(tool) ? tool['mcp-tool-lint'] : undefined;
}

function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** smol-toml's message is "Invalid TOML document: <what>" followed by a code frame. */
function firstLineOf(message: string): string {
  return message.split('\n')[0].replace(/^Invalid TOML document: /, '');
}


/**
 * Manifests and configs read as data (never executed): JSON with comments, TOML and YAML.
 * A missing, unreadable or malformed file gives undefined.
 */
import * as jsonc from 'jsonc-parser';
import type * as SmolToml from 'smol-toml' with { 'resolution-mode': 'import' };
import { parse as parseYaml } from 'yaml';
import { ProjectFileSystem } from './file-system';

// smol-toml ships a CommonJS build (its exports' `require` condition) but declares ESM types only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse: parseToml }: typeof SmolToml = require('smol-toml');

export type DataTable = Record<string, unknown>;

export function isTable(value: unknown): value is DataTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The strings of an array (other items dropped); empty for anything else. */
export function stringsIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A JSON object, comments and trailing commas allowed (tsconfig.json, package.json). */
export function readJsonTable(fs: ProjectFileSystem, file: string): DataTable | undefined {
  const text = fs.readText(file);
  if (text === undefined) return undefined;
  const errors: jsonc.ParseError[] = [];
  const value: unknown = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length === 0 && isTable(value) ? value : undefined;
}

export function readTomlTable(fs: ProjectFileSystem, file: string): DataTable | undefined {
  return parsedOrUndefined(fs.readText(file), parseToml);
}

export function readYamlTable(fs: ProjectFileSystem, file: string): DataTable | undefined {
  return parsedOrUndefined(fs.readText(file), (text) => parseYaml(text, { maxAliasCount: 100 }));
}

function parsedOrUndefined(text: string | undefined, parseText: (text: string) => unknown): DataTable | undefined {
  if (text === undefined) return undefined;
  try {
    const value = parseText(text);
    return isTable(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

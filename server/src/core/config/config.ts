/**
 * Project config shared by the CLI and the language server: `.mcp-tool-lint.json` or the
 * `[tool.mcp-tool-lint]` table of `pyproject.toml`, the nearest one walking up from a file
 * (the JSON file wins when both sit in one folder). Precedence follows rules.md "Profiles".
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readToolTable, TomlError } from './toml';
import { findRule } from '../rules';
import { PROFILES, ProfileName } from '../rules/rule';
import { RuleOverride } from '../severity';

export const JSON_CONFIG_NAME = '.mcp-tool-lint.json';
export const PYPROJECT_NAME = 'pyproject.toml';
export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

export const OVERRIDE_SEVERITIES = ['off', 'hint', 'info', 'warning', 'error', 'downgrade', 'upgrade', 'default'] as const;
export type OverrideSeverity = (typeof OVERRIDE_SEVERITIES)[number];

export interface ProjectConfig {
  /** Absolute path of the file the config was read from. */
  file: string;
  /** The folder `exclude` globs are relative to. */
  dir: string;
  profile?: ProfileName;
  /** `rules`, in the order written. */
  overrides: RuleOverride[];
  exclude: string[];
  maxFileSize?: number;
  serverModules: string[];
  /** Hosts and SDK modules of the project's own system: calls to them are not external (MTL313). */
  firstParty?: { hosts: string[]; modules: string[] };
}

/** A config file that cannot be used; the message is one line: `file:line:col: what is wrong`. */
export class ConfigError extends Error {}

const KEYS = ['profile', 'rules', 'exclude', 'maxFileSize', 'serverModules', 'firstParty'] as const;
const TOML_ALIASES: Record<string, (typeof KEYS)[number]> = { 'max-file-size': 'maxFileSize', 'server-modules': 'serverModules', 'first-party': 'firstParty' };

/** Finds and reads project config files, caching one result per folder. */
export class ConfigLoader {
  private readonly byDir = new Map<string, ProjectConfig | undefined>();

  /** The config that applies to a file or folder (a folder's own config applies to it), or undefined. Throws ConfigError. */
  configFor(fileOrDir: string, isDir = false): ProjectConfig | undefined {
    const start = path.resolve(fileOrDir);
    return this.configInDirOrAbove(isDir ? start : path.dirname(start));
  }

  /** Forgets cached results, e.g. after a config file changed. */
  clear(): void {
    this.byDir.clear();
  }

  private configInDirOrAbove(dir: string): ProjectConfig | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    const parent = path.dirname(dir);
    const config = configInDir(dir) ?? (parent === dir ? undefined : this.configInDirOrAbove(parent));
    this.byDir.set(dir, config);
    return config;
  }
}

/** Config lookups for walks over a whole tree: a folder's bad config file is passed over instead of stopping the walk (whoever lints that folder's files reports it). */
export class TolerantConfigLoader extends ConfigLoader {
  override configFor(fileOrDir: string, isDir = false): ProjectConfig | undefined {
    try {
      return super.configFor(fileOrDir, isDir);
    } catch (error) {
      if (error instanceof ConfigError) return undefined;
      throw error;
    }
  }
}

function configInDir(dir: string): ProjectConfig | undefined {
  const jsonFile = path.join(dir, JSON_CONFIG_NAME);
  if (isFile(jsonFile)) return loadConfigFile(jsonFile);
  const pyproject = path.join(dir, PYPROJECT_NAME);
  if (isFile(pyproject)) return loadConfigFile(pyproject, { optional: true });
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Reads one config file: a pyproject.toml (its `[tool.mcp-tool-lint]` table) or a JSON file.
 * With `optional`, a pyproject.toml without our table gives undefined; otherwise that is an error.
 */
export function loadConfigFile(file: string, options: { optional?: boolean } = {}): ProjectConfig | undefined {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new ConfigError(`${file}: cannot read the config file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (path.basename(absolute).toLowerCase().endsWith('.toml')) {
    let table;
    try {
      table = readToolTable(text);
    } catch (error) {
      if (error instanceof TomlError) throw new ConfigError(`${file}:${error.line}:${error.column}: ${error.message}`);
      throw error;
    }
    if (table === undefined) {
      if (options.optional) return undefined;
      throw new ConfigError(`${file}: has no [tool.mcp-tool-lint] table`);
    }
    if (!isPlainObject(table)) throw new ConfigError(`${file}: tool.mcp-tool-lint must be a table, not ${JSON.stringify(table)}`);
    const renamed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(table)) renamed[TOML_ALIASES[key] ?? key] = value;
    return parseConfigObject(renamed, absolute, `${file}: [tool.mcp-tool-lint]`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError(`${file}: ${jsonErrorLocation(text, (error as Error).message)}`);
  }
  return parseConfigObject(raw, absolute, file);
}

function jsonErrorLocation(text: string, message: string): string {
  const match = /at position (\d+)/.exec(message);
  if (!match) return `invalid JSON: ${message}`;
  const offset = Number(match[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${line}:${column}: invalid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`;
}

/** Checks a config object's keys and values; `where` prefixes error messages. */
export function parseConfigObject(raw: unknown, file: string, where: string): ProjectConfig {
  if (!isPlainObject(raw)) throw new ConfigError(`${where}: the config must be an object`);
  const config: ProjectConfig = { file, dir: path.dirname(file), overrides: [], exclude: [], serverModules: [] };
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case '$schema':
        break;
      case 'profile':
        if (typeof value !== 'string' || !(PROFILES as readonly string[]).includes(value)) {
          throw new ConfigError(`${where}: "profile" must be one of ${PROFILES.join(', ')}, not ${JSON.stringify(value)}`);
        }
        config.profile = value as ProfileName;
        break;
      case 'rules':
        config.overrides = parseRuleMap(value, `${where}: "rules"`);
        break;
      case 'exclude':
        config.exclude = stringArray(value, `${where}: "exclude"`);
        break;
      case 'serverModules':
        config.serverModules = stringArray(value, `${where}: "serverModules"`);
        break;
      case 'firstParty':
        config.firstParty = parseFirstParty(value, `${where}: "firstParty"`);
        break;
      case 'maxFileSize': {
        const size = parseSize(value);
        if (size === undefined) throw new ConfigError(`${where}: "maxFileSize" must be a number of bytes or a size such as "5MB", not ${JSON.stringify(value)}`);
        config.maxFileSize = size;
        break;
      }
      default:
        throw new ConfigError(`${where}: unknown key "${key}" (known keys: ${KEYS.join(', ')})`);
    }
  }
  return config;
}

/** `{"MTL101": "off", "read-only-*": "warning"}` → overrides in the order written. */
export function parseRuleMap(value: unknown, where: string): RuleOverride[] {
  if (!isPlainObject(value)) throw new ConfigError(`${where} must be an object mapping rule codes, names or globs to severities`);
  return Object.entries(value).map(([rule, severity]) => parseRuleOverride(rule, severity, where));
}

/** One override; the rule is a code, a name, or a glob (`MTL1*`, `!MTL9*`). Throws ConfigError. */
export function parseRuleOverride(rule: string, severity: unknown, where: string): RuleOverride {
  const isGlob = rule.includes('*') || rule.startsWith('!');
  if (!isGlob && !findRule(rule)) throw new ConfigError(`${where}: unknown rule "${rule}" (use a code such as MTL101, a name such as read-only-mutation, or a glob)`);
  if (typeof severity !== 'string' || !(OVERRIDE_SEVERITIES as readonly string[]).includes(severity)) {
    throw new ConfigError(`${where}: the severity of "${rule}" must be one of ${OVERRIDE_SEVERITIES.join(', ')}, not ${JSON.stringify(severity)}`);
  }
  return { rule, severity: severity as OverrideSeverity };
}

/** `{ hosts: [...], modules: [...] }`, both optional. Throws ConfigError. */
export function parseFirstParty(value: unknown, where: string): { hosts: string[]; modules: string[] } {
  if (!isPlainObject(value)) throw new ConfigError(`${where} must be an object with "hosts" and "modules" arrays`);
  for (const key of Object.keys(value)) if (key !== 'hosts' && key !== 'modules') throw new ConfigError(`${where}: unknown key "${key}" (known keys: hosts, modules)`);
  return {
    hosts: value.hosts === undefined ? [] : stringArray(value.hosts, `${where}.hosts`),
    modules: value.modules === undefined ? [] : stringArray(value.modules, `${where}.modules`),
  };
}

function stringArray(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ConfigError(`${where} must be an array of strings`);
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2, gb: 1024 ** 3, g: 1024 ** 3 };

/** A size in bytes from a number or a string such as `5MB`, `512 KB`, `2000`; undefined when invalid. */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match && SIZE_UNITS[match[2].toLowerCase()];
  return match && unit ? Math.floor(Number(match[1]) * unit) : undefined;
}

export interface SettingsSources {
  /** From the command line: wins over everything. */
  cliProfile?: ProfileName;
  cliOverrides?: readonly RuleOverride[];
  config?: ProjectConfig;
  /** Editor settings `mcpToolLint.profile` / `mcpToolLint.rules.customizations`. */
  editorProfile?: ProfileName;
  editorOverrides?: readonly RuleOverride[];
  /** Editor setting `mcpToolLint.firstParty`. */
  editorFirstParty?: { hosts: readonly string[]; modules: readonly string[] };
}

export interface EffectiveSettings {
  profile: ProfileName;
  /** Lowest precedence first: project config, editor customizations, CLI flags. */
  overrides: RuleOverride[];
  /** The project config's `serverModules`, for the TypeScript front end. */
  serverModules: string[];
  /** The first-party hosts and modules: the project config's and the editor's together (MTL313). */
  firstParty?: { hosts: string[]; modules: string[]; configFile?: string };
}

/** rules.md "Profiles": the profile and the severity overrides that apply to one file. */
export function resolveSettings(sources: SettingsSources): EffectiveSettings {
  return {
    profile: sources.cliProfile ?? sources.config?.profile ?? sources.editorProfile ?? 'recommended',
    overrides: [...(sources.config?.overrides ?? []), ...(sources.editorOverrides ?? []), ...(sources.cliOverrides ?? [])],
    serverModules: [...(sources.config?.serverModules ?? [])],
    ...firstPartyOf(sources),
  };
}

function firstPartyOf(sources: SettingsSources): Pick<EffectiveSettings, 'firstParty'> {
  const config = sources.config;
  const editor = sources.editorFirstParty;
  if (!config?.firstParty && !editor && !config) return {};
  return {
    firstParty: {
      hosts: [...(config?.firstParty?.hosts ?? []), ...(editor?.hosts ?? [])],
      modules: [...(config?.firstParty?.modules ?? []), ...(editor?.modules ?? [])],
      ...(config ? { configFile: config.file } : {}),
    },
  };
}

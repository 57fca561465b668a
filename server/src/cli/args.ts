/** Command-line arguments of `mcp-tool-lint`, read with `node:util` parseArgs. */
import { parseArgs as parseArgsOf, ParseArgsConfig } from 'node:util';
import { ConfigError, parseRuleOverride, parseSize } from '../core/config/config';
import { PROFILES, ProfileName } from '../core/rules/rule';
import { RuleOverride } from '../core/severity';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

export const COMMANDS = ['check', 'preview', 'rules', 'explain'] as const;
export type Command = (typeof COMMANDS)[number];

export interface CliOptions {
  command: Command;
  /** Files and folders for `check` (default `.`); the file for `preview`; the rule for `explain`. */
  paths: string[];
  format: Format;
  profile?: ProfileName;
  rules: RuleOverride[];
  config?: string;
  maxWarnings?: number;
  maxFileSize?: number;
  quiet: boolean;
  fix: boolean;
  fixDryRun: boolean;
  /** Exit 0 whatever the findings (the `npm start` demo). */
  exitZero: boolean;
  /** `--cache`: reuse the findings of files unchanged since the last run. */
  cache: boolean;
  /** `--cache-location PATH`: the cache file, or the folder holding it. */
  cacheLocation?: string;
  tool?: string;
  /** `preview FILE --server NAME`: every tool of one server across the project. */
  server?: string;
  help: boolean;
  version: boolean;
}

/** A mistake on the command line: exit code 2 with this one-line message. */
export class UsageError extends Error {}

/** The options, as `node:util` parseArgs reads them; a string option takes the next argument as its value. */
const OPTIONS = {
  format: { type: 'string', short: 'f' },
  profile: { type: 'string' },
  rule: { type: 'string', multiple: true },
  config: { type: 'string', short: 'c' },
  'max-warnings': { type: 'string' },
  'max-file-size': { type: 'string' },
  tool: { type: 'string' },
  server: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  'exit-zero': { type: 'boolean' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsConfig['options'];

type OptionName = keyof typeof OPTIONS;

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    command: 'check', paths: [], format: 'text', rules: [], quiet: false, fix: false, fixDryRun: false,
    exitZero: false, cache: false, help: false, version: false,
  };
  // Not strict: unknown options and missing values come back as tokens, and get this CLI's own one-line messages.
  const { tokens } = parseArgsOf({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (token.index === 0 && (COMMANDS as readonly string[]).includes(token.value)) options.command = token.value as Command;
      else options.paths.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    if (!Object.hasOwn(OPTIONS, token.name)) throw new UsageError(`unknown option ${argv[token.index]} (see mcp-tool-lint --help)`);
    const name = token.name as OptionName;
    if (OPTIONS[name].type === 'string') {
      if (token.value === undefined) throw new UsageError(`--${name} needs a value`);
      setValue(options, name, token.value);
    } else {
      if (token.inlineValue) throw new UsageError(`--${name} takes no value`);
      setFlag(options, name);
    }
  }
  if (options.fix && options.fixDryRun) throw new UsageError('use either --fix or --fix-dry-run, not both');
  if (options.tool !== undefined && options.server !== undefined) throw new UsageError('use either --tool or --server, not both');
  return options;
}

function setFlag(options: CliOptions, name: OptionName): void {
  switch (name) {
    case 'quiet': options.quiet = true; break;
    case 'fix': options.fix = true; break;
    case 'fix-dry-run': options.fixDryRun = true; break;
    case 'exit-zero': options.exitZero = true; break;
    case 'cache': options.cache = true; break;
    case 'help': options.help = true; break;
    case 'version': options.version = true; break;
  }
}

function setValue(options: CliOptions, name: OptionName, value: string): void {
  switch (name) {
    case 'format':
      if (!(FORMATS as readonly string[]).includes(value)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${value}"`);
      options.format = value as Format;
      break;
    case 'profile':
      if (!(PROFILES as readonly string[]).includes(value)) throw new UsageError(`--profile must be one of ${PROFILES.join(', ')}, not "${value}"`);
      options.profile = value as ProfileName;
      break;
    case 'rule':
      options.rules.push(parseRuleFlag(value));
      break;
    case 'config':
      options.config = value;
      break;
    case 'max-warnings': {
      if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings must be a whole number, not "${value}"`);
      options.maxWarnings = Number(value);
      break;
    }
    case 'max-file-size': {
      const size = parseSize(/^\d+(\.\d+)?$/.test(value) ? Number(value) : value);
      if (size === undefined) throw new UsageError(`--max-file-size must be a size such as 5MB, 512KB or a number of bytes, not "${value}"`);
      options.maxFileSize = size;
      break;
    }
    case 'tool':
      options.tool = value;
      break;
    case 'server':
      options.server = value;
      break;
    case 'cache-location':
      options.cacheLocation = value;
      break;
  }
}

function parseRuleFlag(value: string): RuleOverride {
  const eq = value.lastIndexOf('=');
  if (eq <= 0) throw new UsageError(`--rule wants CODE=SEVERITY, such as MTL101=off or read-only-mutation=warning, not "${value}"`);
  try {
    return parseRuleOverride(value.slice(0, eq), value.slice(eq + 1), '--rule');
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

export const HELP = `Usage: mcp-tool-lint [check] [options] [paths...]
       mcp-tool-lint preview FILE [--tool NAME | --server NAME]
       mcp-tool-lint rules [--format json]
       mcp-tool-lint explain CODE

Lints MCP tool metadata (Arcade ToolMetadata, MCP ToolAnnotations) in Python,
TypeScript, JavaScript, Go and C# files. Folders are searched recursively (default: .),
skipping node_modules, virtualenvs, site-packages, build output, .gitignore'd
files and the "exclude" globs of the project config.

Commands:
  check [paths...]        lint files and folders (the default command)
  preview FILE            print what clients receive for each tool of FILE (JSON);
                          --tool NAME keeps one tool; --server NAME prints every
                          tool the server NAME lists across the project
  rules                   list every rule: code, name, severity per profile, fix
                          (--format json for a JSON array)
  explain CODE            print a rule's documentation (code or name)

Options:
  -f, --format FORMAT     text (default), json, sarif or github
  --profile NAME          recommended (default), strict, spec, arcade, openai-apps
  --rule CODE=SEVERITY    set a rule's severity: off, hint, info, warning, error,
                          downgrade, upgrade, default (repeatable; code, name or glob)
  -c, --config FILE       use this .mcp-tool-lint.json or pyproject.toml for every file
                          instead of the nearest one
  --max-warnings N        exit 1 when there are more than N warnings
  --max-file-size SIZE    skip larger files (default 5MB)
  -q, --quiet             report errors only
  --fix                   apply safe fixes in place and report what changed
  --fix-dry-run           print the safe fixes as a unified diff, change nothing
  --exit-zero             exit 0 even when there are errors
  --cache                 reuse the findings of files unchanged since the last run
                          (keyed by content, settings, version and what each file reads)
  --cache-location PATH   the cache file, or a folder for it (default:
                          node_modules/.cache/mcp-tool-lint/ or .mcp-tool-lint-cache/)
  -h, --help              show this help
  -v, --version           print the version

Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings),
2 a usage, config or I/O error.
`;

/** Command-line arguments of `mcp-tool-lint`. */
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
  tool?: string;
  /** `preview FILE --server NAME`: every tool of one server across the project. */
  server?: string;
  help: boolean;
  version: boolean;
}

/** A mistake on the command line: exit code 2 with this one-line message. */
export class UsageError extends Error {}

type ValueFlag = '--format' | '--profile' | '--rule' | '--config' | '--max-warnings' | '--max-file-size' | '--tool' | '--server';
const VALUE_FLAGS: readonly string[] = ['--format', '--profile', '--rule', '--config', '--max-warnings', '--max-file-size', '--tool', '--server'];
const SHORT_FLAGS: Record<string, string> = { '-f': '--format', '-c': '--config', '-q': '--quiet', '-h': '--help', '-v': '--version' };

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    command: 'check', paths: [], format: 'text', rules: [], quiet: false, fix: false, fixDryRun: false,
    exitZero: false, help: false, version: false,
  };
  let rest = [...argv];
  if (rest.length && (COMMANDS as readonly string[]).includes(rest[0])) {
    options.command = rest[0] as Command;
    rest = rest.slice(1);
  }
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--') {
      options.paths.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      options.paths.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    let flag = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    flag = SHORT_FLAGS[flag] ?? flag;
    if (VALUE_FLAGS.includes(flag)) {
      let value: string | undefined;
      if (eq > 0 && arg.startsWith('--')) value = arg.slice(eq + 1);
      else value = rest[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      setValue(options, flag as ValueFlag, value);
      continue;
    }
    if (eq > 0) throw new UsageError(`${flag} takes no value`);
    switch (flag) {
      case '--quiet': options.quiet = true; break;
      case '--fix': options.fix = true; break;
      case '--fix-dry-run': options.fixDryRun = true; break;
      case '--exit-zero': options.exitZero = true; break;
      case '--help': options.help = true; break;
      case '--version': options.version = true; break;
      default: throw new UsageError(`unknown option ${arg} (see mcp-tool-lint --help)`);
    }
  }
  if (options.fix && options.fixDryRun) throw new UsageError('use either --fix or --fix-dry-run, not both');
  if (options.tool !== undefined && options.server !== undefined) throw new UsageError('use either --tool or --server, not both');
  return options;
}

function setValue(options: CliOptions, flag: ValueFlag, value: string): void {
  switch (flag) {
    case '--format':
      if (!(FORMATS as readonly string[]).includes(value)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${value}"`);
      options.format = value as Format;
      break;
    case '--profile':
      if (!(PROFILES as readonly string[]).includes(value)) throw new UsageError(`--profile must be one of ${PROFILES.join(', ')}, not "${value}"`);
      options.profile = value as ProfileName;
      break;
    case '--rule':
      options.rules.push(parseRuleFlag(value));
      break;
    case '--config':
      options.config = value;
      break;
    case '--max-warnings': {
      if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings must be a whole number, not "${value}"`);
      options.maxWarnings = Number(value);
      break;
    }
    case '--max-file-size': {
      const size = parseSize(/^\d+(\.\d+)?$/.test(value) ? Number(value) : value);
      if (size === undefined) throw new UsageError(`--max-file-size must be a size such as 5MB, 512KB or a number of bytes, not "${value}"`);
      options.maxFileSize = size;
      break;
    }
    case '--tool':
      options.tool = value;
      break;
    case '--server':
      options.server = value;
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
       mcp-tool-lint rules
       mcp-tool-lint explain CODE

Lints MCP tool metadata (Arcade ToolMetadata, MCP ToolAnnotations) in Python,
TypeScript and JavaScript files. Folders are searched recursively (default: .),
skipping node_modules, virtualenvs, site-packages, build output, .gitignore'd
files and the "exclude" globs of the project config.

Commands:
  check [paths...]        lint files and folders (the default command)
  preview FILE            print what clients receive for each tool of FILE (JSON);
                          --tool NAME keeps one tool; --server NAME prints every
                          tool the server NAME lists across the project
  rules                   list every rule: code, name, severity per profile, fix
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
  -h, --help              show this help
  -v, --version           print the version

Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings),
2 a usage, config or I/O error.
`;

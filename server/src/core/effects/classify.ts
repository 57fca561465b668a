/**
 * Reading the texts an effect hangs on, the same in every language: a SQL statement's verbs, a
 * URL's host, a command line, an SDK method's verb, a helper's name. Each reads one string (a
 * literal's text or a name), never source code.
 */
import {
  INFERENCE_SDKS, LOCAL_HOST_SUFFIXES, LOCAL_HOSTS, MUTATING_COMMANDS, MUTATING_ENDPOINT_WORDS, PRIVATE_IPV4_PREFIXES, READING_ENDPOINT_WORDS,
  SDK_DELETE_VERBS, SDK_VERB_EXCEPTIONS, SDK_WRITE_VERBS, SELECT_ONLY_PREFIXES, SQL_DELETE_VERBS, SQL_GUARD_WORDS, SQL_WRITE_VERBS, TELEMETRY_WORDS,
  VERB_COMMANDS,
} from '../data/effects/shared';
import type { ChangeKind } from '../data/effects/types';
import { READING_VERBS } from '../data/verbs';
import { wordsOf } from '../rules/shared/name-words';

const SQL_WRITE = new Set(SQL_WRITE_VERBS);
const SQL_DELETE = new Set(SQL_DELETE_VERBS);
const SQL_START = new Set([...SQL_WRITE_VERBS, ...SQL_DELETE_VERBS, 'SELECT', 'WITH', 'PRAGMA', 'SHOW', 'EXPLAIN', 'VALUES', 'CALL', 'EXEC', 'BEGIN', 'SET', 'DESCRIBE']);

/** The statement text without comments, upper case. */
function sqlWords(text: string): string[] {
  return text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ').toUpperCase().split(/[^A-Z_]+/).filter(Boolean);
}

/** Whether a string reads as SQL: its first word is a statement verb (`SELECT`, `INSERT`, `WITH`, ...). */
export function looksLikeSql(text: string): boolean {
  const first = sqlWords(text.slice(0, 200))[0];
  return first !== undefined && SQL_START.has(first);
}

/**
 * What executing a SQL text does: `delete` when a statement deletes or overwrites (DELETE, DROP,
 * TRUNCATE, UPDATE), `write` when one writes (INSERT, CREATE, ...). Each statement's verb counts,
 * and the verbs after a `WITH` (a CTE that inserts). Undefined for reads.
 */
export function sqlChange(text: string): { kind: ChangeKind; verb: string } | undefined {
  let found: { kind: ChangeKind; verb: string } | undefined;
  for (const statement of text.split(';')) {
    const words = sqlWords(statement);
    if (!words.length) continue;
    const verbs = words[0] === 'WITH' ? words.filter((word) => SQL_WRITE.has(word) || SQL_DELETE.has(word)) : [words[0]];
    for (const verb of verbs) {
      if (SQL_DELETE.has(verb)) return { kind: 'delete', verb };
      if (SQL_WRITE.has(verb) && !found) found = { kind: 'write', verb };
    }
  }
  return found;
}

/** Whether a SQL text itself puts the transaction in read-only mode (`SET TRANSACTION READ ONLY`, `PRAGMA query_only`). */
export function isReadOnlySql(text: string): boolean {
  const upper = text.toUpperCase();
  return upper.includes('READ ONLY') || upper.includes('QUERY_ONLY');
}

/** The host of a URL literal (`https://api.acme.com/v1/x` -> `api.acme.com`); undefined when it names none. */
export function hostOf(url: string): string | undefined {
  const match = /^\s*(?:https?|wss?):\/\/(\[[^\]]*\]|[^/:?#\s{}$]+)/i.exec(url);
  return match?.[1].toLowerCase();
}

/** The path of a URL literal or a bare path (`https://x/v1/issues` -> `/v1/issues`). */
export function pathOf(url: string): string {
  const match = /^\s*(?:https?|wss?):\/\/[^/?#]*([^?#]*)/i.exec(url);
  return match ? match[1] : url.split(/[?#]/)[0];
}

/** Whether a host is the machine itself, a private network or a cluster-internal name. */
export function isLocalHost(host: string): boolean {
  if (LOCAL_HOSTS.includes(host) || LOCAL_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  if (!host.includes('.')) return true; // a bare name (`db`, `api`): a service of the same network
  if (PRIVATE_IPV4_PREFIXES.some((prefix) => host.startsWith(prefix))) return true;
  const match = /^172\.(\d+)\./.exec(host);
  return !!match && Number(match[1]) >= 16 && Number(match[1]) <= 31;
}

/** Whether a host matches one of the first-party patterns (`api.acme.com`, `*.acme.io`, which also matches `acme.io`). */
export function matchesHost(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const lower = pattern.toLowerCase();
    if (!lower.startsWith('*.')) return host === lower;
    const domain = lower.slice(2);
    return host === domain || host.endsWith(`.${domain}`);
  });
}

/** Whether a module (`acme_sdk.client`, `@acme/client/sub`) is one of the first-party modules or below one. */
export function matchesModule(module: string, modules: readonly string[]): boolean {
  return modules.some((name) => module === name || module.startsWith(`${name}.`) || module.startsWith(`${name}/`));
}

const READING_ENDPOINT = new Set(READING_ENDPOINT_WORDS);
const MUTATING_ENDPOINT = new Set(MUTATING_ENDPOINT_WORDS);

/** Whether a POST to `path` writes: a word of the path mutates (`/messages/send`, `/issues/1/comments`) and none reads (`/search`). */
export function postMutates(path: string): boolean {
  const words = wordsOf(path);
  if (words.some((word) => READING_ENDPOINT.has(word))) return false;
  return words.some((word) => MUTATING_ENDPOINT.has(word) || (word.endsWith('s') && MUTATING_ENDPOINT.has(word.slice(0, -1))));
}

/** What an HTTP method does to `path`: PUT overwrites, DELETE deletes, PATCH writes, POST writes only to a mutating path. */
export function httpChange(method: string, path: string | undefined): ChangeKind | undefined {
  switch (method.toUpperCase()) {
    case 'PUT':
    case 'DELETE':
      return 'delete';
    case 'PATCH':
      return 'write';
    case 'POST':
      return path !== undefined && postMutates(path) ? 'write' : undefined;
    default:
      return undefined;
  }
}

const SDK_DELETE = new Set(SDK_DELETE_VERBS);
const SDK_WRITE = new Set(SDK_WRITE_VERBS);
const READING = new Set(READING_VERBS);
const EXCEPTIONS = new Set(SDK_VERB_EXCEPTIONS);

/**
 * What an SDK or generated-client method does by its name's verb (`delete_object`, `CreateBucket`,
 * `updateIssue`, `get_or_create_x`); the exceptions (`create_search`, `start_query`) change nothing.
 */
export function verbChange(name: string): ChangeKind | undefined {
  const words = wordsOf(name);
  if (!words.length || EXCEPTIONS.has(words.join(' '))) return undefined;
  for (let length = words.length - 1; length >= 2; length--) if (EXCEPTIONS.has(words.slice(0, length).join(' '))) return undefined;
  const verbs = [words[0] === 'batch' || words[0] === 'bulk' ? words[1] ?? words[0] : words[0]];
  // A long-running operation started (Azure `StartDeleteSecretAsync`, `BeginCreateOrUpdate`): the verb it starts counts too.
  if ((words[0] === 'start' || words[0] === 'begin') && words[1]) verbs.push(words[1]);
  for (let index = 1; index < words.length - 1; index++) if (words[index] === 'or' || words[index] === 'and') verbs.push(words[index + 1]);
  let change: ChangeKind | undefined;
  for (const verb of verbs) {
    if (SDK_DELETE.has(verb)) return 'delete';
    if (SDK_WRITE.has(verb) && !READING.has(verb)) change = 'write';
  }
  return change;
}

/** Whether an SDK module's calls are model inferences (their `create` changes nothing). */
export function isInferenceSdk(module: string): boolean {
  return INFERENCE_SDKS.some((name) => module === name || module.startsWith(`${name}.`) || module.startsWith(`${name}/`));
}

const COMMANDS = MUTATING_COMMANDS.map(({ command, delete: deletes }) => ({ words: command.split(' '), deletes: !!deletes, command }));

/** A program's name without its folder and extension (`/usr/bin/git` -> `git`). */
function programName(word: string): string {
  return word.replace(/^.*[\\/]/, '').replace(/\.(exe|cmd|bat)$/i, '').toLowerCase();
}

/**
 * What a command line does, from its literal words: the pattern it matches (`git push`), or an
 * SDK verb in a cloud CLI's operation (`aws ec2 terminate-instances`). Undefined when it matches none.
 */
export function commandChange(words: readonly string[]): { kind: ChangeKind; command: string } | undefined {
  if (!words.length) return undefined;
  const program = programName(words[0]);
  const rest = words.slice(1);
  for (const pattern of COMMANDS) {
    if (pattern.words[0] !== program || !matchesCommand(rest, pattern.words.slice(1))) continue;
    return { kind: pattern.deletes ? 'delete' : 'write', command: pattern.command };
  }
  if (VERB_COMMANDS.includes(program)) {
    for (const word of rest.filter((item) => !item.startsWith('-'))) {
      const change = verbChange(word);
      if (change) return { kind: change, command: `${program} … ${word}` };
    }
  }
  return undefined;
}

/**
 * The pattern's words in order from the first word that is not an option (a short option's value,
 * `-C repo`, is skipped with it; the pattern may require an option, `branch -D`).
 */
function matchesCommand(words: readonly string[], pattern: readonly string[]): boolean {
  if (!pattern.length) return true;
  const positional: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    if (pattern.includes(word) || !word.startsWith('-')) positional.push(word);
    else if (/^-[A-Za-z]$/.test(word)) index++;
  }
  return pattern.every((word, index) => positional[index] === word);
}

/** The words of a shell command line (quotes removed; pipes and `&&` end the first command). */
export function shellWords(line: string): string[] {
  const first = line.split(/\|\||&&|[|;]/)[0];
  return (first.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((word) => word.replace(/^["']|["']$/g, ''));
}

const TELEMETRY = new Set(TELEMETRY_WORDS);

/** Whether a helper's name says it records telemetry, metrics or logs (`log_usage`, `trackEvent`, `_emit_metrics`). */
export function isTelemetryName(name: string): boolean {
  return wordsOf(name).some((word) => TELEMETRY.has(word));
}

const GUARD = new Set(SQL_GUARD_WORDS);

/** Whether a check's function name reads as a guard on SQL text (`is_read_only_query`, `detect_mutating_keywords`, `validate_sql`). */
export function isSqlGuardName(name: string): boolean {
  const words = wordsOf(name);
  return words.some((word) => GUARD.has(word)) && (words.some((word) => word === 'sql' || word === 'query' || word === 'statement' || word === 'only' || word === 'keywords' || word === 'readonly' || word === 'mutating' || word === 'select') || words.length <= 2);
}

/** Whether a literal is a SELECT-only check's prefix (`"SELECT"`, `("select", "with")`). */
export function isSelectOnlyPrefix(text: string): boolean {
  // A regular expression's syntax before the word (`^\\s*(?:select|with)`) is not part of it.
  const word = text.replace(/\\s[*+]?|\(\?[imsx]*[:)]?|[\^(]/gi, ' ').trim().toLowerCase().split(/[^a-z]+/).filter(Boolean)[0];
  return word !== undefined && SELECT_ONLY_PREFIXES.includes(word) && word !== 'pragma';
}

/**
 * The `--cache` file: where it lives, reading it (a corrupt or foreign file is passed over with
 * one note), and writing it atomically. One JSON file holds every linted file's findings.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Finding } from '../../core/model';
import { Observations } from './observations';

/** The first key of every cache file: a file that does not start with it is not ours. */
const MARKER = 'mcpToolLintCache';
const FORMAT = 1;
export const CACHE_FILE_NAME = 'lint-cache.json';

export interface CacheEntry {
  /** The file's content hash. */
  hash: string;
  /** The effective settings it was linted with (profile, rule overrides, server modules). */
  settings: string;
  /** The other files its analysis read. */
  reads: string[];
  /** Its read group's digest (groups.ts) when it was linted. */
  group: string;
  findings: Finding[];
}

export interface CacheEnvironment {
  /** The project index's roots and options: a change makes every observation moot. */
  index: string;
  observations: Observations;
}

export interface CacheContents {
  /** The linter's version and a hash of its bundle. */
  linter: string;
  environment?: CacheEnvironment;
  files: Record<string, CacheEntry>;
}

/**
 * The cache file for `--cache-location` (or the default): a folder (existing, or written with a
 * trailing slash) holds `lint-cache.json`; any other path is the file itself, as in ESLint. The
 * default is `node_modules/.cache/mcp-tool-lint/` where the working folder has node_modules,
 * else `.mcp-tool-lint-cache/`.
 */
export function cacheFileFor(location: string | undefined, cwd = process.cwd()): string {
  if (location === undefined) {
    const folder = fs.existsSync(path.join(cwd, 'node_modules')) ? path.join(cwd, 'node_modules', '.cache', 'mcp-tool-lint') : path.join(cwd, '.mcp-tool-lint-cache');
    return path.join(folder, CACHE_FILE_NAME);
  }
  const absolute = path.resolve(cwd, location);
  const isFolder = /[\\/]$/.test(location) || isDirectory(absolute);
  return isFolder ? path.join(absolute, CACHE_FILE_NAME) : absolute;
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

export interface LoadedCache {
  contents: CacheContents;
  /** False for a file that is not a cache of this linter: it is left alone. */
  writable: boolean;
}

/** Reads the cache file; a missing one is empty, a corrupt or foreign one is empty with one note. */
export function loadCache(file: string, linter: string, note: (message: string) => void): LoadedCache {
  const empty: CacheContents = { linter, files: {} };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') {
      note(`cannot read the cache file ${file} (${code ?? String(error)}); linting without it`);
      return { contents: empty, writable: false };
    }
    try {
      makeFolderFor(file);
    } catch {
      // Reported when the cache is written.
    }
    return { contents: empty, writable: true };
  }
  if (!text.trim()) return { contents: empty, writable: true };
  if (!text.startsWith(`{"${MARKER}":`)) {
    note(`ignored ${file}: it is not an mcp-tool-lint cache, so it is left as it is (choose another --cache-location)`);
    return { contents: empty, writable: false };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    note(`ignored the cache file ${file}: it is corrupt (it will be written anew)`);
    return { contents: empty, writable: true };
  }
  const contents = parsed as Record<string, unknown>;
  // Another format or another build of the linter: its results do not apply, silently (as after an upgrade).
  if (contents[MARKER] !== FORMAT || contents.linter !== linter) return { contents: empty, writable: true };
  if (!isCacheShape(contents)) {
    note(`ignored the cache file ${file}: it is corrupt (it will be written anew)`);
    return { contents: empty, writable: true };
  }
  return { contents: { linter, environment: contents.environment, files: contents.files }, writable: true };
}

function isCacheShape(value: Record<string, unknown>): value is Record<string, unknown> & CacheContents {
  const files = value.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return false;
  const environment = value.environment as CacheEnvironment | undefined;
  if (environment !== undefined && (typeof environment.index !== 'string' || typeof environment.observations !== 'object' || environment.observations === null)) return false;
  return Object.values(files as Record<string, CacheEntry>).every((entry) => typeof entry === 'object' && entry !== null
    && typeof entry.hash === 'string' && typeof entry.settings === 'string' && typeof entry.group === 'string'
    && Array.isArray(entry.reads) && Array.isArray(entry.findings));
}

/**
 * Makes the cache file's folder, with a `.gitignore` when it is the cache's own (as Ruff's
 * .ruff_cache): before linting, so the project index sees the folder from the first run on.
 */
function makeFolderFor(file: string): void {
  const folder = path.dirname(file);
  if (fs.existsSync(folder)) return;
  fs.mkdirSync(folder, { recursive: true });
  if (path.basename(file) === CACHE_FILE_NAME) fs.writeFileSync(path.join(folder, '.gitignore'), '# Written by mcp-tool-lint --cache\n*\n');
}

/** Writes the cache through a temporary file and a rename (two runs at once never leave half a file); a failure is one note. */
export function saveCache(file: string, contents: CacheContents, note: (message: string) => void): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    makeFolderFor(file);
    fs.writeFileSync(temporary, JSON.stringify({ [MARKER]: FORMAT, linter: contents.linter, environment: contents.environment, files: contents.files }));
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    note(`cannot write the cache file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/**
 * The part of tsconfig.json / jsconfig.json that module resolution needs: `compilerOptions.paths`
 * and `baseUrl`, following `extends` (relative paths only: a config from a package is in
 * node_modules, which is never read).
 */
import * as path from 'node:path';
import { isTable, readJsonTable, stringsIn } from './data-files';
import { ProjectFileSystem } from './file-system';
import { withFields } from '../with-fields';

export interface CompilerPaths {
  /** Absolute. */
  baseUrl?: string;
  paths?: {
    patterns: ReadonlyArray<readonly [pattern: string, substitutions: readonly string[]]>;
    /** The folder of the config that defines `paths`: substitutions are relative to it when there is no baseUrl. */
    configDir: string;
  };
}

export const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'] as const;

/** The options of `configFile` with those it extends (a missing or malformed config adds nothing). */
export function compilerPathsOf(configFile: string, fs: ProjectFileSystem): CompilerPaths {
  const load = (file: string, chain: ReadonlySet<string>): CompilerPaths => {
    const config = chain.has(file) ? undefined : readJsonTable(fs, file);
    if (!config) return {};
    const dir = path.dirname(file);
    let merged: CompilerPaths = {};
    for (const parent of extendedFiles(config.extends, dir, fs)) {
      merged = withFields(merged, load(parent, new Set([...chain, file])));
    }
    const options = isTable(config.compilerOptions) ? config.compilerOptions : {};
    if (typeof options.baseUrl === 'string') merged.baseUrl = path.resolve(dir, options.baseUrl);
    if (isTable(options.paths)) {
      const patterns = Object.entries(options.paths).map(([pattern, targets]) => [pattern, stringsIn(targets)] as const);
      merged.paths = { patterns, configDir: dir };
    }
    return merged;
  };
  return load(configFile, new Set());
}

function extendedFiles(field: unknown, dir: string, fs: ProjectFileSystem): string[] {
  const names = typeof field === 'string' ? [field] : stringsIn(field);
  return names.filter((name) => name.startsWith('.') || path.isAbsolute(name)).map((name) => {
    const file = path.resolve(dir, name);
    return fs.isFile(file) || file.endsWith('.json') ? file : `${file}.json`;
  });
}

/**
 * The absolute paths `specifier` maps to, in the order TypeScript tries them: the substitutions
 * of the `paths` pattern that matches (an exact pattern, else the one with the longest prefix
 * before its `*`), then the specifier under `baseUrl`.
 */
export function mappedCandidates(specifier: string, options: CompilerPaths): string[] {
  const candidates: string[] = [];
  const match = options.paths && bestPattern(specifier, options.paths.patterns);
  if (options.paths && match) {
    const base = options.baseUrl ?? options.paths.configDir;
    for (const substitution of match.substitutions) {
      candidates.push(path.resolve(base, substitution.replace('*', match.star)));
    }
  }
  if (options.baseUrl) candidates.push(path.resolve(options.baseUrl, specifier));
  return candidates;
}

/** The best of several `*` patterns (tsconfig `paths`, package.json `exports` subpaths) for `key`. */
export function bestPattern<T>(key: string, patterns: ReadonlyArray<readonly [string, T]>): { substitutions: T; star: string } | undefined {
  let best: { substitutions: T; star: string; prefixLength: number } | undefined;
  for (const [pattern, substitutions] of patterns) {
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === key) return { substitutions, star: '' };
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    const fits = key.length >= prefix.length + suffix.length && key.startsWith(prefix) && key.endsWith(suffix);
    if (fits && (!best || prefix.length > best.prefixLength)) {
      best = { substitutions, star: key.slice(prefix.length, key.length - suffix.length), prefixLength: prefix.length };
    }
  }
  return best && { substitutions: best.substitutions, star: best.star };
}

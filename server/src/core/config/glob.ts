/**
 * Gitignore-style path patterns, used for `.gitignore` files and the `exclude` globs of
 * project config and settings. A pattern is relative to a base folder:
 * - without a slash (`*.gen.py`, `build`) it matches a file or folder name at any depth;
 * - with a slash (`src/generated/**`, `/tools`) it is anchored at the base folder;
 * - a trailing slash matches folders only; a leading `!` re-includes what earlier patterns excluded;
 * - `*` and `?` stop at `/`, `**` crosses folders, `[abc]` / `[!abc]` are character classes.
 */
import * as path from 'node:path';

export interface PathPattern {
  source: string;
  regex: RegExp;
  negated: boolean;
  dirOnly: boolean;
}

export function compilePattern(source: string): PathPattern | undefined {
  let pattern = source.trim();
  if (!pattern || pattern.startsWith('#')) return undefined;
  const negated = pattern.startsWith('!');
  if (negated) pattern = pattern.slice(1);
  if (pattern.startsWith('\\#') || pattern.startsWith('\\!')) pattern = pattern.slice(1);
  const dirOnly = pattern.endsWith('/');
  pattern = pattern.replace(/\/+$/, '');
  if (pattern.startsWith('./')) pattern = pattern.slice(2);
  if (!pattern) return undefined;
  const anchored = pattern.includes('/');
  pattern = pattern.replace(/^\/+/, '');
  const body = globBody(pattern);
  const regex = new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`);
  return { source, regex, negated, dirOnly };
}

function globBody(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        const atStart = i === 0 || pattern[i - 1] === '/';
        const next = pattern[i + 2];
        if (atStart && next === '/') {
          out += '(?:.*/)?';
          i += 2;
        } else {
          out += '.*';
          i += 1;
        }
      } else {
        out += '[^/]*';
      }
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close === -1) {
        out += '\\[';
      } else {
        let cls = pattern.slice(i + 1, close);
        if (cls.startsWith('!')) cls = `^${cls.slice(1)}`;
        out += `[${cls.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (char === '\\' && i + 1 < pattern.length) {
      out += escapeRegex(pattern[i + 1]);
      i += 1;
    } else {
      out += escapeRegex(char);
    }
  }
  return out;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

interface BasedPattern {
  baseDir: string;
  pattern: PathPattern;
}

/** An ordered list of patterns from several base folders; the last pattern that matches decides. */
export class PathMatcher {
  private readonly patterns: BasedPattern[] = [];

  constructor(private readonly parent?: PathMatcher) {}

  add(baseDir: string, sources: readonly string[]): this {
    for (const source of sources) {
      const pattern = compilePattern(source);
      if (pattern) this.patterns.push({ baseDir: path.resolve(baseDir), pattern });
    }
    return this;
  }

  get size(): number {
    return this.patterns.length + (this.parent?.size ?? 0);
  }

  /** Whether `absPath` itself is matched (its parent folders are not consulted; walks prune them). */
  matches(absPath: string, isDir: boolean): boolean {
    return this.decide(absPath, isDir) ?? false;
  }

  /** Whether `absPath` or one of its folders up to the base folders is matched. */
  matchesPathOrParent(absPath: string, isDir: boolean): boolean {
    let current = path.resolve(absPath);
    let currentIsDir = isDir;
    for (;;) {
      if (this.matches(current, currentIsDir)) return true;
      const parent = path.dirname(current);
      if (parent === current) return false;
      current = parent;
      currentIsDir = true;
    }
  }

  private decide(absPath: string, isDir: boolean): boolean | undefined {
    let result = this.parent?.decide(absPath, isDir);
    for (const { baseDir, pattern } of this.patterns) {
      if (pattern.dirOnly && !isDir) continue;
      const relative = path.relative(baseDir, absPath);
      if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) continue;
      if (pattern.regex.test(relative.split(path.sep).join('/'))) result = !pattern.negated;
    }
    return result;
  }
}

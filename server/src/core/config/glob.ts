/**
 * Gitignore-style path patterns, used for `.gitignore` files and the `exclude` globs of
 * project config and settings, matched by `ignore` (the matcher ESLint and Prettier use for
 * `.gitignore`). A pattern is relative to a base folder: without a slash (`*.gen.py`, `build`)
 * it matches a name at any depth; with one (`src/generated/**`, `/tools`) it is anchored there;
 * a trailing slash matches folders only; `!` re-includes what earlier patterns excluded.
 */
import ignore, { Ignore } from 'ignore';
import * as path from 'node:path';

interface PatternGroup {
  baseDir: string;
  rules: Ignore;
}

/** An ordered list of patterns from several base folders; the last pattern that matches decides. */
export class PathMatcher {
  private readonly groups: PatternGroup[] = [];
  private count = 0;

  constructor(private readonly parent?: PathMatcher) {}

  add(baseDir: string, sources: readonly string[]): this {
    const patterns = sources.map((source) => source.trimStart()).filter((source) => source.trim() && !source.startsWith('#'));
    if (!patterns.length) return this;
    // Case-sensitive, as git is on Linux (core.ignorecase false).
    this.groups.push({ baseDir: path.resolve(baseDir), rules: ignore({ ignorecase: false }).add(patterns) });
    this.count += patterns.length;
    return this;
  }

  get size(): number {
    return this.count + (this.parent?.size ?? 0);
  }

  /** Whether `absPath` is matched, itself or through one of its folders below a base folder. */
  matches(absPath: string, isDir: boolean): boolean {
    return this.decide(path.resolve(absPath), isDir) ?? false;
  }

  /** Whether `absPath` or one of its folders up to the base folders is matched. */
  matchesPathOrParent(absPath: string, isDir: boolean): boolean {
    return this.matches(absPath, isDir);
  }

  private decide(absPath: string, isDir: boolean): boolean | undefined {
    let result = this.parent?.decide(absPath, isDir);
    for (const { baseDir, rules } of this.groups) {
      const relative = path.relative(baseDir, absPath);
      if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) continue;
      const verdict = rules.test(relative.split(path.sep).join('/') + (isDir ? '/' : ''));
      if (verdict.ignored) result = true;
      else if (verdict.unignored) result = false;
    }
    return result;
  }
}

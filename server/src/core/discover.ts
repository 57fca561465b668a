/**
 * Finds the files to lint: explicit files as given, folders recursively, skipping
 * dependency and build folders, `.gitignore`d paths and the config's `exclude` globs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConfigLoader, ProjectConfig } from './config/config';
import { PathMatcher } from './config/glob';
import { grammarForPath } from './parse/parser';

/** Folders never entered: dependencies, virtualenvs, caches, VCS data and build output. */
export const SKIPPED_FOLDERS = new Set([
  'node_modules', '.venv', 'venv', '.virtualenvs', 'virtualenvs', 'site-packages', 'dist-packages', '__pycache__',
  '.git', '.hg', '.svn', '.tox', '.nox', '.mypy_cache', '.pytest_cache', '.ruff_cache', 'dist', 'build', 'out',
]);

export interface LintTarget {
  /** The path as the user sees it: relative to what was given on the command line. */
  display: string;
  absolute: string;
}

/** A path that cannot be read: exit code 2. */
export class InputError extends Error {}

export interface DiscoveryOptions {
  loader: ConfigLoader;
  /** `--config FILE`: used for every file instead of the nearest config. */
  config?: ProjectConfig;
  note: (message: string) => void;
}

export function discoverFiles(paths: readonly string[], options: DiscoveryOptions): LintTarget[] {
  const seen = new Set<string>();
  const targets: LintTarget[] = [];
  const add = (target: LintTarget): void => {
    if (seen.has(target.absolute)) return;
    seen.add(target.absolute);
    targets.push(target);
  };
  const walker = new Walker(options, add);
  for (const given of paths.length ? paths : ['.']) {
    const absolute = path.resolve(given);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(absolute);
    } catch (error) {
      throw new InputError(`cannot read ${given}: ${describeErrno(error)}`);
    }
    if (stat.isDirectory()) {
      walker.walkNamed(absolute, given);
    } else if (grammarForPath(absolute)) {
      add({ display: given, absolute });
    } else {
      options.note(`skipped ${given}: not a Python, TypeScript or JavaScript file`);
    }
  }
  return targets;
}

export function describeErrno(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return code ?? String(error);
}

class Walker {
  private readonly excludes = new Map<ProjectConfig, PathMatcher | undefined>();
  /** The folder named on the command line that is being walked. */
  private named = '';

  constructor(private readonly options: DiscoveryOptions, private readonly add: (target: LintTarget) => void) {}

  /**
   * A folder named on the command line is searched even when it is ignored or excluded itself (as a
   * named file is linted): the patterns that match it, which would match everything inside it too
   * (gitignore semantics), are not applied below it.
   */
  walkNamed(dir: string, display: string): void {
    this.named = dir;
    this.excludes.clear();
    const inherited = ancestorIgnores(dir);
    this.walk(dir, display, inherited.matches(dir, true) ? new PathMatcher() : inherited);
  }

  private walk(dir: string, display: string, inherited: PathMatcher): void {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      this.options.note(`skipped ${display}: ${describeErrno(error)}`);
      return;
    }
    const ignores = withGitignore(dir, inherited);
    const config = this.options.config ?? this.options.loader.configFor(dir, true);
    const exclude = config && this.excludeMatcher(config);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const absolute = path.join(dir, entry.name);
      const shown = path.join(display, entry.name);
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && isFileOrDir(absolute) === 'dir');
      if (entry.isSymbolicLink() && isDir) continue;
      if (isDir && (SKIPPED_FOLDERS.has(entry.name) || fs.existsSync(path.join(absolute, 'pyvenv.cfg')))) continue;
      if (ignores.matches(absolute, isDir) || exclude?.matches(absolute, isDir)) continue;
      if (isDir) this.walk(absolute, shown, ignores);
      else if (grammarForPath(entry.name) && (entry.isFile() || isFileOrDir(absolute) === 'file')) this.add({ display: shown, absolute });
    }
  }

  private excludeMatcher(config: ProjectConfig): PathMatcher | undefined {
    if (!this.excludes.has(config)) {
      const matcher = new PathMatcher().add(config.dir, config.exclude);
      this.excludes.set(config, matcher.matches(this.named, true) ? undefined : matcher);
    }
    return this.excludes.get(config);
  }
}

function isFileOrDir(absolute: string): 'file' | 'dir' | undefined {
  try {
    const stat = fs.statSync(absolute);
    return stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

function withGitignore(dir: string, inherited: PathMatcher): PathMatcher {
  const file = path.join(dir, '.gitignore');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return inherited;
  }
  return new PathMatcher(inherited).add(dir, text.split(/\r?\n/));
}

/** The `.gitignore` files above a folder, up to the root of its git work tree (none outside a work tree). */
function ancestorIgnores(dir: string): PathMatcher {
  const ancestors: string[] = [];
  let current = path.dirname(dir);
  let inWorkTree = fs.existsSync(path.join(dir, '.git'));
  while (!inWorkTree && current !== path.dirname(current)) {
    ancestors.unshift(current);
    if (fs.existsSync(path.join(current, '.git'))) inWorkTree = true;
    else current = path.dirname(current);
  }
  if (!inWorkTree) return new PathMatcher();
  return ancestors.reduce((matcher, ancestor) => withGitignore(ancestor, matcher), new PathMatcher());
}

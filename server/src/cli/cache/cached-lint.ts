/**
 * `--cache`, as ESLint and Ruff have it: each file's findings are kept, keyed by its content
 * hash, its effective settings and the linter's version and build, and reused while what its
 * analysis read from other files is unchanged:
 * - the linted files it is grouped with by their reads (groups.ts), and their contents: a file
 *   edited, added or removed relints its group;
 * - everything else the project index saw of the disk (observations.ts): a manifest, a tsconfig,
 *   a module outside the linted paths, a file appearing where an import looked; any change relints all.
 * When every file is cached, nothing is parsed (no grammar is even loaded).
 */
import * as fs from 'node:fs';
import packageJson from '../../../../package.json';
import { initAnalysis } from '../../core/analyze';
import { DEFAULT_MAX_FILE_SIZE, resolveSettings } from '../../core/config/config';
import { DiskFileSystem } from '../../core/project/file-system';
import { IndexView } from '../../core/project/project-view';
import { LintTarget } from '../discover';
import { LintedFile, LintOptions, lintTarget, projectIndexFor, projectRootsFor } from '../lint';
import { readSource } from '../source';
import { ReadGroups } from './groups';
import { Observations, recordingFileSystem, sha1, stillHold } from './observations';
import { CacheContents, CacheEntry, loadCache, saveCache } from './store';
import { withFields } from '../../core/with-fields';

export interface CachedLintOptions extends Omit<LintOptions, 'project'> {
  /** The paths given on the command line (the project index's roots come from them). */
  paths: readonly string[];
  cacheFile: string;
  /** The project index's options (`--config`'s server modules, the size limit). */
  serverModules?: readonly string[];
  indexMaxFileSize?: number;
}

/** A file to lint, as read now. */
interface Current {
  target: LintTarget;
  text: string;
  hash: string;
  settings: string;
}

/** The linter's version and a hash of the running bundle: results of another build are not reused. */
function linterId(): string {
  let build = '';
  try {
    build = sha1(fs.readFileSync(__filename, 'latin1'));
  } catch {
    // No bundle to read (never in the CLI): the version alone.
  }
  return `${packageJson.version}+${build}`;
}

export async function lintWithCache(targets: readonly LintTarget[], options: CachedLintOptions): Promise<LintedFile[]> {
  const linter = linterId();
  const { contents: cached, writable } = loadCache(options.cacheFile, linter, options.note);
  const roots = projectRootsFor(options.paths);
  const indexKey = JSON.stringify({ roots, serverModules: options.serverModules ?? [], maxFileSize: options.indexMaxFileSize ?? null });
  const current = readTargets(targets, options);
  const hashes = new Map([...current].map(([file, { hash }]) => [file, hash]));
  const environment = cached.environment;
  const environmentHolds = environment !== undefined && environment.index === indexKey
    && stillHold(environment.observations, new DiskFileSystem(roots, undefined, options.indexMaxFileSize), new Set(hashes.keys()));
  const entries = environmentHolds ? cached.files : {};
  // With --fix every file is linted (its fixes applied); the results of files left unchanged are kept.
  const fresh = (file: string): CacheEntry | undefined => {
    const entry = entries[file];
    const now = current.get(file)!;
    return !options.fix && entry?.hash === now.hash && entry.settings === now.settings ? entry : undefined;
  };
  const linted = new Map<string, { result?: LintedFile; reads: string[]; entry?: CacheEntry }>();
  const readsOf = (file: string): readonly string[] => linted.get(file)?.reads ?? fresh(file)?.reads ?? [];
  const staleGroups = (): string[] => {
    const groups = new ReadGroups();
    for (const file of hashes.keys()) groups.add(file, readsOf(file));
    const digests = groups.digests(hashes);
    for (const [file, { entry }] of linted) if (entry) entry.group = digests.get(file)!;
    return [...hashes.keys()].filter((file) => !linted.has(file) && fresh(file)?.group !== digests.get(file));
  };
  let toLint = [...hashes.keys()].filter((file) => !fresh(file));
  if (!toLint.length) toLint = staleGroups();
  if (!toLint.length) return resultsOf(targets, current, linted, fresh);

  await initAnalysis();
  const observations: Observations = {};
  const project = projectIndexFor(options.paths, targets, {
    serverModules: options.serverModules, maxFileSize: options.indexMaxFileSize, fileSystem: (disk) => recordingFileSystem(disk, observations),
  });
  // A file linted may read otherwise than its cached entry said, which may regroup cached files: until none is left.
  while (toLint.length) {
    for (const file of toLint) {
      const { target, settings } = current.get(file)!;
      const result = lintTarget(target, withFields(options, { project }));
      const view = project.viewFor(file);
      const read = new Set([...(view instanceof IndexView ? view.readFiles : []), ...(project.summaryReads(file) ?? [])]);
      read.delete(file);
      const reads = [...read].sort();
      // A file its fixes changed is linted again next time; its findings are those of the text before them.
      const keep = result && !result.fixed && sha1(result.text) === current.get(file)!.hash;
      linted.set(file, { result, reads, entry: keep ? { hash: current.get(file)!.hash, settings, reads, group: '', findings: result.findings } : undefined });
    }
    toLint = staleGroups();
  }
  if (writable) saveCache(options.cacheFile, nextContents(cached, environmentHolds, linter, indexKey, observations, current, linted, fresh), options.note);
  return resultsOf(targets, current, linted, fresh);
}

/** Reads and hashes every target (a skipped one gets its note, as when linting without the cache). */
function readTargets(targets: readonly LintTarget[], options: CachedLintOptions): Map<string, Current> {
  const current = new Map<string, Current>();
  for (const target of targets) {
    const config = options.config ?? options.loader.configFor(target.absolute);
    const source = readSource(target.absolute, target.display, options.maxFileSize ?? config?.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
    if (source.kind === 'skipped') {
      options.note(`skipped ${target.display}: ${source.reason}`);
      continue;
    }
    const settings = resolveSettings({ cliProfile: options.profile, cliOverrides: options.overrides, config });
    current.set(target.absolute, { target, text: source.text, hash: sha1(source.text), settings: JSON.stringify(settings) });
  }
  return current;
}

function resultsOf(
  targets: readonly LintTarget[],
  current: ReadonlyMap<string, Current>,
  linted: ReadonlyMap<string, { result?: LintedFile }>,
  fresh: (file: string) => CacheEntry | undefined,
): LintedFile[] {
  return targets.flatMap((target) => {
    const now = current.get(target.absolute);
    if (!now) return [];
    if (linted.has(target.absolute)) return linted.get(target.absolute)!.result ?? [];
    return { file: target.display, text: now.text, findings: fresh(target.absolute)!.findings };
  });
}

/**
 * What is written back: this run's entries over the cached ones. When the environment still held,
 * its observations grow by this run's and the other files' entries stay (those still on disk);
 * otherwise the entries of other runs cannot be checked any more and are dropped.
 */
function nextContents(
  cached: CacheContents,
  environmentHolds: boolean,
  linter: string,
  index: string,
  observations: Observations,
  current: ReadonlyMap<string, Current>,
  linted: ReadonlyMap<string, { entry?: CacheEntry }>,
  fresh: (file: string) => CacheEntry | undefined,
): CacheContents {
  const files: Record<string, CacheEntry> = {};
  if (environmentHolds) {
    for (const [file, entry] of Object.entries(cached.files)) if (!current.has(file) && fs.existsSync(file)) files[file] = entry;
  }
  for (const file of current.keys()) {
    const entry = linted.has(file) ? linted.get(file)!.entry : fresh(file);
    if (entry) files[file] = entry;
  }
  const known = environmentHolds ? cached.environment!.observations : {};
  return { linter, environment: { index, observations: withFields(known, observations) }, files };
}

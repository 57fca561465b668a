import * as path from 'node:path';
/** Lints the discovered files with the settings that apply to each (config, profile, flags). */
import { analyzeExtracted, analyzeText, withLfLineBreaks } from '../core/analyze';
import { GrammarId, grammarForPath, grammarsForFiles } from '../core/parse/parser';
import { ConfigLoader, DEFAULT_MAX_FILE_SIZE, ProjectConfig, resolveSettings } from '../core/config/config';
import { ProfileName } from '../core/rules/rule';
import { RuleOverride } from '../core/severity';
import { LintTarget } from './discover';
import { DiskFileSystem, ProjectFileSystem } from '../core/project/file-system';
import { CandidateList, ProjectIndex } from '../core/project/project-index';
import { projectRootFor } from '../core/project/roots';
import { applySafeFixes, FixOutcome } from './fix';
import { FileResult } from './format/results';
import { readSource, writeSourceAtomically } from './source';
import { withFields } from '../core/with-fields';

export interface LintOptions {
  loader: ConfigLoader;
  config?: ProjectConfig;
  profile?: ProfileName;
  overrides: readonly RuleOverride[];
  maxFileSize?: number;
  /** `write` for --fix, `preview` for --fix-dry-run. */
  fix?: 'write' | 'preview';
  note: (message: string) => void;
  /** The project index the files are linted with (each file sees its project through it). */
  project?: ProjectIndex;
}

export interface LintedFile extends FileResult {
  /** Set when fixes were applied (or would be, with --fix-dry-run): the text before them. */
  fixed?: FixOutcome & { before: string };
}

export function lintTargets(targets: readonly LintTarget[], options: LintOptions): LintedFile[] {
  return targets.flatMap((target) => lintTarget(target, options) ?? []);
}

/** Lints (and with `fix`, fixes) one file; undefined when it is skipped (a note says why). */
export function lintTarget(target: LintTarget, options: LintOptions): LintedFile | undefined {
  const config = options.config ?? options.loader.configFor(target.absolute);
  const settings = resolveSettings({ cliProfile: options.profile, cliOverrides: options.overrides, config });
  const source = readSource(target.absolute, target.display, options.maxFileSize ?? config?.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
  if (source.kind === 'skipped') {
    options.note(`skipped ${target.display}: ${source.reason}`);
    return undefined;
  }
  // Most of a repository's files: the index's pre-filter read them and found nothing, as analyzeText's would.
  if (options.project?.isTurnedAway(target.absolute) && grammarForPath(target.absolute)) return { file: target.display, text: source.text, findings: [] };
  // Lone CRs are read as LF (same offsets), so findings sit on the lines LSP and the server count.
  const project = options.project?.viewFor(target.absolute);
  const text = withLfLineBreaks(source.text);
  const analysisOptions = project ? withFields(settings, { project }) : settings;
  // A file the index summarised is linted with the declarations its summary read: one parse per file.
  const extracted = options.project?.takeExtraction(target.absolute, text, settings.serverModules ?? []);
  const grammar = extracted && grammarForPath(target.absolute);
  const analysis = extracted && grammar ? analyzeExtracted(grammar, extracted, text, analysisOptions) : analyzeText(text, target.absolute, analysisOptions);
  if (!analysis) return undefined;
  if (options.fix) {
    const outcome = applySafeFixes(source.text, target.absolute, analysisOptions, analysis.findings);
    if (outcome.text !== source.text) {
      if (options.fix === 'write') writeSourceAtomically(target.absolute, target.display, outcome.text, source.bom);
      return { file: target.display, text: outcome.text, findings: outcome.findings, fixed: withFields(outcome, { before: source.text }) };
    }
  }
  return { file: target.display, text: source.text, findings: analysis.findings };
}

/**
 * The grammars linting `targets` needs: each target's, and every script grammar for a TS/JS target
 * (its imports may be in any of them). Python, Go and C# modules import only their own language. The
 * others are not compiled: C#'s grammar alone is 5 MB of wasm.
 */
export function grammarsFor(targets: readonly LintTarget[]): Set<GrammarId> {
  return grammarsForFiles(targets.map((target) => target.absolute));
}

/** The roots the project index of `paths` reads from: the outermost workspace root above each path, else its git root, else the path. */
export function projectRootsFor(paths: readonly string[]): string[] {
  const anywhere = new DiskFileSystem(['/']);
  return [...new Set((paths.length ? paths : ['.']).map((given) => projectRootFor(path.resolve(given), anywhere)))];
}

export interface ProjectIndexOptions {
  serverModules?: readonly string[];
  maxFileSize?: number;
  /** Wraps the index's file system (`--cache` records what the index reads through it). */
  fileSystem?: (disk: ProjectFileSystem) => ProjectFileSystem;
}

/**
 * The project index for linting `targets` found from `paths` (rooted at `projectRootsFor(paths)`),
 * every target's tools read first, so each file is linted knowing what the others register.
 */
export function projectIndexFor(paths: readonly string[], targets: readonly LintTarget[], options: ProjectIndexOptions): ProjectIndex {
  const index = unreadProjectIndex(paths, targets, options);
  index.summariseAll();
  return index;
}

/**
 * The project index of `projectIndexFor` with its candidates known but none of their tools read yet;
 * `candidates`: what another index's pre-filter decided of the same targets (ProjectIndex.candidateList).
 */
export function unreadProjectIndex(paths: readonly string[], targets: readonly LintTarget[], options: ProjectIndexOptions, candidates?: CandidateList): ProjectIndex {
  const roots = projectRootsFor(paths);
  const disk = new DiskFileSystem(roots, undefined, options.maxFileSize);
  const index = new ProjectIndex(roots, options.fileSystem?.(disk) ?? disk, { serverModules: options.serverModules, keepDeclarations: true });
  if (candidates) {
    index.takeCandidates(candidates);
    return index;
  }
  // A file named on its own is read whatever the pre-filter says: it may register its tools through a
  // wrapper of a module not linted with it. Files found in folders are read once they name such a wrapper.
  const named = new Set(paths.map((given) => path.resolve(given)));
  index.addCandidates(targets.filter((target) => !named.has(target.absolute)).map((target) => target.absolute));
  index.addNamedFiles(targets.filter((target) => named.has(target.absolute)).map((target) => target.absolute));
  return index;
}

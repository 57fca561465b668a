import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeText } from '../../server/src/core/analyze';
import { resolveSettings, TolerantConfigLoader } from '../../server/src/core/config/config';
import { discoverFiles } from '../../server/src/core/discover';
import { Finding } from '../../server/src/core/model';
import { DiskFileSystem } from '../../server/src/core/project/file-system';
import { ProjectIndex } from '../../server/src/core/project/project-index';
import { ProjectLayout } from '../../server/src/core/project/layout';
import { ProfileName } from '../../server/src/core/rules/rule';
import { repoRoot } from './fixtures';

export const RESOLUTION_PROJECTS = path.join(repoRoot(), 'test', 'projects', 'resolution');

export interface TestProject {
  root: string;
  fs: DiskFileSystem;
  layout: ProjectLayout;
  /** The absolute path of a path relative to the root. */
  at(relative: string): string;
  /** The root-relative path (with `/`) of an absolute one; undefined stays undefined. */
  relative(absolute: string | undefined): string | undefined;
}

/** A project over `root`, read through a DiskFileSystem confined to it. */
export function projectAt(root: string, overlay?: (absolute: string) => string | undefined): TestProject {
  const fileSystem = new DiskFileSystem([root], overlay);
  return {
    root,
    fs: fileSystem,
    layout: new ProjectLayout(root, fileSystem),
    at: (relative) => path.join(root, ...relative.split('/')),
    relative: (absolute) => absolute === undefined ? undefined : path.relative(root, absolute).split(path.sep).join('/'),
  };
}

/** One of the committed fixture projects under test/projects/resolution. */
export function fixtureProject(name: string): TestProject {
  return projectAt(path.join(RESOLUTION_PROJECTS, name));
}

/** A temporary folder holding `files` (relative path -> text), removed at exit. */
export function temporaryTree(files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-project-')));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

/** A project over a temporary tree of `files`. */
export function temporaryProject(files: Record<string, string>, overlay?: (absolute: string) => string | undefined): TestProject {
  return projectAt(temporaryTree(files), overlay);
}

/**
 * Every finding of every file discovery finds under `root`, each file analysed as the CLI and the
 * server do: with the project index over `root` (or without any, `withIndex: false`).
 */
export function projectFindings(root: string, options: { withIndex: boolean; profile?: ProfileName }): Array<{ file: string; findings: Finding[] }> {
  // A walk that collects modules: a folder's unreadable config (resolution/malformed) does not stop it.
  const loader = new TolerantConfigLoader();
  const files = discoverFiles([root], { loader, note: () => undefined }).map((target) => target.absolute);
  const index = new ProjectIndex([root], new DiskFileSystem([root]));
  index.addCandidates(files);
  index.summariseAll();
  return files.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const { firstParty } = resolveSettings({ config: loader.configFor(file) });
    const result = analyzeText(text, file, { profile: options.profile, firstParty, ...(options.withIndex ? { project: index.viewFor(file) } : {}) });
    return { file, findings: result?.findings ?? [] };
  });
}

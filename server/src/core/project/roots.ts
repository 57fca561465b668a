/**
 * Where module resolution starts for a path given to the CLI: the outermost workspace root above
 * it, else its git root, else the path itself.
 */
import * as path from 'node:path';
import { ProjectFileSystem } from './file-system';
import { isWorkspaceRoot } from './workspaces';

/**
 * The project root of `absolutePath`: the outermost npm / yarn / pnpm workspace root above it
 * (searched no higher than its git root, when it has one: a workspace lives in one repository),
 * else the nearest folder above holding `.git` (a folder, or a file in a worktree or submodule),
 * else the path itself (its folder, for a file).
 *
 * `fs` must see the folders above the path: the CLI passes `new DiskFileSystem(['/'])`, the
 * language server its workspace folders' file system (then nothing above them is found).
 */
export function projectRootFor(absolutePath: string, fs: ProjectFileSystem): string {
  const start = path.resolve(absolutePath);
  const startDir = fs.isFile(start) ? path.dirname(start) : start;
  let gitRoot: string | undefined;
  let workspaceRoot: string | undefined;
  for (let dir = startDir; ; dir = path.dirname(dir)) {
    if (isWorkspaceRoot(dir, fs)) workspaceRoot = dir;
    if (hasGitEntry(dir, fs)) {
      gitRoot = dir;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return workspaceRoot ?? gitRoot ?? startDir;
}

/** Files that mark a project's folder (design.md, "Roots"). */
const PROJECT_MARKERS = ['pyproject.toml', 'setup.py', 'package.json', 'tsconfig.json', 'go.mod'];

/**
 * The root a whole project is read from for one file (a server's preview): its project root
 * (`projectRootFor`), or, where that finds no workspace and no git root above the file, the
 * nearest folder above holding a manifest (`pyproject.toml`, `setup.py`, `package.json`,
 * `tsconfig.json`), so the modules of a project outside any repository still resolve.
 */
export function wholeProjectRootFor(file: string, fs: ProjectFileSystem): string {
  const root = projectRootFor(file, fs);
  const folder = path.dirname(path.resolve(file));
  if (root !== folder || isProjectFolder(folder, fs)) return root;
  for (let dir = path.dirname(folder); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (isProjectFolder(dir, fs)) return dir;
  }
  return root;
}

function hasGitEntry(dir: string, fs: ProjectFileSystem): boolean {
  const git = path.join(dir, '.git');
  return fs.isDirectory(git) || fs.isFile(git);
}

/** A folder holding a manifest, or a C# project file (`*.csproj`). */
function isProjectFolder(dir: string, fs: ProjectFileSystem): boolean {
  return PROJECT_MARKERS.some((marker) => fs.isFile(path.join(dir, marker))) || fs.list(dir).some((name) => name.endsWith('.csproj'));
}

/**
 * One project root's manifests, configs and workspace packages, read once through a
 * ProjectFileSystem and kept until `forget` is told that a file changed.
 */
import * as path from 'node:path';
import { DataTable, readJsonTable, readTomlTable } from './data-files';
import { ProjectFileSystem } from './file-system';
import { CompilerPaths, compilerPathsOf, CONFIG_NAMES } from './tsconfig';
import { isWorkspaceRoot, WorkspacePackage, workspacePackages } from './workspaces';

const WORKSPACE_FILES = new Set(['package.json', 'pnpm-workspace.yaml']);
/** Sources and Python manifests: nothing derived from them is kept. */
const DATA_ONLY_FILE = /\.(py|pyi|[cm]?[jt]sx?|go|cs|toml|cfg|txt)$/;

export class ProjectLayout {
  readonly root: string;
  private readonly tables = new Map<string, DataTable | undefined>();
  private readonly compilerPaths = new Map<string, CompilerPaths>();
  private readonly nearestConfigs = new Map<string, string | undefined>();
  private readonly workspaceRoots = new Map<string, boolean>();
  private readonly workspaces = new Map<string, Map<string, WorkspacePackage>>();

  constructor(root: string, readonly fs: ProjectFileSystem) {
    this.root = path.resolve(root);
  }

  /** Whether `file` is the root or below it. */
  contains(file: string): boolean {
    return isSameOrBelow(file, this.root);
  }

  /** The folders from `dir` up to the root, nearest first (none when `dir` is outside the root). */
  foldersUpToRoot(dir: string): string[] {
    const folders: string[] = [];
    for (let current = path.resolve(dir); this.contains(current); current = path.dirname(current)) {
      folders.push(current);
      if (current === this.root) break;
    }
    return folders;
  }

  packageJson(dir: string): DataTable | undefined {
    return this.table(path.join(dir, 'package.json'), readJsonTable);
  }

  pyproject(dir: string): DataTable | undefined {
    return this.table(path.join(dir, 'pyproject.toml'), readTomlTable);
  }

  private table(file: string, read: (fs: ProjectFileSystem, file: string) => DataTable | undefined): DataTable | undefined {
    if (!this.tables.has(file)) this.tables.set(file, read(this.fs, file));
    return this.tables.get(file);
  }

  /** `paths` and `baseUrl` of the nearest tsconfig.json (or jsconfig.json) above `file`, up to the root. */
  compilerPathsFor(file: string): CompilerPaths | undefined {
    const config = this.nearestConfig(path.dirname(file));
    if (!config) return undefined;
    let options = this.compilerPaths.get(config);
    if (!options) this.compilerPaths.set(config, (options = compilerPathsOf(config, this.fs)));
    return options;
  }

  private nearestConfig(dir: string): string | undefined {
    if (this.nearestConfigs.has(dir)) return this.nearestConfigs.get(dir);
    const here = CONFIG_NAMES.map((name) => path.join(dir, name)).find((file) => this.fs.isFile(file));
    const parent = path.dirname(dir);
    const found = here ?? (dir !== this.root && parent !== dir && this.contains(parent) ? this.nearestConfig(parent) : undefined);
    this.nearestConfigs.set(dir, found);
    return found;
  }

  /** The outermost workspace root from `dir` up to the project root. */
  workspaceRootFor(dir: string): string | undefined {
    let outermost: string | undefined;
    for (const folder of this.foldersUpToRoot(dir)) {
      let isRoot = this.workspaceRoots.get(folder);
      if (isRoot === undefined) this.workspaceRoots.set(folder, (isRoot = isWorkspaceRoot(folder, this.fs)));
      if (isRoot) outermost = folder;
    }
    return outermost;
  }

  /** The packages of the workspace `dir` belongs to (empty outside a workspace). */
  workspacePackagesFor(dir: string): Map<string, WorkspacePackage> {
    const workspaceRoot = this.workspaceRootFor(dir);
    if (!workspaceRoot) return new Map();
    let packages = this.workspaces.get(workspaceRoot);
    if (!packages) this.workspaces.set(workspaceRoot, (packages = workspacePackages(workspaceRoot, this.fs)));
    return packages;
  }

  /** Drops what a change to `changed` (a file, or a folder and all below it) may make stale. */
  forget(changed: string): void {
    const target = path.resolve(changed);
    for (const key of [...this.tables.keys()]) {
      if (key === target || key.startsWith(target + path.sep)) this.tables.delete(key);
    }
    const name = path.basename(target);
    if (DATA_ONLY_FILE.test(name)) return;
    const workspaceFile = WORKSPACE_FILES.has(name);
    const configFile = !workspaceFile && name.endsWith('.json');
    if (!configFile) {
      this.workspaceRoots.clear();
      this.workspaces.clear();
    }
    if (!workspaceFile) {
      this.compilerPaths.clear();
      this.nearestConfigs.clear();
    }
  }
}

export function isSameOrBelow(file: string, ancestor: string): boolean {
  const relative = path.relative(ancestor, file);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * npm / yarn / bun workspaces (package.json `workspaces`) and pnpm workspaces
 * (pnpm-workspace.yaml `packages`): which folders of a workspace root are its packages.
 */
import * as path from 'node:path';
import { PathMatcher } from '../config/glob';
import { DataTable, isTable, readJsonTable, readYamlTable, stringsIn } from './data-files';
import { ProjectFileSystem } from './file-system';

export interface WorkspacePackage {
  name: string;
  dir: string;
  manifest: DataTable;
}

/** How deep below a glob's fixed part a `**` is followed (it also bounds symlinked folder cycles). */
const MAX_GLOBSTAR_DEPTH = 6;
const SKIPPED_FOLDERS = new Set(['node_modules']);

/** The package an import specifier names: `@scope/name/subpath` -> `@scope/name`; `name/subpath` -> `name`. */
export function npmPackageName(specifier: string): string {
  return specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

/** The workspace globs of `dir`, or undefined when it is not a workspace root. */
export function workspaceGlobs(dir: string, fs: ProjectFileSystem): string[] | undefined {
  const manifestGlobs = workspacesField(readJsonTable(fs, path.join(dir, 'package.json')));
  const pnpmFile = path.join(dir, 'pnpm-workspace.yaml');
  const pnpmGlobs = fs.isFile(pnpmFile) ? stringsIn(readYamlTable(fs, pnpmFile)?.packages) : undefined;
  if (!manifestGlobs && !pnpmGlobs) return undefined;
  return [...(manifestGlobs ?? []), ...(pnpmGlobs ?? [])];
}

export function isWorkspaceRoot(dir: string, fs: ProjectFileSystem): boolean {
  return workspaceGlobs(dir, fs) !== undefined;
}

function workspacesField(manifest: DataTable | undefined): string[] | undefined {
  const field = manifest?.workspaces;
  if (Array.isArray(field)) return stringsIn(field);
  if (isTable(field) && Array.isArray(field.packages)) return stringsIn(field.packages);
  return undefined;
}

/** The named packages of the workspace rooted at `root`, by package name (the first folder wins a name). */
export function workspacePackages(root: string, fs: ProjectFileSystem): Map<string, WorkspacePackage> {
  const packages = new Map<string, WorkspacePackage>();
  const globs = (workspaceGlobs(root, fs) ?? []).map(normaliseGlob).filter((glob) => glob !== '!');
  const matcher = new PathMatcher().add(root, globs.map(anchored));
  const candidates = new Set<string>();
  for (const glob of globs) {
    if (!glob.startsWith('!')) for (const dir of foldersGlobCanReach(root, glob, fs)) candidates.add(dir);
  }
  for (const dir of [...candidates].sort()) {
    if (!matcher.matches(dir, true)) continue;
    const manifest = readJsonTable(fs, path.join(dir, 'package.json'));
    const name = manifest?.name;
    if (manifest && typeof name === 'string' && name && !packages.has(name)) packages.set(name, { name, dir, manifest });
  }
  return packages;
}

function normaliseGlob(glob: string): string {
  const negated = glob.startsWith('!');
  const body = (negated ? glob.slice(1) : glob).trim().replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return negated ? `!${body}` : body;
}

/** Workspace globs are relative to the root: anchor them there (a gitignore pattern without `/` matches at any depth). */
function anchored(glob: string): string {
  return glob.startsWith('!') ? `!/${glob.slice(1)}` : `/${glob}`;
}

/** The folders below the glob's fixed leading part, as deep as the glob can reach, each real folder once (shallowest path first). */
function foldersGlobCanReach(root: string, glob: string, fs: ProjectFileSystem): string[] {
  const segments = glob.split('/').filter(Boolean);
  const firstWild = segments.findIndex((segment) => /[*?[]/.test(segment));
  if (firstWild === -1) return [path.join(root, ...segments)];
  const base = path.join(root, ...segments.slice(0, firstWild));
  const depth = glob.includes('**') ? MAX_GLOBSTAR_DEPTH : segments.length - firstWild;
  const seen = new Set([fs.realPath(base)]);
  const found: string[] = [];
  let level = [base];
  for (let remaining = depth; remaining > 0 && level.length; remaining--) {
    const next: string[] = [];
    for (const dir of level) {
      for (const name of fs.list(dir)) {
        const child = path.join(dir, name);
        const real = SKIPPED_FOLDERS.has(name) || name.startsWith('.') ? undefined : fs.realPath(child);
        if (!real || seen.has(real) || !fs.isDirectory(child)) continue;
        seen.add(real);
        next.push(child);
      }
    }
    found.push(...next);
    level = next;
  }
  return found;
}

/**
 * Python imports to files, as the import system finds them in a project's own source roots:
 * regular packages (`__init__.py`), namespace packages (folders without one), src layouts,
 * absolute and relative imports. The standard library and site-packages are never searched.
 */
import * as path from 'node:path';
import { ProjectFileSystem } from './file-system';
import { isSameOrBelow, ProjectLayout } from './layout';

export interface PythonModuleFile {
  file: string;
  /** The file is a package's `__init__.py` (or `.pyi`). */
  isPackage: boolean;
}

const PROJECT_MANIFESTS = ['pyproject.toml', 'setup.py', 'setup.cfg'];
const INIT_FILES = ['__init__.py', '__init__.pyi'];
const IDENTIFIER = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

/**
 * The file `dotted` names when `fromFile` imports it: relative (`.server`, `..common.server`,
 * `.` for the current package's `__init__.py`) or absolute, searched in `pythonSourceRoots`.
 * A regular package wins over a module of the same name, as in Python; a stub (`.pyi`) counts
 * only where there is no source.
 */
export function resolvePythonModule(fromFile: string, dotted: string, layout: ProjectLayout): PythonModuleFile | undefined {
  const dots = /^\.*/.exec(dotted)?.[0].length ?? 0;
  const names = dotted.slice(dots).split('.');
  if (names.length === 1 && names[0] === '') names.pop();
  if (names.some((name) => !IDENTIFIER.test(name))) return undefined;
  if (dots > 0) {
    let base = path.dirname(path.resolve(fromFile));
    for (let level = 1; level < dots; level++) base = path.dirname(base);
    if (!layout.contains(base)) return undefined;
    return names.length ? moduleUnder(base, names, layout.fs) : packageInit(base, layout.fs);
  }
  if (!names.length) return undefined;
  for (const sourceRoot of pythonSourceRoots(fromFile, layout)) {
    const found = moduleUnder(sourceRoot, names, layout.fs);
    if (found) return found;
  }
  return undefined;
}

/**
 * Where absolute imports from `fromFile` are looked up, in order: the folder above the topmost
 * regular package holding the file (the file's own folder when it is in none, as for a script),
 * then, from the file's folder up to the project root, each folder holding `pyproject.toml`,
 * `setup.py` or `setup.cfg` (and the root itself): its `src/`, then the folder.
 */
export function pythonSourceRoots(fromFile: string, layout: ProjectLayout): string[] {
  return [...new Set([topPackageParent(fromFile, layout), ...declaredSourceRoots(fromFile, layout)])];
}

/** The dotted name `file` is imported by from its source root (`src/mypkg/common/server.py` -> `mypkg.common.server`). */
export function pythonModuleName(file: string, layout: ProjectLayout): string | undefined {
  const absolute = path.resolve(file);
  const packageParent = topPackageParent(absolute, layout);
  const enclosingRoot = declaredSourceRoots(absolute, layout).find((root) => isSameOrBelow(packageParent, root));
  for (const base of [enclosingRoot, packageParent]) {
    const name = base && dottedNameFrom(base, absolute);
    if (name) return name;
  }
  return undefined;
}

function dottedNameFrom(base: string, file: string): string | undefined {
  const relative = path.relative(base, file);
  if (!/\.pyi?$/.test(relative) || !isSameOrBelow(file, base)) return undefined;
  const names = relative.replace(/\.pyi?$/, '').split(path.sep);
  if (names[names.length - 1] === '__init__') names.pop();
  return names.length && names.every((name) => IDENTIFIER.test(name)) ? names.join('.') : undefined;
}

function topPackageParent(file: string, layout: ProjectLayout): string {
  let dir = path.dirname(path.resolve(file));
  while (dir !== layout.root && layout.contains(dir) && packageInit(dir, layout.fs)) dir = path.dirname(dir);
  return dir;
}

function declaredSourceRoots(file: string, layout: ProjectLayout): string[] {
  return layout.foldersUpToRoot(path.dirname(path.resolve(file)))
    .filter((dir) => dir === layout.root || PROJECT_MANIFESTS.some((name) => layout.fs.isFile(path.join(dir, name))))
    .flatMap((dir) => [path.join(dir, 'src'), dir]);
}

function moduleUnder(base: string, names: readonly string[], fs: ProjectFileSystem): PythonModuleFile | undefined {
  const dir = path.join(base, ...names.slice(0, -1));
  const last = names[names.length - 1];
  const packageDir = path.join(dir, last);
  const candidates: PythonModuleFile[] = [
    { file: path.join(packageDir, INIT_FILES[0]), isPackage: true },
    { file: path.join(dir, `${last}.py`), isPackage: false },
    { file: path.join(packageDir, INIT_FILES[1]), isPackage: true },
    { file: path.join(dir, `${last}.pyi`), isPackage: false },
  ];
  return candidates.find((candidate) => fs.isFile(candidate.file));
}

function packageInit(dir: string, fs: ProjectFileSystem): PythonModuleFile | undefined {
  const file = INIT_FILES.map((name) => path.join(dir, name)).find((candidate) => fs.isFile(candidate));
  return file ? { file, isPackage: true } : undefined;
}

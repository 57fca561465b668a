/**
 * Go packages as the go command finds them inside one module: an import path below the module
 * path of the nearest go.mod above the importing file is a folder of that module, whose non-test
 * `.go` files make up the package.
 */
import * as path from 'node:path';
import { ProjectFileSystem } from './file-system';

export interface GoModule {
  /** The folder holding go.mod. */
  root: string;
  /** Its `module` directive. */
  path: string;
  /** Its `go` directive: the language version (`1.26`), when written. */
  goVersion?: string;
}

/** The module of the nearest go.mod at or above `dir` (one the file system can read). */
export function goModuleOf(dir: string, fs: ProjectFileSystem): GoModule | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const file = path.join(current, 'go.mod');
    if (fs.isFile(file)) {
      const text = fs.readText(file) ?? '';
      const modulePath = directive(text, 'module');
      return modulePath ? { root: current, path: modulePath, goVersion: directive(text, 'go') } : undefined;
    }
    if (path.dirname(current) === current) return undefined;
  }
}

/** What a go.mod's one-line directive (`module`, `go`) says (comments and quotes removed). */
function directive(text: string, name: string): string | undefined {
  for (const line of text.split('\n')) {
    const words = line.replace(/\/\/.*$/, '').trim().split(/\s+/);
    if (words[0] === name && words[1]) return words[1].replace(/^["`]|["`]$/g, '');
  }
  return undefined;
}

/** Whether a Go language version (`1.26`, `1.26.1`) is at least `major.minor`. */
export function goVersionAtLeast(version: string | undefined, major: number, minor: number): boolean {
  const [have, haveMinor] = (version ?? '').split('.').map((part) => Number.parseInt(part, 10));
  return have > major || (have === major && haveMinor >= minor);
}

/** The folder of the package imported as `importPath` from `fromFile`, when it lies in the same module. */
export function resolveGoPackage(fromFile: string, importPath: string, fs: ProjectFileSystem): string | undefined {
  const module = goModuleOf(path.dirname(fromFile), fs);
  if (!module) return undefined;
  if (importPath === module.path) return module.root;
  if (!importPath.startsWith(`${module.path}/`)) return undefined;
  const folder = path.join(module.root, ...importPath.slice(module.path.length + 1).split('/'));
  return fs.isDirectory(folder) ? folder : undefined;
}

/** The files of the package in `folder`, test files left out. */
export function goPackageFiles(folder: string, fs: ProjectFileSystem): string[] {
  return fs.list(folder).filter((name) => name.endsWith('.go') && !name.endsWith('_test.go')).map((name) => path.join(folder, name)).filter((file) => fs.isFile(file));
}

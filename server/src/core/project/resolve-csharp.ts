/**
 * C# projects as MSBuild finds their sources: the `.cs` files below the folder of the nearest
 * `.csproj` above a file (`bin` and `obj` left out), or below the file's own folder when there is none.
 */
import * as path from 'node:path';
import { ProjectFileSystem } from './file-system';

/** At most this many files are listed per project (a call into a class of a file past it is unknown). */
const MAX_FILES = 3000;
const SKIPPED = new Set(['bin', 'obj', 'node_modules', '.git', '.vs', 'TestResults']);

/** The folder of the nearest `.csproj` at or above `dir`. */
export function csharpProjectRoot(dir: string, fs: ProjectFileSystem): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (fs.list(current).some((name) => name.endsWith('.csproj'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

/** The source files of the C# project `fromFile` belongs to. */
export function csharpProjectFiles(fromFile: string, fs: ProjectFileSystem): string[] {
  const root = csharpProjectRoot(path.dirname(fromFile), fs) ?? path.dirname(fromFile);
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (folder: string): void => {
    const real = fs.realPath(folder);
    if (!real || seen.has(real) || files.length >= MAX_FILES) return;
    seen.add(real);
    for (const name of fs.list(folder)) {
      const child = path.join(folder, name);
      if (name.endsWith('.cs') && fs.isFile(child)) files.push(child);
      else if (!SKIPPED.has(name) && !name.startsWith('.') && fs.isDirectory(child)) walk(child);
      if (files.length >= MAX_FILES) return;
    }
  };
  walk(root);
  return files;
}

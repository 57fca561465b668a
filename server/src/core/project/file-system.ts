/**
 * How the project index reads the disk: every read goes through here, so open documents can
 * override the disk (the language server) and no read leaves the project's roots (a symlink
 * pointing out of them, or a loop, reads as missing). Nothing is executed or imported.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ProjectFileSystem {
  /** The file's text, or undefined when it is missing, not a regular file, outside the roots, larger than the limit, binary or not UTF-8. */
  readText(absolute: string): string | undefined;
  isFile(absolute: string): boolean;
  isDirectory(absolute: string): boolean;
  /** The names in a folder (files and folders), sorted; empty when it cannot be read. */
  list(absolute: string): string[];
  /** Where the path really is (symlinks followed), or undefined when it is missing or outside the roots: walks use it to see a folder once. */
  realPath(absolute: string): string | undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The size above which a file is not read (the `maxFileSize` default). */
export const DEFAULT_PROJECT_FILE_LIMIT = 5 * 1024 * 1024;

/**
 * The disk, confined to `roots`: a path whose real location (after symlinks) is outside every
 * root is treated as missing. `overlay` texts (open documents) win over the disk.
 */
export class DiskFileSystem implements ProjectFileSystem {
  private readonly realRoots: string[];
  private readonly realPaths = new Map<string, string | undefined>();

  constructor(
    roots: readonly string[],
    private readonly overlay: (absolute: string) => string | undefined = () => undefined,
    private readonly maxFileSize = DEFAULT_PROJECT_FILE_LIMIT,
  ) {
    this.realRoots = roots.map((root) => realPathOf(root) ?? path.resolve(root));
  }

  /** Forgets the real paths looked up (after files or folders moved). */
  forget(): void {
    this.realPaths.clear();
  }

  private inside(absolute: string): string | undefined {
    if (this.realPaths.has(absolute)) return this.realPaths.get(absolute);
    const real = realPathOf(absolute);
    const confined = real && this.realRoots.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) ? real : undefined;
    this.realPaths.set(absolute, confined);
    return confined;
  }

  realPath(absolute: string): string | undefined {
    return this.inside(absolute);
  }

  readText(absolute: string): string | undefined {
    const open = this.overlay(absolute);
    if (open !== undefined) return open;
    try {
      const file = this.realFile(absolute);
      if (!file) return undefined;
      const { real, stat } = file;
      if (!stat.isFile() || stat.size > this.maxFileSize) return undefined;
      const bytes = fs.readFileSync(real);
      if (bytes.includes(0)) return undefined;
      const text = decoder.decode(bytes);
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    } catch {
      return undefined;
    }
  }

  /**
   * A file's real path inside the roots and its stat. A file that is no symbolic link is where its folder
   * really is: one realpath per folder, not per file (the index reads thousands of files of a few hundred folders).
   */
  private realFile(absolute: string): { real: string; stat: fs.Stats } | undefined {
    const own = fs.lstatSync(absolute);
    if (own.isSymbolicLink()) {
      const real = this.inside(absolute);
      return real ? { real, stat: fs.statSync(real) } : undefined;
    }
    const folder = this.inside(path.dirname(absolute));
    return folder ? { real: path.join(folder, path.basename(absolute)), stat: own } : undefined;
  }

  isFile(absolute: string): boolean {
    if (this.overlay(absolute) !== undefined) return true;
    const real = this.inside(absolute);
    return !!real && statOf(real)?.isFile() === true;
  }

  isDirectory(absolute: string): boolean {
    const real = this.inside(absolute);
    return !!real && statOf(real)?.isDirectory() === true;
  }

  list(absolute: string): string[] {
    const real = this.inside(absolute);
    if (!real) return [];
    try {
      return fs.readdirSync(real).sort();
    } catch {
      return [];
    }
  }
}

function realPathOf(absolute: string): string | undefined {
  try {
    return fs.realpathSync.native(absolute);
  } catch {
    return undefined;
  }
}

function statOf(absolute: string): fs.Stats | undefined {
  try {
    return fs.statSync(absolute);
  } catch {
    return undefined;
  }
}

/**
 * TypeScript / JavaScript imports to source files, as TypeScript's bundler / node16 resolution
 * finds them: relative paths with extension substitution (`./x.js` -> `x.ts`) and index files,
 * tsconfig `paths` / `baseUrl`, and workspace packages (their `exports`, `types`, `main`, mapped
 * back to sources). Bare packages that are not workspace packages are not resolved: node_modules
 * is never read. Declaration files (`.d.ts`) are never the answer: they hold no tools.
 */
import * as path from 'node:path';
import { DataTable, isTable } from './data-files';
import { ProjectLayout } from './layout';
import { bestPattern, mappedCandidates } from './tsconfig';
import { npmPackageName } from './workspaces';

/** The extensions a specifier's extension stands for, most preferred first. */
const SUBSTITUTES: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
  '.ts': ['.ts'],
  '.tsx': ['.tsx'],
  '.mts': ['.mts'],
  '.cts': ['.cts'],
};
/** Tried in turn after an extensionless specifier. */
const APPENDED_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.mjs', '.cts', '.cjs'];
const INDEX_FILES = ['index.ts', 'index.tsx', 'index.js', 'index.jsx', 'index.mts', 'index.mjs'];
const ENTRY_FIELDS = ['types', 'typings', 'main', 'module'];
const CONDITIONS_FIRST = ['types', 'import', 'default', 'require'];
/** Build output folders at the start of an entry point, mapped back to `src/` when only the source is there. */
const BUILD_FOLDERS = new Set(['dist', 'build', 'out', 'lib', 'esm', 'cjs']);
const DECLARATION = /\.d\.([cm]?)ts$/;
const TYPESCRIPT_SOURCE = /\.[cm]?tsx?$/;

/** The absolute path of the source file `specifier` imports from `fromFile`, or undefined. */
export function resolveScriptImport(fromFile: string, specifier: string, layout: ProjectLayout): string | undefined {
  if (isPathSpecifier(specifier)) return resolveFileOrFolder(path.resolve(path.dirname(fromFile), specifier), layout);
  const options = layout.compilerPathsFor(fromFile);
  for (const candidate of options ? mappedCandidates(specifier, options) : []) {
    const found = resolveFileOrFolder(candidate, layout);
    if (found) return found;
  }
  return resolveWorkspaceImport(fromFile, specifier, layout);
}

function isPathSpecifier(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../') || path.isAbsolute(specifier);
}

function resolveFileOrFolder(candidate: string, layout: ProjectLayout): string | undefined {
  return resolveFile(candidate, layout) ?? resolveFolder(candidate, layout);
}

function resolveFile(candidate: string, layout: ProjectLayout): string | undefined {
  const extension = path.extname(candidate);
  const substitutes = DECLARATION.test(candidate) ? undefined : SUBSTITUTES[extension];
  const files = substitutes
    ? substitutes.map((substitute) => candidate.slice(0, -extension.length) + substitute)
    : APPENDED_EXTENSIONS.map((appended) => candidate + appended);
  return files.find((file) => !DECLARATION.test(file) && layout.fs.isFile(file));
}

/** A folder: its package.json's entry point, else its index file. */
function resolveFolder(dir: string, layout: ProjectLayout): string | undefined {
  if (!layout.fs.isDirectory(dir)) return undefined;
  return pickSource(dir, entryFieldTargets(layout.packageJson(dir)), layout) ?? resolveIndex(dir, layout);
}

function resolveIndex(dir: string, layout: ProjectLayout): string | undefined {
  return INDEX_FILES.map((name) => path.join(dir, name)).find((file) => layout.fs.isFile(file));
}

function resolveWorkspaceImport(fromFile: string, specifier: string, layout: ProjectLayout): string | undefined {
  const parts = packageSpecifierParts(specifier);
  const workspacePackage = parts && layout.workspacePackagesFor(path.dirname(fromFile)).get(parts.name);
  if (!parts || !workspacePackage) return undefined;
  const { dir, manifest } = workspacePackage;
  const exported = pickSource(dir, exportTargets(manifest.exports, parts.subpath), layout);
  if (exported) return exported;
  if (parts.subpath !== '.') return resolveFileOrFolder(path.join(dir, parts.subpath), layout);
  return pickSource(dir, entryFieldTargets(manifest), layout)
    ?? resolveFile(path.join(dir, 'src', 'index'), layout)
    ?? resolveIndex(dir, layout);
}

/** `@scope/name/sub/path` -> `@scope/name` and `./sub/path`; `name` -> `name` and `.`. */
function packageSpecifierParts(specifier: string): { name: string; subpath: string } | undefined {
  const name = npmPackageName(specifier);
  if (name.split('/').some((segment) => !segment)) return undefined;
  return { name, subpath: `.${specifier.slice(name.length)}` };
}

function entryFieldTargets(manifest: DataTable | undefined): string[] {
  return ENTRY_FIELDS.map((field) => manifest?.[field]).filter((value): value is string => typeof value === 'string');
}

/** The targets package.json `exports` gives `subpath` (`.` or `./x`), best conditions first. */
function exportTargets(exports: unknown, subpath: string): string[] {
  if (exports === undefined || exports === null) return [];
  const isSubpathMap = isTable(exports) && Object.keys(exports).some((key) => key.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? conditionTargets(exports) : [];
  const match = bestPattern(subpath, Object.entries(exports));
  return match ? conditionTargets(match.substitutions).map((target) => target.split('*').join(match.star)) : [];
}

function conditionTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (!isTable(value)) return [];
  const keys = Object.keys(value);
  const ordered = [...CONDITIONS_FIRST.filter((key) => keys.includes(key)), ...keys.filter((key) => !CONDITIONS_FIRST.includes(key))];
  return ordered.flatMap((key) => conditionTargets(value[key]));
}

/**
 * The file the entry points name in `dir`, a TypeScript source when one is there: a target's
 * extension is substituted as in an import, a declaration file stands for its source, and a
 * target in a build folder (`dist/x.js`) also stands for `src/x`.
 */
function pickSource(dir: string, targets: readonly string[], layout: ProjectLayout): string | undefined {
  const found = targets
    .flatMap((target) => sourceCandidates(dir, target))
    .map((candidate) => resolveFile(candidate, layout))
    .filter((file): file is string => file !== undefined);
  return found.find((file) => TYPESCRIPT_SOURCE.test(file)) ?? found[0];
}

function sourceCandidates(dir: string, target: string): string[] {
  const file = path.resolve(dir, target.replace(DECLARATION, (_, kind: string) => (kind ? `.${kind}js` : '.js')));
  const segments = path.relative(dir, file).split(path.sep);
  const firstSourceSegment = segments.findIndex((segment) => !BUILD_FOLDERS.has(segment));
  const candidates = [file];
  if (firstSourceSegment > 0) candidates.push(path.join(dir, 'src', ...segments.slice(firstSourceSegment)));
  return candidates;
}

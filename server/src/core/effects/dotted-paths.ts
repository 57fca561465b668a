/** Dotted paths as the effect tables and the resolvers write them: `pkg.mod.Name`, `.db.store`, `boto3.*`. */

/** Whether a dotted path is one of `paths`, or below one ending in `*`. */
export function matchesPath(path: string, paths: readonly string[]): boolean {
  return paths.some((entry) => (entry.endsWith('*') ? path.startsWith(entry.slice(0, -1)) : path === entry));
}

/** Whether a dotted path is in (or below) one of the `modules`. */
export function inModules(path: string, modules: readonly string[]): boolean {
  return modules.some((module) => path === module || path.startsWith(`${module}.`));
}

/** `pkg.mod.Name` -> `pkg.mod`; `.db.store` -> `.db`. */
export function parentPath(path: string): string {
  const last = path.lastIndexOf('.');
  if (last < 0) return '';
  const parent = path.slice(0, last);
  return /^\.*$/.test(parent) ? path.slice(0, last + 1) : parent;
}

export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

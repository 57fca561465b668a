/**
 * The distribution names a Python project depends on, read from its manifests as data:
 * pyproject.toml (PEP 621, PEP 735 dependency groups, Poetry, uv), requirements*.txt and
 * setup.cfg. Names are compared after PEP 503 normalisation.
 */
import { DataTable, isTable, stringsIn } from './data-files';

/** PEP 503: lowercase, each run of `-`, `_` and `.` one `-`. */
export function normalisePythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The normalised name of a requirement string (`mcp[cli]>=1.2; python_version >= "3.10"` -> `mcp`). */
export function requirementName(requirement: string): string | undefined {
  const name = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(requirement)?.[1];
  return name === undefined ? undefined : normalisePythonName(name);
}

export function pyprojectRequirementNames(pyproject: DataTable): string[] {
  const project = tableAt(pyproject, 'project');
  const poetry = tableAt(pyproject, 'tool', 'poetry');
  const requirements = [
    ...stringsIn(project?.dependencies),
    ...Object.values(tableAt(project, 'optional-dependencies') ?? {}).flatMap(stringsIn),
    ...Object.values(tableAt(pyproject, 'dependency-groups') ?? {}).flatMap(stringsIn),
    ...stringsIn(tableAt(pyproject, 'tool', 'uv')?.['dev-dependencies']),
  ];
  const poetryTables = [
    tableAt(poetry, 'dependencies'),
    tableAt(poetry, 'dev-dependencies'),
    ...Object.values(tableAt(poetry, 'group') ?? {}).map((group) => tableAt(group, 'dependencies')),
  ];
  const poetryNames = poetryTables.flatMap((table) => Object.keys(table ?? {})).filter((name) => name !== 'python');
  return namesOf([...requirements, ...poetryNames]);
}

/** One requirement a line; comments, blank lines and options (`-r`, `-e`, `--index-url`) are skipped. */
export function requirementsTxtNames(text: string): string[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  return namesOf(lines.map(withoutComment).filter((line) => line && !line.startsWith('-')));
}

/** `[options] install_requires` and `[options.extras_require]` of a setup.cfg. */
export function setupCfgRequirementNames(text: string): string[] {
  const requirements: string[] = [];
  let section = '';
  let inRequirementList = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = withoutComment(rawLine);
    const continuation = /^\s/.test(rawLine) && line !== '';
    if (continuation) {
      if (inRequirementList) requirements.push(line);
      continue;
    }
    inRequirementList = false;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      section = header[1].trim();
      continue;
    }
    const setting = /^([^=:]+)[=:](.*)$/.exec(line);
    if (!setting) continue;
    const key = setting[1].trim();
    inRequirementList = (section === 'options' && key === 'install_requires') || section === 'options.extras_require';
    if (inRequirementList && setting[2].trim()) requirements.push(setting[2]);
  }
  // A one-line value lists requirements separated by `;` (setuptools' list-semi); a marker split off
  // that way gives a name like `python-version`, which no SDK has.
  return namesOf(requirements.flatMap((entry) => entry.split(';')));
}

function withoutComment(line: string): string {
  return line.replace(/(^|\s)#.*$/, '').trim();
}

function namesOf(requirements: readonly string[]): string[] {
  return requirements.map(requirementName).filter((name): name is string => name !== undefined);
}

function tableAt(table: unknown, ...keys: string[]): DataTable | undefined {
  let current = table;
  for (const key of keys) current = isTable(current) ? current[key] : undefined;
  return isTable(current) ? current : undefined;
}

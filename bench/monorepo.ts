/**
 * A seeded generator of a monorepo for the project-wide rows of `npm run bench`: at scale 1, about
 * 2,000 source files and 800,000 lines in npm/pnpm workspaces (packages/*, servers/*): four
 * TypeScript MCP servers and three Python ones whose tool modules import the server object from
 * their package's server module (or register through packages/common's helper), tests, and
 * ordinary application code, about a third of which speaks of toolbars, tooling or metadata. Each
 * server package has a storage layer (a store class per noun over SQLite or Postgres, and a module-level
 * store of each) that its tools write, delete and read through, one module away (issue 27's effects).
 * One source file in ten holds tools, among them a 500-line Python and a 10,000-line TypeScript
 * module made by bench/generate.ts's templates, which the keystroke rows type into.
 * Files are made one at a time (a generator), so a whole monorepo is never held in memory.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generatePython, generateScript } from './generate';
import { COMMON_DIR, LIBRARY_NOUNS, ServerPackage, SERVERS, UI_DIR } from './monorepo-layout';
import { pythonAppModule, pythonInit, pythonMain, pyproject, pythonServer, pythonStore, pythonTest, pythonToolModule, pythonTypingHeader } from './monorepo-python';
import {
  commonIndex, commonLogger, commonRegister, packageJson, serverPackageJson, tsconfig, typescriptAppModule, typescriptEntry,
  typescriptServer, typescriptStore, typescriptToolModule, typescriptTypingHeader,
} from './monorepo-typescript';
import { Random } from './random';

export const MONOREPO_FILES = 2000;
export const MONOREPO_LINES = 800_000;

/** `tools`: a module of a server's tools; `test-tools`: a test with its own server and tools; `setup`: server objects, entry points, `__init__.py`. */
export type FileKind = 'tools' | 'test-tools' | 'test' | 'app' | 'setup' | 'manifest';

export interface MonorepoFile {
  path: string;
  text: string;
  kind: FileKind;
}

export interface MonorepoOptions {
  seed?: number;
  /** 1 makes MONOREPO_FILES and MONOREPO_LINES; 0.02 a 40-file monorepo for tests. */
  scale?: number;
}

/** Where the keystroke rows type: the same templates and sizes as bench/generate.ts's 500-line .py and 10,000-line .ts. */
export const TYPING_FILES = {
  python500: 'servers/billing/src/billing_mcp/tools/all_forms.py',
  typescript10000: 'servers/github/src/tools/all-forms.ts',
};

const PYTHON_FOLDERS = ['services', 'models', 'utils', 'clients', 'repositories'];
const TYPESCRIPT_FOLDERS = ['clients', 'services', 'lib', 'models', 'utils'];

interface Planned {
  path: string;
  kind: FileKind;
  pkg?: ServerPackage;
  lines: number;
  make(random: Random, lines: number): string;
}

export function* monorepoFiles(options: MonorepoOptions = {}): Generator<MonorepoFile> {
  const seed = options.seed ?? 11;
  const scale = options.scale ?? 1;
  const random = new Random(seed);
  const totalFiles = Math.round(MONOREPO_FILES * scale);
  const totalLines = Math.round(MONOREPO_LINES * scale);
  const planned = plan(random, totalFiles);
  const fixed = [...manifests(), ...setupFiles(planned), ...typingFiles(seed, scale)];
  const fixedLines = fixed.filter((file) => isSource(file.path)).reduce((sum, file) => sum + lineCount(file.text), 0);
  // The drawn sizes are stretched so that the source files add up to the total.
  const factor = Math.max(0.05, (totalLines - fixedLines) / planned.reduce((sum, file) => sum + file.lines, 0));
  yield* fixed;
  for (const [index, file] of planned.entries()) {
    // A file ends after the block that reaches its size, about 12 lines past it on average.
    const lines = Math.max(20, Math.round(file.lines * factor) - 12);
    yield { path: file.path, kind: file.kind, text: file.make(new Random(seed * 100_003 + index), lines) };
  }
}

/** Most files 100-700 lines before stretching, one in 160 of 3,000-5,000. */
function drawSize(random: Random): number {
  return random.chance(1 / 160) ? 3000 + random.int(2000) : 100 + Math.round(600 * random.next() ** 1.2);
}

function plan(random: Random, totalFiles: number): Planned[] {
  const fixedSources = SERVERS.reduce((sum, pkg) => sum + (pkg.language === 'python' ? 5 + PYTHON_FOLDERS.length : 3), 3) + 2;
  const toolFiles = Math.max(4, Math.round(totalFiles / 10));
  const testTools = Math.max(1, Math.round(toolFiles * 0.15));
  const toolModules = toolFiles - testTools - 2;
  const tests = Math.max(1, Math.round(totalFiles * 0.03));
  const apps = Math.max(SERVERS.length, totalFiles - fixedSources - toolFiles - tests);
  const python = SERVERS.filter((pkg) => pkg.language === 'python');
  const counters = new Map<string, number>();
  const next = (key: string) => {
    const count = (counters.get(key) ?? 0) + 1;
    counters.set(key, count);
    return count;
  };
  const result: Planned[] = [];
  const add = (file: Omit<Planned, 'lines'>) => result.push({ ...file, lines: drawSize(random) });
  for (let index = 0; index < toolModules; index++) {
    const pkg = SERVERS[index % SERVERS.length];
    const noun = random.pick(pkg.nouns);
    const number = next(`${pkg.dir}/tools`);
    add(pkg.language === 'python'
      ? { pkg, kind: 'tools', path: `${pkg.dir}/src/${pkg.module}/tools/${noun}_${number}.py`, make: (r, lines) => pythonToolModule(pkg, r, lines, number) }
      : { pkg, kind: 'tools', path: `${pkg.dir}/src/tools/${noun}-${number}.ts`, make: (r, lines) => typescriptToolModule(pkg, r, lines, number) });
  }
  for (let index = 0; index < testTools + tests; index++) {
    const pkg = python[index % python.length];
    const withTools = index < testTools;
    const name = withTools ? `server_${next(`${pkg.dir}/tests/server`)}` : `${random.pick(pkg.nouns)}_${next(`${pkg.dir}/tests`)}`;
    add({ pkg, kind: withTools ? 'test-tools' : 'test', path: `${pkg.dir}/tests/test_${name}.py`, make: (r, lines) => pythonTest(pkg, r, lines, withTools) });
  }
  for (let index = 0; index < apps; index++) {
    // Each server gets one app file per noun first (the clients and services its tool modules import).
    const first = index < SERVERS.length * 6;
    const owner = first ? SERVERS[index % SERVERS.length] : random.pick([...SERVERS, COMMON_DIR, UI_DIR, UI_DIR]);
    const toolish = random.chance(0.35);
    if (typeof owner === 'string') {
      const jsx = owner === UI_DIR && random.chance(0.7);
      const name = `${random.pick(LIBRARY_NOUNS)}-${next(owner)}`;
      add({ kind: 'app', path: `${owner}/src/${jsx ? `components/${name}.tsx` : `${random.pick(TYPESCRIPT_FOLDERS)}/${name}.ts`}`, make: (r, lines) => typescriptAppModule(LIBRARY_NOUNS, r, lines, toolish, jsx) });
      continue;
    }
    const pkg = owner;
    const noun = first ? pkg.nouns[Math.floor(index / SERVERS.length)] : random.pick(pkg.nouns);
    if (pkg.language === 'python') {
      const folder = first ? 'services' : random.pick(PYTHON_FOLDERS);
      const file = first ? `${noun}_service` : `${noun}_${next(`${pkg.dir}/${folder}`)}`;
      add({ pkg, kind: 'app', path: `${pkg.dir}/src/${pkg.module}/${folder}/${file}.py`, make: (r, lines) => pythonAppModule(pkg, r, lines, toolish, `${folder} for ${noun}s`) });
    } else {
      const folder = first ? 'clients' : random.pick(TYPESCRIPT_FOLDERS);
      const file = first ? `${noun}-client` : `${noun}-${next(`${pkg.dir}/${folder}`)}`;
      add({ pkg, kind: 'app', path: `${pkg.dir}/src/${folder}/${file}.ts`, make: (r, lines) => typescriptAppModule(pkg.nouns, r, lines, toolish, false) });
    }
  }
  return result;
}

function manifests(): MonorepoFile[] {
  const files: Array<[string, string]> = [
    ['package.json', `${JSON.stringify({ name: 'acme-mcp', private: true, workspaces: ['packages/*', 'servers/*'], scripts: { build: 'turbo run build', test: 'turbo run test' }, devDependencies: { turbo: '^2.0.0', typescript: '^5.5.0' } }, null, 2)}\n`],
    ['pnpm-workspace.yaml', 'packages:\n  - "packages/*"\n  - "servers/*"\n'],
    ['tsconfig.base.json', `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, declaration: true, jsx: 'react-jsx' } }, null, 2)}\n`],
    ['.gitignore', 'node_modules/\ndist/\n.venv/\n__pycache__/\n*.egg-info/\n.turbo/\n'],
    // A work tree's marker: the linters read .gitignore files up to it.
    ['.git/HEAD', 'ref: refs/heads/main\n'],
    ['README.md', '# acme-mcp\n\nMCP servers for the acme platform (TypeScript under servers/, Python packages beside them).\n'],
    [`${COMMON_DIR}/package.json`, packageJson('@repo/common', ['"@modelcontextprotocol/sdk": "^1.17.0"', '"zod": "^3.23.8"'], { exports: { '.': './dist/index.js' } })],
    [`${COMMON_DIR}/tsconfig.json`, tsconfig(false)],
    [`${UI_DIR}/package.json`, packageJson('@repo/ui', ['"react": "^18.3.1"'])],
    [`${UI_DIR}/tsconfig.json`, tsconfig(false)],
  ];
  for (const pkg of SERVERS) {
    if (pkg.language === 'python') files.push([`${pkg.dir}/pyproject.toml`, pyproject(pkg)]);
    else files.push([`${pkg.dir}/package.json`, serverPackageJson(pkg)], [`${pkg.dir}/tsconfig.json`, tsconfig(true)]);
  }
  return files.map(([file, text]) => ({ path: file, text, kind: 'manifest' }));
}

/** The server objects, entry points (importing every tool module) and the common package's helper. */
function setupFiles(planned: readonly Planned[]): MonorepoFile[] {
  const files: Array<[string, string]> = [
    [`${COMMON_DIR}/src/register.ts`, commonRegister()],
    [`${COMMON_DIR}/src/logger.ts`, commonLogger()],
    [`${COMMON_DIR}/src/index.ts`, commonIndex(['logger'])],
  ];
  for (const pkg of SERVERS) {
    const tools = planned.filter((file) => file.pkg === pkg && file.kind === 'tools').map((file) => path.basename(file.path).replace(/\.(py|ts)$/, ''));
    for (const typing of Object.values(TYPING_FILES)) if (typing.startsWith(`${pkg.dir}/`)) tools.push(path.basename(typing).replace(/\.(py|ts)$/, ''));
    if (pkg.language === 'typescript') {
      files.push([`${pkg.dir}/src/server.ts`, typescriptServer(pkg)], [`${pkg.dir}/src/index.ts`, typescriptEntry(tools)], [`${pkg.dir}/src/storage/store.ts`, typescriptStore(pkg)]);
      continue;
    }
    const src = `${pkg.dir}/src/${pkg.module}`;
    files.push([`${src}/__init__.py`, pythonInit(pkg)], [`${src}/server.py`, pythonServer(pkg)], [`${src}/__main__.py`, pythonMain(pkg, tools)], [`${src}/repositories/store.py`, pythonStore(pkg)]);
    for (const folder of ['tools', ...PYTHON_FOLDERS]) files.push([`${src}/${folder}/__init__.py`, '']);
  }
  return files.map(([file, text]) => ({ path: file, text, kind: 'setup' }));
}

function typingFiles(seed: number, scale: number): MonorepoFile[] {
  const billing = SERVERS.find((pkg) => TYPING_FILES.python500.startsWith(`${pkg.dir}/`))!;
  const github = SERVERS.find((pkg) => TYPING_FILES.typescript10000.startsWith(`${pkg.dir}/`))!;
  const size = (lines: number) => Math.max(100, Math.round(lines * Math.min(1, scale)));
  return [
    { path: TYPING_FILES.python500, kind: 'tools', text: generatePython(size(500), seed + 1, 1, pythonTypingHeader(billing, 1)) },
    { path: TYPING_FILES.typescript10000, kind: 'tools', text: generateScript(size(10_000), seed + 2, true, 1, typescriptTypingHeader(github, 1)) },
  ];
}

export function isSource(file: string): boolean {
  return /\.(py|ts|tsx|js|jsx)$/.test(file);
}

export function lineCount(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

export interface MonorepoSummary {
  dir: string;
  sourceFiles: number;
  lines: number;
  bytes: number;
  /** Source files per kind. */
  byKind: Record<FileKind, number>;
  /** Absolute paths of the files the keystroke rows type into. */
  python500: string;
  typescript10000: string;
}

/** Writes the monorepo under `dir` (which must exist), one file at a time. */
export function writeMonorepo(dir: string, options: MonorepoOptions = {}): MonorepoSummary {
  const summary: MonorepoSummary = {
    dir, sourceFiles: 0, lines: 0, bytes: 0,
    byKind: { tools: 0, 'test-tools': 0, test: 0, app: 0, setup: 0, manifest: 0 },
    python500: path.join(dir, TYPING_FILES.python500), typescript10000: path.join(dir, TYPING_FILES.typescript10000),
  };
  const made = new Set<string>();
  for (const file of monorepoFiles(options)) {
    const target = path.join(dir, file.path);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    fs.writeFileSync(target, file.text);
    if (!isSource(file.path)) continue;
    summary.sourceFiles++;
    summary.byKind[file.kind]++;
    summary.lines += lineCount(file.text);
    summary.bytes += Buffer.byteLength(file.text);
  }
  return summary;
}

/** Writes the monorepo into a new temporary folder; `remove` deletes it (also at exit, if not called). */
export function createMonorepo(options: MonorepoOptions = {}): MonorepoSummary & { remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-tool-lint-monorepo-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  try {
    return { ...writeMonorepo(dir, options), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

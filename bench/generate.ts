/**
 * Deterministic, seeded generator of the benchmark inputs (issue 7): Python and TypeScript
 * files with every declaration form, valid and invalid, of 500, 1,000 (Python) and 10,000 lines, and a
 * 200-file mixed repository of about 50,000 lines. Written to bench/.data/ (ignored by git).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PYTHON_TEMPLATES, pythonHeader } from './python-templates';
import { Names, Random } from './random';
import { TYPESCRIPT_TEMPLATES, typescriptHeader } from './typescript-templates';
import { GO_TEMPLATES, goHeader } from './go-templates';
import { CSHARP_TEMPLATES, csharpHeader } from './csharp-templates';

export const GENERATOR_VERSION = 5;

/** A Python module of about `lines` lines (never fewer), the same for the same seed. */
export function generatePython(lines: number, seed: number, index = 1, header = pythonHeader(index)): string {
  const random = new Random(seed);
  const names = new Names(random);
  const out = [...header];
  while (out.length < lines) out.push(...random.pick(PYTHON_TEMPLATES)(random, names));
  return `${out.join('\n')}\n`;
}

/** A TypeScript (typed) or JavaScript module of about `lines` lines. */
export function generateScript(lines: number, seed: number, typed = true, index = 1, header = typescriptHeader(index, typed)): string {
  const random = new Random(seed);
  const names = new Names(random);
  const out = [...header];
  while (out.length < lines) out.push(...random.pick(TYPESCRIPT_TEMPLATES)(random, names, typed));
  return `${out.join('\n')}\n`;
}

type Template = (random: Random, names: Names) => string[];

/** A file of about `lines` lines: `header`, then templates drawn with the seed until it is long enough. */
function generateFrom(lines: number, seed: number, header: readonly string[], templates: readonly Template[]): string {
  const random = new Random(seed);
  const names = new Names(random);
  const out = [...header];
  while (out.length < lines) out.push(...random.pick(templates)(random, names));
  return `${out.join('\n')}\n`;
}

/** A Go file of about `lines` lines: go-sdk tools, mcp-go tools and a wrapper's. */
export function generateGo(lines: number, seed: number, index = 1): string {
  return generateFrom(lines, seed, goHeader(index), GO_TEMPLATES);
}

/** A C# file of about `lines` lines: tool types and Azure MCP command classes. */
export function generateCSharp(lines: number, seed: number, index = 1): string {
  return generateFrom(lines, seed, csharpHeader(index), CSHARP_TEMPLATES);
}

/** Files of a repository that hold no tools (utilities, tests): the pre-filter skips most of them. */
function plainModule(random: Random, lines: number, python: boolean): string {
  const out: string[] = [python ? '"""Shared helpers."""' : '// Shared helpers.'];
  let counter = 0;
  while (out.length < lines) {
    counter++;
    const factor = 1 + random.int(9);
    if (python) out.push('', '', `def scale_${counter}(value: float) -> float:`, `    """Scale by ${factor}."""`, `    return value * ${factor}`);
    else out.push('', `export function scale${counter}(value: number): number {`, `  return value * ${factor};`, '}');
  }
  return `${out.join('\n')}\n`;
}

export interface RepositoryFile {
  path: string;
  text: string;
}

/** 200 files, about 50,000 lines: Python and TypeScript/JavaScript tool modules plus plain helpers. */
export function generateRepository(seed: number, files = 200, totalLines = 50_000): RepositoryFile[] {
  const random = new Random(seed);
  const average = totalLines / files;
  const result: RepositoryFile[] = [];
  for (let index = 0; index < files; index++) {
    const lines = Math.round(average * (0.5 + random.next()));
    const kind = random.int(10);
    const folder = `pkg${index % 8}/${kind < 5 ? 'tools' : 'server'}`;
    const fileSeed = seed * 1000 + index;
    if (kind < 5) result.push({ path: `${folder}/tools_${index}.py`, text: generatePython(lines, fileSeed, index) });
    else if (kind < 8) result.push({ path: `${folder}/tools-${index}.ts`, text: generateScript(lines, fileSeed, true, index) });
    else if (kind < 9) result.push({ path: `${folder}/tools-${index}.js`, text: generateScript(lines, fileSeed, false, index) });
    else result.push({ path: `${folder}/helpers_${index}.${index % 2 ? 'py' : 'ts'}`, text: plainModule(random, lines, index % 2 === 1) });
  }
  return result;
}

export interface BenchData {
  dir: string;
  python500: string;
  python1000: string;
  python10000: string;
  typescript500: string;
  typescript10000: string;
  go500: string;
  go10000: string;
  csharp500: string;
  csharp10000: string;
  repository: string;
}

const SEED = 7;

/** Writes the inputs under `root`/bench/.data/ unless this generator version already wrote them. */
export function ensureBenchData(root: string): BenchData {
  const dir = path.join(root, 'bench', '.data');
  const data: BenchData = {
    dir,
    python500: path.join(dir, 'tools_500.py'),
    python1000: path.join(dir, 'tools_1000.py'),
    python10000: path.join(dir, 'tools_10000.py'),
    typescript500: path.join(dir, 'tools-500.ts'),
    typescript10000: path.join(dir, 'tools-10000.ts'),
    go500: path.join(dir, 'tools_500.go'),
    go10000: path.join(dir, 'tools_10000.go'),
    csharp500: path.join(dir, 'Tools500.cs'),
    csharp10000: path.join(dir, 'Tools10000.cs'),
    repository: path.join(dir, 'repository'),
  };
  const stamp = path.join(dir, 'VERSION');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === String(GENERATOR_VERSION)) return data;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(data.python500, generatePython(500, SEED));
  fs.writeFileSync(data.python1000, generatePython(1000, SEED + 1));
  fs.writeFileSync(data.python10000, generatePython(10_000, SEED + 2));
  fs.writeFileSync(data.typescript10000, generateScript(10_000, SEED + 3));
  fs.writeFileSync(data.go500, generateGo(500, SEED + 5));
  fs.writeFileSync(data.go10000, generateGo(10_000, SEED + 6));
  fs.writeFileSync(data.csharp500, generateCSharp(500, SEED + 7));
  fs.writeFileSync(data.csharp10000, generateCSharp(10_000, SEED + 8));
  fs.writeFileSync(data.typescript500, generateScript(500, SEED + 9));
  for (const file of generateRepository(SEED + 4)) {
    const target = path.join(data.repository, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.text);
  }
  fs.writeFileSync(stamp, String(GENERATOR_VERSION));
  return data;
}

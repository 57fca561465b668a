/**
 * `npm run bench`: measures the issue 7 targets (and issue 22's, typing in broken code) against the built server and CLI (dist/),
 * several runs each, prints a table (min / median / max), and writes bench/results.json and
 * bench/RESULTS.md and README's table. Options: `--runs N` (default 5), `--only a,b` (row ids; `monorepo`
 * for all the monorepo rows; printed only), `--memory-runs N` (default 3, at most `--runs`), `--no-package`,
 * `--no-monorepo` (skips the monorepo rows; printed only), `--monorepo-scale S` (a smaller monorepo, e.g. 0.1;
 * printed only). `--only broken` runs every row typed in broken code (with the clean rows they are compared with).
 * `--server FILE`: the language server measured (another build's dist/server.js, for runs alternating two builds;
 * printed only).
 */
import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spread, Spread } from './edits';
import { BenchData, ensureBenchData } from './generate';
import { breakDeclarations, editsAway, editsInside } from './broken-edits';
import { cliCacheWalls, cliWall, coldStart, editsP95, keystrokeP95, memory, Paths, RequestKind, requestP95s, Typed, vsixSize } from './measure';
import { INDEX_TIMEOUT_MS, INDEX_TITLE, indexTime, keystrokesInMonorepo, MonorepoTyping } from './measure-monorepo';
import { createMonorepo } from './monorepo';
import { referenceParseMs } from './machine-speed';
import { analyzeText, initAnalysis } from '../server/src/core/analyze';

interface Row {
  id: string;
  what: string;
  unit: 'ms' | 'MB' | '%';
  target: number;
  figures?: Spread;
  note?: string;
  /** The row whose median this one's must stay within `factor` times of (the same file typed clean, in the same run). */
  relative?: { id: string; factor: number };
}

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const root = repoRoot();
const paths: Paths = { root, server: option('--server') ?? path.join(root, 'dist', 'server.js'), cli: path.join(root, 'dist', 'cli.js') };
const runs = Number(option('--runs') ?? 5);
const only = option('--only')?.split(',');
const noMonorepo = process.argv.includes('--no-monorepo');
const monorepoScale = Number(option('--monorepo-scale') ?? 1);
const wanted = (id: string) => id.startsWith('monorepo-')
  ? !noMonorepo && (!only || only.includes(id) || only.includes('monorepo'))
  : !only || only.includes(id) || (only.includes('broken') && (id.includes('-broken') || BROKEN_CLEAN_ROWS.includes(id)));
const MONOREPO_IDS = [
  'monorepo-cli', 'monorepo-index', 'monorepo-keystroke-500-indexing', 'monorepo-keystroke-10000-ts-indexing',
  'monorepo-keystroke-500-indexed', 'monorepo-keystroke-10000-ts-indexed',
];
/** How each request row names its request. */
const REQUEST_NAMES: Record<RequestKind, string> = { completion: 'completion', hover: 'hover', toolCard: 'tool card hover', codeAction: 'code action' };
const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').length - 1;

async function repeat(times: number, measure: (run: number) => Promise<number> | number): Promise<Spread> {
  const figures: number[] = [];
  for (let run = 0; run < times; run++) figures.push(await measure(run));
  return spread(figures);
}

/** A keystroke row: `runs` runs of 200 keystrokes into `file`, seeds 100 and up, each run's p95 a figure. */
async function keystrokeRow<T extends Typed>(
  id: string, file: string, target: number, where: string, measure: (seed: number) => Promise<T>, noteOf?: (results: T[]) => string,
): Promise<Row> {
  const results: T[] = [];
  const figures = await repeat(runs, async (run) => {
    const result = await measure(100 + run);
    results.push(result);
    return result.p95;
  });
  const cpu = results.map((result) => result.cpuP95).filter((value): value is number => value !== undefined);
  const cpuNote = cpu.length ? `; server main-thread CPU p95 ${spread(cpu).median.toFixed(1)} ms (median of runs)` : '';
  const note = `${runs} run(s), seeds ${100}–${100 + runs - 1}${cpuNote}${noteOf ? `; ${noteOf(results)}` : ''}`;
  return { id, what: `keystroke → diagnostics, ${lines(file).toLocaleString('en')}-line ${path.extname(file)} file${where} (p95)`, unit: 'ms', target, figures, note };
}

function cliNote(last: ReturnType<typeof cliWall> | undefined): string {
  return last && last.findings < 0 ? `the CLI printed no JSON array (exit ${last.status})` : `${last?.findings} findings, exit ${last?.status}`;
}

/** The reference parse's time at the bench's start and end (machine-speed.ts). */
const referenceParse: number[] = [];

async function main(): Promise<void> {
  const data = ensureBenchData(root);
  referenceParse.push(await referenceParseMs(data.repository));
  const rows: Row[] = [];
  const add = (row: Row) => {
    rows.push(row);
    console.error(`  ${row.what}: ${describe(row)}`);
  };

  for (const [id, file, target] of [
    ['keystroke-500', data.python500, 5],
    ['keystroke-500-ts', data.typescript500, 5],
    ['keystroke-10000', data.python10000, 25],
    ['keystroke-10000-ts', data.typescript10000, 25],
    ['keystroke-500-go', data.go500, 5],
    ['keystroke-10000-go', data.go10000, 25],
    ['keystroke-500-cs', data.csharp500, 5],
    ['keystroke-10000-cs', data.csharp10000, 25],
  ] as const) {
    if (wanted(id)) add(await keystrokeRow(id, file, target, '', (seed) => keystrokeP95(paths, file, 200, seed)));
  }
  await brokenRows(data, add);
  if (wanted('cold-start')) {
    const figures = await repeat(runs, () => coldStart(paths, data.python1000));
    add({ id: 'cold-start', what: `cold start → first diagnostics, ${lines(data.python1000).toLocaleString('en')}-line file`, unit: 'ms', target: 400, figures });
  }
  if (wanted('requests')) {
    const perKind: Record<RequestKind, number[]> = { completion: [], hover: [], toolCard: [], codeAction: [] };
    for (let run = 0; run < runs; run++) {
      const result = await requestP95s(paths, data.python10000, 200);
      for (const kind of Object.keys(perKind) as RequestKind[]) if (result[kind] !== undefined) perKind[kind].push(result[kind]!);
    }
    for (const kind of Object.keys(perKind) as RequestKind[]) {
      const what = `${REQUEST_NAMES[kind]} request → response, 10,000-line file (p95)`;
      add(perKind[kind].length
        ? { id: kind, what, unit: 'ms', target: 10, figures: spread(perKind[kind]) }
        : { id: kind, what, unit: 'ms', target: 10, note: 'not available yet (the server does not announce it)' });
    }
  }
  if (wanted('cli')) {
    const files = execSync(`find ${JSON.stringify(data.repository)} -type f`, { encoding: 'utf8' }).trim().split('\n');
    const total = files.reduce((sum, file) => sum + lines(file), 0);
    let last: ReturnType<typeof cliWall> | undefined;
    const figures = await repeat(runs, () => {
      last = cliWall(paths, data.repository);
      return last.ms;
    });
    add({
      id: 'cli', what: `CLI on ${files.length} files, ${total.toLocaleString('en')} lines (wall, with Node start)`, unit: 'ms', target: 1500, figures,
      note: cliNote(last),
    });
  }
  if (wanted('cli-cache')) {
    const results: Array<ReturnType<typeof cliCacheWalls>> = [];
    const figures = await repeat(runs, () => {
      const result = cliCacheWalls(paths, data.repository);
      results.push(result);
      return (result.secondMs / result.firstMs) * 100;
    });
    const ms = (pick: (result: ReturnType<typeof cliCacheWalls>) => number) => spread(results.map(pick)).median.toFixed(0);
    const same = results.every((result) => result.sameOutput) ? 'the same output' : 'a DIFFERENT output';
    add({
      id: 'cli-cache', what: 'CLI --cache on the 200 files: second run on unchanged files, as a share of the first (wall, with Node start)', unit: '%', target: 33.3, figures,
      note: `median first ${ms((result) => result.firstMs)} ms, second ${ms((result) => result.secondMs)} ms; ${same}, ${results[results.length - 1]?.findings} findings`,
    });
  }
  if (MONOREPO_IDS.some(wanted)) await monorepoRows(add);
  if (wanted('memory')) {
    const results = [];
    for (let run = 0; run < Math.min(runs, Number(option('--memory-runs') ?? 3)); run++) results.push(await memory(paths, data.python10000, 5000, 200 + run));
    add({ id: 'memory', what: 'server RSS after the 10,000-line file and 5,000 edits', unit: 'MB', target: 120, figures: spread(results.map((r) => r.after5000 / 2 ** 20)) });
    add({ id: 'memory-growth', what: 'RSS growth after the first 500 edits', unit: '%', target: 10, figures: spread(results.map((r) => r.growth * 100)) });
  }
  if (wanted('package') && !process.argv.includes('--no-package')) {
    const vsix = vsixSize(root);
    add(vsix.bytes !== undefined
      ? { id: 'package', what: '.vsix size', unit: 'MB', target: 5, figures: spread([vsix.bytes / 2 ** 20]) }
      : { id: 'package', what: '.vsix size', unit: 'MB', target: 5, note: `not available yet (${vsix.note})` });
  }
  referenceParse.push(await referenceParseMs(data.repository));
  report(rows);
}

/** The clean keystroke rows the broken-code rows are compared with. */
const BROKEN_CLEAN_ROWS = ['keystroke-500', 'keystroke-500-ts', 'keystroke-10000', 'keystroke-10000-ts'];

/**
 * Issue 22's rows: the same files with one, then five, unclosed brackets in different tool declarations
 * (bench/broken-edits.ts; written to bench/.data/broken/ and opened so), typed into as the clean rows
 * are (200 keystrokes, each waited for), away from the broken declarations or inside them (letters, on
 * their other lines). Targets: p95 ≤ 8 ms on 500 lines, ≤ 25 ms on 10,000, and within 1.5× of the same
 * run's clean row.
 */
async function brokenRows(data: BenchData, add: (row: Row) => void): Promise<void> {
  const files: Array<[string, string, number]> = [[BROKEN_CLEAN_ROWS[0], data.python500, 8], [BROKEN_CLEAN_ROWS[1], data.typescript500, 8], [BROKEN_CLEAN_ROWS[2], data.python10000, 25], [BROKEN_CLEAN_ROWS[3], data.typescript10000, 25]];
  const rows = files.flatMap(([clean, file, target]) => [1, 5].flatMap((count) => (['away', 'inside'] as const).map((where) => ({ id: `${clean}-broken${count}-${where}`, clean, file, target, count, where }))));
  if (!rows.some((row) => wanted(row.id))) return;
  await initAnalysis();
  const folder = path.join(data.dir, 'broken');
  fs.mkdirSync(folder, { recursive: true });
  for (const { id, clean, file, target, count, where } of rows) {
    if (!wanted(id)) continue;
    const original = fs.readFileSync(file, 'utf8');
    const broken = breakDeclarations(original, analyzeText(original, file)!.declarations, count);
    const brokenFile = path.join(folder, path.basename(file).replace(/(\.\w+)$/, `.broken${count}$1`));
    fs.writeFileSync(brokenFile, broken.text);
    const edits = (seed: number) => (text: string) => (where === 'away' ? editsAway : editsInside)(text, broken.breaks, 200, seed);
    const how = ` with ${broken.breaks.length} unclosed bracket${broken.breaks.length === 1 ? '' : 's'}, typed ${where === 'away' ? 'away from them' : 'inside them'}`;
    const row = await keystrokeRow(id, brokenFile, target, how, (seed) => editsP95(paths, brokenFile, edits(seed)));
    add({ ...row, relative: { id: clean, factor: 1.5 } });
  }
}

/**
 * The rows on the generated monorepo (bench/monorepo.ts, written to a temporary folder and removed
 * afterwards): the CLI on it, the server's index of it as its workspace folder, and keystrokes into
 * two of its tool files while the index builds and once it is ready.
 */
async function monorepoRows(add: (row: Row) => void): Promise<void> {
  const started = performance.now();
  const monorepo = createMonorepo({ scale: monorepoScale });
  const toolFiles = monorepo.byKind.tools + monorepo.byKind['test-tools'];
  const size = `${monorepo.sourceFiles.toLocaleString('en')} files, ${monorepo.lines.toLocaleString('en')} lines`;
  console.error(`  monorepo: ${size} (${toolFiles} with tools, ${(monorepo.bytes / 2 ** 20).toFixed(1)} MB) written in ${((performance.now() - started) / 1000).toFixed(1)} s to ${monorepo.dir}; peak RSS of the bench so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  try {
    if (wanted('monorepo-cli')) {
      let last: ReturnType<typeof cliWall> | undefined;
      const figures = await repeat(runs, () => {
        last = cliWall(paths, monorepo.dir);
        return last.ms;
      });
      add({ id: 'monorepo-cli', what: `CLI on the monorepo, ${size} (wall, with Node start)`, unit: 'ms', target: 3000, figures, note: `${toolFiles} files with tools; ${cliNote(last)}` });
    }
    // Whether the server reports its index: unknown until a run has waited for it.
    let indexing: boolean | undefined;
    if (wanted('monorepo-index')) {
      const measured: number[] = [];
      const rss: number[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await indexTime(paths, monorepo.dir);
        if (result.rss !== undefined) rss.push(result.rss / 2 ** 20);
        if (result.ms === undefined) break;
        measured.push(result.ms);
      }
      indexing = measured.length > 0;
      const what = `server on the monorepo as its workspace: initialized → "${INDEX_TITLE}" progress ended`;
      const rssWhat = 'server RSS once the monorepo is indexed';
      if (indexing) {
        add({ id: 'monorepo-index', what, unit: 'ms', target: 3000, figures: spread(measured) });
        add({ id: 'monorepo-index-rss', what: rssWhat, unit: 'MB', target: 250, figures: spread(rss) });
      } else {
        const none = `not measured: the server sent no indexing progress within ${INDEX_TIMEOUT_MS / 1000} s`;
        add({ id: 'monorepo-index', what, unit: 'ms', target: 3000, note: none });
        add({ id: 'monorepo-index-rss', what: rssWhat, unit: 'MB', target: 250, note: `${none} (RSS after the wait: ${rss.map((mb) => mb.toFixed(1)).join(', ')} MB)` });
      }
    }
    for (const [suffix, during] of [['indexing', true], ['indexed', false]] as const) {
      for (const [id, file, target] of [
        [`monorepo-keystroke-500-${suffix}`, monorepo.python500, 5],
        [`monorepo-keystroke-10000-ts-${suffix}`, monorepo.typescript10000, 25],
      ] as const) {
        if (!wanted(id)) continue;
        const where = during ? ' of the monorepo while its index builds' : ' of the monorepo once its index is ready';
        const measure = async (seed: number) => {
          const result = await keystrokesInMonorepo(paths, monorepo.dir, file, 200, seed, during, indexing !== false);
          if (!during) indexing = result.indexed;
          return result;
        };
        add(await keystrokeRow(id, file, target, where, measure, (results) => typingNote(results, during)));
      }
    }
  } finally {
    monorepo.remove();
  }
}

function typingNote(results: readonly MonorepoTyping[], during: boolean): string {
  if (during && results.every((result) => result.indexing && !result.indexed)) {
    return 'typed once the server had warmed up, while the index had begun and held back (it goes on once typing pauses)';
  }
  if (!results.some((result) => result.indexed)) {
    return `no indexing progress: typed ${during ? 'once the server had warmed up' : 'once the server was idle'}`;
  }
  if (!during) return 'typed once the index\'s progress ended and the server was idle';
  const before = results.map((result) => result.beforeIndexEnd).sort((a, b) => a - b);
  return `${before[0]}–${before[before.length - 1]} of 200 keystrokes sent before the index's progress ended`;
}

function format(value: number, unit: Row['unit']): string {
  return unit === 'ms' ? value.toFixed(value < 100 ? 1 : 0) : value.toFixed(1);
}

function describe(row: Row): string {
  if (!row.figures) return row.note ?? '';
  const { min, median, max } = row.figures;
  return `${format(min, row.unit)} / ${format(median, row.unit)} / ${format(max, row.unit)} ${row.unit}`;
}

function verdict(row: Row, rows: readonly Row[]): string {
  if (!row.figures) return 'n/a';
  const { median } = row.figures;
  const relative = row.relative && relativeVerdict(row.figures.median, row.relative, rows);
  if (median <= row.target) return relative ? `met; ${relative}` : 'met';
  const over = row.unit === '%' ? `${(median - row.target).toFixed(1)} points` : `${format(median - row.target, row.unit)} ${row.unit} (×${(median / row.target).toFixed(1)})`;
  return relative ? `missed by ${over}; ${relative}` : `missed by ${over}`;
}

/** Against the row this one is compared with: within its factor of that row's median, or by how much not. */
function relativeVerdict(median: number, { id, factor }: NonNullable<Row['relative']>, rows: readonly Row[]): string {
  const base = rows.find((row) => row.id === id)?.figures?.median;
  if (base === undefined) return `${id} not measured in this run`;
  const ratio = median / base;
  return `×${ratio.toFixed(2)} of ${id} (${format(base, 'ms')} ms): ${ratio <= factor ? 'within' : 'not within'} ×${factor}`;
}

function machine(): string {
  const cpu = /model name\s*:\s*(.*)/.exec(fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '')?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.availableParallelism()} CPUs (nproc), ${cpu}, Node ${process.version}, ${os.platform()} ${os.release()}, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' / ')} (1 / 5 / 15 min) when the table was written; ${machineSpeed()}`;
}

function machineSpeed(): string {
  return `the reference parse of the CLI row's files (bench/machine-speed.ts; about 410 ms at this machine's usual speed) took ${referenceParse.map((ms) => `${ms.toFixed(0)} ms`).join(' at the start, ')} at the end`;
}

function report(rows: Row[]): void {
  const table = [
    `| what | target | min / median / max | verdict | note |`,
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.what} | ≤ ${row.target} ${row.unit}${row.relative ? `, ≤ ×${row.relative.factor} of ${row.relative.id}` : ''} | ${row.figures ? describe(row) : '—'} | ${verdict(row, rows)} | ${row.figures ? row.note ?? '' : row.note ?? ''} |`),
  ].join('\n');
  console.log(`\nmachine: ${machine()}; ${runs} runs\n\n${table}\n`);
  // A partial run (`--only`, no monorepo or a smaller one, another server) prints its figures but leaves the published table whole.
  if (only || noMonorepo || monorepoScale !== 1 || option('--server')) return;
  const when = new Date().toISOString();
  fs.writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify({ when, machine: machine(), runs, rows }, null, 2)}\n`);
  const notesFile = path.join(root, 'bench', 'NOTES.md');
  const notes = fs.existsSync(notesFile) ? `\n${fs.readFileSync(notesFile, 'utf8')}` : '';
  updateReadme(`Latest \`npm run bench\` (${when.slice(0, 16).replace('T', ' ')} UTC; ${machine()}; ${runs} runs per figure, min / median / max of each run's figure):\n\n${table}`);
  fs.writeFileSync(path.join(root, 'bench', 'RESULTS.md'), [
    '# Benchmark results (issue 7)',
    '',
    `Made by \`npm run bench\` on ${when.slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}. ${runs} runs per figure`,
    '(keystroke and request figures are each run\'s p95; the table gives the min, median and max of those over the runs).',
    'Inputs come from the seeded generator in bench/generate.ts (bench/.data/, not committed).',
    '',
    table,
    notes,
  ].join('\n'));
}

/** Puts the table in README.md between its bench markers (left alone when the markers are missing). */
function updateReadme(section: string): void {
  const readme = path.join(root, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return;
  fs.writeFileSync(readme, `${text.slice(0, start + README_START.length)}\n${section}\n${text.slice(end)}`);
}

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

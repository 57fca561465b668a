/**
 * The fuzz driver shared by `npm test` (a bounded run) and `npm run fuzz` (a long one): sessions
 * over every fixture in a seeded order, one server process for all of them (a new one only
 * after a failure), each failing session saved under test/fuzz/regressions/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Random } from '../../bench/random';
import { repoRoot } from '../helpers/fixtures';
import { LspClient } from '../helpers/lsp-client';
import { EDITOR_CAPABILITIES } from '../helpers/lsp-requests';
import { CorpusFile, loadCorpus, StepGenerator } from './generator';
import { FuzzRunner, Latencies, serverCpuMs, SessionResult, SessionStart, StepSource } from './runner';
import { FuzzSession, Regression } from './session';

export const REGRESSIONS = path.join(repoRoot(), 'test', 'fuzz', 'regressions');

export interface FuzzOptions {
  cases: number;
  seed: number;
  /** Where failing sessions are written (default test/fuzz/regressions); null keeps them in memory only. */
  saveTo?: string | null;
  /** Include 10,000-deep nesting and 2 MB lines among the edits. */
  pathological?: boolean;
  /** Called after each session (progress output). */
  onSession?: (done: number, result: SessionResult, runner: FuzzRunner) => void;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  sessions: number;
  fixtures: number;
  elapsedMs: number;
  /** CPU time the server processes used (ms; undefined without /proc). */
  serverCpuMs?: number;
  /** How many steps of each kind of edit ran. */
  edits: Record<string, number>;
  latencies: Latencies;
  failures: Array<{ failure: string; file?: string }>;
}

/** Starts the server the way an editor does (every capability the fuzz uses). */
export async function startServer(): Promise<LspClient> {
  return (await LspClient.start({ capabilities: EDITOR_CAPABILITIES })).client;
}

/** The URI a session opens its document under: mostly the fixture's file, sometimes untitled: or git:. */
function uriFor(file: string, random: Random, index: number): string {
  const full = path.join(repoRoot(), file);
  const roll = random.next();
  if (roll < 0.1) return `untitled:Untitled-${index}`;
  if (roll < 0.2) return `git:${pathToFileURL(full).pathname}?${encodeURIComponent(JSON.stringify({ path: full, ref: 'HEAD~1' }))}`;
  return pathToFileURL(full).href;
}

/** A generator-driven session of 4 to 19 steps, now and then applying a fix the server offered. */
function generatedSteps(generator: StepGenerator, count: number): StepSource {
  let left = count;
  return (text, offered) => {
    if (left-- <= 0) return undefined;
    if (offered.length && generator.random.chance(0.25)) {
      const step = generator.next(text);
      return { ...step, label: 'apply-fix', edits: generator.random.pick(offered), whole: undefined };
    }
    return generator.next(text);
  };
}

/** Replays a recorded session step by step. */
export function recordedSteps(session: FuzzSession): StepSource {
  let index = 0;
  return () => session.steps[index++];
}

export function sessionStart(session: FuzzSession): SessionStart {
  return { ...session, text: fs.readFileSync(path.join(repoRoot(), session.fixture), 'utf8') };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const corpus = loadCorpus();
  const generator = new StepGenerator(options.seed, corpus, options.pathological);
  const order = shuffled(corpus, generator.random);
  const report: FuzzReport = { seed: options.seed, cases: 0, sessions: 0, fixtures: 0, elapsedMs: 0, edits: {}, latencies: {}, failures: [] };
  const used = new Set<string>();
  let client = await startServer();
  let runner = new FuzzRunner(client);
  try {
    while (report.cases < options.cases) {
      const fixture = order[report.sessions % order.length];
      used.add(fixture.file);
      const start: SessionStart = { fixture: fixture.file, uri: uriFor(fixture.file, generator.random, report.sessions), languageId: fixture.languageId, text: fixture.text };
      const steps = Math.min(4 + generator.random.int(16), options.cases - report.cases);
      const result = await runner.run(start, generatedSteps(generator, steps));
      report.sessions++;
      report.cases += result.cases;
      for (const step of result.session.steps) report.edits[step.label] = (report.edits[step.label] ?? 0) + 1;
      mergeLatencies(report.latencies, runner.latencies);
      options.onSession?.(report.sessions, result, runner);
      if (result.failure) {
        report.failures.push({ failure: result.failure, file: save(options, report.sessions, result) });
        report.serverCpuMs = (report.serverCpuMs ?? 0) + (serverCpuMs(client) ?? 0);
        client.kill();
        client = await startServer();
        runner = new FuzzRunner(client);
      }
    }
    report.serverCpuMs = (report.serverCpuMs ?? 0) + (serverCpuMs(client) ?? NaN);
    if (!client.exitCode && (await client.shutdown()) !== 0) report.failures.push({ failure: 'the server did not exit with code 0 after shutdown' });
  } finally {
    client.kill();
  }
  report.fixtures = used.size;
  report.elapsedMs = Date.now() - started;
  return report;
}

function save(options: FuzzOptions, session: number, result: SessionResult): string | undefined {
  if (options.saveTo === null) return undefined;
  const dir = options.saveTo ?? REGRESSIONS;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `seed-${options.seed}-session-${session}.json`);
  const regression: Regression = { seed: options.seed, failure: result.failure!, session: result.session };
  fs.writeFileSync(file, `${JSON.stringify(regression, null, 1)}\n`);
  return file;
}

function mergeLatencies(into: Latencies, from: Latencies): void {
  for (const [what, ms] of Object.entries(from)) into[what] = Math.max(into[what] ?? 0, ms);
}

function shuffled(corpus: readonly CorpusFile[], random: Random): CorpusFile[] {
  const result = [...corpus];
  for (let index = result.length - 1; index > 0; index--) {
    const other = random.int(index + 1);
    [result[index], result[other]] = [result[other], result[index]];
  }
  return result;
}

/** The saved regressions, oldest first. */
export function listRegressions(dir = REGRESSIONS): Array<{ file: string; regression: Regression }> {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith('.json')).sort()
    .map((name) => ({ file: path.join(dir, name), regression: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Regression }));
}

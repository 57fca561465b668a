/**
 * `mcp-tool-lint`: the command-line linter (package bin `node dist/cli.js`, which loads this bundle,
 * dist/cli-main.js, after setting V8's flags: cli/start.ts). It runs the
 * same analysis core as the language server. Exit codes: 0 no errors, 1 errors (or more
 * warnings than --max-warnings), 2 a usage, config or I/O error with a one-line message.
 */
import packageJson from '../../../package.json';
import { initAnalysis } from '../core/analyze';
import { ConfigError, ConfigLoader, loadConfigFile } from '../core/config/config';
import { CliOptions, HELP, parseArgs, UsageError } from './args';
import { lintWithCache } from './cache/cached-lint';
import { cacheFileFor } from './cache/store';
import { discoverFiles, InputError } from './discover';
import { reportFixes } from './fix-report';
import { formatGithub } from './format/github';
import { countSeverities, formatJson } from './format/results';
import { formatSarif } from './format/sarif';
import { formatText } from './format/text';
import { grammarsFor, LintedFile, lintTargets, projectIndexFor } from './lint';
import { fileSizes, isLintWorker, lintInParallel, MachineLoad, runLintWorker, workerCount } from './parallel';
import { previewFile } from './preview';
import { explainRule, rulesJson, rulesTable } from './rule-commands';
import { useWasmTiers, wasmTiersFor } from './wasm-tiers';
import { withFields } from '../core/with-fields';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Colours for the text format: stdout is a TTY and NO_COLOR is not set. */
  color: boolean;
  /** A progress line for long runs: stderr is a TTY. */
  progress?: boolean;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const options = parseArgs(argv);
    if (options.help) {
      io.stdout(HELP);
      return 0;
    }
    if (options.version) {
      io.stdout(`${packageJson.version}\n`);
      return 0;
    }
    switch (options.command) {
      case 'rules':
        if (options.format !== 'text' && options.format !== 'json') throw new UsageError(`rules prints text or json, not ${options.format}`);
        io.stdout(options.format === 'json' ? rulesJson() : rulesTable());
        return 0;
      case 'explain':
        if (options.paths.length > 1) throw new UsageError('explain takes one rule code or name');
        io.stdout(explainRule(options.paths[0]));
        return 0;
      case 'preview':
        io.stdout(await previewFile(options));
        return 0;
      case 'check':
        return await check(options, io);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof InputError) {
      io.stderr(`mcp-tool-lint: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.stack ?? error.message : String(error);
    io.stderr(`mcp-tool-lint: internal error: ${message.split('\n')[0]}\n`);
    return 2;
  }
}

async function check(options: CliOptions, io: CliIo): Promise<number> {
  const note = (message: string): void => io.stderr(`mcp-tool-lint: ${message}\n`);
  const load = new MachineLoad().sample();
  const loader = new ConfigLoader();
  const config = options.config ? loadConfigFile(options.config) : undefined;
  load.sample();
  const targets = discoverFiles(options.paths, { loader, config, note });
  const fix = options.fix ? 'write' as const : options.fixDryRun ? 'preview' as const : undefined;
  load.sample();
  const sizes = fileSizes(targets);
  const threads = workerCount(sizes, undefined, load.sample().busy());
  useWasmTiers(wasmTiersFor(sizes, threads));
  const lintOptions = { loader, config, profile: options.profile, overrides: options.rules, maxFileSize: options.maxFileSize, fix, note };
  let linted: LintedFile[];
  if (options.cache && !options.fixDryRun) {
    // On the main thread: a file's cached entry records what its analysis read through one index.
    linted = await lintWithCache(targets, withFields(lintOptions, { paths: options.paths, cacheFile: cacheFileFor(options.cacheLocation),
      serverModules: config?.serverModules, indexMaxFileSize: options.maxFileSize ?? config?.maxFileSize }));
  } else if (threads > 1) {
    const progress = progressLine(targets.length, io);
    const settings = {
      configFile: options.config, profile: options.profile, overrides: options.rules, maxFileSize: options.maxFileSize, fix,
      keepText: options.format === 'text' || fix !== undefined,
      projectPaths: options.paths, serverModules: config?.serverModules,
    };
    linted = await lintInParallel(targets, settings, threads, lintOptions, progress.update).finally(progress.clear);
  } else {
    await initAnalysis(grammarsFor(targets));
    const project = projectIndexFor(options.paths, targets, { serverModules: config?.serverModules, maxFileSize: options.maxFileSize ?? config?.maxFileSize });
    linted = lintTargets(targets, withFields(lintOptions, { project }));
  }
  if (options.fixDryRun) {
    io.stdout(reportFixes(linted, 'diff'));
    io.stderr(reportFixes(linted, 'would'));
  } else {
    if (options.fix) io.stderr(reportFixes(linted, 'summary'));
    const results = options.quiet ? linted.map((file) => withFields(file, { findings: file.findings.filter((f) => f.severity === 'error') })) : linted;
    io.stdout(formatResults(results, options, io, linted.length));
  }
  return exitCode(linted, options, io);
}

function formatResults(results: LintedFile[], options: CliOptions, io: CliIo, fileCount: number): string {
  switch (options.format) {
    case 'json': return formatJson(results);
    case 'sarif': return formatSarif(results, packageJson.version);
    case 'github': return formatGithub(results);
    case 'text': return formatText(results, { color: io.color, fileCount });
  }
}

function exitCode(linted: LintedFile[], options: CliOptions, io: CliIo): number {
  if (options.exitZero) return 0;
  const counts = countSeverities(linted);
  if (counts.error > 0) return 1;
  const warnings = options.quiet ? 0 : counts.warning;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    io.stderr(`mcp-tool-lint: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${options.maxWarnings}\n`);
    return 1;
  }
  return 0;
}

/** `files 120/200` on stderr, redrawn in place, when stderr is a TTY and the run takes over a second. */
function progressLine(total: number, io: CliIo): { update: (done: number) => void; clear: () => void } {
  const started = Date.now();
  let shown = false;
  return {
    update: (done) => {
      if (!io.progress || Date.now() - started < 1000) return;
      shown = true;
      io.stderr(`\rmcp-tool-lint: ${done}/${total} files`);
    },
    clear: () => {
      if (shown) io.stderr('\r\u001b[K');
    },
  };
}

function wantsColor(): boolean {
  const noColor = process.env.NO_COLOR;
  return Boolean(process.stdout.isTTY) && (noColor === undefined || noColor === '');
}

/** Runs the CLI on this process's arguments (dist/cli.js calls it); a lint worker thread of it runs its share instead. */
export function runFromCommandLine(): void {
  if (isLintWorker()) {
    void runLintWorker();
    return;
  }
  runCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    color: wantsColor(),
    progress: Boolean(process.stderr.isTTY),
  }).then((code) => {
    process.exitCode = code;
  });
}


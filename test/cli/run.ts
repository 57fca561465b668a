// Runs the built CLI (`node dist/cli.js`) as a user would, and builds throwaway project trees.
import { execFile, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES, repoRoot } from '../helpers/fixtures';

export const CLI = path.join(repoRoot(), 'dist', 'cli.js');
export const CLI_FIXTURES = path.join(FIXTURES, 'cli');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliRun {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env };
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: options.cwd ?? CLI_FIXTURES, env: env as NodeJS.ProcessEnv, encoding: 'utf8' });
  if (result.status === null) throw new Error(`node dist/cli.js ${args.join(' ')} ended by ${result.signal}: ${result.error ?? ''} ${result.stderr}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `runCli` without blocking: several runs at once. */
export function runCliAsync(args: readonly string[], options: { cwd?: string } = {}): Promise<CliRun> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined };
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: options.cwd ?? CLI_FIXTURES, env: env as NodeJS.ProcessEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (child.exitCode === null) reject(new Error(`node dist/cli.js ${args.join(' ')} ended by ${child.signalCode}: ${error} ${stderr}`));
      else resolve({ status: child.exitCode, stdout, stderr });
    });
  });
}

/** A fresh temporary folder holding `files` (text or bytes). */
export function makeTree(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-cli-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

/** A temporary copy of a fixture folder. */
export function copyFixture(name: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-cli-'));
  fs.cpSync(path.join(CLI_FIXTURES, name), path.join(root, name), { recursive: true });
  return root;
}

/**
 * A temporary copy of the repository's folders `relatives` (e.g. `test/projects/python-jira`), at the
 * same relative paths under a new folder that is its own git root. A whole-project command
 * (`preview --server`) run in the copy reads those projects, not this repository's thousand modules.
 */
export function copyIntoOwnRepository(...relatives: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mtl-cli-'));
  for (const relative of relatives) fs.cpSync(path.join(repoRoot(), relative), path.join(root, relative), { recursive: true });
  fs.mkdirSync(path.join(root, '.git'));
  return root;
}

/** The lines of a fixture's `.expected` file (recommended profile). */
export function expectedLines(fixture: string): string[] {
  return fs.readFileSync(path.join(CLI_FIXTURES, `${fixture}.expected`), 'utf8').split('\n').filter((line) => line && !line.startsWith(' '));
}

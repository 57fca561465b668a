/**
 * Running a real editor from a node test: finding it (skip locally, fail under CI=true when it is
 * missing), a scratch copy of the fixture workspace, and one run with a time-out that always ends the process.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TestContext } from 'node:test';
import { EDITOR_WORKSPACE, isWorkspaceFile } from './shared';

export const SETUP_HINT = 'run `npm run e2e:setup` (scripts/e2e-setup.sh)';

/** True when `command` is on PATH; otherwise skips the test locally and throws under CI=true. */
export function requireEditor(t: TestContext, command: string, what: string): boolean {
  return requireInstalled(t, spawnSync('sh', ['-c', `command -v ${command}`]).status === 0, what);
}

/** True when `file` exists; otherwise skips the test locally and throws under CI=true. */
export function requireFile(t: TestContext, file: string, what: string): boolean {
  return requireInstalled(t, fs.existsSync(file), what);
}

function requireInstalled(t: TestContext, installed: boolean, what: string): boolean {
  if (installed) return true;
  const message = `${what} is not installed: ${SETUP_HINT}`;
  if (process.env.CI === 'true') throw new Error(message);
  t.skip(message);
  return false;
}

/** A scratch copy of the editor fixture workspace, removed by `cleanup`. */
export function scratchWorkspace(prefix: string): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mtl-${prefix}-`));
  fs.cpSync(EDITOR_WORKSPACE, dir, { recursive: true, filter: isWorkspaceFile });
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, killing its process group if it outlives `timeoutMs`. */
export function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const timer = setTimeout(() => {
      killGroup(child.pid);
      reject(new Error(`${command} did not finish within ${options.timeoutMs} ms\n${stdout}\n${stderr}`));
    }, options.timeoutMs);
    child.on('error', (error) => { clearTimeout(timer); reject(error); });
    child.on('close', (code) => {
      clearTimeout(timer);
      killGroup(child.pid);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Ends a detached child and whatever it started (the language server); ignores a group already gone. */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already ended
  }
}

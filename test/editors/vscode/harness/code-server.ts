/**
 * The pinned code-server that scripts/e2e-setup.sh installs into .e2e/: started on a free loopback
 * port with its own user-data, extensions and XDG folders (nothing lands in $HOME), waited for
 * with /healthz polling, and ended with its whole process group (the extension host and the
 * language server it spawned go with it).
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

export interface CodeServerOptions {
  /** Everything this instance writes goes below this folder. */
  runDir: string;
  extensionsDir: string;
  /** VS Code user settings (User/settings.json). */
  userSettings?: Record<string, unknown>;
  log?: (line: string) => void;
}

export const SETTINGS_FOR_TESTS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'git.enabled': false,
  'files.autoSave': 'off',
  'editor.hover.delay': 100,
};

export function repoRootFrom(dir: string): string {
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'esbuild.mjs'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the repository root was not found');
    dir = parent;
  }
  return dir;
}

export function codeServerBinary(root: string): string {
  return path.join(root, '.e2e', 'code-server', 'node_modules', '.bin', 'code-server');
}

function environment(runDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
    XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'),
    XDG_CACHE_HOME: path.join(runDir, 'xdg-cache'),
    // The extension host must not inherit a test runner's or an outer VS Code's variables.
    NODE_OPTIONS: '',
    ELECTRON_RUN_AS_NODE: undefined,
    VSCODE_IPC_HOOK_CLI: undefined,
  };
}

function baseArgs(options: CodeServerOptions): string[] {
  return [
    '--config', path.join(options.runDir, 'config.yaml'),
    '--user-data-dir', path.join(options.runDir, 'user-data'),
    '--extensions-dir', options.extensionsDir,
  ];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `check` every 100 ms until it returns a value or `timeoutMs` passes. */
export async function poll<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

/** `code-server --install-extension <vsix>` into the options' extensions folder. */
export function installExtension(root: string, options: CodeServerOptions, vsix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(codeServerBinary(root), [...baseArgs(options), '--install-extension', vsix], { env: environment(options.runDir) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`--install-extension exited with ${code}:\n${output}`));
    });
  });
}

export class CodeServer {
  private exited = false;
  private output = '';

  private constructor(readonly url: string, readonly host: string, private readonly child: ChildProcess) {
    child.on('exit', () => { this.exited = true; });
  }

  static async start(root: string, options: CodeServerOptions): Promise<CodeServer> {
    const binary = codeServerBinary(root);
    if (!fs.existsSync(binary)) throw new Error(`code-server is not installed: run \`npm run e2e:setup\` (scripts/e2e-setup.sh)`);
    const userDir = path.join(options.runDir, 'user-data', 'User');
    fs.mkdirSync(userDir, { recursive: true });
    fs.mkdirSync(options.extensionsDir, { recursive: true });
    fs.writeFileSync(path.join(userDir, 'settings.json'), JSON.stringify({ ...SETTINGS_FOR_TESTS, ...options.userSettings }, null, 2));
    const port = await freePort();
    const host = `127.0.0.1:${port}`;
    const child = spawn(binary, [
      ...baseArgs(options), '--bind-addr', host, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
      '--disable-workspace-trust', '--disable-getting-started-override', '--disable-proxy', '--ignore-last-opened',
    ], { env: environment(options.runDir), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const server = new CodeServer(`http://${host}`, host, child);
    const record = (chunk: Buffer) => {
      server.output += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) options.log?.(`[code-server] ${line}`);
    };
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
    try {
      await poll('code-server /healthz', 30_000, async () => {
        if (server.exited) throw new Error(`code-server exited:\n${server.output}`);
        const response = await fetch(`${server.url}/healthz`);
        return response.ok ? true : undefined;
      });
    } catch (error) {
      server.stop();
      throw error;
    }
    return server;
  }

  /** A `vscode-remote://` URI for a path on this machine, as the workbench payload wants it. */
  remoteUri(file: string): string {
    return `vscode-remote://${this.host}${file}`;
  }

  stop(): void {
    if (this.child.pid === undefined || this.exited) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

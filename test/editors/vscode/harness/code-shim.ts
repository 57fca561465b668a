/**
 * A stand-in for the VS Code executable that @vscode/test-electron's `runTests` spawns
 * (`vscodeExecutablePath`), for machines without VS Code desktop: it takes the same arguments
 * (`[folder] --extensionDevelopmentPath=… --extensionTestsPath=… …`), starts the pinned code-server
 * with an empty extensions folder, runs the tests in its Node extension host through the workbench
 * in chromium, and exits with the tests' exit code. Built to dist/e2e/code-shim.js by scripts/e2e-build.mjs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeServer, repoRootFrom } from './code-server';
import { Workbench } from './workbench';

const TIMEOUT_MS = Number(process.env.MTL_E2E_TIMEOUT_MS ?? 300_000);

function parse(argv: string[]): { folder: string; extensionDevelopmentPath: string; extensionTestsPath: string } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (const arg of argv) {
    const match = /^--([^=]+)=(.*)$/.exec(arg);
    if (match) options.set(match[1], match[2]);
    else if (!arg.startsWith('-')) positional.push(arg);
  }
  const extensionDevelopmentPath = options.get('extensionDevelopmentPath');
  const extensionTestsPath = options.get('extensionTestsPath');
  if (!extensionDevelopmentPath || !extensionTestsPath || positional.length !== 1) {
    throw new Error('usage: code-shim FOLDER --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [other VS Code options]');
  }
  return { folder: path.resolve(positional[0]), extensionDevelopmentPath: path.resolve(extensionDevelopmentPath), extensionTestsPath: path.resolve(extensionTestsPath) };
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  const root = repoRootFrom(__dirname);
  const runsDir = path.join(root, '.e2e', 'runs');
  fs.mkdirSync(runsDir, { recursive: true });
  const runDir = fs.mkdtempSync(path.join(runsDir, 'tests-'));
  const log = (line: string) => console.log(line);
  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  let timer: NodeJS.Timeout | undefined;
  const end = async () => {
    clearTimeout(timer);
    await workbench?.close();
    server?.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void end().then(() => process.exit(130)));
  try {
    // An empty extensions folder: an installed copy of the extension would double every diagnostic and hover.
    server = await CodeServer.start(root, { runDir, extensionsDir: path.join(runDir, 'extensions'), log: process.env.MTL_E2E_VERBOSE ? log : undefined });
    workbench = await Workbench.open(server, { folder: args.folder, extensionTests: args, log });
    const timeout = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        log(`code-shim: the extension tests did not finish within ${TIMEOUT_MS} ms`);
        resolve(124);
      }, TIMEOUT_MS);
    });
    const code = await Promise.race([workbench.exitCode, timeout]);
    if (code !== 0 && process.env.MTL_E2E_SCREENSHOT_DIR) {
      fs.mkdirSync(process.env.MTL_E2E_SCREENSHOT_DIR, { recursive: true });
      await workbench.screenshot(path.join(process.env.MTL_E2E_SCREENSHOT_DIR, 'extension-tests-failed.png')).catch(() => undefined);
    }
    return code;
  } finally {
    await end();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`code-shim: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});

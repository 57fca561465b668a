// The extension tests (suite/*.ts, mocha) in VS Code's extension host with the real bundled client and
// server, run by @vscode/test-electron's `runTests`. Without VS Code desktop, `vscodeExecutablePath` is
// dist/e2e/code-shim.js, which runs them in the pinned code-server; MTL_VSCODE_EXECUTABLE runs them in a real VS Code.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { runTests } from '@vscode/test-electron';
import { requireFile, scratchWorkspace } from '../editor-process';
import { codeServerBinary, repoRootFrom } from './harness/code-server';

const root = repoRootFrom(__dirname);

test('extension tests in the VS Code extension host (one workbench launch)', { timeout: 420_000 }, async (t) => {
  const executable = process.env.MTL_VSCODE_EXECUTABLE ?? path.join(root, 'dist', 'e2e', 'code-shim.js');
  if (!process.env.MTL_VSCODE_EXECUTABLE && !requireFile(t, codeServerBinary(root), 'code-server')) return;
  const workspace = scratchWorkspace('vscode');
  try {
    fs.mkdirSync(path.join(root, 'test-output'), { recursive: true });
    await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'dist', 'e2e', 'vscode', 'index.js'),
      launchArgs: [workspace.dir, '--disable-extensions'],
      extensionTestsEnv: { MTL_E2E_SCREENSHOT_DIR: path.join(root, 'test-output') },
    });
  } finally {
    workspace.cleanup();
  }
});

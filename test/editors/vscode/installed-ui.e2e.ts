// The packaged extension as a user gets it: `npm run package`'s .vsix installed into code-server
// (`--install-extension`, an extensions folder of its own), then the workbench driven in chromium like a
// user: the squiggles and the Problems panel, a hover, the quick-fix menu, the preview panel. Screenshots go
// to test-output/ (ignored by git).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { requireFile, scratchWorkspace, SETUP_HINT } from '../editor-process';
import { expectedDiagnostics, PYTHON_FIXTURE } from '../shared';
import { CodeServer, codeServerBinary, installExtension, poll, repoRootFrom } from './harness/code-server';
import { Workbench } from './harness/workbench';

const root = repoRootFrom(__dirname);
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; publisher: string; version: string };
const VSIX = path.join(root, `${manifest.name}-${manifest.version}.vsix`);
const SHOTS = path.join(root, 'test-output');
const UI_TIMEOUT_MS = 60_000;

/** The command lines of this machine's processes that mention `needle`. */
function processesMentioning(needle: string): string[] {
  return fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((pid) => {
    try {
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      return commandLine.includes(needle) ? [commandLine] : [];
    } catch {
      return [];
    }
  });
}

/**
 * What the .vsix may hold (as installed: vsce renames README/CHANGELOG to lower case and LICENSE to
 * LICENSE.txt; code-server adds .vsixmanifest): the manifest, the bundles, the wasm files (grammars and
 * web-tree-sitter's runtime), snippets, the config schema, README, LICENSE, CHANGELOG and the icon.
 */
const SHIPPED = /^(package\.json|\.vsixmanifest|readme\.md|changelog\.md|LICENSE\.txt|images\/icon\.png|dist\/(extension|server|server-main|cli)\.js|dist\/[\w-]+\.wasm|snippets\/[\w-]+\.json|schemas\/[\w.-]+\.json)$/;

function filesBelow(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory()
    ? filesBelow(path.join(dir, entry.name), `${prefix}${entry.name}/`)
    : [`${prefix}${entry.name}`]));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, name) });
}

/** The rows of the Problems panel (markers), once at least `count` are shown. */
async function problems(page: Page, count: number): Promise<string[]> {
  await page.keyboard.press('Control+Shift+M');
  return poll(`${count} rows in the Problems panel`, UI_TIMEOUT_MS, async () => {
    const rows = await page.locator('.markers-panel .monaco-list-row').allInnerTexts();
    return rows.length >= count ? rows : undefined;
  });
}

/** The token `text` in the editor (Monaco renders each token as a span inside `.view-line`). */
function token(page: Page, text: string) {
  return page.locator('.monaco-editor .view-line span > span').filter({ hasText: new RegExp(`^${text}$`) }).first();
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await input.fill(`>${title}`);
  // Click the row rather than pressing Enter, which can race the list's filtering.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().click({ timeout: UI_TIMEOUT_MS });
}

/** The webview frame whose text contains every one of `texts`. */
async function webviewWith(page: Page, texts: string[]): Promise<Frame> {
  return poll(`a webview showing ${texts.join(', ')}`, UI_TIMEOUT_MS, async () => {
    for (const frame of page.frames()) {
      const body = await frame.locator('body').innerText({ timeout: 1_000 }).catch(() => '');
      if (texts.every((text) => body.includes(text))) return frame;
    }
    return undefined;
  });
}

test('the packaged .vsix installs into code-server and lints; what a user sees, in screenshots', { timeout: 360_000 }, async (t) => {
  if (!requireFile(t, codeServerBinary(root), 'code-server')) return;
  if (!fs.existsSync(VSIX)) {
    const message = `${path.basename(VSIX)} is missing: run \`npm run package\` first (${SETUP_HINT} for code-server)`;
    if (process.env.CI === 'true') throw new Error(message);
    t.skip(message);
    return;
  }
  fs.mkdirSync(SHOTS, { recursive: true });
  const runsDir = path.join(root, '.e2e', 'runs');
  fs.mkdirSync(runsDir, { recursive: true });
  const runDir = fs.mkdtempSync(path.join(runsDir, 'installed-'));
  const extensionsDir = path.join(runDir, 'extensions');
  const workspace = scratchWorkspace('ui');
  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  try {
    await installExtension(root, { runDir, extensionsDir }, VSIX);
    const installed = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
    for (const file of ['package.json', 'dist/extension.js', 'dist/server.js', 'dist/server-main.js', 'dist/tree-sitter.wasm', 'dist/tree-sitter-python.wasm']) {
      assert.ok(fs.existsSync(path.join(installed, file)), `the installed extension has ${file}`);
    }
    // Checked last, so that the screenshots are taken whatever else the package holds.
    const extra = filesBelow(installed).filter((file) => !SHIPPED.test(file));

    server = await CodeServer.start(root, { runDir, extensionsDir });
    workbench = await Workbench.open(server, { folder: workspace.dir });
    const page = workbench.page;

    await page.getByRole('treeitem', { name: PYTHON_FIXTURE }).first().click({ timeout: UI_TIMEOUT_MS });
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    // The diagnostics come from the installed copy's server: no other copy exists in this code-server.
    const servers = await poll('the installed language server process', UI_TIMEOUT_MS, () => {
      const found = processesMentioning(path.join(installed, 'dist', 'server.js'));
      return found.length ? found : undefined;
    });
    assert.equal(servers.length, 1, servers.join('\n'));

    const expected = expectedDiagnostics(PYTHON_FIXTURE);
    const rows = await problems(page, expected.length + 1);
    for (const diagnostic of expected) {
      const shown = `mcp-tool-lint ${diagnostic.rule} [Ln ${diagnostic.line + 1}, Col ${diagnostic.character + 1}]`;
      assert.ok(rows.some((row) => row.replace(/\s+/g, ' ').includes(shown)),
        `the Problems panel shows ${diagnostic.rule} at ${diagnostic.line + 1}:${diagnostic.character + 1}:\n${rows.join('\n')}`);
    }
    await shot(page, 'vscode-squiggles-and-problems.png');

    await token(page, 'read_only').hover();
    const hover = page.locator('.monaco-hover:visible', { hasText: 'readOnlyHint' });
    await hover.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await shot(page, 'vscode-hover.png');
    await page.keyboard.press('Escape');

    await token(page, 'destructive').click();
    await page.keyboard.press('Control+.');
    await page.locator('.action-widget', { hasText: 'Set destructive=True' }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
    await shot(page, 'vscode-quick-fix-menu.png');
    await page.keyboard.press('Escape');

    await runCommand(page, 'MCP Tool Lint: Preview annotations');
    // Both tools of the file, by the names Arcade gives them (the function name in CamelCase), and their tools/list names.
    await webviewWith(page, ['DeleteMessage', 'ListMessages', '"Mail_DeleteMessage"', '"Mail_ListMessages"']);
    await shot(page, 'vscode-preview-panel.png');
    assert.deepEqual(extra, [], 'the .vsix holds only bundles, wasm files, snippets, the schema, README, LICENSE, CHANGELOG and the icon (see .vscodeignore)');
  } catch (error) {
    if (workbench) await shot(workbench.page, 'vscode-installed-ui-failed.png').catch(() => undefined);
    throw error;
  } finally {
    await workbench?.close();
    server?.stop();
    workspace.cleanup();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
});

/**
 * The VS Code workbench of a running code-server, loaded in Debian's chromium through playwright-core.
 * With an extension-tests payload, the web workbench runs the tests in the Node extension host and
 * reports through `codeAutomationLog` / `codeAutomationExit` (the protocol @vscode/test-web uses).
 */
import * as util from 'node:util';
import { Browser, chromium, Page } from 'playwright-core';
import { CodeServer } from './code-server';

export const CHROMIUM = process.env.MTL_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
];

export interface WorkbenchOptions {
  folder: string;
  /** Runs these tests (a module exporting `run()`) with this extension in development mode. */
  extensionTests?: { extensionDevelopmentPath: string; extensionTestsPath: string };
  log?: (line: string) => void;
}

export class Workbench {
  private constructor(private readonly browser: Browser, readonly page: Page, readonly exitCode: Promise<number>) {}

  static async open(server: CodeServer, options: WorkbenchOptions): Promise<Workbench> {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      let reportExit: (code: number) => void = () => undefined;
      const exitCode = new Promise<number>((resolve) => { reportExit = resolve; });
      await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
        options.log?.(util.format(...(Array.isArray(args) ? args : [args])));
      });
      await page.exposeFunction('codeAutomationExit', (code: number) => reportExit(code));
      page.on('pageerror', (error) => options.log?.(`[page error] ${error.message}`));
      const url = new URL(server.url);
      url.searchParams.set('folder', options.folder);
      if (options.extensionTests) {
        url.searchParams.set('payload', JSON.stringify([
          ['extensionDevelopmentPath', server.remoteUri(options.extensionTests.extensionDevelopmentPath)],
          ['extensionTestsPath', server.remoteUri(options.extensionTests.extensionTestsPath)],
        ]));
      }
      await page.goto(url.toString(), { waitUntil: 'domcontentloaded', timeout: 60_000 });
      return new Workbench(browser, page, exitCode);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  async screenshot(file: string): Promise<void> {
    await this.page.screenshot({ path: file });
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
  }
}

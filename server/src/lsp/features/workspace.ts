/**
 * Workspace diagnostics: with `mcpToolLint.diagnosticMode: workspace`, and on the command
 * `mcpToolLint.lintWorkspace`, every tool file of the workspace folders that is not open is read
 * from disk and linted (discovery as the CLI's: skipped folders, `.gitignore`, `exclude`), with
 * work-done progress, one file per turn of the event loop so requests are still answered.
 * Open documents keep their own diagnostics; turning the mode off clears what was listed.
 */
import * as fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import { analyzeText } from '../../core/analyze';
import { grammarForPath } from '../../core/parse/parser';
import { TolerantConfigLoader } from '../config-loader';
import { discoverFiles } from '../../core/discover';
import type { ServerContext } from '../context';
import { toDiagnostic } from '../convert';
import { uriToPath } from '../documents';
import { nextTurn } from '../turns';
import { withFields } from '../../core/with-fields';

export const LINT_WORKSPACE_COMMAND = 'mcpToolLint.lintWorkspace';

export function capabilities(): ServerCapabilities {
  return { workspace: { workspaceFolders: { supported: true, changeNotifications: true } } };
}

export function register(connection: Connection, context: ServerContext): void {
  const { documents, settings, log } = context;
  /** Closed files we listed problems for. */
  const listed = new Set<string>();
  /** Bumped by every run (and by turning the mode off); an older run stops and publishes nothing more. */
  let generation = 0;
  /** The newest run's count of linted files: what a superseded run answers. */
  let latest: Promise<number> = Promise.resolve(0);

  const folderUris = (): string[] => settings.workspaceFolders().map((folder) => pathToFileURL(folder).href);

  async function workspaceModeOn(): Promise<boolean> {
    for (const uri of folderUris()) {
      if ((await settings.settingsFor(uri)).diagnosticMode === 'workspace') return true;
    }
    return false;
  }

  function clear(uri: string): void {
    if (!listed.delete(uri)) return;
    connection.sendDiagnostics({ uri, diagnostics: [] }).catch((error: unknown) => log.error('Clearing diagnostics', error));
  }

  /** Lints one closed file from disk and publishes its problems, unless run `run` was superseded; false when it was skipped. */
  async function lintFile(file: string, run: number): Promise<boolean> {
    const uri = pathToFileURL(file).href;
    if (documents.get(uri)) return false;
    const fileSettings = await settings.settingsFor(uri);
    let text: string | undefined;
    try {
      if (fs.statSync(file).size <= fileSettings.maxFileSize) text = fs.readFileSync(file, 'utf8');
    } catch {
      text = undefined;
    }
    const grammar = grammarForPath(file);
    // Only this file's grammar is loaded (once), when the first file of its language comes.
    const lintable = fileSettings.enable && !fileSettings.excluded && grammar !== undefined && await context.analyzer.grammarLoaded(grammar);
    const project = context.project.viewFor(uri);
    const result = text !== undefined && lintable ? analyzeText(text, file, project ? withFields(fileSettings, { project }) : fileSettings) : undefined;
    if (run !== generation || documents.get(uri)) return false;
    if (!result?.findings.length) {
      clear(uri);
      return result !== undefined;
    }
    const options = { uri, relatedInformation: context.client.textDocument?.publishDiagnostics?.relatedInformation === true };
    listed.add(uri);
    await connection.sendDiagnostics({ uri, diagnostics: result.findings.map((finding) => toDiagnostic(finding, options)) });
    return true;
  }

  /** Lints every closed tool file of the workspace folders; answers how many files the newest run linted. */
  function lintWorkspace(): Promise<number> {
    latest = scan(++generation);
    return latest;
  }

  async function scan(run: number): Promise<number> {
    const folders = settings.workspaceFolders();
    const progress = await connection.window.createWorkDoneProgress();
    progress.begin('MCP Tool Lint: linting the workspace', 0, 'Finding tool files', false);
    try {
      const files = discoverFiles(folders, { loader: new TolerantConfigLoader(), note: (message) => log.info(`Workspace: ${message}`) })
        .map((target) => target.absolute);
      const found = new Set(files.map((file) => pathToFileURL(file).href));
      for (const uri of [...listed]) if (!found.has(uri)) clear(uri);
      let linted = 0;
      for (const [index, file] of files.entries()) {
        await nextTurn();
        if (run !== generation) return latest;
        progress.report(Math.round((index / files.length) * 100), `${index + 1}/${files.length} ${file}`);
        if (await lintFile(file, run)) linted++;
      }
      log.info(`Workspace: linted ${linted} of ${files.length} files in ${folders.length} folder(s).`);
      return linted;
    } finally {
      progress.done();
    }
  }

  const refresh = log.guard('Workspace diagnostics', async () => {
    if (await workspaceModeOn()) {
      await lintWorkspace();
    } else {
      generation++;
      latest = Promise.resolve(0);
      for (const uri of [...listed]) clear(uri);
    }
  });

  context.commands.add(LINT_WORKSPACE_COMMAND, () => lintWorkspace());
  context.onInitialized(log.guard('initialized', () => {
    if (context.client.workspace?.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => settings.changeWorkspaceFolders(added, removed));
    }
    refresh();
  }));
  settings.onDidChange(refresh);
  // A file that closes falls back to its on-disk problems in workspace mode.
  documents.onDidClose(log.guard('Workspace diagnostics of a closed file', async (uri: string) => {
    const run = generation;
    if (!uri.startsWith('file:') || !(await workspaceModeOn())) return;
    await lintFile(uriToPath(uri), run);
  }));
  documents.onDidOpen((document) => listed.delete(document.uri));
}

/**
 * The settings that apply to a document: the editor's `mcpToolLint` section, read with
 * `workspace/configuration` (resource scope) when the client supports it, else from
 * `workspace/didChangeConfiguration`, merged in `settingsFor` with the nearest project config
 * file (rules.md "Profiles": profile defaults → project config → editor customizations).
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ClientCapabilities, Connection, Emitter, Event, MessageType, ShowMessageNotification, WorkspaceFolder,
} from 'vscode-languageserver/node';
import { ConfigError, ConfigLoader, DEFAULT_MAX_FILE_SIZE, JSON_CONFIG_NAME, parseSize, ProjectConfig, PYPROJECT_NAME, resolveSettings } from '../core/config/config';
import { PathMatcher } from '../core/config/glob';
import { SKIPPED_FOLDERS } from '../core/discover';
import { PROFILES, ProfileName } from '../core/rules/rule';
import { RuleOverride } from '../core/severity';
import { uriToPath } from './documents';
import { Logger } from './log';
import { withFields } from '../core/with-fields';

export const SECTION = 'mcpToolLint';

export type RunMode = 'onType' | 'onSave';
export type DiagnosticMode = 'openFiles' | 'workspace';

/** What the editor's `mcpToolLint` section says. */
export interface EditorSettings {
  /** `mcpToolLint.enable`: false publishes no diagnostics. */
  enable: boolean;
  profile: ProfileName;
  overrides: RuleOverride[];
  run: RunMode;
  diagnosticMode: DiagnosticMode;
  /** `mcpToolLint.exclude`, relative to the document's workspace folder. */
  exclude: string[];
  /** `mcpToolLint.maxFileSize` in bytes, when set. */
  maxFileSize?: number;
  /** `mcpToolLint.firstParty`: hosts and SDK modules added to the project config's (MTL313). */
  editorFirstParty?: { hosts: string[]; modules: string[] };
}

/**
 * The editor settings merged with the project config: what a document is analysed with (an
 * AnalysisOptions: `profile` and `overrides` are the resolved ones).
 */
export interface LintSettings extends EditorSettings {
  serverModules: string[];
  /** Larger files are not linted: the project config's `maxFileSize`, else the setting, else 5 MB. */
  maxFileSize: number;
  /** The file matches an exclude glob (defaults, `mcpToolLint.exclude` or the config's `exclude`): no diagnostics. */
  excluded: boolean;
  /** The project config file that applies, if any. */
  configFile?: string;
  /** Why the project config could not be used (defaults apply instead). */
  configProblem?: string;
}

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = {
  enable: true, profile: 'recommended', overrides: [], run: 'onType', diagnosticMode: 'openFiles', exclude: [],
};
export const DEFAULT_SETTINGS: LintSettings = withFields(DEFAULT_EDITOR_SETTINGS, { serverModules: [], excluded: false, maxFileSize: DEFAULT_MAX_FILE_SIZE });

/** Folders skipped whatever the settings say: dependencies, virtualenvs and build output (as the CLI's discovery). */
const DEFAULT_EXCLUDES = [...SKIPPED_FOLDERS].map((folder) => `${folder}/`);
/** Build output names are common in paths above a project, so outside the workspace folders only dependencies are skipped. */
const BUILD_OUTPUT = new Set(['dist', 'build', 'out']);
const DEPENDENCY_EXCLUDES = [...SKIPPED_FOLDERS].filter((folder) => !BUILD_OUTPUT.has(folder)).map((folder) => `${folder}/`);

const OVERRIDE_SEVERITIES: Record<string, RuleOverride['severity']> = {
  error: 'error', warning: 'warning', warn: 'warning', info: 'info', information: 'info', hint: 'hint',
  off: 'off', downgrade: 'downgrade', upgrade: 'upgrade', default: 'default',
};

/**
 * Reads the `mcpToolLint` section as a client sends it. Values of the wrong type fall back
 * to the defaults, and `problems` receives one sentence per ignored value.
 */
export function readEditorSettings(raw: unknown, problems: (message: string) => void): EditorSettings {
  const section = isObject(raw) ? raw : {};
  const settings: EditorSettings = withFields(DEFAULT_EDITOR_SETTINGS, { overrides: [], exclude: [] });
  if (typeof section.enable === 'boolean') settings.enable = section.enable;
  else if (section.enable !== undefined && section.enable !== null) problems(`${SECTION}.enable must be true or false; using true.`);
  if ((PROFILES as readonly unknown[]).includes(section.profile)) settings.profile = section.profile as ProfileName;
  else if (section.profile !== undefined && section.profile !== null) {
    problems(`${SECTION}.profile ${JSON.stringify(section.profile)} is not one of ${PROFILES.join(', ')}; using recommended.`);
  }
  settings.run = oneOf(section.run, ['onType', 'onSave'] as const, 'run', problems) ?? 'onType';
  settings.diagnosticMode = oneOf(section.diagnosticMode, ['openFiles', 'workspace'] as const, 'diagnosticMode', problems) ?? 'openFiles';
  if (Array.isArray(section.exclude) && section.exclude.every((item) => typeof item === 'string')) settings.exclude = section.exclude as string[];
  else if (section.exclude !== undefined && section.exclude !== null) problems(`${SECTION}.exclude must be a list of globs; ignored.`);
  const maxFileSize = section.maxFileSize === undefined || section.maxFileSize === null ? undefined : parseSize(section.maxFileSize);
  if (maxFileSize !== undefined) settings.maxFileSize = maxFileSize;
  else if (section.maxFileSize !== undefined && section.maxFileSize !== null) problems(`${SECTION}.maxFileSize must be a number of bytes; using 5 MB.`);
  if (isObject(section.firstParty)) {
    const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? value as string[] : undefined);
    const hosts = section.firstParty.hosts === undefined ? [] : strings(section.firstParty.hosts);
    const modules = section.firstParty.modules === undefined ? [] : strings(section.firstParty.modules);
    if (hosts && modules) settings.editorFirstParty = { hosts, modules };
    else problems(`${SECTION}.firstParty must be { "hosts": [...], "modules": [...] } with lists of strings; ignored.`);
  } else if (section.firstParty !== undefined && section.firstParty !== null) {
    problems(`${SECTION}.firstParty must be an object with "hosts" and "modules"; ignored.`);
  }
  const customizations = isObject(section.rules) ? section.rules.customizations : undefined;
  if (Array.isArray(customizations)) {
    for (const item of customizations) {
      const severity = isObject(item) && typeof item.severity === 'string' ? OVERRIDE_SEVERITIES[item.severity.toLowerCase()] : undefined;
      if (isObject(item) && typeof item.rule === 'string' && item.rule && severity) settings.overrides.push({ rule: item.rule, severity });
      else problems(`${SECTION}.rules.customizations entry ${JSON.stringify(item)} needs a "rule" and a "severity" (${Object.keys(OVERRIDE_SEVERITIES).join(', ')}); ignored.`);
    }
  }
  return settings;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string, problems: (message: string) => void): T | undefined {
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  if (value !== undefined && value !== null) problems(`${SECTION}.${name} ${JSON.stringify(value)} is not one of ${allowed.join(', ')}; using ${allowed[0]}.`);
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The files a project config is read from. */
const CONFIG_FILE_NAMES = [JSON_CONFIG_NAME, PYPROJECT_NAME];

export class Settings {
  private pullConfiguration = false;
  /** The section pushed by `didChangeConfiguration`, used when the client cannot be asked. */
  private pushed: unknown;
  private folders: string[] = [];
  private readonly cache = new Map<string, Promise<LintSettings>>();
  /** The client's section per document, asked once until the settings change. */
  private readonly sections = new Map<string, Promise<unknown>>();
  private readonly loader = new ConfigLoader();
  private readonly reported = new Set<string>();
  /** Project config files already named in the log. */
  private readonly loggedConfigs = new Set<string>();
  /** Config problems already shown; a config file change may show them again. */
  private readonly shownConfigProblems = new Set<string>();
  private readonly changed = new Emitter<void>();
  /** The settings or a project config file changed: every open document should be linted again. */
  readonly onDidChange: Event<void> = this.changed.event;

  constructor(private readonly connection: Connection, private readonly log: Logger) {}

  initialize(capabilities: ClientCapabilities, folders: readonly WorkspaceFolder[] | null | undefined, rootUri?: string | null): void {
    this.pullConfiguration = capabilities.workspace?.configuration === true;
    this.folders = folders?.length ? folders.map((folder) => uriToPath(folder.uri)) : rootUri ? [uriToPath(rootUri)] : [];
  }

  /** The workspace folders changed: exclude globs and workspace mode follow the new ones. */
  changeWorkspaceFolders(added: readonly WorkspaceFolder[], removed: readonly WorkspaceFolder[]): void {
    const gone = new Set(removed.map((folder) => uriToPath(folder.uri)));
    this.folders = [...this.folders.filter((folder) => !gone.has(folder)), ...added.map((folder) => uriToPath(folder.uri))];
    this.cache.clear();
    this.changed.fire();
  }

  /** The workspace folders as file paths. */
  workspaceFolders(): readonly string[] {
    return this.folders;
  }

  listen(): void {
    this.connection.onDidChangeConfiguration(this.log.guard('didChangeConfiguration', (params) => {
      const settings: unknown = params.settings;
      this.pushed = isObject(settings) ? settings[SECTION] : undefined;
      this.sections.clear();
      this.cache.clear();
      this.changed.fire();
    }));
  }

  /** Watched files changed (main.ts has the one handler): a project config file among them re-reads the configs. */
  watchedFilesChanged(files: readonly string[]): void {
    if (files.some((file) => CONFIG_FILE_NAMES.includes(path.basename(file)))) this.projectConfigChanged();
  }

  /** Forgets every project config read so far; the next analyses read them again. */
  projectConfigChanged(): void {
    this.loader.clear();
    this.shownConfigProblems.clear();
    this.cache.clear();
    this.changed.fire();
  }

  /**
   * For the log at start-up, one line per workspace folder: the profile in effect there and where
   * it comes from, and the project config file that applies (or why it cannot be used).
   */
  async describeFolders(): Promise<string[]> {
    const lines: string[] = [];
    for (const folder of this.folders) {
      const raw = await this.section(pathToFileURL(folder).href);
      const editor = readEditorSettings(raw, (message) => this.reportOnce(message));
      let config: ProjectConfig | undefined;
      let problem: string | undefined;
      try {
        config = this.loader.configFor(folder, true);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problem = error.message;
      }
      const { profile } = resolveSettings({ config: problem ? undefined : config, editorProfile: editor.profile });
      const from = config?.profile ? config.file : isObject(raw) && raw.profile !== undefined && raw.profile !== null ? `the ${SECTION}.profile setting` : 'the default';
      const configText = problem ? `its project config cannot be used (${problem})` : config ? `project config ${config.file}` : 'no project config';
      lines.push(`Workspace folder ${folder}: profile ${profile} (from ${from}), ${configText}.`);
    }
    return lines;
  }

  /** The settings for a document: editor settings merged with its project config. */
  settingsFor(uri: string): Promise<LintSettings> {
    let settings = this.cache.get(uri);
    if (!settings) {
      settings = this.section(uri).then((raw) => this.merge(uri, readEditorSettings(raw, (message) => this.reportOnce(message))));
      this.cache.set(uri, settings);
    }
    return settings;
  }

  /**
   * The client's `mcpToolLint` section for a document (workspace/configuration, else what
   * didChangeConfiguration pushed), asked once until the settings change; features that read
   * their own switches from it (inlay hints, code lens, ignore comments) share the answer.
   */
  section(uri: string): Promise<unknown> {
    let section = this.sections.get(uri);
    if (!section) {
      section = this.editorSettings(uri);
      this.sections.set(uri, section);
    }
    return section;
  }

  /** Drops a closed document's cached settings. */
  forget(uri: string): void {
    this.cache.delete(uri);
    this.sections.delete(uri);
    this.sections.delete(uri);
  }

  private merge(uri: string, editor: EditorSettings): LintSettings {
    const file = uri.startsWith('file:') ? uriToPath(uri) : undefined;
    let config: ProjectConfig | undefined;
    let configProblem: string | undefined;
    if (file) {
      try {
        config = this.loader.configFor(file);
        if (config && !this.loggedConfigs.has(config.file)) {
          this.loggedConfigs.add(config.file);
          this.log.info(`Using the project config ${config.file}${config.profile ? ` (profile ${config.profile})` : ''} for the files under ${config.dir}.`);
        }
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        configProblem = error.message;
        this.reportConfigProblem(configProblem);
      }
    }
    const resolved = resolveSettings({ config, editorProfile: editor.profile, editorOverrides: editor.overrides, editorFirstParty: editor.editorFirstParty });
    return withFields(editor, withFields(resolved, {
      maxFileSize: config?.maxFileSize ?? editor.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
      excluded: file !== undefined && this.isExcluded(file, editor, config),
      configFile: config?.file,
      configProblem,
    }));
  }

  private isExcluded(file: string, editor: EditorSettings, config: ProjectConfig | undefined): boolean {
    const folder = this.folders.find((candidate) => {
      const relative = path.relative(candidate, file);
      return !relative.startsWith('..') && !path.isAbsolute(relative);
    });
    const matcher = folder
      ? new PathMatcher().add(folder, [...DEFAULT_EXCLUDES, ...editor.exclude])
      : new PathMatcher().add(path.parse(file).root, DEPENDENCY_EXCLUDES).add(config?.dir ?? path.dirname(file), editor.exclude);
    if (config) matcher.add(config.dir, config.exclude);
    return matcher.matchesPathOrParent(file, false);
  }

  private async editorSettings(uri: string): Promise<unknown> {
    if (!this.pullConfiguration) return this.pushed;
    try {
      return await this.connection.workspace.getConfiguration({ scopeUri: uri, section: SECTION });
    } catch (error) {
      this.log.error(`Reading the ${SECTION} settings for ${uri}`, error);
      return undefined;
    }
  }

  /** A bad config file: one warning the user sees, and a log line; the defaults apply meanwhile. */
  private reportConfigProblem(message: string): void {
    if (this.shownConfigProblems.has(message)) return;
    this.shownConfigProblems.add(message);
    const text = `mcp-tool-lint: the project config cannot be used, so the defaults apply: ${message}`;
    this.log.warn(text);
    // A notification: a request would wait for an answer the user may never give.
    this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: text })
      .catch((error: unknown) => this.log.error('Showing a warning', error));
  }

  private reportOnce(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.log.warn(message);
  }
}

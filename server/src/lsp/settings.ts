/**
 * The settings that apply to a document: the editor's `mcpToolLint` section, read with
 * `workspace/configuration` (resource scope) when the client supports it, else from
 * `workspace/didChangeConfiguration`. Project config files are merged in `settingsFor`.
 */
import { ClientCapabilities, Connection, Emitter, Event } from 'vscode-languageserver/node';
import { AnalysisOptions } from '../core/analyze';
import { PROFILES, ProfileName } from '../core/rules/rule';
import { RuleOverride } from '../core/severity';
import { Logger } from './log';

export const SECTION = 'mcpToolLint';

export interface LintSettings extends AnalysisOptions {
  /** `mcpToolLint.enable`: false publishes no diagnostics. */
  enable: boolean;
  profile: ProfileName;
  overrides: RuleOverride[];
}

export const DEFAULT_SETTINGS: LintSettings = { enable: true, profile: 'recommended', overrides: [] };

const OVERRIDE_SEVERITIES: Record<string, RuleOverride['severity']> = {
  error: 'error', warning: 'warning', warn: 'warning', info: 'info', information: 'info', hint: 'hint',
  off: 'off', downgrade: 'downgrade', upgrade: 'upgrade', default: 'default',
};

/**
 * Reads the `mcpToolLint` section as a client sends it. Values of the wrong type fall back
 * to the defaults, and `problems` receives one sentence per ignored value.
 */
export function readEditorSettings(raw: unknown, problems: (message: string) => void): LintSettings {
  const section = isObject(raw) ? raw : {};
  const settings: LintSettings = { ...DEFAULT_SETTINGS, overrides: [] };
  if (typeof section.enable === 'boolean') settings.enable = section.enable;
  else if (section.enable !== undefined && section.enable !== null) problems(`${SECTION}.enable must be true or false; using true.`);
  if ((PROFILES as readonly unknown[]).includes(section.profile)) settings.profile = section.profile as ProfileName;
  else if (section.profile !== undefined && section.profile !== null) {
    problems(`${SECTION}.profile ${JSON.stringify(section.profile)} is not one of ${PROFILES.join(', ')}; using recommended.`);
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class Settings {
  private pullConfiguration = false;
  /** The section pushed by `didChangeConfiguration`, used when the client cannot be asked. */
  private pushed: unknown;
  private readonly cache = new Map<string, Promise<LintSettings>>();
  private readonly reported = new Set<string>();
  private readonly changed = new Emitter<void>();
  /** The settings changed: every open document should be linted again. */
  readonly onDidChange: Event<void> = this.changed.event;

  constructor(private readonly connection: Connection, private readonly log: Logger) {}

  initialize(capabilities: ClientCapabilities): void {
    this.pullConfiguration = capabilities.workspace?.configuration === true;
  }

  listen(): void {
    this.connection.onDidChangeConfiguration(this.log.guard('didChangeConfiguration', (params) => {
      const settings: unknown = params.settings;
      this.pushed = isObject(settings) ? settings[SECTION] : undefined;
      this.cache.clear();
      this.changed.fire();
    }));
  }

  /** The analysis options for a document (editor settings; project config files merge in here). */
  settingsFor(uri: string): Promise<LintSettings> {
    let settings = this.cache.get(uri);
    if (!settings) {
      settings = this.editorSettings(uri).then((raw) => readEditorSettings(raw, (message) => this.reportOnce(message)));
      this.cache.set(uri, settings);
    }
    return settings;
  }

  /** Drops a closed document's cached settings. */
  forget(uri: string): void {
    this.cache.delete(uri);
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

  private reportOnce(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.log.warn(message);
  }
}

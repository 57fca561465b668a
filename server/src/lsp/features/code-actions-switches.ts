/**
 * Boolean editor settings that turn an editor feature on or off per document
 * (`mcpToolLint.inlayHints.enable`, `mcpToolLint.codeAction.disableRuleComment.enable`), read
 * from the `mcpToolLint` section the settings already asked for (resource scope) and cached
 * until the settings change.
 */
import type { ServerContext } from '../context';

export class FeatureSwitch {
  private readonly cache = new Map<string, Promise<boolean>>();
  private readonly changed: Array<() => void> = [];

  /** `path` is the setting below `mcpToolLint`, e.g. `['inlayHints', 'enable']`. */
  constructor(private readonly context: ServerContext, private readonly path: readonly string[], private readonly defaultValue: boolean) {
    context.settings.onDidChange(() => {
      this.cache.clear();
      for (const listener of this.changed) listener();
    });
    context.documents.onDidClose((uri) => this.cache.delete(uri));
  }

  /** Called after the settings changed (e.g. to ask the client to refresh inlay hints). */
  onDidChange(listener: () => void): void {
    this.changed.push(listener);
  }

  enabled(uri: string): Promise<boolean> {
    let value = this.cache.get(uri);
    if (!value) {
      value = this.read(uri);
      this.cache.set(uri, value);
    }
    return value;
  }

  private async read(uri: string): Promise<boolean> {
    if (this.context.client.workspace?.configuration !== true) return this.defaultValue;
    let section: unknown = await this.context.settings.section(uri);
    for (const key of this.path) section = typeof section === 'object' && section !== null ? (section as Record<string, unknown>)[key] : undefined;
    return typeof section === 'boolean' ? section : this.defaultValue;
  }
}

/** Config lookups for walks over the workspace: a folder's bad config file is skipped (the settings report it) instead of stopping the walk. */
import { ConfigError, ConfigLoader, ProjectConfig } from '../core/config/config';

export class TolerantConfigLoader extends ConfigLoader {
  override configFor(fileOrDir: string, isDir = false): ProjectConfig | undefined {
    try {
      return super.configFor(fileOrDir, isDir);
    } catch (error) {
      if (error instanceof ConfigError) return undefined;
      throw error;
    }
  }
}

/** Config lookups for walks over the workspace: a folder's bad config file is skipped (the settings report it) instead of stopping the walk. */
export { TolerantConfigLoader } from '../core/config/config';

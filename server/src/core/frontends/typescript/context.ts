import { LanguageId } from '../../model';
import { ProjectView } from '../../project/view';
import { ImportBinding, ImportFacts } from './imports';
import { ValueReader } from './values';

/** What every form needs to know about the file being read. */
export interface FileContext {
  language: LanguageId;
  imports: ImportFacts;
  reader: ValueReader;
  /** Start offsets of the object literals an SDK call already read as its configuration. */
  claimed: Set<number>;
  /** Told the start offset of each node before it is read (incremental analysis attributes name lookups with it). */
  track?: (start: number) => void;
  /** The rest of the project, when the analysis has one. */
  project?: ProjectView;
  /** The names the file's imports bind (with a project only; the map is made at the first call). */
  importBindings?: () => ReadonlyMap<string, ImportBinding>;
  /** Whether a module specifier is an MCP server module (the defaults and the config's `serverModules`). */
  isServerModule?: (specifier: string) => boolean;
}

import { LanguageId } from '../../model';
import { ImportFacts } from './imports';
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
}

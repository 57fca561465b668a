/**
 * What a fuzz session is, as plain data: a document opened from a fixture, then steps, each
 * a `didChange` (one or more edits, given as offsets into the text before each edit) followed
 * by requests at positions. A failing session is saved as JSON exactly as it ran, so a
 * regression replays the same messages whatever the generator does later.
 */

/** Inserted text; a long repetition is stored as its unit and count to keep regression files small. */
export type Inserted = string | { repeat: string; times: number };

export interface FuzzEdit {
  /** Offsets (UTF-16) into the text as it is before this edit. */
  start: number;
  end: number;
  text: Inserted;
}

export type RequestKind = 'hover' | 'completion' | 'codeAction' | 'fixAll' | 'preview' | 'inlayHint';

export interface FuzzRequest {
  kind: RequestKind;
  line: number;
  character: number;
}

export interface FuzzStep {
  /** What the edit imitates (for reports), e.g. `type`, `paste`, `deep-nesting`. */
  label: string;
  edits: FuzzEdit[];
  /** Sent as one whole-text change (no range) instead of incremental ones. */
  whole?: boolean;
  requests: FuzzRequest[];
}

export interface FuzzSession {
  /** The fixture the document starts from, relative to the repository root. */
  fixture: string;
  uri: string;
  languageId: string;
  steps: FuzzStep[];
}

/** A saved failing session (test/fuzz/regressions/*.json). */
export interface Regression {
  seed: number;
  failure: string;
  session: FuzzSession;
}

export function insertedText(text: Inserted): string {
  return typeof text === 'string' ? text : text.repeat.repeat(text.times);
}

/**
 * The pre-filter's blind spot (issue 21): a module that registers its tools only through a project
 * wrapper whose name holds no tool word (`register(get_issue, annotations={...})`, wrapping
 * `mcp.add_tool`) says nothing the pre-filter looks for. The index remembers the files the
 * pre-filter turned away; once it has read the wrappers the project defines, those that name one
 * of them are parsed after all. Naming a wrapper only decides whether a file is parsed: what a call
 * is, the front ends decide from the tree.
 */
import { hasToolWord } from '../prefilter';
import { SourceText } from '../source-text';

export class WrapperCallers {
  private readonly turnedAway = new Set<string>();
  private readonly known = new Set<string>();
  private words: string[] = [];
  /** Grows with every wrapper name learnt: a view that asked before is stale. */
  generation = 0;

  /** A file the pre-filter turned away: remembered, unless it already names a known wrapper (then it is parsed: true). */
  turnAway(file: string, text: SourceText): boolean {
    if (this.mentions(text)) return true;
    this.turnedAway.add(file);
    return false;
  }

  forget(file: string): void {
    this.turnedAway.delete(file);
  }

  /** Whether the pre-filter turned `file` away and no wrapper it names has been learnt since. */
  isTurnedAway(file: string): boolean {
    return this.turnedAway.has(file);
  }

  /** The files turned away so far (for an index on another thread: `turnedAwayAlready`). */
  turnedAwayFiles(): string[] {
    return [...this.turnedAway];
  }

  /** Files another index's pre-filter turned away (`turnedAwayFiles`), remembered as if turned away here. */
  turnedAwayAlready(files: Iterable<string>): void {
    for (const file of files) this.turnedAway.add(file);
  }

  /** Whether `text` names a known wrapper without a tool word, as a whole identifier. */
  mentions(text: SourceText): boolean {
    return this.words.some((word) => namesIdentifier(text, word));
  }

  /** Learns the wrapper names the project defines; returns the turned-away files that name a new one (no longer turned away). */
  learn(names: Iterable<string>, readText: (file: string) => string | undefined): string[] {
    const fresh = [...new Set(names)].filter((name) => !this.known.has(name) && !hasToolWord(name));
    for (const name of names) this.known.add(name);
    if (fresh.length === 0) return [];
    this.words.push(...fresh);
    this.generation++;
    const admitted: string[] = [];
    for (const file of this.turnedAway) {
      const text = readText(file);
      if (text === undefined || !fresh.some((word) => namesIdentifier(text, word))) continue;
      this.turnedAway.delete(file);
      admitted.push(file);
    }
    return admitted;
  }
}

function isIdentifierCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

function namesIdentifier(text: SourceText, word: string): boolean {
  for (let index = text.indexOf(word); index >= 0; index = text.indexOf(word, index + word.length)) {
    if (index > 0 && isIdentifierCode(text.charCodeAt(index - 1))) continue;
    if (!isIdentifierCode(text.charCodeAt(index + word.length))) return true;
  }
  return false;
}

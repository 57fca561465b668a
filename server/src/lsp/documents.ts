/**
 * The open documents: their text (incremental sync) and their parse (core/parse/windows.ts),
 * edited with `tree.edit` as changes arrive and reparsed incrementally when an analysis asks for it.
 */
import { fileURLToPath } from 'node:url';
import { Tree } from 'web-tree-sitter';
import { Connection, Emitter, Event, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { hasOverlongLine, MAX_LINE_LENGTH, withLfLineBreaks } from '../core/analyze';
import { SourceText, textString } from '../core/source-text';
import { GrammarId, grammarFor, SteppedParse } from '../core/parse/parser';
import { DocumentSyntax, IncrementalParse, treeAt } from '../core/parse/windows';
import { treeEditFor } from './edits';
import { AppliedChange, LiveDocument } from './live-document';
import { Logger } from './log';

/** Documents above this size get no tree and no analysis. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** From this many characters a document's first parse runs in steps (about 0.1 s of parsing in one piece). */
export const STEPPED_PARSE_CHARACTERS = 256 * 1024;
/** How long tree-sitter parses in one step of such a parse. */
const PARSE_STEP_MS = 15;

interface Entry {
  document: LiveDocument;
  grammar: GrammarId | undefined;
  /** The document's parse, with every change since applied through `tree.edit`. */
  parse?: IncrementalParse;
  /** Whether the text had a lone CR when it was last parsed (its edits are then not incremental). */
  loneCr?: boolean;
  /** Counts the changes applied, so `inspect` looks at each text once. */
  revision: number;
  inspection?: Inspection;
  /** What is known of the current text without reading all of it, kept up to date by each change. */
  lines?: LineFacts;
}

/** Whether the text has an overlong line or a CR: a change reads only the lines it wrote. */
interface LineFacts {
  overlong: boolean;
  carriageReturn: boolean;
}

/** What the text of one revision is to the parser; worked out once per revision (every keystroke reads it twice). */
interface Inspection {
  revision: number;
  /** The text tree-sitter parses: lone CRs as LF (`withLfLineBreaks`). */
  text: SourceText;
  /** Why the text is not parsed at all. */
  unparseable?: 'too-large' | 'overlong-line';
}

export class DocumentStore {
  private readonly entries = new Map<string, Entry>();
  private readonly opened = new Emitter<LiveDocument>();
  private readonly changed = new Emitter<LiveDocument>();
  private readonly closed = new Emitter<string>();

  /** A document was opened (also fired when a client re-opens one). */
  readonly onDidOpen: Event<LiveDocument> = this.opened.event;
  /** A document's text changed; the document holds the new version. */
  readonly onDidChange: Event<LiveDocument> = this.changed.event;
  /** A document was closed; the argument is its URI. */
  readonly onDidClose: Event<string> = this.closed.event;

  constructor(private readonly log: Logger) {}

  listen(connection: Connection): void {
    connection.onDidOpenTextDocument(this.log.guard('didOpen', ({ textDocument: item }) => {
      this.forget(item.uri);
      const document = new LiveDocument(item.uri, item.languageId, item.version, item.text);
      this.entries.set(item.uri, { document, grammar: grammarFor(item.languageId, uriToPath(item.uri)), revision: 0 });
      this.opened.fire(document);
    }));
    connection.onDidChangeTextDocument(this.log.guard('didChange', ({ textDocument, contentChanges }) => {
      const entry = this.entries.get(textDocument.uri);
      if (!entry) return;
      for (const change of contentChanges) this.applyChange(entry, change, textDocument.version);
      // A notification with no changes still moves the version.
      if (contentChanges.length === 0) entry.document.update([], textDocument.version);
      this.changed.fire(entry.document);
    }));
    connection.onDidCloseTextDocument(this.log.guard('didClose', ({ textDocument }) => {
      if (this.forget(textDocument.uri)) this.closed.fire(textDocument.uri);
    }));
  }

  get(uri: string): LiveDocument | undefined {
    return this.entries.get(uri)?.document;
  }

  all(): LiveDocument[] {
    return [...this.entries.values()].map((entry) => entry.document);
  }

  /** The grammar for a document, or undefined when it is not a language we lint. */
  grammarOf(uri: string): GrammarId | undefined {
    return this.entries.get(uri)?.grammar;
  }

  /** The text the parser reads (lone CRs as LF, same length as the document's text); undefined for a closed document. */
  parsedText(uri: string): SourceText | undefined {
    const entry = this.entries.get(uri);
    return entry && this.inspect(entry).text;
  }

  /**
   * Why the document gets no tree and no analysis: larger than MAX_DOCUMENT_BYTES, or a line
   * longer than MAX_LINE_LENGTH (minified or generated code).
   */
  unparseable(uri: string): Inspection['unparseable'] {
    const entry = this.entries.get(uri);
    return entry && this.inspect(entry).unparseable;
  }

  /** Whether the document is larger than MAX_DOCUMENT_BYTES (no tree, no analysis). */
  isTooLarge(uri: string): boolean {
    return this.unparseable(uri) === 'too-large';
  }

  private inspect(entry: Entry): Inspection {
    if (entry.inspection?.revision !== entry.revision) {
      const text = entry.document.text;
      // A UTF-16 code unit takes at most 3 bytes in UTF-8, so short texts need no count.
      const tooLarge = text.length * 3 > MAX_DOCUMENT_BYTES && Buffer.byteLength(textString(text), 'utf8') > MAX_DOCUMENT_BYTES;
      const lines = (entry.lines ??= { overlong: hasOverlongLine(text), carriageReturn: text.includes('\r') });
      const unparseable = tooLarge ? 'too-large' : lines.overlong ? 'overlong-line' : undefined;
      entry.inspection = { revision: entry.revision, text: unparseable || !lines.carriageReturn ? text : withLfLineBreaks(textString(text)), unparseable };
    }
    return entry.inspection;
  }

  /**
   * The document's syntax for its current text: reparsed incrementally from the edited previous
   * trees, or parsed in full the first time; a statement an edit left broken may have its own
   * tree (core/parse/windows.ts). Undefined for documents we do not lint, for documents that are
   * too large and for minified ones (a line over MAX_LINE_LENGTH).
   */
  syntax(uri: string): DocumentSyntax | undefined {
    const entry = this.entries.get(uri);
    if (!entry?.grammar) return undefined;
    const inspection = this.inspect(entry);
    if (inspection.unparseable) {
      this.dropTree(uri);
      return undefined;
    }
    entry.parse ??= new IncrementalParse(entry.grammar);
    entry.loneCr = inspection.text !== entry.document.text;
    return entry.parse.current(inspection.text);
  }

  /** The document's tree as it is, without parsing: an analysis in steps stops when it is no longer the one it reads. */
  treeAsIs(uri: string): Tree | undefined {
    return this.entries.get(uri)?.parse?.treeAsIs;
  }

  /** Whether the document's next parse is a first parse of a large text (`parseSteps` makes it then). */
  needsParseInSteps(uri: string): boolean {
    const entry = this.entries.get(uri);
    if (!entry?.grammar || entry.parse?.parsed) return false;
    const inspection = this.inspect(entry);
    return !inspection.unparseable && inspection.text.length >= STEPPED_PARSE_CHARACTERS;
  }

  /**
   * A large document's first parse, as steps for `runInSlices` (lsp/turns.ts) with turns of the event
   * loop in between (core/parse/parser.ts SteppedParse). When they end, `syntax(uri)` has it; they end
   * early, with nothing parsed, when the document changes or closes meanwhile (the analysis of its new
   * version parses it again).
   */
  *parseSteps(uri: string): Generator<void, void, undefined> {
    const entry = this.entries.get(uri);
    if (!entry?.grammar || !this.needsParseInSteps(uri)) return;
    const revision = entry.revision;
    const text = this.inspect(entry).text;
    const parse = (entry.parse ??= new IncrementalParse(entry.grammar));
    const steps = new SteppedParse(entry.grammar, text, parse.textSource);
    try {
      for (;;) {
        const until = performance.now() + PARSE_STEP_MS;
        const tree = steps.step(() => performance.now() >= until);
        if (tree) {
          parse.adopt(tree, text);
          return;
        }
        yield;
        // Changed, closed or parsed another way meanwhile: this parse is of no use any more.
        if (this.entries.get(uri) !== entry || entry.revision !== revision || entry.parse !== parse || parse.parsed) return;
      }
    } finally {
      steps.abandon();
    }
  }

  /**
   * The tree holding `offset` (a broken statement's own tree inside it), or, without an offset, the
   * document as one tree.
   */
  tree(uri: string, offset?: number): Tree | undefined {
    const syntax = this.syntax(uri);
    if (!syntax) return undefined;
    if (offset !== undefined) return treeAt(syntax, offset);
    return syntax.regions?.length ? this.entries.get(uri)!.parse!.whole(this.inspect(this.entries.get(uri)!).text) : syntax.tree;
  }

  /**
   * Between keystrokes: the document's trees made one again when the last edit left a clean region
   * (core/parse/windows.ts), unless a change has arrived since. Whether they were.
   */
  settle(uri: string, version: number): boolean {
    const entry = this.entries.get(uri);
    if (!entry?.parse || entry.document.version !== version || entry.inspection?.revision !== entry.revision) return false;
    return entry.parse.settle(entry.inspection.text);
  }

  /** Frees a document's trees (files we skip); the next `syntax()` parses from scratch. */
  dropTree(uri: string): void {
    const entry = this.entries.get(uri);
    if (!entry?.parse) return;
    entry.parse.delete();
    entry.parse = undefined;
  }

  private applyChange(entry: Entry, change: TextDocumentContentChangeEvent, version: number): void {
    if ('range' in change) {
      if (entry.parse && touchesCarriageReturn(entry, change.range.start, change.text)) {
        // A lone CR is parsed as an LF (withLfLineBreaks): an edit next to one may turn it into CRLF or
        // back, which an incremental edit cannot describe, so the next parse starts afresh.
        this.dropTree(entry.document.uri);
      } else {
        entry.parse?.edit(treeEditFor(entry.document, change.range, change.text));
      }
    } else {
      this.dropTree(entry.document.uri);
    }
    entry.document.update([change], version);
    // The document counts the line breaks of the inserted text alone (as TextDocument does): a CR and an
    // LF the edit brings together stay two line breaks to it. Recount them (a full change with the same text).
    const applied = entry.document.lastEdit;
    if ('range' in change && applied && joinsCrLf(applied)) entry.document.update([{ text: entry.document.getText() }], version);
    entry.lines = 'range' in change && entry.lines ? linesAfter(entry.lines, entry.document, change.range.start.line, change.text) : undefined;
    entry.revision++;
  }

  private forget(uri: string): boolean {
    const entry = this.entries.get(uri);
    if (!entry) return false;
    entry.parse?.delete();
    this.entries.delete(uri);
    return true;
  }
}

/** The file path of a `file:` URI, or the path part of any other URI (`untitled:Untitled-1`). */
export function uriToPath(uri: string): string {
  try {
    const url = new URL(uri);
    return url.protocol === 'file:' ? fileURLToPath(url) : decodeURIComponent(url.pathname);
  } catch {
    return uri;
  }
}

function touchesCarriageReturn(entry: Entry, start: { line: number; character: number }, newText: string): boolean {
  if (entry.loneCr || newText.includes('\r')) return true;
  const offset = entry.document.offsetAt(start);
  return offset > 0 && entry.document.text.charCodeAt(offset - 1) === 13;
}

/** The line facts after a change that wrote `newText` from `firstLine` on: only the lines it wrote are read. */
function linesAfter(before: LineFacts, document: LiveDocument, firstLine: number, newText: string): LineFacts | undefined {
  // An overlong line may have been shortened, and LSP lines end at a lone CR too: the whole text is read again then.
  if (before.overlong || before.carriageReturn || newText.includes('\r')) return undefined;
  let lastLine = firstLine;
  for (let at = newText.indexOf('\n'); at >= 0; at = newText.indexOf('\n', at + 1)) lastLine++;
  const text = document.text;
  for (let line = firstLine; line <= lastLine; line++) {
    const start = document.offsetAt({ line, character: 0 });
    const end = line + 1 < document.lineCount ? document.offsetAt({ line: line + 1, character: 0 }) - 1 : text.length;
    if (end - start > MAX_LINE_LENGTH) return { overlong: true, carriageReturn: false };
  }
  return before;
}

/** Whether the change puts a CR right before an LF: a new CRLF, one line break where there were two. */
function joinsCrLf({ before, start, removed, inserted }: AppliedChange): boolean {
  const after = before.charCodeAt(start + removed.length);
  const first = inserted.length > 0 ? inserted.charCodeAt(0) : after;
  const joinsBefore = start > 0 && before.charCodeAt(start - 1) === 13 && first === 10;
  const joinsAfter = inserted.length > 0 && inserted.charCodeAt(inserted.length - 1) === 13 && after === 10;
  return joinsBefore || joinsAfter;
}

/**
 * Seeded generator of fuzz steps: the edits a typing (or pasting, or careless) user makes to a
 * fixture, and the requests an editor sends after each. The same seed gives the same steps for
 * the same texts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Random } from '../../bench/random';
import { listFixtures, repoRoot } from '../helpers/fixtures';
import { FuzzEdit, FuzzRequest, FuzzStep, Inserted, insertedText, RequestKind } from './session';

export interface CorpusFile {
  /** Relative to the repository root. */
  file: string;
  languageId: string;
  text: string;
}

const LANGUAGES: Record<string, string> = {
  '.py': 'python', '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript', '.tsx': 'typescriptreact',
  '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascriptreact',
};

/** Every source fixture under test/fixtures (and the LSP test fixtures). */
export function loadCorpus(): CorpusFile[] {
  const root = repoRoot();
  const files = [...listFixtures(path.join(root, 'test', 'fixtures')), ...listFixtures(path.join(root, 'test', 'lsp', 'fixtures'))];
  return files.map((file) => ({
    file: path.relative(root, file),
    languageId: LANGUAGES[path.extname(file)],
    text: fs.readFileSync(file, 'utf8'),
  }));
}

/** What a user types: code characters, brackets and quotes, keywords of the metadata. */
const TYPED = [
  ...'abcdefghijklmnopqrstuvwxyz_ABCXYZ0123456789', ' ', ' ', '(', ')', '[', ']', '{', '}', '"', "'", '`', '=', ':', ',', ',', '.',
  '#', '//', '/*', '*/', '\\', '\n', '\n', '\t', '@', '"""', 'True', 'False', 'None', 'true', 'false', 'null', 'undefined',
  'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint', 'read_only=', 'destructive=False', 'open_world',
  'ToolAnnotations(', 'ToolMetadata(', 'Behavior(', 'Classification(', 'ServiceDomain.', 'Operation.', 'annotations: {',
  '@app.tool(', '@mcp.tool(', 'server.registerTool(', '# mcp-tool-lint: disable=', '// mcp-tool-lint-disable-next-line ',
];
const UNICODE = [
  'é', 'ñame_变量', 'π', '名前', '🔥', '👩‍💻', '🇫🇷', '\u{1F600}', '\uFFFD', '\uFEFF', '\u200B', '\u2028', '\u2029', '\u00A0',
  '\uD800', '\uDC00', '\uDBFF', '\u0000', '\u0007', '\u001B[31m', '\u007F', '\u0085', 'İ', 'ß', 'Ω', '\u0301',
];
const BRACKETS = ['(', '((', ')', '))', '[', ']', '{', '}', '{{', '"', "'", '"""', "'''", '`', '${', '/*', '<', '>', 'f"{', '\\'];
const HUGE_UNITS = ['a', 'tool ', '"x", ', 'readOnlyHint: true, ', 'x=1;', '# metadata '];
const DEEP_UNITS = ['(', '[', '{', 'f(', '[{', 'ToolAnnotations(', '{a: '];
const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', 'f(': ')', '[{': '}]', 'ToolAnnotations(': ')', '{a: ': '}' };

const HUGE_LINE = 2 * 1024 * 1024;
const DEEP = 10_000;
/** Huge insertions stop once a document is this long (the server's size limit is higher). */
const HUGE_DOCUMENT = 3 * 1024 * 1024;

type EditMaker = (text: string) => { label: string; edits: FuzzEdit[]; whole?: boolean };

export class StepGenerator {
  readonly random: Random;
  private readonly makers: Array<[number, EditMaker]>;

  /** `pathological` adds 10,000-deep nesting and 2 MB lines to the edits (see the known issues in RELIABILITY.md). */
  constructor(seed: number, private readonly corpus: readonly CorpusFile[], pathological = false) {
    this.random = new Random(seed);
    this.makers = [
      [24, (text) => ({ label: 'type', edits: [this.insertAt(text, this.typed())] })],
      [14, (text) => ({ label: 'delete', edits: [this.deletion(text, 1 + this.random.int(12))] })],
      [6, (text) => ({ label: 'delete-line', edits: [this.lineDeletion(text)] })],
      [6, (text) => ({ label: 'insert-line', edits: [this.insertAtOffset(this.lineStartOf(text), `${this.fragment(80)}\n`)] })],
      [9, (text) => ({ label: 'paste', edits: [this.insertAt(text, this.fragment(600))] })],
      [3, (text) => ({ label: 'truncate', edits: [{ start: this.random.int(text.length + 1), end: text.length, text: '' }] })],
      [7, (text) => ({ label: 'brackets', edits: [this.insertAt(text, this.pickSome(BRACKETS, 3))] })],
      [7, (text) => ({ label: 'unicode', edits: [this.insertAt(text, this.pickSome(UNICODE, 3))] })],
      [3, (text) => ({ label: 'random-bytes', edits: [this.insertAt(text, this.randomBytes())] })],
      [3, (text) => ({ label: 'crlf', edits: [{ start: 0, end: text.length, text: text.replace(/\r?\n/g, '\r\n') }], whole: true })],
      [2, (text) => ({ label: 'lone-cr', edits: [this.insertAt(text, this.random.pick(['\r', 'x\ry', '\r\r\n']))] })],
      [3, (text) => ({ label: 'tabs', edits: this.retab(text) })],
      [3, (text) => ({ label: 'several-changes', edits: this.severalChanges(text) })],
      [2, (text) => ({ label: 'whole-text', edits: [{ start: 0, end: text.length, text: this.random.pick(this.corpus).text }], whole: true })],
      [2, (text) => ({ label: 'empty', edits: [{ start: 0, end: text.length, text: '' }] })],
      [pathological ? 0.6 : 0, (text) => this.deepNesting(text)],
      [pathological ? 0.4 : 0, (text) => this.hugeLine(text)],
    ];
  }

  /** The next step for a document whose current text is `text`. */
  next(text: string): FuzzStep {
    const { label, edits, whole } = this.weighted()(text);
    let after = text;
    for (const edit of edits) after = after.slice(0, edit.start) + insertedText(edit.text) + after.slice(edit.end);
    const step: FuzzStep = { label, edits, requests: this.requests(after) };
    if (whole) step.whole = true;
    return step;
  }

  private weighted(): EditMaker {
    const total = this.makers.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.random.next() * total;
    for (const [weight, maker] of this.makers) {
      roll -= weight;
      if (roll < 0) return maker;
    }
    return this.makers[0][1];
  }

  /** 2 to 5 requests at random positions, some past the end of the line or of the document. */
  private requests(text: string): FuzzRequest[] {
    const kinds: RequestKind[] = ['hover', 'completion', 'codeAction', 'preview', 'hover', 'completion', 'codeAction', 'fixAll', 'inlayHint'];
    const lines = lineLengths(text);
    return Array.from({ length: 2 + this.random.int(4) }, () => {
      const roll = this.random.next();
      const line = roll < 0.08 ? lines.length + this.random.int(5) : roll < 0.1 ? 2 ** 31 - 1 : this.random.int(lines.length);
      const length = lines[line] ?? 0;
      const character = this.random.chance(0.1) ? length + 1 + this.random.int(100) : this.random.int(length + 1);
      return { kind: this.random.pick(kinds), line, character };
    });
  }

  private typed(): string {
    return this.pickSome(TYPED, 4);
  }

  private pickSome(items: readonly string[], most: number): string {
    return Array.from({ length: 1 + this.random.int(most) }, () => this.random.pick(items)).join('');
  }

  /** A slice of another fixture, up to `most` characters. */
  private fragment(most: number): string {
    const source = this.random.pick(this.corpus).text;
    const start = this.random.int(source.length);
    return source.slice(start, start + 1 + this.random.int(most));
  }

  private insertAt(text: string, inserted: Inserted): FuzzEdit {
    return this.insertAtOffset(this.random.int(text.length + 1), inserted);
  }

  private insertAtOffset(offset: number, inserted: Inserted): FuzzEdit {
    return { start: offset, end: offset, text: inserted };
  }

  private deletion(text: string, length: number): FuzzEdit {
    const start = this.random.int(text.length + 1);
    return { start, end: Math.min(text.length, start + length), text: '' };
  }

  private lineStartOf(text: string): number {
    const offset = this.random.int(text.length + 1);
    return text.lastIndexOf('\n', offset - 1) + 1;
  }

  private lineDeletion(text: string): FuzzEdit {
    const start = this.lineStartOf(text);
    const end = text.indexOf('\n', start);
    return { start, end: end < 0 ? text.length : end + 1, text: '' };
  }

  /** Random bytes as an editor would decode them: invalid UTF-8 becomes U+FFFD, latin-1 keeps control characters. */
  private randomBytes(): string {
    const bytes = Buffer.from(Array.from({ length: 1 + this.random.int(64) }, () => this.random.int(256)));
    return bytes.toString(this.random.chance(0.5) ? 'utf8' : 'latin1');
  }

  /** Leading spaces of some lines become tabs (mixed indentation). */
  private retab(text: string): FuzzEdit[] {
    const edits: FuzzEdit[] = [];
    const starts: number[] = [];
    for (let index = 0; index < text.length; index = text.indexOf('\n', index) + 1 || text.length) starts.push(index);
    for (const start of starts.reverse()) {
      let end = start;
      while (text[end] === ' ') end++;
      if (end - start >= 2 && this.random.chance(0.4)) edits.push({ start, end, text: this.random.chance(0.5) ? '\t' : '\t  ' });
    }
    return edits;
  }

  /** Two to four edits in one notification, each against the text the previous one left. */
  private severalChanges(text: string): FuzzEdit[] {
    const edits: FuzzEdit[] = [];
    let current = text;
    for (let count = 2 + this.random.int(3); count > 0; count--) {
      const edit = this.random.chance(0.5) ? this.insertAt(current, this.typed()) : this.deletion(current, 1 + this.random.int(5));
      current = current.slice(0, edit.start) + (edit.text as string) + current.slice(edit.end);
      edits.push(edit);
    }
    return edits;
  }

  deepNesting(text: string): { label: string; edits: FuzzEdit[] } {
    const unit = this.random.pick(DEEP_UNITS);
    const edits: FuzzEdit[] = [this.insertAt(text, { repeat: unit, times: DEEP })];
    if (this.random.chance(0.5)) {
      const start = edits[0].start;
      edits.push({ start: start + unit.length * DEEP, end: start + unit.length * DEEP, text: { repeat: CLOSERS[unit], times: DEEP } });
    }
    return { label: 'deep-nesting', edits };
  }

  hugeLine(text: string): { label: string; edits: FuzzEdit[] } {
    if (text.length > HUGE_DOCUMENT) return { label: 'delete', edits: [this.deletion(text, 10)] };
    const unit = this.random.pick(HUGE_UNITS);
    const offset = this.lineStartOf(text);
    const times = Math.ceil(HUGE_LINE / unit.length);
    return { label: 'huge-line', edits: [this.insertAtOffset(offset, { repeat: unit, times }), this.insertAtOffset(offset + unit.length * times, '\n')] };
  }
}

/** The length of each line (LSP line breaks: LF, CRLF and a lone CR). */
export function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((line) => line.length);
}

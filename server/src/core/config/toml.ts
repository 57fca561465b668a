/**
 * Reads the `[tool.mcp-tool-lint]` table of a pyproject.toml. Only our own table (and its
 * sub-tables such as `[tool.mcp-tool-lint.rules]`) is parsed, with the subset of TOML a
 * config needs: bare, quoted and dotted keys; basic and literal strings; integers and
 * floats; booleans; arrays (over several lines too) and inline tables. Whatever the rest of
 * the file holds is skipped, so a pyproject.toml using other TOML features still works.
 */

export class TomlError extends Error {
  constructor(message: string, readonly line: number, readonly column: number) {
    super(message);
  }
}

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

const OUR_TABLE = ['tool', 'mcp-tool-lint'];

/** The `[tool.mcp-tool-lint]` table, or undefined when the file has none. Throws TomlError. */
export function readToolTable(text: string): TomlTable | undefined {
  const lines = text.split(/\r?\n/);
  let found = false;
  const table: TomlTable = {};
  let current: TomlTable | undefined;
  let bodyStart = -1;
  const flush = (end: number): void => {
    if (current && bodyStart >= 0) parseBody(lines, bodyStart, end, current);
  };
  for (const { index, header } of headerLines(lines)) {
    flush(index);
    current = undefined;
    bodyStart = -1;
    if (header.array) continue;
    const keys = header.keys;
    if (keys.length >= 2 && keys[0] === OUR_TABLE[0] && keys[1] === OUR_TABLE[1]) {
      found = true;
      current = tableAt(table, keys.slice(2), index + 1, 1);
      bodyStart = index + 1;
    }
  }
  flush(lines.length);
  return found ? table : undefined;
}

interface Header {
  keys: string[];
  array: boolean;
}

/** Table header lines (`[a.b]`, `[[a]]`), skipping lines inside multi-line strings. */
function* headerLines(lines: string[]): Generator<{ index: number; header: Header }> {
  let openString: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (openString) {
      if (countDelimiters(line, openString) % 2 === 1) openString = undefined;
      continue;
    }
    for (const delimiter of ['"""', "'''"]) {
      if (countDelimiters(line, delimiter) % 2 === 1) openString = delimiter;
    }
    if (openString) continue;
    const trimmed = line.trim();
    if (!trimmed.startsWith('[')) continue;
    const array = trimmed.startsWith('[[');
    const scanner = new Scanner(line, index + 1, line.indexOf('[') + (array ? 2 : 1));
    try {
      const keys = scanner.readKeyPath();
      scanner.skipSpaces();
      scanner.expect(array ? ']]' : ']');
      scanner.skipSpaces();
      scanner.skipComment();
      if (!scanner.atLineEnd()) continue;
      yield { index, header: { keys, array } };
    } catch {
      continue;
    }
  }
}

function countDelimiters(line: string, delimiter: string): number {
  return line.split(delimiter).length - 1;
}

function tableAt(root: TomlTable, keys: string[], line: number, column: number): TomlTable {
  let table = root;
  for (const key of keys) {
    const existing = table[key];
    if (existing === undefined) table[key] = {};
    else if (!isTable(existing)) throw new TomlError(`"${key}" is already set to a value, not a table`, line, column);
    table = table[key] as TomlTable;
  }
  return table;
}

function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBody(lines: string[], start: number, end: number, table: TomlTable): void {
  const scanner = new Scanner(lines.slice(start, end).join('\n'), start + 1, 0);
  for (;;) {
    scanner.skipBlankAndComments();
    if (scanner.atEnd()) return;
    const keys = scanner.readKeyValue(table);
    scanner.skipSpaces();
    scanner.skipComment();
    if (!scanner.atLineEnd()) throw scanner.error(`expected the end of the line after the value of "${keys.join('.')}"`);
  }
}

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

class Scanner {
  private offset: number;

  constructor(private readonly text: string, private firstLine: number, startOffset: number) {
    this.offset = startOffset;
  }

  get line(): number {
    return this.firstLine + countNewlines(this.text, this.offset);
  }

  get column(): number {
    return this.offset - (this.text.lastIndexOf('\n', this.offset - 1) + 1) + 1;
  }

  error(message: string): TomlError {
    return new TomlError(message, this.line, this.column);
  }

  atEnd(): boolean {
    return this.offset >= this.text.length;
  }

  atLineEnd(): boolean {
    return this.atEnd() || this.text[this.offset] === '\n' || this.text.startsWith('\r\n', this.offset);
  }

  private peek(): string {
    return this.text[this.offset] ?? '';
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.offset++;
  }

  skipComment(): void {
    if (this.peek() === '#') while (!this.atLineEnd()) this.offset++;
  }

  skipBlankAndComments(): void {
    for (;;) {
      this.skipSpaces();
      this.skipComment();
      if (this.atEnd() || !/[\r\n]/.test(this.peek())) return;
      this.offset++;
    }
  }

  expect(token: string): void {
    if (!this.text.startsWith(token, this.offset)) {
      throw this.error(`expected "${token}" but found ${this.describeHere()}`);
    }
    this.offset += token.length;
  }

  private describeHere(): string {
    if (this.atLineEnd()) return 'the end of the line';
    return `"${this.text.slice(this.offset).split('\n')[0].slice(0, 20)}"`;
  }

  /** `key = value` (keys may be dotted) into `table`; returns the key path. */
  readKeyValue(table: TomlTable): string[] {
    const line = this.line;
    const column = this.column;
    const keys = this.readKeyPath();
    this.skipSpaces();
    this.expect('=');
    this.skipSpaces();
    const value = this.readValue();
    const target = tableAt(table, keys.slice(0, -1), line, column);
    const last = keys[keys.length - 1];
    if (last in target) throw new TomlError(`"${keys.join('.')}" is set twice`, line, column);
    target[last] = value;
    return keys;
  }

  readKeyPath(): string[] {
    const keys = [this.readKey()];
    for (;;) {
      this.skipSpaces();
      if (this.peek() !== '.') return keys;
      this.offset++;
      this.skipSpaces();
      keys.push(this.readKey());
    }
  }

  private readKey(): string {
    const char = this.peek();
    if (char === '"') return this.readBasicString();
    if (char === "'") return this.readLiteralString();
    const start = this.offset;
    while (BARE_KEY.test(this.peek())) this.offset++;
    if (start === this.offset) throw this.error(`expected a key but found ${this.describeHere()}`);
    return this.text.slice(start, this.offset);
  }

  readValue(): TomlValue {
    const char = this.peek();
    if (this.text.startsWith('"""', this.offset) || this.text.startsWith("'''", this.offset)) {
      throw this.error('multi-line strings are not supported in [tool.mcp-tool-lint]');
    }
    if (char === '"') return this.readBasicString();
    if (char === "'") return this.readLiteralString();
    if (char === '[') return this.readArray();
    if (char === '{') return this.readInlineTable();
    const match = /^[A-Za-z0-9_+\-.:]+/.exec(this.text.slice(this.offset));
    if (!match) throw this.error(`expected a value but found ${this.describeHere()}`);
    const word = match[0];
    const value = scalarOf(word);
    if (value === undefined) throw this.error(`"${word}" is not a string, number or boolean (strings need quotes)`);
    this.offset += word.length;
    return value;
  }

  private readBasicString(): string {
    const opening = this.error('this string is not closed with a double quote');
    this.offset++;
    let value = '';
    for (;;) {
      if (this.atLineEnd()) throw opening;
      const char = this.peek();
      this.offset++;
      if (char === '"') return value;
      if (char !== '\\') {
        value += char;
        continue;
      }
      const escape = this.peek();
      this.offset++;
      if (escape in ESCAPES) value += ESCAPES[escape];
      else if (escape === 'u' || escape === 'U') {
        const length = escape === 'u' ? 4 : 8;
        const hex = this.text.slice(this.offset, this.offset + length);
        if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== length) throw this.error(`invalid \\${escape} escape`);
        value += String.fromCodePoint(parseInt(hex, 16));
        this.offset += length;
      } else throw this.error(`invalid escape "\\${escape}" in a string`);
    }
  }

  private readLiteralString(): string {
    const opening = this.error('this string is not closed with a single quote');
    this.offset++;
    const start = this.offset;
    while (this.peek() !== "'") {
      if (this.atLineEnd()) throw opening;
      this.offset++;
    }
    this.offset++;
    return this.text.slice(start, this.offset - 1);
  }

  private readArray(): TomlValue[] {
    this.offset++;
    const items: TomlValue[] = [];
    for (;;) {
      this.skipBlankAndComments();
      if (this.peek() === ']') {
        this.offset++;
        return items;
      }
      if (this.atEnd()) throw this.error('this array is not closed with "]"');
      items.push(this.readValue());
      this.skipBlankAndComments();
      if (this.peek() === ',') this.offset++;
      else if (this.peek() !== ']') throw this.error(`expected "," or "]" in an array but found ${this.describeHere()}`);
    }
  }

  private readInlineTable(): TomlTable {
    this.offset++;
    const table: TomlTable = {};
    this.skipSpaces();
    if (this.peek() === '}') {
      this.offset++;
      return table;
    }
    for (;;) {
      this.skipSpaces();
      this.readKeyValue(table);
      this.skipSpaces();
      if (this.peek() === '}') {
        this.offset++;
        return table;
      }
      if (this.peek() !== ',') throw this.error(`expected "," or "}" in an inline table but found ${this.describeHere()}`);
      this.offset++;
    }
  }
}

function scalarOf(word: string): TomlValue | undefined {
  if (word === 'true') return true;
  if (word === 'false') return false;
  const digits = word.replace(/_/g, '');
  if (/^[+-]?\d+$/.test(digits)) return Number(digits);
  if (/^0x[0-9A-Fa-f]+$/.test(digits)) return parseInt(digits.slice(2), 16);
  if (/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(digits)) return Number(digits);
  return undefined;
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let i = 0; i < end; i++) if (text[i] === '\n') count++;
  return count;
}

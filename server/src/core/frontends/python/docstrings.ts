/**
 * A docstring read as text: its arguments section in the three styles tools use, Google (`Args:`
 * then `name (type): text`), NumPy (`Parameters` over dashes, then `name : type` and indented text)
 * and reST (`:param name: text`), with where each section ends (MTL403's fix adds an entry there);
 * and the description clients receive, cleaned as `inspect.cleandoc` does.
 */

const GOOGLE_HEADINGS = new Set(['args', 'arguments', 'parameters', 'params', 'keyword args', 'keyword arguments']);
const NUMPY_HEADINGS = new Set(['parameters', 'other parameters']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Line {
  text: string;
  /** Offset of the line's first character in the docstring. */
  start: number;
}

export type DocstringStyle = 'google' | 'numpy' | 'rest';

/** A section that lists arguments: a new entry goes on a new line after `end`, indented by `entryIndent`. */
export interface ArgumentsSection {
  style: DocstringStyle;
  /** Offset just after the section's last line (before its line break). */
  end: number;
  /** The indentation of the section's entries (for reST, of its `:param` lines). */
  entryIndent: string;
  /** The indentation of the section's heading (Google, NumPy). */
  headingIndent: string;
}

export interface DocstringArguments {
  /** Each documented parameter's description (empty when it is listed with no text). */
  documented: Map<string, string>;
  sections: ArgumentsSection[];
}

/** Each documented parameter's description (empty when it is listed with no text). */
export function docstringArguments(docstring: string): Map<string, string> {
  return readDocstring(docstring).documented;
}

export function readDocstring(docstring: string): DocstringArguments {
  const lines = linesOf(docstring);
  const result: DocstringArguments = { documented: new Map(), sections: [] };
  readRest(lines, result);
  readGoogle(lines, result);
  readNumpy(lines, result);
  return result;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0; ;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    lines.push({ text: text.slice(start, stop > start && text[stop - 1] === '\r' ? stop - 1 : stop), start });
    if (end < 0) return lines;
    start = end + 1;
  }
}

function indentOf(line: string): string {
  return line.slice(0, line.length - line.trimStart().length);
}

function endOf(line: Line): number {
  return line.start + line.text.length;
}

function append(found: Map<string, string>, name: string, text: string): void {
  found.set(name, `${found.get(name) ?? ''} ${text}`.trim());
}

/** `:param name: text` or `:param type name: text`. */
function restEntry(line: string): { name: string; text: string } | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith(':param ')) return undefined;
  const close = trimmed.indexOf(':', ':param '.length);
  if (close < 0) return undefined;
  const name = trimmed.slice(':param '.length, close).trim().split(/\s+/).pop() ?? '';
  return NAME.test(name) ? { name, text: trimmed.slice(close + 1).trim() } : undefined;
}

function readRest(lines: readonly Line[], result: DocstringArguments): void {
  let last: Line | undefined;
  for (const line of lines) {
    const entry = restEntry(line.text);
    if (!entry) continue;
    result.documented.set(entry.name, entry.text);
    last = line;
  }
  if (last) result.sections.push({ style: 'rest', end: endOf(last), entryIndent: indentOf(last.text), headingIndent: indentOf(last.text) });
}

/** `name: text`, `name (type): text`, `*args: text`. */
function googleEntry(line: string): { name: string; text: string } | undefined {
  const trimmed = line.trim().replace(/^\*{1,2}/, '');
  const colon = trimmed.indexOf(':');
  if (colon < 0) return undefined;
  const head = trimmed.slice(0, colon).trim();
  const open = head.indexOf('(');
  const name = (open >= 0 && head.endsWith(')') ? head.slice(0, open) : head).trim();
  return NAME.test(name) ? { name, text: trimmed.slice(colon + 1).trim() } : undefined;
}

function readGoogle(lines: readonly Line[], result: DocstringArguments): void {
  for (let index = 0; index < lines.length; index++) {
    const heading = lines[index].text;
    if (!heading.trim().endsWith(':') || !GOOGLE_HEADINGS.has(heading.trim().slice(0, -1).trim().toLowerCase())) continue;
    const base = indentOf(heading).length;
    let entryIndent: string | undefined;
    let current: string | undefined;
    let last = lines[index];
    for (index++; index < lines.length; index++) {
      const line = lines[index];
      if (!line.text.trim()) continue;
      const indent = indentOf(line.text);
      if (indent.length <= base) {
        index--;
        break;
      }
      entryIndent ??= indent;
      const entry = indent === entryIndent ? googleEntry(line.text) : undefined;
      if (entry) {
        current = entry.name;
        result.documented.set(current, entry.text);
      } else if (current) {
        append(result.documented, current, line.text.trim());
      }
      last = line;
    }
    result.sections.push({ style: 'google', end: endOf(last), entryIndent: entryIndent ?? '', headingIndent: indentOf(heading) });
  }
}

function isDashes(line: Line | undefined): boolean {
  const trimmed = line?.text.trim() ?? '';
  return trimmed.length >= 3 && /^-+$/.test(trimmed);
}

function readNumpy(lines: readonly Line[], result: DocstringArguments): void {
  for (let index = 0; index + 1 < lines.length; index++) {
    const heading = lines[index].text;
    if (!NUMPY_HEADINGS.has(heading.trim().toLowerCase()) || !isDashes(lines[index + 1])) continue;
    const base = indentOf(heading);
    let current: string | undefined;
    let last = lines[index + 1];
    for (index += 2; index < lines.length; index++) {
      const line = lines[index];
      if (!line.text.trim()) continue;
      if (indentOf(line.text).length <= base.length) {
        if (isDashes(lines[index + 1])) {
          index--;
          break;
        }
        const name = line.text.split(':')[0].trim();
        current = NAME.test(name) ? name : undefined;
        if (current) result.documented.set(current, '');
      } else if (current) {
        append(result.documented, current, line.text.trim());
      }
      last = line;
    }
    result.sections.push({ style: 'numpy', end: endOf(last), entryIndent: base, headingIndent: base });
  }
}

/**
 * The docstring as `inspect.cleandoc` leaves it (what FastMCP and Arcade send): tabs expanded, the
 * first line's leading blanks and the other lines' common indentation removed, blank lines at
 * either end dropped.
 */
export function cleanDocstring(docstring: string): string {
  const lines = docstring.split(/\r?\n/).map((line) => expandTabs(line));
  const margin = Math.min(...lines.slice(1).filter((line) => line.trim()).map((line) => indentOf(line).length));
  const cleaned = [lines[0].trimStart(), ...lines.slice(1).map((line) => (Number.isFinite(margin) ? line.slice(margin) : line.trimStart()))];
  while (cleaned.length && !cleaned[0].trim()) cleaned.shift();
  while (cleaned.length && !cleaned[cleaned.length - 1].trim()) cleaned.pop();
  return cleaned.join('\n');
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(8 - (out.length % 8)) : char;
  return out;
}

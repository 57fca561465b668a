/**
 * The parameter descriptions of a docstring's arguments section, in the three styles tools use:
 * Google (`Args:` then `name (type): text`), NumPy (`Parameters` over dashes, then `name : type`
 * and indented text) and reST (`:param name: text`). The docstring is a string value, read as text.
 */

const GOOGLE_HEADINGS = new Set(['args', 'arguments', 'parameters', 'params', 'keyword args', 'keyword arguments']);

/** Each documented parameter's description (empty when it is listed with no text). */
export function docstringArguments(docstring: string): Map<string, string> {
  const lines = docstring.split(/\r?\n/);
  const found = new Map<string, string>();
  readRest(lines, found);
  readGoogle(lines, found);
  readNumpy(lines, found);
  return found;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function readRest(lines: readonly string[], found: Map<string, string>): void {
  for (const line of lines) {
    const match = /^\s*:param\s+(?:[^:]*\s)?([A-Za-z_][A-Za-z0-9_]*)\s*:(.*)$/.exec(line);
    if (match) found.set(match[1], match[2].trim());
  }
}

function readGoogle(lines: readonly string[], found: Map<string, string>): void {
  for (let index = 0; index < lines.length; index++) {
    const heading = lines[index].trim().replace(/:$/, '').toLowerCase();
    if (!lines[index].trim().endsWith(':') || !GOOGLE_HEADINGS.has(heading)) continue;
    const base = indentOf(lines[index]);
    let entryIndent: number | undefined;
    let current: string | undefined;
    for (index++; index < lines.length; index++) {
      const line = lines[index];
      if (!line.trim()) continue;
      const indent = indentOf(line);
      if (indent <= base) {
        index--;
        break;
      }
      entryIndent ??= indent;
      const entry = indent === entryIndent ? /^\s*\*{0,2}([A-Za-z_][A-Za-z0-9_]*)\s*(?:\([^)]*\))?\s*:(.*)$/.exec(line) : undefined;
      if (entry) {
        current = entry[1];
        found.set(current, entry[2].trim());
      } else if (current) {
        found.set(current, `${found.get(current)} ${line.trim()}`.trim());
      }
    }
  }
}

function readNumpy(lines: readonly string[], found: Map<string, string>): void {
  for (let index = 0; index + 1 < lines.length; index++) {
    if (!/^(parameters|other parameters)$/i.test(lines[index].trim()) || !/^\s*-{3,}\s*$/.test(lines[index + 1])) continue;
    const base = indentOf(lines[index]);
    let current: string | undefined;
    for (index += 2; index < lines.length; index++) {
      const line = lines[index];
      if (!line.trim()) continue;
      if (indentOf(line) === base) {
        if (index + 1 < lines.length && /^\s*-{3,}\s*$/.test(lines[index + 1])) break;
        const entry = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?::.*)?$/.exec(line);
        current = entry?.[1];
        if (current) found.set(current, '');
      } else if (current) {
        found.set(current, `${found.get(current)} ${line.trim()}`.trim());
      }
    }
  }
}

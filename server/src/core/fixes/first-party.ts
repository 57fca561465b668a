/**
 * MTL313's fix "Treat <host> as first-party": adds the host to `firstParty.hosts` in the project
 * config (`.mcp-tool-lint.json`, or `[tool.mcp-tool-lint]` of pyproject.toml), keeping the rest of
 * the file as written. The JSON file is read with a small parser that keeps offsets.
 */
import * as path from 'node:path';
import { SourceText, textString } from '../source-text';
import { Fix, TextEdit } from '../model';
import { rangeAt } from './positions';

type JsonNode =
  | { kind: 'object'; start: number; end: number; members: Array<{ key: string; value: JsonNode }> }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'other'; start: number; end: number };

/** Reads a JSON text into nodes with offsets; undefined when it is not valid JSON. */
function parseJson(text: string): JsonNode | undefined {
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const string = (): string | undefined => {
    if (text[at] !== '"') return undefined;
    const start = at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return undefined;
    }
  };
  const value = (): JsonNode | undefined => {
    space();
    const start = at;
    if (text[at] === '{') {
      at++;
      const members: Array<{ key: string; value: JsonNode }> = [];
      space();
      while (text[at] !== '}') {
        space();
        const key = string();
        space();
        if (key === undefined || text[at++] !== ':') return undefined;
        const member = value();
        if (!member) return undefined;
        members.push({ key, value: member });
        space();
        if (text[at] === ',') at++;
        else if (text[at] !== '}') return undefined;
      }
      at++;
      return { kind: 'object', start, end: at, members };
    }
    if (text[at] === '[') {
      at++;
      const items: JsonNode[] = [];
      space();
      while (text[at] !== ']') {
        const item = value();
        if (!item) return undefined;
        items.push(item);
        space();
        if (text[at] === ',') at++;
        else if (text[at] !== ']') return undefined;
        space();
      }
      at++;
      return { kind: 'array', start, end: at, items };
    }
    if (text[at] === '"') return string() === undefined ? undefined : { kind: 'other', start, end: at };
    const literal = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(at));
    if (!literal) return undefined;
    at += literal[0].length;
    return { kind: 'other', start, end: at };
  };
  const root = value();
  space();
  return root && at === text.length ? root : undefined;
}

function member(node: JsonNode | undefined, key: string): JsonNode | undefined {
  return node?.kind === 'object' ? node.members.find((candidate) => candidate.key === key)?.value : undefined;
}

/** The edit that adds `host` to a JSON config's `firstParty.hosts`, or undefined when the file's shape does not allow it. */
function jsonEdit(text: string, host: string): { offset: number; newText: string } | undefined {
  const root = parseJson(text);
  if (root?.kind !== 'object') return undefined;
  const quoted = JSON.stringify(host);
  const firstParty = member(root, 'firstParty');
  if (!firstParty) {
    const last = root.members.at(-1);
    const entry = `"firstParty": { "hosts": [${quoted}] }`;
    return last ? { offset: last.value.end, newText: `,\n  ${entry}` } : { offset: root.start + 1, newText: `\n  ${entry}\n` };
  }
  if (firstParty.kind !== 'object') return undefined;
  const hosts = member(firstParty, 'hosts');
  if (!hosts) {
    const last = firstParty.members.at(-1);
    return last ? { offset: last.value.end, newText: `, "hosts": [${quoted}]` } : { offset: firstParty.start + 1, newText: ` "hosts": [${quoted}] ` };
  }
  if (hosts.kind !== 'array') return undefined;
  const lastHost = hosts.items.at(-1);
  return lastHost ? { offset: lastHost.end, newText: `, ${quoted}` } : { offset: hosts.start + 1, newText: quoted };
}

/** The edit that adds `host` to pyproject.toml's `[tool.mcp-tool-lint]` table, when it has no `firstParty` yet. */
function tomlEdit(text: string, host: string): { offset: number; newText: string } | undefined {
  const lines = text.split('\n');
  let offset = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    offset += line.length + 1;
    if (line.trim() !== '[tool.mcp-tool-lint]') continue;
    for (let next = index + 1; next < lines.length && !lines[next].trim().startsWith('['); next++) {
      if (/^\s*(firstParty|first-party|first_party)\s*=/.test(lines[next])) return undefined;
    }
    return { offset: Math.min(offset, text.length), newText: `${offset > text.length ? '\n' : ''}firstParty = { hosts = [${JSON.stringify(host)}] }\n` };
  }
  return undefined;
}

/** The fix "Treat <host> as first-party" editing `configFile`, or undefined when the file cannot take it. */
export function treatAsFirstPartyFix(host: string, configFile: string, text: SourceText | undefined): Fix | undefined {
  if (text === undefined) return undefined;
  const source = textString(text);
  const edit = configFile.endsWith('.toml') ? tomlEdit(source, host) : jsonEdit(source, host);
  if (!edit) return undefined;
  const textEdit: TextEdit = { range: rangeAt(text, edit.offset, edit.offset), newText: edit.newText, file: configFile };
  return { title: `Treat ${host} as first-party (adds it to ${path.basename(configFile)})`, edits: [textEdit], safe: false };
}

/** Reading and writing source files: size limit, UTF-8 check, byte-order mark, atomic writes. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hasOverlongLine, MAX_LINE_LENGTH } from '../core/analyze';
import { describeErrno, InputError } from './discover';

export type SourceRead =
  | { kind: 'text'; text: string; bom: boolean }
  | { kind: 'skipped'; reason: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads a source file as UTF-8 text, or says why it is skipped (too large, binary, not UTF-8). */
export function readSource(absolute: string, display: string, maxFileSize: number): SourceRead {
  let bytes: Buffer;
  try {
    const size = fs.statSync(absolute).size;
    if (size > maxFileSize) return { kind: 'skipped', reason: `${formatSize(size)} is over the ${formatSize(maxFileSize)} limit (--max-file-size)` };
    bytes = fs.readFileSync(absolute);
  } catch (error) {
    throw new InputError(`cannot read ${display}: ${describeErrno(error)}`);
  }
  if (bytes.includes(0)) return { kind: 'skipped', reason: 'a binary file' };
  let text: string;
  let bom: boolean;
  try {
    bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    text = decoder.decode(bytes);
  } catch {
    return { kind: 'skipped', reason: 'not UTF-8 text' };
  }
  if (hasOverlongLine(text)) return { kind: 'skipped', reason: `a line longer than ${MAX_LINE_LENGTH.toLocaleString('en')} characters (minified or generated code)` };
  return { kind: 'text', text, bom };
}

/** Writes through a temporary file in the same folder and a rename, keeping the file's mode. */
export function writeSourceAtomically(absolute: string, display: string, text: string, bom: boolean): void {
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.mcp-tool-lint-${process.pid}.tmp`);
  try {
    const mode = fs.statSync(absolute).mode;
    fs.writeFileSync(temporary, (bom ? '\uFEFF' : '') + text, { encoding: 'utf8', mode });
    fs.renameSync(temporary, absolute);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw new InputError(`cannot write ${display}: ${describeErrno(error)}`);
  }
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${trimNumber(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trimNumber(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function trimNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

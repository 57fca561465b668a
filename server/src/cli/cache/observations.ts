/**
 * What the project index saw of the disk while linting: every read, listing and existence check
 * it made through its file system, with the answer (a hash for texts and listings). A cached
 * result is kept only while every answer is still the same: a manifest gaining an MCP SDK, a
 * module appearing where an import looked, a tsconfig's paths changing all show up here.
 */
import { DiskFileSystem, ProjectFileSystem } from '../../core/project/file-system';

type Operation = 'readText' | 'isFile' | 'isDirectory' | 'list' | 'realPath';
const OPERATIONS: readonly Operation[] = ['readText', 'isFile', 'isDirectory', 'list', 'realPath'];

/** `operation\0path` → the answer, as recorded. */
export type Observations = Record<string, string>;

/** node:crypto, loaded on first use: it takes 15-20 ms to load at every start, and only --cache hashes. */
let crypto: typeof import('node:crypto') | undefined;

export function sha1(text: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  crypto ??= require('node:crypto') as typeof import('node:crypto');
  return crypto.createHash('sha1').update(text).digest('hex');
}

const MISSING = '-';

function answerOf(operation: Operation, fs: ProjectFileSystem, file: string): string {
  switch (operation) {
    case 'readText': {
      const text = fs.readText(file);
      return text === undefined ? MISSING : sha1(text);
    }
    case 'isFile': return fs.isFile(file) ? '1' : '0';
    case 'isDirectory': return fs.isDirectory(file) ? '1' : '0';
    case 'list': return sha1(fs.list(file).join('\n'));
    case 'realPath': return fs.realPath(file) ?? MISSING;
  }
}

/** A file system that answers from `disk` and writes each question and its answer into `into`. */
export function recordingFileSystem(disk: ProjectFileSystem, into: Observations): ProjectFileSystem {
  const record = <T>(operation: Operation, file: string, answer: T, encode: (answer: T) => string): T => {
    into[`${operation}\0${file}`] = encode(answer);
    return answer;
  };
  return {
    readText: (file) => record('readText', file, disk.readText(file), (text) => (text === undefined ? MISSING : sha1(text))),
    isFile: (file) => record('isFile', file, disk.isFile(file), (yes) => (yes ? '1' : '0')),
    isDirectory: (file) => record('isDirectory', file, disk.isDirectory(file), (yes) => (yes ? '1' : '0')),
    list: (file) => record('list', file, disk.list(file), (names) => sha1(names.join('\n'))),
    realPath: (file) => record('realPath', file, disk.realPath(file), (real) => real ?? MISSING),
  };
}

/**
 * Whether `disk` still answers every recorded question the same way. The texts of `skip` (the
 * files being linted) are left out: their own hashes are compared per file.
 */
export function stillHold(observations: Observations, disk: DiskFileSystem, skip: ReadonlySet<string>): boolean {
  for (const [key, answer] of Object.entries(observations)) {
    const split = key.indexOf('\0');
    const operation = key.slice(0, split) as Operation;
    const file = key.slice(split + 1);
    if (!OPERATIONS.includes(operation)) return false;
    if (operation === 'readText' && skip.has(file)) continue;
    if (answerOf(operation, disk, file) !== answer) return false;
  }
  return true;
}

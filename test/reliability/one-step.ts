// One-step fuzz sessions on a document (open it, make the edits, send the requests), shared by the
// large-file tests and the deep-nesting ones.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../helpers/fixtures';
import { FuzzRunner } from '../fuzz/runner';
import { FuzzStep } from '../fuzz/session';

export const FIXTURE = 'test/lsp/fixtures/arcade_tools.py';
export const TOOLS = fs.readFileSync(path.join(repoRoot(), FIXTURE), 'utf8');
export const REQUESTS: FuzzStep['requests'] = [
  { kind: 'hover', line: 10, character: 8 }, { kind: 'completion', line: 12, character: 20 }, { kind: 'codeAction', line: 12, character: 10 },
  { kind: 'fixAll', line: 0, character: 0 }, { kind: 'preview', line: 12, character: 4 }, { kind: 'inlayHint', line: 99, character: 0 },
];

/** Runs a one-step session (open `text`, then `edits`, then the requests) and returns its failure, if any. */
export async function runOne(runner: FuzzRunner, uri: string, languageId: string, text: string, step: FuzzStep): Promise<string | undefined> {
  let given = false;
  const result = await runner.run({ fixture: FIXTURE, uri, languageId, text }, () => (given ? undefined : (given = true, step)));
  return result.failure;
}

// Line breaks as LSP counts them (CR, LF and CRLF each end a line): a file with lone CR line breaks
// (old Mac files) gets the same line numbers from the CLI as from the server, in every format and
// in the code frames, and --fix places its edits on those lines and keeps the CRs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { LspClient, TestDocument } from '../helpers/lsp-client';
import { CLI_FIXTURES, makeTree, runCli } from './run';

const LF = fs.readFileSync(path.join(CLI_FIXTURES, 'fixable/tools.py'), 'utf8');
const VARIANTS: Record<string, string> = {
  'lf.py': LF,
  'crlf.py': LF.replace(/\n/g, '\r\n'),
  'cr.py': LF.replace(/\n/g, '\r'),
  // Mixed: LF, CRLF and lone CR in turn (a lone CR only before a line that has text, so that it
  // does not meet the next LF and become a CRLF).
  'mixed.py': LF.split('\n').map((line, index, lines) => (index === lines.length - 1 ? line : line + (lines[index + 1] ? ['\r', '\n', '\r\n'][index % 3] : '\n'))).join(''),
};

interface JsonFinding { file: string; line: number; column: number; endLine: number; endColumn: number; code: string }

const at = (f: { line: number; column: number; endLine: number; endColumn: number; code: string }) => `${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.code}`;

function lintJson(root: string): Map<string, string[]> {
  const run = runCli(['--format', 'json', '.'], { cwd: root });
  assert.equal(run.status, 1, run.stderr);
  const byFile = new Map<string, string[]>();
  for (const finding of JSON.parse(run.stdout) as JsonFinding[]) byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), at(finding)]);
  return byFile;
}

test('lone CR, LF, CRLF and mixed line breaks: the CLI reports the same lines and columns for each', () => {
  assert.ok(/\r[^\n]/.test(VARIANTS['mixed.py']) && /[^\r]\n/.test(VARIANTS['mixed.py']) && VARIANTS['mixed.py'].includes('\r\n'), 'mixed.py has all three');
  const byFile = lintJson(makeTree(VARIANTS));
  const expected = byFile.get('lf.py');
  assert.ok(expected && expected.length >= 4, JSON.stringify([...byFile]));
  for (const file of Object.keys(VARIANTS)) assert.deepEqual(byFile.get(file), expected, file);
});

test('a file with lone CRs gets the same line numbers from the CLI as from the server', async () => {
  const root = makeTree({ 'cr.py': VARIANTS['cr.py'] });
  const cli = lintJson(root).get('cr.py')!;
  const { client } = await LspClient.start();
  try {
    const document = new TestDocument(pathToFileURL(path.join(root, 'cr.py')).href, 'python', VARIANTS['cr.py']);
    await client.open(document);
    const { diagnostics } = await client.waitForDiagnostics(document.uri, document.version);
    const server = diagnostics.map((d) => at({ line: d.range.start.line + 1, column: d.range.start.character + 1, endLine: d.range.end.line + 1, endColumn: d.range.end.character + 1, code: String(d.code) }));
    // The server names rules, the CLI codes: compare the positions, in order.
    const positions = (list: string[]) => list.map((entry) => entry.split(' ')[0]).sort();
    assert.deepEqual(positions(cli), positions(server));
    assert.equal(cli.length, server.length);
  } finally {
    assert.equal(await client.shutdown(), 0);
  }
});

test('the text format shows the finding\'s own line in the code frame of a lone-CR file', () => {
  const run = runCli(['cr.py'], { cwd: makeTree({ 'cr.py': VARIANTS['cr.py'] }) });
  const lines = LF.split('\n');
  const frames = [...run.stdout.matchAll(/^ {4}(\d+) \| (.*)$/gm)];
  assert.ok(frames.length >= 4, run.stdout);
  for (const [, number, shown] of frames) assert.equal(shown, lines[Number(number) - 1], `line ${number}`);
});

test('--fix on a lone-CR file edits the lines the findings are on and keeps CR line breaks', () => {
  const root = makeTree({ 'lf.py': VARIANTS['lf.py'], 'cr.py': VARIANTS['cr.py'] });
  const run = runCli(['--fix', '--format', 'json', '.'], { cwd: root });
  assert.equal(run.stderr.split('\n').filter((line) => line.includes('fixed 3 problems in')).length, 2, run.stderr);
  const fixedLf = fs.readFileSync(path.join(root, 'lf.py'), 'utf8');
  assert.notEqual(fixedLf, VARIANTS['lf.py']);
  assert.equal(fs.readFileSync(path.join(root, 'cr.py'), 'utf8'), fixedLf.replace(/\n/g, '\r'));
  const left = (JSON.parse(run.stdout) as JsonFinding[]).map((f) => `${f.file} ${at(f)}`).sort();
  assert.deepEqual(left.filter((f) => f.startsWith('cr.py')).map((f) => f.slice('cr.py'.length)), left.filter((f) => f.startsWith('lf.py')).map((f) => f.slice('lf.py'.length)));
});

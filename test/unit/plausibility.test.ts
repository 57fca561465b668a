// The plausibility rules (MTL301–303): how a name is read, and their quick-fixes applied to the
// fixtures (test/fixtures/*/rules/plausibility.*): the text after each fix, no contradiction left,
// and never a fix applied unasked.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits, fixAll } from '../../server/src/core/fixes/apply';
import { ToolDeclaration } from '../../server/src/core/model';
import { describedAsNonMutating, deletingVerb, mutatingVerb, readingVerb, readName, wordsOf } from '../../server/src/core/rules/shared/name-words';
import { FIXTURES } from '../helpers/fixtures';

const named = (name: string, functionName?: string) => ({ name, functionName } as ToolDeclaration);

test('names split into words in every style', () => {
  assert.deepEqual(wordsOf('send_email'), ['send', 'email']);
  assert.deepEqual(wordsOf('listDeletedItems'), ['list', 'deleted', 'items']);
  assert.deepEqual(wordsOf('DeleteFile'), ['delete', 'file']);
  assert.deepEqual(wordsOf('delete-file'), ['delete', 'file']);
  assert.deepEqual(wordsOf('Delete File'), ['delete', 'file']);
  assert.deepEqual(wordsOf('getHTTPResponse'), ['get', 'http', 'response']);
  assert.deepEqual(wordsOf('upload2S3'), ['upload2', 's3']);
});

test('the verb is the first word, a compound takes every verb, a dotted name speaks with its last part', () => {
  const verbsOf = (name: string) => readName(named(name))!;
  assert.equal(mutatingVerb(verbsOf('send_email')), 'send');
  assert.equal(readingVerb(verbsOf('listDeletedItems')), 'list');
  assert.equal(deletingVerb(verbsOf('listDeletedItems')), undefined);
  assert.equal(readingVerb(verbsOf('get_or_create_session')), undefined, 'not a pure read');
  assert.equal(mutatingVerb(verbsOf('get_or_create_session')), 'create');
  assert.equal(deletingVerb(verbsOf('preview_delete')), undefined, 'a preview');
  assert.equal(mutatingVerb(verbsOf('preview_delete')), undefined);
  assert.equal(deletingVerb(verbsOf('files.delete')), 'delete');
  assert.equal(mutatingVerb(verbsOf('dropbox_list_files')), undefined, 'a service prefix is not a verb');
  assert.equal(readingVerb(verbsOf('dropbox_list_files')), undefined);
  assert.equal(readName(named(undefined as unknown as string, 'remove_user'))?.name, 'remove_user', 'the function name when no name is registered');
});

test('a description that says the tool changes nothing overrides the name', () => {
  assert.equal(describedAsNonMutating('Dry run: lists what would be deleted.'), true);
  assert.equal(describedAsNonMutating('Returns the command that deletes the files; runs nothing.'), true);
  assert.equal(describedAsNonMutating('This tool does not modify anything.'), true);
  assert.equal(describedAsNonMutating('Deletes the files.'), false);
  assert.equal(describedAsNonMutating('Sends the dry running report.'), false, 'whole phrases only');
  assert.equal(describedAsNonMutating(undefined), false);
});

async function fixed(relative: string, code: string, line: number): Promise<{ title: string; after: string }> {
  const file = path.join(FIXTURES, relative);
  const text = fs.readFileSync(file, 'utf8');
  const finding = analyzeText(text, file)!.findings.find((candidate) => candidate.code === code && candidate.range.start.line + 1 === line);
  assert.ok(finding, `${code} on line ${line}`);
  assert.equal(finding.fixes.length, 1);
  assert.equal(finding.fixes[0].safe, false, 'picked by name: never applied unasked');
  return { title: finding.fixes[0].title, after: applyEdits(text, finding.fixes[0].edits) };
}

function lineOf(text: string, line: number): string {
  return text.split('\n')[line - 1];
}

test('quick-fixes set the flags the name implies, and leave no new contradiction', async () => {
  await initAnalysis();
  const send = await fixed('python/rules/plausibility.py', 'MTL301', 15);
  assert.equal(send.title, 'Set readOnlyHint to False (`send` changes something) in the shared constant READ (changes every tool that uses it)');
  assert.equal(lineOf(send.after, 11), 'READ = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=True)');

  const draft = await fixed('python/rules/plausibility.py', 'MTL302', 22);
  assert.equal(draft.title, 'Set destructiveHint to True and readOnlyHint to False (`delete` deletes)');
  assert.equal(lineOf(draft.after, 22), '@mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": True})');
  const file = path.join(FIXTURES, 'python/rules/plausibility.py');
  const codesOnDraft = analyzeText(draft.after, file)!.findings.filter((finding) => finding.range.start.line === 21).map((finding) => finding.code);
  assert.deepEqual(codesOnDraft, [], 'no read-only-destructive after the fix');

  const read = await fixed('typescript/rules/plausibility.ts', 'MTL303', 25);
  assert.equal(read.title, 'Set destructiveHint to false (`read` only reads)');
  assert.ok(lineOf(read.after, 25).includes('annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }'));
});

test('fix-all leaves every plausibility finding to the author', async () => {
  await initAnalysis();
  for (const relative of ['python/rules/plausibility.py', 'typescript/rules/plausibility.ts']) {
    const file = path.join(FIXTURES, relative);
    const text = fs.readFileSync(file, 'utf8');
    const after = analyzeText(fixAll(text, file), file)!.findings.filter((finding) => finding.code.startsWith('MTL30')).length;
    assert.equal(after, analyzeText(text, file)!.findings.filter((finding) => finding.code.startsWith('MTL30')).length, relative);
  }
});

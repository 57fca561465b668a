// A fix for a value written in a shared constant says that it changes every tool using it, and is never safe (on save).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits } from '../../server/src/core/fixes/apply';
import { FIXTURES } from '../helpers/fixtures';

test('MTL101 on a behavior dict shared through a constant: the flip edits the constant and says so', async () => {
  await initAnalysis();
  const file = path.join(FIXTURES, 'python', 'forms', 'arcade_variants.py');
  const text = fs.readFileSync(file, 'utf8');
  const finding = analyzeText(text, file)!.findings.find((f) => f.code === 'MTL101')!;
  assert.equal(finding.range.start.line + 1, 17, 'reported at the tool that uses the constant');
  const [fix] = finding.fixes;
  assert.equal(fix.title, 'Set read_only=False in the shared constant WRITE (changes every tool that uses it)');
  assert.equal(fix.isPreferred, true, 'still the fix for the contradiction');
  assert.equal(fix.safe, false);
  const fixed = applyEdits(text, fix.edits);
  assert.ok(fixed.includes('WRITE = {"operations": ["create"], "read_only": False, "open_world": True}'));
});

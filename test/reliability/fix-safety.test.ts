// Fix safety over every fixture (as written, with CRLF line endings, with tab indentation) and
// the generated benchmark files: see fix-checks.ts for what each fix must keep true.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, test } from 'node:test';
import { generatePython, generateRepository, generateScript } from '../../bench/generate';
import { initAnalysis } from '../../server/src/core/analyze';
import { ProfileName } from '../../server/src/core/rules/rule';
import { FIXTURES, listFixtures } from '../helpers/fixtures';
import { runLength, runSeed, sameInEitherPart, scaledMinimum } from '../helpers/run-length';
import { checkFixes, FixCheckInput, indentation, lineEnding } from './fix-checks';

before(() => initAnalysis());

const fixtures = listFixtures(FIXTURES).map((file) => ({ file: path.relative(FIXTURES, file), text: fs.readFileSync(file, 'utf8') }));

/** The same text with every leading run of spaces as tabs (one per indentation unit). */
function withTabs(text: string): string {
  const indents = text.split('\n').map((line) => /^ +/.exec(line)?.[0].length ?? 0).filter((n) => n > 0);
  const unit = Math.min(...indents);
  return text.replace(/^ +/gm, (spaces) => '\t'.repeat(Math.max(1, Math.round(spaces.length / unit))));
}

function run(name: string, inputs: FixCheckInput[], minimumFixes: number, options = sameInEitherPart()): void {
  test(name, options, () => {
    let checked = 0;
    const problems: string[] = [];
    for (const input of inputs) {
      const result = checkFixes(input);
      checked += result.fixesChecked;
      problems.push(...result.problems);
    }
    console.log(`fix safety: ${name}: ${checked} fixes over ${inputs.length} texts`);
    assert.deepEqual(problems, []);
    assert.ok(checked >= minimumFixes, `only ${checked} fixes were checked`);
  });
}

const PROFILES: ProfileName[] = ['recommended', 'strict', 'openai-apps'];
for (const profile of PROFILES) {
  run(`every fix on every fixture [${profile}] is safe`, fixtures.map(({ file, text }) => ({ file, text, profile })), 100);
}

test('the CRLF and tab copies really use CRLF and tabs', sameInEitherPart(), () => {
  const python = fixtures.find((f) => f.file.endsWith('contradictions.py'))!;
  assert.equal(lineEnding(python.text.replace(/\n/g, '\r\n')), 'crlf');
  assert.equal(indentation(withTabs(python.text)), 'tabs');
});

run('every fix on CRLF copies of the fixtures keeps CRLF line endings and is safe',
  fixtures.map(({ file, text }) => ({ file, text: text.replace(/\r?\n/g, '\r\n'), profile: 'recommended' as const })), 100);

run('every fix on tab-indented copies of the fixtures keeps tabs and is safe',
  fixtures.filter(({ text }) => indentation(text) === 'spaces').map(({ file, text }) => ({ file, text: withTabs(text), profile: 'recommended' as const })), 50);

// 500 lines of each language, split in two parts: `npm test` checks modules of 200 lines, `npm run test:slow` 300 more from other seeds
// (test/slow/second-part-fix-safety.test.ts).
const LINES = runLength(500);
run(`every fix on the generated benchmark modules (${LINES} lines, Python, TypeScript, JavaScript) is safe`, [
  { file: `tools_${LINES}.py`, text: generatePython(LINES, runSeed(7)), profile: 'recommended' },
  { file: `tools-${LINES}.ts`, text: generateScript(LINES, runSeed(8)), profile: 'recommended' },
  { file: `tools-${LINES}.js`, text: generateScript(LINES, runSeed(9), false), profile: 'recommended' },
], scaledMinimum(50, LINES, 500), {});

/**
 * Fix safety over every generated benchmark file (`npm run fuzz -- --fix-safety`): each fix of the
 * 500- and 1,000-line modules and of the 200-file repository checked one by one (fix-checks.ts),
 * and fix-all (idempotent, line endings and indentation kept) over the 10,000-line files too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBenchData } from '../../bench/generate';
import { initAnalysis } from '../../server/src/core/analyze';
import { repoRoot } from '../helpers/fixtures';
import { checkFixAll, checkFixes } from './fix-checks';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  }).sort();
}

/** Returns the problems found; prints a summary line. */
export async function checkBenchFixes(): Promise<string[]> {
  await initAnalysis();
  const data = ensureBenchData(repoRoot());
  const started = Date.now();
  const problems: string[] = [];
  let fixes = 0;
  let checkedFiles = 0;
  for (const file of [data.python500, data.python1000, ...files(data.repository)]) {
    const result = checkFixes({ file, text: fs.readFileSync(file, 'utf8'), profile: 'recommended' });
    fixes += result.fixesChecked;
    problems.push(...result.problems);
    checkedFiles++;
  }
  for (const file of [data.python10000, data.typescript10000]) {
    problems.push(...checkFixAll({ file, text: fs.readFileSync(file, 'utf8'), profile: 'recommended' }));
    checkedFiles++;
  }
  console.log(`fix safety: ${fixes} fixes one by one and fix-all over ${checkedFiles} generated files, ${((Date.now() - started) / 1000).toFixed(1)} s, ${problems.length} problems`);
  return problems;
}

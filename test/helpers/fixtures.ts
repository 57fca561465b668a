import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';
import { GrammarId, grammarForPath } from '../../server/src/core/parse/parser';
import { ProfileName, PROFILES } from '../../server/src/core/rules/rule';

/** The repository root, found from the bundled test's location (dist/test/...). */
export function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

export const FIXTURES = path.join(repoRoot(), 'test', 'fixtures');

const SOURCE_EXTENSIONS = new Set(['.py', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '.go', '.cs']);

export function listFixtures(dir = FIXTURES): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFixtures(full);
    return SOURCE_EXTENSIONS.has(path.extname(entry.name)) ? [full] : [];
  }).sort();
}

/** Every Python file of the fixtures and the examples: aliases, constants, `add_tool`, conditional imports, half-typed code. */
export function pythonFixtures(): string[] {
  return [...listFixtures(), ...listFixtures(path.join(repoRoot(), 'examples'))].filter((file) => file.endsWith('.py')).sort();
}

/** Every TypeScript / JavaScript file of the fixtures and the examples, with its grammar. */
export function scriptFixtures(): Array<{ file: string; grammar: GrammarId }> {
  return [...listFixtures(), ...listFixtures(path.join(repoRoot(), 'examples'))]
    .flatMap((file) => {
      const grammar = grammarForPath(file);
      return grammar && grammar !== 'python' && grammar !== 'go' && grammar !== 'csharp' ? [{ file, grammar }] : [];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** Every C# file of the fixtures and the examples. */
export function csharpFixtures(): string[] {
  return [...listFixtures(), ...listFixtures(path.join(repoRoot(), 'examples'))].filter((file) => file.endsWith('.cs')).sort();
}

/** Every Go file of the fixtures and the examples. */
export function goFixtures(): string[] {
  return [...listFixtures(), ...listFixtures(path.join(repoRoot(), 'examples'))].filter((file) => file.endsWith('.go')).sort();
}

/**
 * A finding as a user reads it: 1-based `line:col-endLine:endCol severity CODE name message`.
 * Related information follows on indented lines.
 */
export function formatFinding(finding: Finding): string {
  const r = finding.range;
  const lines = [`${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1} ${finding.severity} ${finding.code} ${finding.rule} ${finding.message}`];
  for (const related of finding.related) {
    lines.push(`    related ${related.range.start.line + 1}:${related.range.start.character + 1} ${related.message}`);
  }
  return lines.join('\n');
}

/** The expectation files of a fixture: `x.py.expected` (recommended) and `x.py.<profile>.expected`. */
export function expectationFiles(fixture: string): Array<{ file: string; profile: ProfileName }> {
  const result: Array<{ file: string; profile: ProfileName }> = [];
  if (fs.existsSync(`${fixture}.expected`)) result.push({ file: `${fixture}.expected`, profile: 'recommended' });
  for (const profile of PROFILES) {
    const file = `${fixture}.${profile}.expected`;
    if (fs.existsSync(file)) result.push({ file, profile });
  }
  return result;
}

export async function lintFixture(fixture: string, profile: ProfileName): Promise<string> {
  await initAnalysis();
  const text = fs.readFileSync(fixture, 'utf8');
  const result = analyzeText(text, fixture, { profile });
  if (!result) throw new Error(`not a lintable file: ${fixture}`);
  return result.findings.map(formatFinding).join('\n') + (result.findings.length ? '\n' : '');
}

// MTL401–403 (test/fixtures/*/rules/descriptions.*): where a description and a parameter's
// description are read from, and MTL403's quick-fix text in each style.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { applyEdits } from '../../server/src/core/fixes/apply';
import { docstringArguments } from '../../server/src/core/frontends/python/docstrings';
import { vagueness } from '../../server/src/core/rules/vague-description';
import { FIXTURES } from '../helpers/fixtures';

test('docstring arguments in the Google, NumPy and reST styles', () => {
  assert.deepEqual([...docstringArguments('Do it.\n\nArgs:\n    city (str): The city.\n        Its name.\n    days: How many.\n\nReturns:\n    x: not a parameter\n')],
    [['city', 'The city. Its name.'], ['days', 'How many.']]);
  assert.deepEqual([...docstringArguments('Do it.\n\nParameters\n----------\nstation : str\n    The station.\nyear : int\n\nReturns\n-------\nx : int\n')],
    [['station', 'The station.'], ['year', '']]);
  assert.deepEqual([...docstringArguments('Do it.\n\n:param station_id: The station.\n:param int year: A year.\n')], [['station_id', 'The station.'], ['year', 'A year.']]);
});

test('vague: too few words, a generic phrase, the name again; a docstring is judged by its summary', () => {
  assert.equal(vagueness('Get forecast.', 'get_forecast'), 'fewer than 3 words');
  assert.equal(vagueness('Does stuff.', 'refresh'), 'a generic phrase');
  assert.equal(vagueness('Gets the weather forecast.', 'get_weather_forecast'), 'it only repeats the name');
  assert.equal(vagueness('Return the forecast for a city.\n\nArgs:\n    city: x', 'get_forecast'), undefined);
});

async function fixOf(relative: string, line: number): Promise<string> {
  await initAnalysis();
  const file = path.join(FIXTURES, relative);
  const text = fs.readFileSync(file, 'utf8');
  const finding = analyzeText(text, file)!.findings.find((candidate) => candidate.code === 'MTL403' && candidate.range.start.line + 1 === line);
  assert.ok(finding, `MTL403 on line ${line}`);
  assert.equal(finding.fixes[0].safe, false);
  const after = applyEdits(text, finding.fixes[0].edits);
  assert.ok(!analyzeText(after, file)!.findings.some((other) => other.code === 'MTL403' && other.range.start.line + 1 === line), 'documented after the fix');
  return after;
}

test('MTL403\'s fix: an entry at the end of the docstring\'s Args, or a new Args section', async () => {
  const google = await fixOf('python/rules/descriptions.py', 21);
  assert.ok(google.includes('    Args:\n        city: The city\'s name, e.g. "Lyon".\n        days: \n    """'), google);
  const oneLine = await fixOf('python/rules/descriptions.py', 32);
  assert.ok(oneLine.includes('    """Refresh the cached observations of one region.\n\n    Args:\n        region: \n    """'), oneLine);
});

test('MTL403\'s fix: .describe("") on a zod field, description: "" in a JSON-schema property', async () => {
  const zod = await fixOf('typescript/rules/descriptions.ts', 11);
  assert.ok(zod.includes('inputSchema: { code: z.string().describe("") }'), zod);
  const json = await fixOf('typescript/rules/descriptions.ts', 30);
  assert.ok(json.includes('severity: { type: "string", description: "" }'), json);
});

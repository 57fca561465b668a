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

/** The text after MTL403's fix for `parameter`, with `|` where the fix leaves the cursor; the finding is gone after it. */
function fixedText(text: string, file: string, parameter: string): string {
  const finding = analyzeText(text, file)!.findings.find((candidate) => candidate.code === 'MTL403' && candidate.message.startsWith(`The parameter ${parameter} `));
  assert.ok(finding, `MTL403 on ${parameter}`);
  const [fix] = finding.fixes;
  assert.equal(fix.safe, false);
  assert.ok(fix.cursor, 'the fix says where the cursor goes');
  const edits = fix.edits.map((edit, index) => (index === fix.cursor!.edit ? { ...edit, newText: `${edit.newText.slice(0, fix.cursor!.index)}|${edit.newText.slice(fix.cursor!.index)}` } : edit));
  const after = applyEdits(text, fix.edits);
  assert.ok(!analyzeText(after, file)!.findings.some((other) => other.code === 'MTL403' && other.message.startsWith(`The parameter ${parameter} `)), 'documented after the fix');
  return applyEdits(text, edits);
}

async function fixOf(relative: string, parameter: string): Promise<string> {
  await initAnalysis();
  const file = path.join(FIXTURES, relative);
  return fixedText(fs.readFileSync(file, 'utf8'), file, parameter);
}

test('MTL403\'s fix: an entry at the end of the docstring\'s Args, or a new Args section', async () => {
  const google = await fixOf('python/rules/descriptions.py', 'days');
  assert.ok(google.includes('    Args:\n        city: The city\'s name, e.g. "Lyon".\n        days: |\n    """'), google);
  const oneLine = await fixOf('python/rules/descriptions.py', 'region');
  assert.ok(oneLine.includes('    """Refresh the cached observations of one region.\n\n    Args:\n        region: |\n    """'), oneLine);
});

test('MTL403\'s fix in a NumPy or reST docstring adds an entry in that style, with the file\'s indentation and line breaks', async () => {
  await initAnalysis();
  const tool = (docstring: string) => `from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("w")\n\n\n@mcp.tool()\ndef get_history(station: str, year: int) -> dict:\n${docstring}\n    return {}\n`;
  const numpy = tool('    """Return a station\'s daily records for one year.\n\n    Parameters\n    ----------\n    station : str\n        The station\'s WMO identifier.\n    """');
  assert.ok(fixedText(numpy, 'w.py', 'year').includes('    station : str\n        The station\'s WMO identifier.\n    year\n        |\n    """'));
  const rest = tool('    """Return a station\'s daily records for one year.\n\n    :param station: The station\'s WMO identifier.\n    """');
  assert.ok(fixedText(rest, 'w.py', 'year').includes('    :param station: The station\'s WMO identifier.\n    :param year: |\n    """'));
  const tabs = tool('\t"""Return a station\'s daily records for one year."""').replace(/\n/g, '\r\n').replace('    return', '\treturn');
  assert.ok(fixedText(tabs, 'w.py', 'station').includes('\t"""Return a station\'s daily records for one year.\r\n\r\n\tArgs:\r\n\t\tstation: |\r\n\t"""'));
});

test('MTL403\'s fix: .describe("") on a zod field, description: "" in a JSON-schema property', async () => {
  const zod = await fixOf('typescript/rules/descriptions.ts', 'code');
  assert.ok(zod.includes('inputSchema: { code: z.string().describe("|") }'), zod);
  const json = await fixOf('typescript/rules/descriptions.ts', 'severity');
  assert.ok(json.includes('severity: { type: "string", description: "|" }'), json);
});

test('MTL403\'s fix in Go: a jsonschema tag on the input struct\'s field, mcp.Description("") in an mcp-go option', async () => {
  const tagged = await fixOf('go/rules/descriptions-go-sdk.go', 'region');
  assert.ok(tagged.includes('\tRegion   string `json:"region" jsonschema:"|"`\n'), tagged);
  const untagged = await fixOf('go/rules/descriptions-go-sdk.go', 'Station');
  assert.ok(untagged.includes('\tStation  string `jsonschema:"|"`\n'), untagged);
  // After the last option, before its trailing comma: the call stays valid over several lines.
  const multiLine = await fixOf('go/rules/descriptions-mcp-go.go', 'name');
  assert.ok(multiLine.includes('\t\tmcp.WithString("name",\n\t\t\tmcp.Required(), mcp.Description("|"),\n\t\t),\n'), multiLine);
  const bare = await fixOf('go/rules/descriptions-mcp-go.go', 'paging');
  assert.ok(bare.includes('\t\tmcp.WithBoolean("paging", mcp.Description("|")),\n'), bare);
});

test('MTL403\'s fix in C#: [Description("")] before the parameter, spelled out where System.ComponentModel is not imported', async () => {
  const imported = await fixOf('csharp/rules/descriptions.cs', 'days');
  assert.ok(imported.includes('public static string GetAlerts([Description("|")] int days, Units? units, '), imported);
  const spelledOut = await fixOf('csharp/rules/undescribed-parameter.cs', 'folder');
  assert.ok(spelledOut.includes('public static int CountNotes([System.ComponentModel.Description("|")] string folder) => 0;'), spelledOut);
});

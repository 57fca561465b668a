/**
 * A `[McpServerTool]` method without `Name` is named as the official C# SDK names it
 * (AIFunctionMcpServerTool.DeriveName): `Async` dropped from async methods, snake_case_lower.
 * That is the name the preview shows, MTL216 compares and the name rules read.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { snakeCaseLower } from '../../server/src/core/frontends/csharp/tool-name';

before(() => initAnalysis());

const SOURCE = `using ModelContextProtocol.Server;
using System.ComponentModel;

[McpServerToolType]
public static class WeatherTools
{
    [McpServerTool(ReadOnly = true), Description("Weather for a city.")]
    public static async Task<string> GetWeatherAsync(string city) => "";

    [McpServerTool(ReadOnly = true), Description("Answers pong.")]
    public static ValueTask PingAsync() => default;

    [McpServerTool(ReadOnly = true), Description("Streams the log.")]
    public static System.Collections.Generic.IAsyncEnumerable<string> TailLogAsync() => null!;

    [McpServerTool(ReadOnly = true), Description("Not async, so the suffix stays.")]
    public static string LoadAsync() => "";

    [McpServerTool(ReadOnly = true), Description("A method named just Async keeps its name.")]
    public static async Task<int> Async() => 0;

    [McpServerTool(ReadOnly = true), Description("Acronyms.")]
    public static string ParseXMLReader() => "";

    [McpServerTool(Name = "explicit-name", ReadOnly = true), Description("The attribute's Name wins.")]
    public static string Named() => "";
}
`;

test('tools/list names of [McpServerTool] methods without Name, as the SDK derives them', () => {
  const result = analyzeText(SOURCE, 'WeatherTools.cs')!;
  assert.deepEqual(result.declarations.map((declaration) => declaration.name), [
    'get_weather', 'ping', 'tail_log', 'load_async', 'async', 'parse_xml_reader', 'explicit-name',
  ]);
});

test("snake_case_lower as .NET's JsonNamingPolicy.SnakeCaseLower writes it", () => {
  assert.deepEqual(['XMLReader', 'SHA512Hash', 'GetV2Items', 'Get2FA', 'already_snake', 'Get_Item', 'A'].map(snakeCaseLower), [
    'xml_reader', 'sha512_hash', 'get_v2_items', 'get2_fa', 'already_snake', 'get_item', 'a',
  ]);
});

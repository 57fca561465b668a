// Helpers given what decides their effect, in Go and C# (issue 27): a Go client method taking the
// HTTP method and path, a C# client taking an HttpMethod; what each tool passes is what it does.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { projectEffectFindings } from '../helpers/effect-findings';
import { temporaryTree } from '../helpers/projects';

before(() => initAnalysis());

test('Go: a client method given DELETE calls a DELETE endpoint; given GET it reads', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'go.mod': [
      "module example.com/tracker",
      "",
      "go 1.23",
      "",
      "require github.com/modelcontextprotocol/go-sdk v0.2.0",
    ].join('\n'),
    'main.go': [
      "package main",
      "",
      "import (",
      "\t\"context\"",
      "\t\"net/http\"",
      "",
      "\t\"github.com/modelcontextprotocol/go-sdk/mcp\"",
      ")",
      "",
      "type Client struct {",
      "\thttp *http.Client",
      "}",
      "",
      "func (c *Client) do(ctx context.Context, method, path string) (*http.Response, error) {",
      "\treq, err := http.NewRequestWithContext(ctx, method, \"https://api.tracker.example.com\"+path, nil)",
      "\tif err != nil {",
      "\t\treturn nil, err",
      "\t}",
      "\treturn c.http.Do(req)",
      "}",
      "",
      "var client = &Client{http: &http.Client{}}",
      "",
      "type IssueInput struct {",
      "\tID string `json:\"id\" jsonschema:\"the issue's id\"`",
      "}",
      "",
      "func closeIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueInput) (*mcp.CallToolResult, any, error) {",
      "\t_, err := client.do(ctx, \"DELETE\", \"/issues/\"+in.ID)",
      "\treturn nil, nil, err",
      "}",
      "",
      "func readIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueInput) (*mcp.CallToolResult, any, error) {",
      "\t_, err := client.do(ctx, \"GET\", \"/issues/\"+in.ID)",
      "\treturn nil, nil, err",
      "}",
      "",
      "func main() {",
      "\tserver := mcp.NewServer(&mcp.Implementation{Name: \"tracker\"}, nil)",
      "\tmcp.AddTool(server, &mcp.Tool{Name: \"close_issue\", Description: \"Close an issue in the tracker.\", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, closeIssue)",
      "\tmcp.AddTool(server, &mcp.Tool{Name: \"read_issue\", Description: \"Read an issue from the tracker.\", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, readIssue)",
      "}",
    ].join('\n'),
  });
  assert.deepEqual(projectEffectFindings(root, 'main.go'), ['40 MTL311 main.go:28 main.go:29 main.go:15']);
});

test('C#: a client method given HttpMethod.Delete calls a DELETE endpoint; given HttpMethod.Get it reads', () => {
  const root = temporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'Tracker.csproj': [
      "<Project Sdk=\"Microsoft.NET.Sdk\">",
      "  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>",
      "  <ItemGroup><PackageReference Include=\"ModelContextProtocol\" Version=\"0.3.0-preview.1\" /></ItemGroup>",
      "</Project>",
    ].join('\n'),
    'TrackerTools.cs': [
      "using System.ComponentModel;",
      "using System.Net.Http;",
      "using System.Threading.Tasks;",
      "using ModelContextProtocol.Server;",
      "",
      "public class TrackerClient",
      "{",
      "    private readonly HttpClient _http = new HttpClient();",
      "",
      "    public Task<HttpResponseMessage> SendAsync(HttpMethod method, string path) =>",
      "        _http.SendAsync(new HttpRequestMessage(method, \"https://api.tracker.example.com\" + path));",
      "}",
      "",
      "[McpServerToolType]",
      "public class TrackerTools",
      "{",
      "    private readonly TrackerClient _client = new TrackerClient();",
      "",
      "    [McpServerTool(ReadOnly = true), Description(\"Close an issue in the tracker.\")]",
      "    public async Task<string> CloseIssue([Description(\"The issue's id.\")] string id)",
      "    {",
      "        var response = await _client.SendAsync(HttpMethod.Delete, \"/issues/\" + id);",
      "        return response.StatusCode.ToString();",
      "    }",
      "",
      "    [McpServerTool(ReadOnly = true), Description(\"Read an issue from the tracker.\")]",
      "    public async Task<string> ReadIssue([Description(\"The issue's id.\")] string id)",
      "    {",
      "        var response = await _client.SendAsync(HttpMethod.Get, \"/issues/\" + id);",
      "        return response.StatusCode.ToString();",
      "    }",
      "}",
    ].join('\n'),
  });
  assert.deepEqual(projectEffectFindings(root, 'TrackerTools.cs'), ['19 MTL311 TrackerTools.cs:20 TrackerTools.cs:22 TrackerTools.cs:11']);
});

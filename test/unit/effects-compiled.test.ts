// What a Go or C# tool's body does (issue 27), beyond the fixture projects: each table row kind on a
// one-file server (SQL text from the caller against bind parameters, ORM writes, HTTP methods and
// hosts, processes, SDK verbs, script engines), what never counts (Close(), header and query
// values, logging, temporary files), the gates and `ignore[effect]`, and half-typed code.
import * as assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';

before(() => initAnalysis());

/** `line code severity: what (chain)` of each effect finding. */
function effects(text: string, file: string): string[] {
  return analyzeText(text, file)!.findings.filter((finding: Finding) => /^MTL31[123]$/.test(finding.code)).map((finding) => {
    const said = /this tool (.*?): clients/.exec(finding.message)?.[1];
    return `${finding.range.start.line + 1} ${finding.code} ${finding.severity}: ${said}`;
  });
}

const GO_HEAD = `package tools

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"os"
	"os/exec"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"gorm.io/gorm"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type H struct {
	db   *sql.DB
	orm  *gorm.DB
	s3   *s3.Client
	kube *kubernetes.Clientset
}
`;

/** A Go file with one read-only, closed-world mcp-go tool per handler body. */
function goServer(bodies: readonly string[]): string {
  const registrations = bodies.map((_, index) => `\ts.AddTool(mcp.NewTool("tool_${index}", mcp.WithReadOnlyHintAnnotation(true), mcp.WithDestructiveHintAnnotation(false), mcp.WithOpenWorldHintAnnotation(false)), h.handle${index})`);
  const handlers = bodies.map((body, index) => `func (h *H) handle${index}(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {\n${body}\n\treturn nil, nil\n}`);
  return `${GO_HEAD}\nfunc Register(s *server.MCPServer, h *H) {\n${registrations.join('\n')}\n}\n\n${handlers.join('\n\n')}\n`;
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

test('Go: SQL from the caller (Sprintf, concatenation, sqlx Get) counts, a bind parameter does not; gorm writes and deletes', () => {
  const text = goServer([
    '\ttable := request.GetString("table", "notes")\n\th.db.ExecContext(ctx, fmt.Sprintf("SELECT * FROM %s", table))',
    '\tid := request.GetString("id", "")\n\th.db.QueryContext(ctx, "SELECT * FROM notes WHERE id = $1", id)',
    '\th.orm.Where("id = ?", 1).Delete(&struct{}{})',
    '\th.orm.Create(&struct{}{})',
  ]);
  const at = (index: number) => lineOf(text, `tool_${index}`);
  assert.deepEqual(effects(text, '/virtual/tools.go'), [
    `${at(0)} MTL311 info: runs caller-supplied SQL (\`ExecContext\`)`,
    `${at(2)} MTL311 info: deletes rows through the ORM (\`Delete\`)`,
    `${at(3)} MTL311 info: writes rows through the ORM (\`Create\`)`,
  ]);
});

test('Go: HTTP methods from http.NewRequest, external hosts, processes and SDK verbs; what never counts', () => {
  const text = goServer([
    '\treq, _ := http.NewRequestWithContext(ctx, http.MethodDelete, "https://api.example.org/v1/items/"+request.GetString("id", ""), nil)\n\treq.Header.Set("Accept", "application/json")\n\thttp.DefaultClient.Do(req)',
    '\tcommand := request.GetString("command", "")\n\texec.Command(command).Run()',
    '\texec.Command("kubectl", "config", "use-context", "prod").Run()',
    '\th.s3.PutObject(ctx, &s3.PutObjectInput{})',
    '\th.kube.CoreV1().ConfigMaps("default").Patch(ctx, "x", "", nil, metav1.PatchOptions{})',
    '\tdefer h.db.Close()\n\tq := url.Values{}\n\tq.Add("page", "1")\n\tlog.Printf("listing %s", q.Encode())\n\tos.WriteFile(os.TempDir()+"/preview.txt", nil, 0o600)',
    '\tif os.Getenv("ALLOW_PRUNE") == "1" {\n\t\tos.RemoveAll("/var/cache/notes")\n\t}',
    '\tos.Remove("/var/run/notes.pid") // mcp-tool-lint: ignore[effect] the pid file is the server\'s own',
  ]);
  const at = (index: number) => lineOf(text, `tool_${index}`);
  assert.deepEqual(effects(text, '/virtual/tools.go'), [
    `${at(0)} MTL311 info: calls a DELETE endpoint (\`DELETE /v1/items/…\`)`,
    `${at(0)} MTL313 info: calls an external host (\`api.example.org\`)`,
    `${at(1)} MTL311 info: runs a caller-supplied command (\`exec.Command\`)`,
    `${at(2)} MTL311 info: runs a mutating command (\`kubectl config use-context\`)`,
    `${at(3)} MTL311 info: writes through an SDK (\`PutObject\`)`,
    `${at(3)} MTL313 info: calls a vendor SDK (\`github.com/aws/aws-sdk-go-v…\`)`,
    `${at(4)} MTL311 info: writes through an SDK (\`Patch\`)`,
    `${at(4)} MTL313 info: calls a vendor SDK (\`k8s.io/client-go/kubernetes\`)`,
    `${at(6)} MTL311 hint: deletes a file (\`os.RemoveAll\`)`,
  ]);
});

test('Go entries: a ServerTool Handler, a handler wrapped in a call, a tool bound to a variable, a handler of another package', () => {
  const text = `package tools

import (
	"context"
	"os"

	"example.com/notes/handlers"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var Tools = []server.ServerTool{
	{Tool: mcp.NewTool("wipe_cache", mcp.WithReadOnlyHintAnnotation(true)), Handler: wipeCache},
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("save_draft", mcp.WithReadOnlyHintAnnotation(true)), mcp.NewTypedToolHandler(saveDraft))
	tool := mcp.NewTool("drop_draft", mcp.WithReadOnlyHintAnnotation(true))
	s.AddTool(tool, func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, os.Remove("draft.md")
	})
	s.AddTool(mcp.NewTool("elsewhere", mcp.WithReadOnlyHintAnnotation(true)), handlers.Elsewhere)
}

func wipeCache(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, os.RemoveAll("cache")
}

func saveDraft(ctx context.Context, request mcp.CallToolRequest, draft struct{ Text string }) (*mcp.CallToolResult, error) {
	return nil, os.WriteFile("draft.md", []byte(draft.Text), 0o644)
}
`;
  assert.deepEqual(effects(text, '/virtual/entries.go'), [
    `${lineOf(text, 'wipe_cache')} MTL311 info: deletes a file (\`os.RemoveAll\`)`,
    `${lineOf(text, 'save_draft')} MTL311 info: writes a file (\`os.WriteFile\`)`,
    `${lineOf(text, 'drop_draft')} MTL311 info: deletes a file (\`os.Remove\`)`,
  ], 'the handler of another package is not read without the project');
});

const CS_HEAD = `using System.ComponentModel;
using System.Diagnostics;
using Azure.Storage.Blobs;
using Dapper;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using Microsoft.Data.SqlClient;
using Microsoft.Extensions.Logging;
using ModelContextProtocol.Server;

[McpServerToolType]
public sealed class Tools(SqlConnection connection, ILogger<Tools> logger, BlobContainerClient container)
{
    private readonly HttpClient _http = new HttpClient();
`;

/** A C# class with one read-only, closed-world tool per method body. */
function csharpServer(bodies: readonly string[]): string {
  const methods = bodies.map((body, index) => `    [McpServerTool(Name = "tool_${index}", ReadOnly = true, Destructive = false, OpenWorld = false)]\n    public async Task<string> Tool${index}(string text, CancellationToken cancellationToken)\n    {\n${body}\n        return "";\n    }`);
  return `${CS_HEAD}\n${methods.join('\n\n')}\n}\n`;
}

test('C#: interpolated SQL from the caller counts and Dapper bind parameters do not; HTTP, processes, scripts, Azure verbs; what never counts', () => {
  const text = csharpServer([
    '        await connection.QueryAsync<int>($"SELECT id FROM notes WHERE title = \'{text}\'");',
    '        await connection.QueryAsync<int>("SELECT id FROM notes WHERE title = @text", new { text });',
    '        using var request = new HttpRequestMessage(HttpMethod.Put, "https://api.example.org/v1/notes/1");\n        await _http.SendAsync(request);',
    '        Process.Start("bash", $"-c \\"{text}\\"");',
    '        await CSharpScript.RunAsync(text);',
    '        await container.DeleteIfExistsAsync();',
    '        logger.LogInformation("reading {Text}", text);\n        File.WriteAllText(Path.Combine(Path.GetTempPath(), "preview.txt"), text);',
    '        if (Environment.GetEnvironmentVariable("NOTES_WRITE") == "1")\n        {\n            File.Delete("notes.db");\n        }',
  ]);
  const at = (index: number) => lineOf(text, `"tool_${index}"`);
  assert.deepEqual(effects(text, '/virtual/Tools.cs'), [
    `${at(0)} MTL311 info: runs caller-supplied SQL (\`QueryAsync\`)`,
    `${at(2)} MTL311 info: calls a PUT endpoint (\`PUT /v1/notes/1\`)`,
    `${at(2)} MTL313 info: calls an external host (\`api.example.org\`)`,
    `${at(3)} MTL311 info: runs a caller-supplied command (\`Process.Start\`)`,
    `${at(4)} MTL311 info: evaluates caller-supplied code (\`CSharpScript.RunAsync\`)`,
    `${at(5)} MTL311 info: deletes through an SDK (\`DeleteIfExistsAsync\`)`,
    `${at(5)} MTL313 info: calls a vendor SDK (\`BlobContainerClient\`)`,
    `${at(7)} MTL311 hint: deletes a file (\`File.Delete\`)`,
  ]);
});

test('half-typed Go and C# bodies never crash and give no effect findings for what cannot be read', () => {
  for (const [text, file] of [
    [goServer(['\th.db.ExecContext(ctx, ']), '/virtual/broken.go'],
    [goServer(['\tfunc(']), '/virtual/broken2.go'],
    [csharpServer(['        await connection.ExecuteAsync(']), '/virtual/Broken.cs'],
    [csharpServer(['        new HttpRequestMessage(']), '/virtual/Broken2.cs'],
  ] as const) {
    assert.doesNotThrow(() => analyzeText(text, file), file);
  }
});

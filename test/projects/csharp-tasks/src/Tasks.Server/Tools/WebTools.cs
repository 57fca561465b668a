using System.ComponentModel;
using System.Diagnostics;
using System.Net.Http.Json;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using ModelContextProtocol.Server;

namespace Tasks.Server.Tools;

[McpServerToolType]
public sealed class WebTools
{
    private readonly HttpClient _http = new HttpClient { BaseAddress = new Uri("https://calendar.example.org/") };
    private readonly HttpClient _api = new HttpClient();

    [McpServerTool(Name = "search_docs", ReadOnly = true, Idempotent = true, OpenWorld = true)]
    [Description("Search the task docs.")]
    public async Task<string> SearchDocs([Description("What to search the docs for.")] string query)
    {
        var response = await _api.PostAsJsonAsync("https://search.example.org/v1/search", new { q = query });
        return await response.Content.ReadAsStringAsync();
    }

    [McpServerTool(Name = "sync_calendar", ReadOnly = false, Destructive = false, Idempotent = true, OpenWorld = true)]
    [Description("Copy a task into the calendar.")]
    public async Task<string> SyncCalendar([Description("The task's id.")] int id, [Description("The task's title.")] string title)
    {
        var response = await _http.PutAsJsonAsync($"v2/events/task-{id}", new { title });
        return response.StatusCode.ToString();
    }

    [McpServerTool(Name = "notify_team", ReadOnly = false, Destructive = false, Idempotent = false, OpenWorld = false)]
    [Description("Tell the team about a task.")]
    public async Task NotifyTeam([Description("The message to send.")] string text)
    {
        await _api.PostAsJsonAsync("https://api.tasks.example.com/v1/notify", new { text });
    }

    [McpServerTool(Name = "weather_for_task", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Get the weather where a task happens.")]
    public Task<string> WeatherForTask([Description("The city the task happens in.")] string city) => _api.GetStringAsync($"https://api.weather.example.net/v1/current?city={city}");

    [McpServerTool(Name = "evaluate", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Evaluate an expression over the tasks.")]
    public async Task<string> Evaluate([Description("A C# expression over the tasks.")] string expression)
    {
        var result = await CSharpScript.EvaluateAsync<object>(expression);
        return result?.ToString() ?? "";
    }

    [McpServerTool(Name = "git_log", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Show the task repository's history.")]
    public string GitLog()
    {
        using var process = Process.Start("git", "log --oneline -20");
        return process.StandardOutput.ReadToEnd();
    }

    [McpServerTool(Name = "publish_tasks", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Publish the task list.")]
    public string PublishTasks()
    {
        var start = new ProcessStartInfo { FileName = "git", Arguments = "push origin main", RedirectStandardOutput = true };
        using var process = Process.Start(start);
        return process!.StandardOutput.ReadToEnd();
    }
}

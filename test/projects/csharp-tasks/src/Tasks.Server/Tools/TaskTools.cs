using System.ComponentModel;
using ModelContextProtocol.Server;
using Tasks.Server.Data;
using Tasks.Server.Storage;

namespace Tasks.Server.Tools;

[McpServerToolType]
public sealed class TaskTools(TaskRepository repository, TasksDb db)
{
    private const string ExportFolder = "exports";

    [McpServerTool(Name = "list_tasks", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("List the open or the done tasks.")]
    public Task<IReadOnlyList<TaskItem>> ListTasks([Description("Whether to list the done tasks instead of the open ones.")] bool done) => repository.ListAsync(done);

    [McpServerTool(Name = "complete_task", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Mark a task as done.")]
    public Task<int> CompleteTask([Description("The task's id.")] int id) => repository.CompleteAsync(id);

    [McpServerTool(Name = "purge_task", ReadOnly = false, Destructive = false, Idempotent = true, OpenWorld = false)]
    [Description("Remove a task for good.")]
    public async Task<string> PurgeTask([Description("The task's id.")] int id)
    {
        await Forget(id);
        return "purged";
    }

    [McpServerTool(Name = "add_task", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Add a task with a title to the open list; returns its id.")]
    public async Task<int> AddTask([Description("The task's title.")] string title)
    {
        var item = new TaskItem { Title = title };
        db.Tasks.Add(item);
        await db.SaveChangesAsync();
        return item.Id;
    }

    [McpServerTool(Name = "run_report", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Run a reporting query.")]
    public Task<object?> RunReport([Description("The reporting query to run.")] string sql) => repository.RunReportAsync(sql);

    [McpServerTool(Name = "count_tasks", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Count the rows a SELECT returns.")]
    public Task<int> CountTasks([Description("A SELECT statement.")] string sql) => repository.CountAsync(sql);

    [McpServerTool(Name = "export_tasks", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Export the task list as Markdown.")]
    public async Task<string> ExportTasks([Description("The export file's name.")] string name, [Description("Only return the Markdown and write nothing (the default).")] bool dryRun = true, CancellationToken cancellationToken = default)
    {
        var tasks = await repository.ListAsync(false);
        var text = string.Join("\n", tasks.Select(task => $"- {task.Title}"));
        if (dryRun)
        {
            return text;
        }
        TaskFiles.Export(ExportFolder, name, text);
        return "exported";
    }

    [McpServerTool(Name = "preview_tasks", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Render the task list into a temporary file.")]
    public string PreviewTasks([Description("The export file's name.")] string name) => TaskFiles.Preview(name, "tasks");

    [McpServerTool(Name = "trim_log", ReadOnly = true, Idempotent = true, OpenWorld = false)]
    [Description("Trim the server's own log.")]
    public void TrimLog() => TaskFiles.TrimLog("tasks.log");

    private Task Forget(int id) => repository.PurgeAsync(id);
}

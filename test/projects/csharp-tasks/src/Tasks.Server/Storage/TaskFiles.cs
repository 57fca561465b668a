namespace Tasks.Server.Storage;

/// <summary>Exports of the task list.</summary>
public static class TaskFiles
{
    public static void Export(string folder, string name, string text)
    {
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, name), text);
    }

    public static string Preview(string name, string text)
    {
        var path = Path.Combine(Path.GetTempPath(), name);
        File.WriteAllText(path, text);
        return path;
    }

    public static void TrimLog(string path)
    {
        File.Delete(path); // mcp-tool-lint: ignore[effect] the log is the server's own
    }
}

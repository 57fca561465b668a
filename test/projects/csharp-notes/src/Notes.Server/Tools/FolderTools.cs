using System.ComponentModel;
using ModelContextProtocol.Server;

namespace Notes.Server.Tools;

[McpServerToolType]
public sealed class FolderTools(INoteStore store)
{
    private const bool Remote = false;

    [McpServerTool(Name = "list_folders", Title = "List folders", ReadOnly = true, Idempotent = true, OpenWorld = Remote)]
    [Description("List the folders of the notebook.")]
    public IReadOnlyList<string> ListFolders() => store.Folders();

    [McpServerTool(Name = "empty_folder", ReadOnly = true, Destructive = true, OpenWorld = Remote)]
    [Description("Delete every note of a folder.")]
    public int EmptyFolder([Description("The folder to empty")] string folder) => store.Empty(folder);

    [McpServerTool(Name = "rename_folder", ReadOnly = false)]
    [Description("Give a folder a new name; its notes stay in it.")]
    public void RenameFolder([Description("The folder to rename")] string folder, [Description("Its new name")] string name) => store.Rename(folder, name);
}

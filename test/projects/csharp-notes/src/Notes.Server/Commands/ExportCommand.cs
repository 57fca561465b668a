namespace Notes.Server.Commands
{
    [CommandMetadata(Id = "4f2a", Title = "Export notes", ReadOnly = true, Destructive = false, Idempotent = true, OpenWorld = false, Secret = false)]
    public sealed class ExportCommand : BaseCommand
    {
        public override string Name => "export";

        public override string Description => "Export the notes of a folder as Markdown.";
    }

    [CommandMetadata(Id = "7c01", Name = "import", Title = "Import notes")]
    public sealed class ImportCommand : BaseCommand
    {
        public override string Description => "Import Markdown files as notes.";
    }
}

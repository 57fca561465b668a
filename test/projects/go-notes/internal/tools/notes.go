// Package tools registers the note tools (official go-sdk).
package tools

import (
	"context"
	"fmt"

	"example.com/notes/internal/storage"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NoteTools holds what the note tools use.
type NoteTools struct {
	store *storage.Store
	dir   string
}

// ListInput is what list_notes takes.
type ListInput struct {
	Text string `json:"text"`
}

// NoteInput names one note.
type NoteInput struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
}

// SQLInput is a statement the caller writes.
type SQLInput struct {
	SQL string `json:"sql" jsonschema:"the SQL statement to run"`
}

// ExportInput says where to export.
type ExportInput struct {
	Name   string `json:"name"`
	DryRun bool   `json:"dry_run"`
	Apply  bool   `json:"apply"`
}

// Register adds the note tools to the server.
func Register(server *mcp.Server, t *NoteTools) {
	mcp.AddTool(server, &mcp.Tool{
		Name:        "list_notes",
		Description: "List the notes whose title contains a text.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)},
	}, t.listNotes)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "archive_note",
		Description: "Copy a note into the archive.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)},
	}, t.archiveNote)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "delete_note",
		Description: "Delete a note for good.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: boolPtr(false), IdempotentHint: false, OpenWorldHint: boolPtr(false)},
	}, t.deleteNote)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "count_rows",
		Description: "Count the rows a SELECT returns.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)},
	}, t.countRows)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "run_sql",
		Description: "Run a SQL statement on the notes database.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: boolPtr(false), IdempotentHint: false, OpenWorldHint: boolPtr(false)},
	}, func(ctx context.Context, req *mcp.CallToolRequest, in SQLInput) (*mcp.CallToolResult, any, error) {
		return nil, nil, t.store.Exec(ctx, in.SQL)
	})

	mcp.AddTool(server, &mcp.Tool{
		Name:        "export_notes",
		Description: "Export the notes as Markdown.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)},
	}, t.exportNotes)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "stage_export",
		Description: "Show what an export would write.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)},
	}, t.stageExport)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "preview_note",
		Description: "Render a note into a temporary file.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)},
	}, t.previewNote)
}

func (t *NoteTools) listNotes(ctx context.Context, req *mcp.CallToolRequest, in ListInput) (*mcp.CallToolResult, any, error) {
	notes, err := t.store.List(ctx, in.Text)
	if err != nil {
		return nil, nil, err
	}
	return nil, notes, nil
}

func (t *NoteTools) archiveNote(ctx context.Context, req *mcp.CallToolRequest, in NoteInput) (*mcp.CallToolResult, any, error) {
	return nil, nil, t.store.Save(ctx, storage.Note{Title: "archived: " + in.Title})
}

func (t *NoteTools) deleteNote(ctx context.Context, req *mcp.CallToolRequest, in NoteInput) (*mcp.CallToolResult, any, error) {
	return nil, nil, purge(ctx, t.store, in.ID)
}

func (t *NoteTools) countRows(ctx context.Context, req *mcp.CallToolRequest, in SQLInput) (*mcp.CallToolResult, any, error) {
	count, err := t.store.RunReadOnly(ctx, in.SQL)
	return nil, count, err
}

func (t *NoteTools) exportNotes(ctx context.Context, req *mcp.CallToolRequest, in ExportInput) (*mcp.CallToolResult, any, error) {
	if in.DryRun {
		return nil, "would export " + in.Name, nil
	}
	return nil, nil, storage.WriteExport(t.dir, in.Name, []byte(fmt.Sprint(in.Name)))
}

func (t *NoteTools) stageExport(ctx context.Context, req *mcp.CallToolRequest, in ExportInput) (*mcp.CallToolResult, any, error) {
	if in.Apply {
		return nil, nil, storage.WriteExport(t.dir, in.Name, nil)
	}
	return nil, "would export " + in.Name, nil
}

func (t *NoteTools) previewNote(ctx context.Context, req *mcp.CallToolRequest, in NoteInput) (*mcp.CallToolResult, any, error) {
	path, err := storage.WritePreview(in.Title, []byte(in.Title))
	return nil, path, err
}

func boolPtr(b bool) *bool { return &b }

package tools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RegisterArchive adds the archive tools to the server.
func RegisterArchive(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{
		Name:        "restore_note",
		Description: "Show an archived note.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: boolPtr(false)},
	}, restoreNote)
}

// restoreNote reads the note back from the archive, which a package-level store in another file holds.
func restoreNote(ctx context.Context, req *mcp.CallToolRequest, in NoteInput) (*mcp.CallToolResult, any, error) {
	return nil, nil, archive.Delete(ctx, in.ID)
}

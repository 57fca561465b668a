package admin

import (
	"context"
	"os"
	"time"

	"example.com/notes/internal/storage"
	"github.com/mark3labs/mcp-go/mcp"
)

func (h *Handlers) rotateLogs(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("rotated"), storage.RotateLog(h.logs)
}

// recordUsage appends a usage line for the operator dashboard.
func recordUsage(tool string) {
	file, err := os.OpenFile("usage.log", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer file.Close()
	file.WriteString(time.Now().Format(time.RFC3339) + " " + tool + "\n")
}

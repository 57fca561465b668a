// Package labels registers the label tools.
package labels

import (
	"context"

	"example.com/issuetracker/internal/toolutil"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RegisterTools adds the label tools to the server.
func RegisterTools(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{
		Name:        "list_labels",
		Description: "List the labels of a project.",
		Annotations: toolutil.ReadAnnotations,
	}, listLabels)

	mcp.AddTool(server, &mcp.Tool{
		Name:        "remove_label",
		Description: "Remove a label from every issue.",
		Annotations: toolutil.DeleteAnnotations,
	}, listLabels)
}

func listLabels(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

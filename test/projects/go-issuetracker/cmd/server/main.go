// Command server runs the issue tracker's MCP server over stdio.
package main

import (
	"context"
	"log"

	"example.com/issuetracker/internal/tools/issues"
	"example.com/issuetracker/internal/tools/labels"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "issuetracker", Version: "1.0.0"}, nil)
	issues.RegisterTools(server)
	labels.RegisterTools(server)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

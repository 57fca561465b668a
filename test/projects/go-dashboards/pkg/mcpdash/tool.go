// Package mcpdash holds the helpers every tool of the server is declared with.
package mcpdash

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tool pairs a tool with its handler.
type Tool struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

// MustTool declares a tool: the options are forwarded to mcp.NewTool with the description.
func MustTool(name, description string, handler server.ToolHandlerFunc, options ...mcp.ToolOption) Tool {
	return Tool{Tool: newTool(name, description, options...), Handler: handler}
}

func newTool(name, description string, options ...mcp.ToolOption) mcp.Tool {
	return mcp.NewTool(name, append(options, mcp.WithDescription(description))...)
}

// Register adds tools to the server.
func Register(s *server.MCPServer, tools ...Tool) {
	for _, tool := range tools {
		s.AddTool(tool.Tool, tool.Handler)
	}
}

package tools

import "github.com/mark3labs/mcp-go/mcp"

// readTool is a wrapper of this package, used from its other files.
func readTool(name, description string, options ...mcp.ToolOption) mcp.Tool {
	return mcp.NewTool(name, append(options, mcp.WithDescription(description))...)
}

package issues

import "github.com/modelcontextprotocol/go-sdk/mcp"

// archiveAnnotations is shared by the tools of this package only; it leaves openWorldHint out.
var archiveAnnotations = &mcp.ToolAnnotations{
	ReadOnlyHint:    false,
	DestructiveHint: new(false),
	IdempotentHint:  true,
}

// Package toolutil holds what every tools package shares: annotation presets and helpers.
package toolutil

import "github.com/modelcontextprotocol/go-sdk/mcp"

// BoolPtr returns a pointer to its argument.
func BoolPtr(b bool) *bool { return &b }

// Annotation presets, one per kind of operation.
var (
	ReadAnnotations = &mcp.ToolAnnotations{
		ReadOnlyHint:    true,
		DestructiveHint: BoolPtr(false),
		IdempotentHint:  true,
		OpenWorldHint:   BoolPtr(true),
	}
	CreateAnnotations = &mcp.ToolAnnotations{
		DestructiveHint: BoolPtr(false),
		OpenWorldHint:   BoolPtr(true),
	}
	// DeleteAnnotations says read-only by mistake: every tool using it is read-only and destructive.
	DeleteAnnotations = &mcp.ToolAnnotations{
		ReadOnlyHint:    true,
		DestructiveHint: BoolPtr(true),
		IdempotentHint:  true,
		OpenWorldHint:   BoolPtr(true),
	}
)

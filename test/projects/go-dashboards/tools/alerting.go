package tools

import (
	"github.com/mark3labs/mcp-go/mcp"
)

// ListAlertRules is declared with mcp-go directly, in the package's other file.
var ListAlertRules = mcp.NewTool("list_alert_rules",
	mcp.WithDescription("List the alert rules of a folder."),
	mcp.WithReadOnlyHintAnnotation(true),
	mcp.WithOpenWorldHintAnnotation(true),
)

// SilenceAlert is declared through the package's own shorthand.
var SilenceAlert = readTool("silence_alert", "Silence an alert for an hour.",
	mcp.WithReadOnlyHintAnnotation(false),
	mcp.WithDestructiveHintAnnotation(false),
	mcp.WithOpenWorldHintAnnotation(false),
)

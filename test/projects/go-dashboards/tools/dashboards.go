// Package tools declares the dashboard tools.
package tools

import (
	"context"

	"github.com/example/mcp-dashboards/pkg/mcpdash"
	"github.com/mark3labs/mcp-go/mcp"
)

// SearchDashboards is read-only but does not say it is not destructive: mcp-go sends destructiveHint: true.
var SearchDashboards = mcpdash.MustTool(
	"search_dashboards",
	"Search dashboards by title.",
	searchDashboards,
	mcp.WithTitleAnnotation("Search dashboards"),
	mcp.WithReadOnlyHintAnnotation(true),
	mcp.WithIdempotentHintAnnotation(true),
	mcp.WithOpenWorldHintAnnotation(false),
)

// GetDashboard spells out all four hints.
var GetDashboard = mcpdash.MustTool(
	"get_dashboard",
	"Read a dashboard by UID.",
	searchDashboards,
	mcp.WithReadOnlyHintAnnotation(true),
	mcp.WithDestructiveHintAnnotation(false),
	mcp.WithIdempotentHintAnnotation(true),
	mcp.WithOpenWorldHintAnnotation(false),
	mcp.WithString("uid", mcp.Required(), mcp.Description("The dashboard's UID.")),
)

// UpdateDashboard declares no hint.
var UpdateDashboard = mcpdash.MustTool(
	"update_dashboard",
	"Create or replace a dashboard.",
	searchDashboards,
	mcp.WithObject("dashboard", mcp.Required(), mcp.Description("The dashboard model, as Grafana exports it.")),
)

func searchDashboards(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// Command mcp-dashboards serves the dashboard tools over stdio.
package main

import (
	"github.com/example/mcp-dashboards/pkg/mcpdash"
	"github.com/example/mcp-dashboards/tools"
	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("dashboards", "1.0.0")
	mcpdash.Register(s, tools.SearchDashboards, tools.GetDashboard, tools.UpdateDashboard)
	_ = server.ServeStdio(s)
}

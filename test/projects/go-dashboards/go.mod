module github.com/example/mcp-dashboards

go 1.24

require github.com/mark3labs/mcp-go v0.41.1

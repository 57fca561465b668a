package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var httpClient = &http.Client{}

// SearchWeb searches the web for a note's topic: a POST to a search endpoint reads.
func SearchWeb() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("search_web",
			mcp.WithDescription("Search the web for a topic."),
			mcp.WithReadOnlyHintAnnotation(true),
			mcp.WithDestructiveHintAnnotation(false),
			mcp.WithOpenWorldHintAnnotation(true),
			mcp.WithString("query", mcp.Required(), mcp.Description("What to search for.")),
		), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			query, _ := request.RequireString("query")
			body, _ := json.Marshal(map[string]string{"q": query})
			resp, err := http.Post("https://api.search.example.org/v1/search", "application/json", bytes.NewReader(body))
			if err != nil {
				return nil, err
			}
			defer resp.Body.Close()
			text, _ := io.ReadAll(resp.Body)
			return mcp.NewToolResultText(string(text)), nil
		}
}

// FetchFeed reads a public feed, though the tool says it stays inside.
func FetchFeed() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("fetch_feed",
			mcp.WithDescription("Read the latest entries of the notes feed."),
			mcp.WithReadOnlyHintAnnotation(true),
			mcp.WithDestructiveHintAnnotation(false),
			mcp.WithOpenWorldHintAnnotation(false),
		), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return latest(ctx, "notes.xml")
		}
}

// PingBackend checks the notes backend: its own API, and the local health endpoint.
func PingBackend() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("ping_backend",
			mcp.WithDescription("Check the notes backend."),
			mcp.WithReadOnlyHintAnnotation(true),
			mcp.WithDestructiveHintAnnotation(false),
			mcp.WithOpenWorldHintAnnotation(false),
		), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			q := url.Values{}
			q.Set("verbose", "1")
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://localhost:8080/health?"+q.Encode(), nil)
			if err != nil {
				return nil, err
			}
			req.Header.Set("Accept", "application/json")
			resp, err := httpClient.Do(req)
			if err != nil {
				return nil, err
			}
			resp.Body.Close()
			_, err = http.Get("https://api.notes.example.com/v1/status")
			return mcp.NewToolResultText("ok"), err
		}
}

func latest(ctx context.Context, feed string) (*mcp.CallToolResult, error) {
	resp, err := httpClient.Get("https://rss.example.org/" + feed)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

package main

import (
	"context"
	"log"

	"example.com/notes/internal/storage"
	"example.com/notes/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	store, err := storage.Open("notes.db")
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	tools.Register(server, nil)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

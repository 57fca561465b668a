package tools

import (
	"context"

	"example.com/notes/internal/storage"
)

// purge deletes a note and everything that points at it.
func purge(ctx context.Context, store *storage.Store, id int64) error {
	return store.Delete(ctx, id)
}

// archive is the store of archived notes, opened by main.
var archive = &storage.Store{}

// Package storage keeps the notes in SQLite.
package storage

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	_ "modernc.org/sqlite"
)

// Note is one stored note.
type Note struct {
	ID    int64
	Title string
	Body  string
}

// Store reads and writes notes.
type Store struct {
	db *sql.DB
}

// Open opens the notes database at path.
func Open(path string) (*Store, error) {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// Close closes the database.
func (s *Store) Close() error {
	return s.db.Close()
}

// List returns the notes whose title contains text.
func (s *Store) List(ctx context.Context, text string) ([]Note, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, title, body FROM notes WHERE title LIKE ?", "%"+text+"%")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var notes []Note
	for rows.Next() {
		var note Note
		if err := rows.Scan(&note.ID, &note.Title, &note.Body); err != nil {
			return nil, err
		}
		notes = append(notes, note)
	}
	return notes, rows.Err()
}

// Save inserts a note.
func (s *Store) Save(ctx context.Context, note Note) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO notes (title, body) VALUES (?, ?)", note.Title, note.Body)
	return err
}

// Delete removes a note by id.
func (s *Store) Delete(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, "DELETE FROM notes WHERE id = $1", id)
	return err
}

// RunReadOnly runs a query the caller wrote, SELECT only.
func (s *Store) RunReadOnly(ctx context.Context, query string) (int, error) {
	if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(query)), "SELECT") {
		return 0, errors.New("only SELECT statements are allowed")
	}
	rows, err := s.db.QueryContext(ctx, query)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	count := 0
	for rows.Next() {
		count++
	}
	return count, nil
}

// Exec runs a statement the caller wrote.
func (s *Store) Exec(ctx context.Context, statement string) error {
	_, err := s.db.ExecContext(ctx, statement)
	return err
}

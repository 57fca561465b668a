package storage

import (
	"os"
	"path/filepath"
)

// WriteExport writes an export of the notes into dir.
func WriteExport(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), data, 0o644)
}

// WritePreview writes a preview under the temporary folder, where nothing stays.
func WritePreview(name string, data []byte) (string, error) {
	path := filepath.Join(os.TempDir(), name)
	return path, os.WriteFile(path, data, 0o600)
}

// RotateLog drops the old log file; the log is the server's own.
func RotateLog(path string) error {
	return os.Remove(path) // mcp-tool-lint: ignore[effect] the log is the server's own
}

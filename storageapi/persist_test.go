package storageapi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// TestPersistence: objects survive closing and reopening a data
// directory; bytes no row names (a crash between storing the bytes and
// committing the row) and temporary files are swept at start.
func TestPersistence(t *testing.T) {
	dir := t.TempDir()
	open := func() (*engine.Engine, *DirBlobs) {
		eng, err := engine.Open(engine.Options{DataDir: filepath.Join(dir, "db")})
		if err != nil {
			t.Fatal(err)
		}
		blobs, err := NewDirBlobs(filepath.Join(dir, "db", "storage"))
		if err != nil {
			t.Fatal(err)
		}
		return eng, blobs
	}
	eng, blobs := open()
	h := newHarness(t, blobs, eng)
	h.bucket(map[string]any{"name": "keep", "public": true})
	wantOK(t, h.do("POST", "/object/keep/a/b.txt", h.service(), []byte("durable"), "Content-Type", "text/plain"))
	wantOK(t, h.do("POST", "/object/keep/gone.txt", h.service(), []byte("deleted"), "Content-Type", "text/plain"))
	wantOK(t, h.do("DELETE", "/object/keep/gone.txt", h.service(), nil))
	h.http.Close()
	if err := eng.Close(); err != nil {
		t.Fatal(err)
	}
	// what a crash leaves: bytes stored without their row, a partial
	// temporary file
	orphan := strings.Repeat("ab", 32)
	if err := os.MkdirAll(filepath.Join(dir, "db", "storage", "ab"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join("ab", orphan), filepath.Join("tmp", "upload-1")} {
		if err := os.WriteFile(filepath.Join(dir, "db", "storage", p), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	eng, blobs = open()
	defer eng.Close()
	h = newHarness(t, blobs, eng)
	r := h.do("GET", "/object/public/keep/a/b.txt", "", nil)
	if r.status != 200 || string(r.body) != "durable" {
		t.Fatalf("after reopen: %d %s", r.status, r.body)
	}
	hashes, err := blobs.Hashes()
	if err != nil {
		t.Fatal(err)
	}
	if len(hashes) != 1 {
		t.Fatalf("blobs after sweep: %v", hashes)
	}
	if _, err := os.Stat(filepath.Join(dir, "db", "storage", "tmp", "upload-1")); !os.IsNotExist(err) {
		t.Fatalf("temporary file survived the sweep: %v", err)
	}
	// nothing was written outside the storage directory
	err = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.Contains(p, "passwd") {
			t.Errorf("stray file %s", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

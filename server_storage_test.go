package tinybase_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinybase/tinybase"
)

// TestServeStorage: `tinybase start` serves /storage/v1; with a data
// directory the objects survive a restart, and [storage]
// file_size_limit bounds uploads.
func TestServeStorage(t *testing.T) {
	ctx := context.Background()
	dir := project(t, map[string]string{
		"config.toml": "[storage]\nfile_size_limit = \"1KiB\"\n",
		"seed.sql":    "insert into storage.buckets (id, name, public) values ('pics', 'pics', true);",
	})
	data := filepath.Join(dir, "supabase", ".tinybase")
	call := func(srv *tinybase.Server, method, path, body string) (int, string) {
		return serviceCall(t, srv, method, path, body)
	}
	start := func() (*tinybase.Project, *tinybase.Server) { return startOnDataDir(t, dir, data) }
	p, srv := start()
	if st, body := call(srv, "POST", "/storage/v1/object/pics/a/b.txt", "kept"); st != 200 {
		t.Fatalf("upload: %d %s", st, body)
	}
	if st, body := call(srv, "POST", "/storage/v1/object/pics/big.txt", strings.Repeat("x", 1025)); st != 400 || !strings.Contains(body, `"413"`) {
		t.Fatalf("over [storage] file_size_limit: %d %s", st, body)
	}
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(filepath.Join(data, "storage")); len(ents) < 2 {
		t.Fatalf("no object bytes under the data directory: %v", ents)
	}
	p, srv = start()
	defer p.Close()
	defer srv.Shutdown(ctx)
	if st, body := call(srv, "GET", "/storage/v1/object/public/pics/a/b.txt", ""); st != 200 || body != "kept" {
		t.Fatalf("after restart: %d %s", st, body)
	}
}

// TestStorageFileSizeLimitConfig: [storage] file_size_limit in the
// Supabase CLI's forms, and a clear error for anything else.
func TestStorageFileSizeLimitConfig(t *testing.T) {
	for _, c := range []struct {
		value string
		want  int64
	}{{"50MiB", 50 << 20}, {"5MB", 5 << 20}, {"1GiB", 1 << 30}, {"512KiB", 512 << 10}, {"1000", 1000}, {"1.5MiB", 3 << 19}} {
		dir := project(t, map[string]string{"config.toml": "[storage]\nfile_size_limit = \"" + c.value + "\"\n"})
		cfg, err := tinybase.LoadConfig(dir, func(string) string { return "" })
		if err != nil || cfg.StorageFileSizeLimit != c.want {
			t.Errorf("%s: %d, %v; want %d", c.value, cfg.StorageFileSizeLimit, err, c.want)
		}
	}
	if cfg := tinybase.DefaultConfig(""); cfg.StorageFileSizeLimit != 50<<20 {
		t.Errorf("default %d", cfg.StorageFileSizeLimit)
	}
	dir := project(t, map[string]string{"config.toml": "[storage]\nfile_size_limit = \"lots\"\n"})
	if _, err := tinybase.LoadConfig(dir, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "file_size_limit") {
		t.Fatalf("bad size: %v", err)
	}
}

// TestStorageImageTransformationConfig: [storage.image_transformation]
// enabled, on unless turned off.
func TestStorageImageTransformationConfig(t *testing.T) {
	if cfg := tinybase.DefaultConfig(""); !cfg.StorageImageTransformation {
		t.Error("off by default")
	}
	dir := project(t, map[string]string{"config.toml": "[storage.image_transformation]\nenabled = false\n"})
	if cfg, err := tinybase.LoadConfig(dir, func(string) string { return "" }); err != nil || cfg.StorageImageTransformation {
		t.Errorf("enabled = false: %v, %v", cfg.StorageImageTransformation, err)
	}
}

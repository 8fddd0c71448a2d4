package tinybase

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "supabase"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ConfigPath(dir), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestTemplateLoadsWithoutWarnings(t *testing.T) {
	cfg, err := LoadConfig(writeConfig(t, ConfigTemplate("demo")), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Warnings) != 0 {
		t.Errorf("warnings on the init template: %v", cfg.Warnings)
	}
	if cfg.APIPort != 54321 || cfg.DBPort != 54322 || cfg.MaxRows != 1000 || !cfg.SeedEnabled {
		t.Errorf("template values not read: %+v", cfg)
	}
}

func TestUnknownKeysWarn(t *testing.T) {
	body := `project_id = "x"
[api]
port = 54321
max_row = 10
[db.seed]
enabled = true
sql_path = ["./seed.sql"]
[auth.external.github]
enabled = true
client_id = "abc"
[storage.buckets.images]
public = true
[functions.hello]
verify_jwt = false
[studdio]
enabled = true
`
	cfg, err := LoadConfig(writeConfig(t, body), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, w := range cfg.Warnings {
		if !strings.Contains(w, "unknown key ") {
			continue // config_auth.go's warnings
		}
		keys = append(keys, w[strings.Index(w, "unknown key ")+len("unknown key "):strings.Index(w, " (ignored)")])
	}
	if diff := cmp.Diff([]string{"api.max_row", "db.seed.sql_path", "studdio"}, keys); diff != "" {
		t.Errorf("unknown keys (-want +got):\n%s", diff)
	}
}

func TestUnservedSections(t *testing.T) {
	cfg, err := LoadConfig(writeConfig(t, ConfigTemplate("demo")), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	servesStorage := func(p string) bool { return p == "/storage/v1" }
	got := cfg.UnservedSections(servesStorage)
	want := []string{"[analytics]", "[edge_runtime]", "[realtime]"} // [studio] and [inbucket] are served
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("unserved (-want +got):\n%s", diff)
	}
	cfg, _ = LoadConfig(writeConfig(t, "[inbucket]\nenabled = false\n"), func(string) string { return "" })
	if got := cfg.UnservedSections(servesStorage); len(got) != 0 {
		t.Errorf("a disabled section is reported: %v", got)
	}
}

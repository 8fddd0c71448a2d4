//go:build e2e

package pgwire

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

var recordDrizzle = flag.Bool("record-drizzle", false, "record testdata/drizzle/schema.ts.golden from PostgreSQL at TINYBASE_PG_URL")

// TestDrizzlePull runs `drizzle-kit pull` (installed from npm into a
// directory outside the repository) against tinybase with the schema of
// testdata/drizzle/setup.sql, and checks that the generated schema.ts
// names every table, column, foreign key and enum that the same command
// names against PostgreSQL 15 (testdata/drizzle/schema.ts.golden,
// recorded with -record-drizzle). The full difference from PostgreSQL's
// file is logged.
func TestDrizzlePull(t *testing.T) {
	requireTool(t, "node")
	dir := npmProject(t, "tinybase-wire-drizzle", filepath.Join("node_modules", ".bin", "drizzle-kit"), "drizzle-kit@0", "drizzle-orm@0", "pg@8")
	setup, err := os.ReadFile("testdata/drizzle/setup.sql")
	if err != nil {
		t.Fatal(err)
	}
	url := goldenTarget(t, *recordDrizzle, "wire_drizzle_golden")
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(context.Background(), string(setup)); err != nil {
		t.Fatal(err)
	}
	conn.Close(context.Background())

	out := t.TempDir()
	cfg, _ := json.Marshal(map[string]any{"dialect": "postgresql", "out": out, "schemaFilter": []string{"public"},
		"tablesFilter": []string{"dz_*"}, "dbCredentials": map[string]string{"url": url}})
	cfgPath := filepath.Join(t.TempDir(), "drizzle.config.json")
	if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(dir, "node_modules", ".bin", "drizzle-kit"), "pull", "--config", cfgPath)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("drizzle-kit pull: %v\n%s", err, b)
	}
	got, err := os.ReadFile(filepath.Join(out, "schema.ts"))
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "drizzle", "schema.ts.golden")
	if *recordDrizzle {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	names := drizzleNames(string(want))
	if len(names) < 10 {
		t.Fatalf("golden names only %v", names)
	}
	have := map[string]bool{}
	for _, n := range drizzleNames(string(got)) {
		have[n] = true
	}
	for _, n := range names {
		if !have[n] {
			t.Errorf("schema.ts lacks %s", n)
		}
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Logf("schema.ts differs from PostgreSQL's (-postgres +tinybase):\n%s", diff)
	}
}

// drizzleNames lists the tables, enums, columns and foreign keys a
// drizzle schema.ts declares, as "kind name".
func drizzleNames(ts string) []string {
	var out []string
	for _, p := range []struct {
		kind string
		re   *regexp.Regexp
	}{
		{"table", regexp.MustCompile(`pgTable\("([^"]+)"`)},
		{"enum", regexp.MustCompile(`pgEnum\("([^"]+)"`)},
		{"column", regexp.MustCompile(`(?m)^\t(\w+): \w+\(`)},
		{"foreign key", regexp.MustCompile(`name: "([^"]+)"`)},
	} {
		for _, m := range p.re.FindAllStringSubmatch(ts, -1) {
			out = append(out, p.kind+" "+m[1])
		}
	}
	return out
}

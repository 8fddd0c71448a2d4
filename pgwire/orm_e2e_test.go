//go:build e2e

package pgwire

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var recordORM = flag.Bool("record-orm", false, "record testdata/orm/*.golden from PostgreSQL at TINYBASE_PG_URL")

// TestORMFlows runs the migration and query flows of Node ORMs and query
// builders (installed from npm into a directory outside the repository)
// against tinybase: drizzle-kit generate, migrate and push with
// drizzle-orm's queries; TypeORM's synchronize, schema diff and
// migrations; each other script in testdata/orm migrates a schema up,
// down and up again, introspects it as the tool does, and runs the
// tool's usual queries, printing what it sees as JSON (generated keys
// and timestamps masked). The output must equal what the same script
// printed against PostgreSQL 15 (testdata/orm/<tool>.golden, recorded
// with -record-orm).
func TestORMFlows(t *testing.T) {
	requireTool(t, "node")
	dir := npmProject(t, "tinybase-wire-orm", filepath.Join("node_modules", "typeorm"),
		"pg@8", "pg-hstore@2", "postgres@3", "drizzle-kit@0", "drizzle-orm@0", "kysely@0", "knex@3", "sequelize@6", "typeorm@0", "reflect-metadata@0")
	// the scripts run beside node_modules, so their imports resolve there
	for _, f := range []string{"drizzle_schema.cjs", "drizzle_queries.mjs", "kysely.mjs", "typeorm.mjs", "knex.mjs", "sequelize.mjs", "knex_migrations/20240101_init.cjs", "knex_migrations/20240102_alter.cjs"} {
		b, err := os.ReadFile(filepath.Join("testdata", "orm", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("drizzle", func(t *testing.T) {
		// drizzle-kit generate + migrate, then push must find nothing to
		// change; then drizzle-orm's queries over node-postgres and
		// postgres.js
		url := goldenTarget(t, *recordORM, "wire_orm_golden")
		cfg, _ := json.Marshal(map[string]any{"dialect": "postgresql", "schema": "./drizzle_schema.cjs", "out": t.TempDir(),
			"schemaFilter": []string{"public"}, "tablesFilter": []string{"dz_*"}, "dbCredentials": map[string]string{"url": url}})
		cfgPath := filepath.Join(t.TempDir(), "drizzle.config.json")
		if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"generate"}, {"migrate"}, {"push", "--verbose", "--force"}} {
			cmd := exec.Command(filepath.Join(dir, "node_modules", ".bin", "drizzle-kit"), append(args, "--config", cfgPath)...)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("drizzle-kit %s: %v\n%s", args[0], err, out)
			}
			if args[0] == "push" && !strings.Contains(string(out), "No changes detected") {
				t.Errorf("drizzle-kit push after migrate would change the schema:\n%s", out)
			}
		}
		for _, driver := range []string{"pg", "pjs"} {
			got := runORMScript(t, dir, "drizzle_queries.mjs", url, driver)
			compareORMGolden(t, "drizzle_"+driver, got)
		}
	})
	t.Run("typeorm", func(t *testing.T) {
		// synchronize, then what migration:generate computes after two
		// model changes (applied by synchronize), then migrations run,
		// undone and run again
		url := goldenTarget(t, *recordORM, "wire_orm_golden")
		var got []byte
		for _, args := range [][]string{{"sync"}, {"gen", "v2"}, {"gen", "v3"}, {"mig", "v3"}} {
			got = append(got, runORMScript(t, dir, "typeorm.mjs", append([]string{url}, args...)...)...)
		}
		compareORMGolden(t, "typeorm", got)
	})
	for _, tc := range []struct {
		name   string
		script string
		args   []string
	}{
		{"kysely", "kysely.mjs", nil},
		{"knex", "knex.mjs", nil},
		{"sequelize_v1", "sequelize.mjs", []string{"v1"}},
		{"sequelize_v2", "sequelize.mjs", []string{"v2"}}, // sync({alter: true}) to the next model
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := goldenTarget(t, *recordORM, "wire_orm_golden")
			if tc.name == "sequelize_v2" {
				runORMScript(t, dir, "sequelize.mjs", url, "v1") // v2 alters what v1 made
			}
			got := runORMScript(t, dir, tc.script, append([]string{url}, tc.args...)...)
			compareORMGolden(t, tc.name, got)
		})
	}
}

// compareORMGolden checks a script's output against testdata/orm/<name>.golden,
// or records it there under -record-orm.
func compareORMGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden := filepath.Join("testdata", "orm", name+".golden")
	if *recordORM {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs from PostgreSQL's (-postgres +tinybase):\n%s", name, diff)
	}
}

// runORMScript runs a node script in dir and returns its standard output.
func runORMScript(t *testing.T, dir, script string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("node", append([]string{script}, args...)...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v", script, err)
	}
	return out
}

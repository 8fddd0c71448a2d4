package main_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestTestDB runs `tinybase test db` on the sample projects: exit 0 with
// pg_prove's summary when every file passes, exit 1 and psql's errors on
// stderr when one fails, --json with per-test results, files by name.
func TestTestDB(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "testdata", "testdb"))
	if err != nil {
		t.Fatal(err)
	}
	r := tinybase(t, ".", "", "test", "db", "--dir", filepath.Join(root, "rls"), "--jobs", "2")
	if r.code != 0 || !strings.Contains(r.stdout, "All tests successful.") || !strings.HasSuffix(r.stdout, "Result: PASS\n") {
		t.Errorf("rls: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = tinybase(t, ".", "", "test", "db", "--dir", filepath.Join(root, "bad"))
	if r.code != 1 || !strings.HasSuffix(r.stdout, "Result: FAIL\n") || !strings.Contains(r.stderr, "psql:supabase/tests/03_exception.test.sql:5: ERROR:  invalid input syntax for type integer: \"one\"") {
		t.Errorf("bad: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = tinybase(t, filepath.Join(root, "rls"), "", "test", "db", "--json", "supabase/tests/02_todos_rls.test.sql")
	var res struct {
		Files []struct {
			File   string `json:"file"`
			Passed bool   `json:"passed"`
			Tests  []struct {
				OK          bool   `json:"ok"`
				Description string `json:"description"`
			} `json:"tests"`
		} `json:"files"`
		Passed bool `json:"passed"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("--json: %v\n%s", err, r.stdout)
	}
	if r.code != 0 || !res.Passed || len(res.Files) != 1 || res.Files[0].File != "supabase/tests/02_todos_rls.test.sql" || len(res.Files[0].Tests) != 11 ||
		res.Files[0].Tests[0].Description != "alice can create todos" {
		t.Errorf("--json: exit %d %+v", r.code, res)
	}
	r = tinybase(t, t.TempDir(), "", "test", "db")
	if r.code != 2 || !strings.Contains(r.stderr, "no tests") {
		t.Errorf("no supabase/tests: exit %d %q", r.code, r.stderr)
	}
}

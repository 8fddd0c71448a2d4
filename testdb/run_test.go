package testdb_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/testdb"
)

// writeProject makes a project with one migration and the given test
// files.
func writeProject(t *testing.T, tests map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"supabase/migrations/20240101000000_t.sql": "create table public.items (id int primary key);\ninsert into public.items values (1), (2);\n",
	}
	for name, body := range tests {
		files["supabase/tests/"+name] = body
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTimeoutAndIsolation: a file that never ends fails on its time limit
// as psql fails on statement_timeout and the run goes on; a file that
// commits changes neither the next file nor the project's database.
func TestTimeoutAndIsolation(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"a_forever.sql": "select plan(1);\nselect ok(true, 'before');\ndo $$ begin loop end loop; end $$;\n",
		"b_commits.sql": "begin;\nselect plan(1);\ndelete from items;\ncreate table leftover (x int);\nselect is_empty('select * from items', 'emptied');\nselect * from finish();\ncommit;\n",
		"c_after.sql":   "begin;\nselect plan(2);\nselect results_eq('select count(*)::int from items', array[2], 'items untouched');\nselect hasnt_table('leftover');\nselect * from finish();\nrollback;\n",
		"d_other.pg":    "select plan(1);\nselect pass('a .pg file runs too');\n",
	})
	ctx := context.Background()
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.TestDB(ctx, nil, testdb.Options{Jobs: 2, Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 4 {
		t.Fatalf("ran %d files, want 4", len(res.Files))
	}
	forever := res.Files[0]
	if !forever.TimedOut || forever.ExitStatus != 3 || forever.Passed || len(forever.Tests) != 1 {
		t.Errorf("never-ending file: %+v", forever)
	}
	if want := "psql:supabase/tests/a_forever.sql:3: ERROR:  canceling statement due to statement timeout"; len(forever.Errors) == 0 || forever.Errors[0] != want {
		t.Errorf("never-ending file's error = %q, want %q", forever.Errors, want)
	}
	for _, f := range res.Files[1:] {
		if !f.Passed {
			t.Errorf("%s did not pass:\n%s%s", f.File, f.TAP, strings.Join(f.Errors, "\n"))
		}
	}
	if res.Passed || res.Tests != 5 {
		t.Errorf("run passed=%v tests=%d, want false and 5", res.Passed, res.Tests)
	}
	s, err := p.Session(ctx, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rows, err := s.Query(ctx, "select count(*) from items")
	if err != nil {
		t.Fatal(err)
	}
	rows.Next()
	if got := *rows.Text()[0]; got != "2" {
		t.Errorf("the project's items after the run: %s rows, want 2", got)
	}
	rows.Close()

	var out, errOut bytes.Buffer
	testdb.Report(&out, &errOut, res)
	if !strings.Contains(out.String(), "Result: FAIL") || !strings.Contains(out.String(), "supabase/tests/d_other.pg ..") {
		t.Errorf("report:\n%s", out.String())
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
}

// TestJSONShape: per-test results carry number, status, description,
// directive and diagnostics.
func TestJSONShape(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"t.sql": "select plan(3);\nselect ok(true, 'yes');\nselect is(1, 2, 'no');\nselect todo('later', 1);\nselect ok(false, 'wip');\n",
	})
	ctx := context.Background()
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.TestDB(ctx, nil, testdb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Files[0]
	want := []testdb.Test{
		{Number: 1, OK: true, Description: "yes"},
		{Number: 2, OK: false, Description: "no", Diagnostics: []string{`# Failed test 2: "no"`, "#         have: 1", "#         want: 2"}},
		{Number: 3, OK: false, Description: "wip", Directive: "TODO", Reason: "later", Diagnostics: []string{`# Failed (TODO) test 3: "wip"`}},
	}
	got, _ := json.Marshal(f.Tests)
	exp, _ := json.Marshal(want)
	if string(got) != string(exp) {
		t.Errorf("tests:\n got %s\nwant %s", got, exp)
	}
	if f.Passed || len(f.Failed) != 1 || f.Failed[0] != 2 {
		t.Errorf("file passed=%v failed=%v, want false [2]", f.Passed, f.Failed)
	}
}

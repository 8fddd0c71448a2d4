package testdb_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/testdb"
)

var record = flag.Bool("record", false, "record the golden pg_prove output of testdata/testdb from PostgreSQL 15 with pgTAP ($TINYBASE_PG_URL, pg_prove and psql on PATH)")

// goldenProjects are the sample projects under testdata/testdb whose
// pg_prove output is recorded from PostgreSQL.
var goldenProjects = []string{"rls", "bad", "more"}

func projectDir(name string) string { return filepath.Join("..", "testdata", "testdb", name) }

// timing is the part of pg_prove's totals line that differs per run.
var timing = regexp.MustCompile(`(?m)^(Files=\d+, Tests=\d+, ).*$`)

func normalize(s string) string { return timing.ReplaceAllString(s, "${1}<timing>") }

// tapLines keeps the lines TAP::Parser reads (plan, tests, comments):
// test files also print what their other statements return (user ids).
func tapLines(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "ok") || strings.HasPrefix(l, "not ok") || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "1..") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestGolden runs each sample project's tests as `tinybase test db` does
// and compares the report, psql's errors and every file's TAP with what
// pg_prove printed for the same files on PostgreSQL 15 with pgTAP.
func TestGolden(t *testing.T) {
	for _, name := range goldenProjects {
		t.Run(name, func(t *testing.T) {
			dir := projectDir(name)
			if *record {
				recordProject(t, name, dir)
			}
			ctx := context.Background()
			p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.TestDB(ctx, nil, testdb.Options{Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			testdb.Report(&out, &errOut, res)
			want := readGolden(t, dir, "pg_prove.stdout")
			if got := normalize(out.String()); got != want {
				t.Errorf("report differs from pg_prove's\n--- got\n%s\n--- want\n%s", got, want)
			}
			if got, want := errOut.String(), readGolden(t, dir, "pg_prove.stderr"); got != want {
				t.Errorf("errors differ from psql's\n--- got\n%s\n--- want\n%s", got, want)
			}
			for _, f := range res.Files {
				want := tapLines(readGolden(t, dir, filepath.Join("tap", f.File+".tap")))
				if got := tapLines(f.TAP); got != want {
					t.Errorf("%s: TAP differs\n--- got\n%s\n--- want\n%s", f.File, got, want)
				}
			}
		})
	}
}

func readGolden(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "expected", name))
	if err != nil {
		t.Fatalf("%v (record with -record)", err)
	}
	return string(b)
}

// wrapper is the psql pg_prove runs (--psql-bin): it runs each file on
// a new database copied from the prepared template, as tinybase runs each
// on a snapshot, and keeps the file's output.
const wrapper = `#!/bin/sh
file=""; prev=""
for a in "$@"; do
  if [ "$prev" = "--file" ] || [ "$prev" = "-f" ]; then file="$a"; fi
  prev="$a"
done
db="tbtest_file_$$"
"$TB_PSQL" -X -q -d postgres -c "create database \"$db\" template \"$TB_TEMPLATE\"" >/dev/null || exit 2
"$TB_PSQL" -X -q -d postgres -c "alter database \"$db\" set search_path to $TB_SEARCH_PATH" >/dev/null || exit 2
out=$(mktemp)
"$TB_PSQL" "$@" --dbname "$db" > "$out"
rc=$?
cat "$out"
mkdir -p "$TB_CAPTURE/$(dirname "$file")"
cp "$out" "$TB_CAPTURE/$file.tap"
rm -f "$out"
"$TB_PSQL" -X -q -d postgres -c "drop database \"$db\"" >/dev/null
exit $rc
`

// recordProject prepares a template database on PostgreSQL as tinybase
// prepares its snapshot (the Supabase bootstrap, migrations, seed,
// pgTAP created as `supabase test db` creates it) and runs pg_prove.
func recordProject(t *testing.T, name, dir string) {
	pgURL := os.Getenv("TINYBASE_PG_URL")
	if pgURL == "" {
		t.Fatal("-record needs TINYBASE_PG_URL")
	}
	u, err := url.Parse(pgURL)
	if err != nil {
		t.Fatal(err)
	}
	psql, err := exec.LookPath("psql")
	if err != nil {
		t.Fatal("-record needs psql on PATH")
	}
	prove, err := exec.LookPath("pg_prove")
	if err != nil {
		t.Fatal("-record needs pg_prove on PATH")
	}
	env := append(os.Environ(), "PGHOST="+u.Hostname(), "PGPORT="+u.Port(), "PGUSER="+u.User.Username(), "PGDATABASE=postgres")
	if pw, ok := u.User.Password(); ok {
		env = append(env, "PGPASSWORD="+pw)
	}
	ctx := context.Background()
	tpl := "tbtest_tpl_" + name
	admin, err := pgconn.Connect(ctx, pgURL)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"drop database if exists " + tpl, "create database " + tpl + " template template0"} {
		if _, err := admin.Exec(ctx, q).ReadAll(); err != nil {
			t.Fatal(err)
		}
	}
	admin.Close(ctx)
	du := *u
	du.Path = "/" + tpl
	conn, err := pgconn.Connect(ctx, du.String())
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.BootstrapPostgres(ctx, conn, tpl); err != nil {
		t.Fatal(err)
	}
	// A database copied from the template does not inherit its
	// ALTER DATABASE settings: the wrapper sets the search_path again.
	sp, err := conn.Exec(ctx, "show search_path").ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	searchPath := string(sp[0].Rows[0][0])
	conn.Close(ctx)
	d, err := migrations.Discover(migrations.MigrationsDir(dir), true)
	if err != nil {
		t.Fatal(err)
	}
	files := []string{}
	for _, f := range d.Files {
		files = append(files, f.Path)
	}
	if seed := filepath.Join(dir, "supabase", "seed.sql"); fileExists(seed) {
		files = append(files, seed)
	}
	for _, f := range files {
		cmd := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-1", "-d", tpl, "-f", f)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", f, err, out)
		}
	}
	cmd := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", tpl, "-c", testdb.EnablePgTAP)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}

	tmp := t.TempDir()
	bin := filepath.Join(tmp, "psql")
	if err := os.WriteFile(bin, []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	capture := filepath.Join(tmp, "capture")
	tests, err := testdb.Discover(tinybase.TestsDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--psql-bin", bin, "-d", tpl}
	for _, f := range tests {
		rel, _ := filepath.Rel(dir, f)
		args = append(args, rel)
	}
	cmd = exec.Command(prove, args...)
	cmd.Dir = dir
	cmd.Env = append(env, "TB_PSQL="+psql, "TB_TEMPLATE="+tpl, "TB_CAPTURE="+capture, "TB_SEARCH_PATH="+searchPath)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	_ = cmd.Run() // exits 1 when a test fails, as the bad project's do
	t.Logf("pg_prove on PostgreSQL: %v", time.Since(start))

	exp := filepath.Join(dir, "expected")
	if err := os.RemoveAll(exp); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		p := filepath.Join(exp, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pg_prove.stdout", normalize(stdout.String()))
	write("pg_prove.stderr", stderr.String())
	for _, f := range tests {
		rel, _ := filepath.Rel(dir, f)
		b, err := os.ReadFile(filepath.Join(capture, rel+".tap"))
		if err != nil {
			t.Fatal(fmt.Errorf("no output captured for %s: %w", rel, err))
		}
		write(filepath.Join("tap", rel+".tap"), string(b))
	}
	admin, err = pgconn.Connect(ctx, pgURL)
	if err == nil {
		_, _ = admin.Exec(ctx, "drop database if exists "+tpl).ReadAll()
		admin.Close(ctx)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

package pgwire

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var recordPgDump = flag.Bool("record-pgdump", false, "record testdata/pgdump goldens from PostgreSQL at TINYBASE_PG_URL")

// pgDumpCases are pg_dump invocations (and a pg_restore --list of the
// custom format) whose output must match PostgreSQL 15's on the same
// fixture (testdata/pgdump/setup.sql over the Supabase bootstrap),
// recorded in testdata/pgdump/<name>.golden by -record-pgdump.
var pgDumpCases = []struct {
	name string
	args []string
	list bool // dump -Fc to a file and print pg_restore --list of it
}{
	{name: "schema_only", args: []string{"--schema-only"}},
	{name: "full"},
	{name: "data_only", args: []string{"--data-only"}},
	{name: "schema_public", args: []string{"--schema", "public"}},
	{name: "custom_list", args: []string{"-Fc"}, list: true},
}

// pgDumpKnown are recorded cases tinybase does not dump as PostgreSQL
// does yet, with the reason; they run, and must still differ (so a fix
// shows up), but their difference is not an error.
var pgDumpKnown = map[string]string{}

// pgDumpFails are the known cases where pg_dump itself still fails; in
// every other case it must complete, known difference or not.
var pgDumpFails = map[string]bool{}

// pgTool finds a PostgreSQL 15 client program: pg_config's bindir first
// (Debian installs the versioned binaries there), then PATH. pg_dump's
// output depends on its own major version, so another version skips.
func pgTool(t *testing.T, name string) string {
	t.Helper()
	var p string
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		if c := filepath.Join(strings.TrimSpace(string(out)), name); fileExists(c) {
			p = c
		}
	}
	if p == "" {
		var err error
		if p, err = exec.LookPath(name); err != nil {
			t.Skipf("%s is not installed (PostgreSQL 15's client package provides it); the pg_dump round trip is not checked", name)
		}
	}
	v, err := exec.Command(p, "--version").Output()
	if err != nil {
		t.Fatalf("%s --version: %v", p, err)
	}
	if !regexp.MustCompile(`\) 15\.`).Match(v) {
		t.Skipf("%s is %s; the goldens are PostgreSQL 15's", p, strings.TrimSpace(string(v)))
	}
	return p
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// runPgDump runs pg_dump (and pg_restore --list for a custom-format
// case) and returns its output, stderr after stdout: a failure is part
// of what is compared.
func runPgDump(t *testing.T, pgDump, pgRestore, url string, args []string, list bool) (string, bool) {
	t.Helper()
	var out, errOut bytes.Buffer
	full := append([]string{"--no-password", "-d", url}, args...)
	if list {
		file := filepath.Join(t.TempDir(), "dump.custom")
		full = append(full, "-f", file)
	}
	cmd := exec.Command(pgDump, full...)
	cmd.Env = append(os.Environ(), "PGTZ=UTC", "PGCLIENTENCODING=UTF8")
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String() + errOut.String() + "pg_dump: " + err.Error() + "\n", false
	}
	if list {
		out.Reset()
		cmd := exec.Command(pgRestore, "--list", full[len(full)-1])
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			return out.String() + errOut.String() + "pg_restore: " + err.Error() + "\n", false
		}
	}
	return out.String() + errOut.String(), true
}

var (
	// The server's and pg_dump's version lines: tinybase reports its own
	// server_version and the recording cluster's minor release may differ
	// from the pg_dump that runs the test.
	dumpVersionLine = regexp.MustCompile(`(?m)^(-- Dumped (from database|by pg_dump) version|;\s+(Dumped from database version|Dumped by pg_dump version)):? .*$`)
	// pg_dump (15.14 and later) fences a plain dump with \restrict and
	// \unrestrict and a key it draws at random on every run.
	restrictKey = regexp.MustCompile(`(?m)^\\(un)?restrict [0-9A-Za-z]+$`)
	// pg_restore --list's header names the archive's time and database.
	listCreated = regexp.MustCompile(`(?m)^; Archive created at .*$`)
	listDBName  = regexp.MustCompile(`(?m)^;\s+dbname: .*$`)
	// A TOC line starts "<dump id>; <catalog oid> <object oid> ...": object
	// OIDs are allocated per database and differ between any two databases;
	// dump ids number every object pg_dump collects, built-in ones
	// included, of which tinybase's catalogs list fewer. Catalog OIDs and
	// the order of the lines are kept.
	listOIDs = regexp.MustCompile(`(?m)^\d+; (\d+) \d+ `)
)

// normalizeDump removes from pg_dump's output what legitimately differs
// between two servers holding the same schema and data (see above).
func normalizeDump(s string) string {
	s = dumpVersionLine.ReplaceAllString(s, "$1 (version)")
	s = restrictKey.ReplaceAllString(s, `\${1}restrict (key)`)
	s = listCreated.ReplaceAllString(s, "; Archive created at (time)")
	s = listDBName.ReplaceAllString(s, ";     dbname: (database)")
	return listOIDs.ReplaceAllString(s, "(id); $1 (oid) ")
}

// TestPgDump runs PostgreSQL 15's pg_dump against tinybase over the wire
// on testdata/pgdump/setup.sql and compares each dump with PostgreSQL's.
func TestPgDump(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	pgRestore := pgTool(t, "pg_restore")
	url := clientFixture(t, *recordPgDump, "wire_pgdump_golden", "testdata/pgdump/setup.sql")
	for _, tc := range pgDumpCases {
		t.Run(tc.name, func(t *testing.T) {
			out, ok := runPgDump(t, pgDump, pgRestore, url, tc.args, tc.list)
			got := normalizeDump(out)
			if !ok && !pgDumpFails[tc.name] && !*recordPgDump {
				t.Errorf("pg_dump %s failed:\n%s", strings.Join(tc.args, " "), lastLines(got, 5))
			}
			if ok && pgDumpFails[tc.name] {
				t.Errorf("pg_dump %s now completes: remove it from pgDumpFails", strings.Join(tc.args, " "))
			}
			if dir := os.Getenv("TINYBASE_PGDUMP_OUT"); dir != "" && !*recordPgDump {
				// the dumps as tinybase gives them, for diff(1)
				_ = os.WriteFile(filepath.Join(dir, tc.name+".out"), []byte(got), 0o644)
			}
			want, recorded := clientGolden(t, *recordPgDump, filepath.Join("testdata", "pgdump", tc.name+".golden"), got)
			if recorded {
				return
			}
			diff := cmp.Diff(want, got)
			if reason, ok := pgDumpKnown[tc.name]; ok {
				if diff == "" {
					t.Errorf("pg_dump %s now matches PostgreSQL: remove it from pgDumpKnown", strings.Join(tc.args, " "))
				}
				t.Skipf("known difference from PostgreSQL: %s", reason)
			}
			if diff != "" {
				t.Errorf("pg_dump %s (-postgres +tinybase):\n%s", strings.Join(tc.args, " "), diff)
			}
		})
	}
}

// lastLines is the end of a dump, where pg_dump reports its error.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

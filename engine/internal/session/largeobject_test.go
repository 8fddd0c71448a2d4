package session

import (
	"context"
	"os"

	"github.com/tinybase/tinybase/internal/pgerror"
	"path/filepath"
	"testing"
)

// TestLargeObjectsDurable: large objects written, truncated and unlinked
// in committed transactions read back after a crash (no final
// checkpoint), and one written in a rolled-back transaction does not.
func TestLargeObjectsDurable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s := connectT(t, e)
	execAll(t, s, `
select lo_from_bytea(5001, 'kept');
select lo_from_bytea(5002, 'gone');
select lo_unlink(5002);
begin;
select lo_open(5001, 393216);
select lo_lseek(0, 4096, 0);
select lowrite(0, 'tail');
commit;
begin;
select lo_from_bytea(5003, 'rolled back');
rollback;
`)
	s.Close()
	crash(t, e)
	e, err = Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s = connectT(t, e)
	got := queryAll(t, s, "select oid, length(lo_get(oid)), encode(lo_get(oid, 0, 4), 'escape'), encode(lo_get(oid, 4096, 4), 'escape') from pg_largeobject_metadata order by oid")
	if want := "5001|4100|kept|tail\n"; got != want {
		t.Errorf("after the crash:\n%s\nwant\n%s", got, want)
	}
}

// TestLargeObjectServerFiles: lo_import and lo_export read and write
// server files for a superuser only, as PostgreSQL grants them, and take
// absolute paths.
func TestLargeObjectServerFiles(t *testing.T) {
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s := connectT(t, e)
	src := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(src, []byte("from a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.txt")
	execAll(t, s, "select lo_import('"+src+"', 7001); select lo_export(7001, '"+out+"')")
	if b, err := os.ReadFile(out); err != nil || string(b) != "from a file" {
		t.Fatalf("exported %q, %v", b, err)
	}
	for q, want := range map[string]string{
		"select lo_export(7001, 'relative.txt')": "0A000",
		"select lo_import('relative.txt')":       "0A000",
	} {
		if err := queryErr(s, q); codeOf(err) != want {
			t.Errorf("%s: %v, want %s", q, err, want)
		}
	}
	execAll(t, s, "create role lo_plain; grant lo_plain to postgres; set role lo_plain")
	for _, q := range []string{"select lo_import('" + src + "')", "select lo_export(7001, '" + out + "')", "select lo_get(7001)", "select lo_unlink(7001)"} {
		if err := queryErr(s, q); codeOf(err) != "42501" {
			t.Errorf("%s as a plain role: %v, want 42501", q, err)
		}
	}
	// GRANT SELECT lets it read, not write
	execAll(t, s, "reset role; grant select on large object 7001 to lo_plain; set role lo_plain")
	if got := queryAll(t, s, "select encode(lo_get(7001, 0, 4), 'escape')"); got != "from\n" {
		t.Errorf("lo_get with SELECT granted: %q", got)
	}
	for _, q := range []string{"select lo_put(7001, 0, 'x')", "select lo_open(7001, 131072)"} {
		if err := queryErr(s, q); codeOf(err) != "42501" {
			t.Errorf("%s with SELECT only: %v, want 42501", q, err)
		}
	}
}

// codeOf is an error's SQLSTATE, "" for none.
func codeOf(err error) string {
	if pe, ok := pgerror.As(err); ok {
		return pe.Code
	}
	return ""
}

// queryErr runs q to its end and returns its error.
func queryErr(s *Session, q string) error {
	rows, err := s.Query(context.Background(), q)
	if err != nil {
		return err
	}
	for rows.Next() {
	}
	return rows.Err()
}

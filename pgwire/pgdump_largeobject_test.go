package pgwire

import (
	"context"
	"crypto/md5"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

// TestPgDumpLargeObjects dumps large objects (pg_dump reads their data
// with lo_open and lo_read over the Function Call message) and compares
// the dump with PostgreSQL 15's (testdata/pgdump/large_objects.golden,
// -record-pgdump), then restores it, as psql runs it, on a fresh server
// and reads the objects back.
func TestPgDumpLargeObjects(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	url := goldenTarget(t, *recordPgDump, "wire_pgdump_lo")
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	const setup = `
select lo_from_bytea(33001, 'dump me');
select lo_from_bytea(33002, decode(repeat('ab', 5000), 'hex'));
select lo_create(33003);
comment on large object 33001 is 'the first';
create table public.docs (id int primary key, body oid);
insert into public.docs values (1, 33001), (2, 33002)`
	if _, err := conn.Exec(ctx, setup); err != nil {
		t.Fatal(err)
	}
	out, ok := runPgDump(t, pgDump, "", url, []string{"-n", "public", "-b"}, false)
	if !ok {
		t.Fatalf("pg_dump failed:\n%s", lastLines(out, 5))
	}
	got := normalizeDump(out)
	want, recorded := clientGolden(t, *recordPgDump, filepath.Join("testdata", "pgdump", "large_objects.golden"), got)
	if recorded {
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pg_dump -n public -b (-postgres +tinybase):\n%s", diff)
	}

	// the dump's statements restore on a fresh server (its CREATE SCHEMA
	// public is left out: the schema is there, as on PostgreSQL)
	_, url2 := startServer(t, Config{})
	c2, err := pgx.Connect(ctx, url2)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close(ctx)
	for _, st := range restoreStatements(out) {
		if _, err := c2.Exec(ctx, st); err != nil {
			t.Fatalf("restoring %q: %v", st, err)
		}
	}
	var lines []string
	rows, _ := c2.Query(ctx, "select oid::text || ' ' || lomowner::regrole::text || ' ' || length(lo_get(oid)) || ' ' || md5(lo_get(oid)) from pg_largeobject_metadata order by oid")
	lines, err = pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	wantLO := []string{"33001 postgres 7 " + md5Text("dump me"), "33002 postgres 5000 " + md5Of(t, conn, "decode(repeat('ab', 5000), 'hex')"), "33003 postgres 0 d41d8cd98f00b204e9800998ecf8427e"}
	if diff := cmp.Diff(wantLO, lines); diff != "" {
		t.Errorf("restored large objects (-want +got):\n%s", diff)
	}
	var comment *string
	if err := c2.QueryRow(ctx, "select obj_description(33001, 'pg_largeobject')").Scan(&comment); err != nil {
		t.Fatal(err)
	}
	if comment == nil || *comment != "the first" {
		t.Errorf("restored comment: %v, want the first", comment)
	}
}

// restoreStatements splits a plain dump of tables without data (COPY
// blocks are skipped) into its statements, as psql would run them.
func restoreStatements(dump string) []string {
	var out []string
	var cur strings.Builder
	inCopy := false
	for _, l := range strings.Split(dump, "\n") {
		switch {
		case inCopy:
			inCopy = l != `\.`
			continue
		case strings.HasPrefix(l, "COPY "):
			inCopy = true
			continue
		case strings.HasPrefix(l, "--") || strings.HasPrefix(l, `\`) || l == "" && cur.Len() == 0:
			continue
		}
		cur.WriteString(l + "\n")
		if strings.HasSuffix(l, ";") {
			st := strings.TrimSpace(cur.String())
			cur.Reset()
			if !regexp.MustCompile(`^CREATE SCHEMA public;|^COMMENT ON SCHEMA public`).MatchString(st) {
				out = append(out, st)
			}
		}
	}
	return out
}

func md5Text(s string) string { return fmt.Sprintf("%x", md5.Sum([]byte(s))) }

func md5Of(t *testing.T, c *pgx.Conn, expr string) string {
	var s string
	if err := c.QueryRow(context.Background(), "select md5("+expr+")").Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

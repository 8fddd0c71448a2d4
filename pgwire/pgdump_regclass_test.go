package pgwire

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestPgDumpRegclassFollows dumps a schema whose regclass constants
// followed renames and moves of their relations (a serial's sequence, a
// table moved with its sequence, a view's and a policy's constants):
// pg_dump, with its empty search_path, writes them qualified under their
// new names, as PostgreSQL's dump of the same statements does.
func TestPgDumpRegclassFollows(t *testing.T) {
	pgDump := pgTool(t, "pg_dump")
	_, url := startServer(t, Config{})
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), `
create table t (id serial primary key, x int);
alter sequence t_id_seq rename to s2;
create schema s;
create table s.m (id serial, x int);
create table u (a int);
create view v as select 'u'::regclass as r;
alter table u rename to u2;
alter table u2 set schema s;
create policy p on s.m using (tableoid = 's.m'::regclass);
alter table s.m rename to m3`); err != nil {
		t.Fatal(err)
	}
	out, ok := runPgDump(t, pgDump, "", url, []string{"--schema-only"}, false)
	if !ok {
		t.Fatalf("pg_dump failed:\n%s", lastLines(out, 5))
	}
	for _, want := range []string{
		"CREATE SEQUENCE public.s2",
		"ALTER SEQUENCE public.s2 OWNED BY public.t.id;",
		" SELECT 's.u2'::regclass AS r;",
		"CREATE SEQUENCE s.m_id_seq",
		"ALTER SEQUENCE s.m_id_seq OWNED BY s.m3.id;",
		"ALTER TABLE ONLY public.t ALTER COLUMN id SET DEFAULT nextval('public.s2'::regclass);",
		"ALTER TABLE ONLY s.m3 ALTER COLUMN id SET DEFAULT nextval('s.m_id_seq'::regclass);",
		"CREATE POLICY p ON s.m3 USING ((tableoid = ('s.m3'::regclass)::oid));",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dump lacks %q", want)
		}
	}
}

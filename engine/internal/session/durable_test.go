package session

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tinybase/tinybase/engine/internal/durable"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// queryAll runs a query and returns its rows as text, one line per row.
func queryAll(t *testing.T, s *Session, q string) string {
	t.Helper()
	rows, err := s.Query(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	out, err := rowsText(rows)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// rowsText reads rows to their end as lines of values separated by |,
// NULL for null.
func rowsText(rows *Rows) (string, error) {
	var b strings.Builder
	for rows.Next() {
		for i, v := range rows.Text() {
			if i > 0 {
				b.WriteByte('|')
			}
			if v == nil {
				b.WriteString("NULL")
			} else {
				b.WriteString(*v)
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), rows.Err()
}

func execAll(t *testing.T, s *Session, script string) {
	t.Helper()
	if _, err := s.Exec(context.Background(), script); err != nil {
		t.Fatalf("%v\n%s", err, script)
	}
}

// durableSchema is DDL of the kinds a project's migrations hold.
const durableSchema = `
create type mood as enum ('sad', 'ok', 'happy');
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid default gen_random_uuid(),
  title text not null check (length(title) > 0),
  body text default '',
  mood mood default 'ok',
  score numeric(10,2),
  ratio float8,
  tags text[],
  meta jsonb,
  created timestamptz default now(),
  day date,
  flag boolean
);
create unique index notes_lower_title on public.notes (lower(title));
create index notes_score on public.notes (score) with (fillfactor = 80) where score > 0;
create table public.counters (name text primary key, n int);
create table public.log (msg text);
create sequence public.ticket start 100;
create view public.happy_notes as select id, title from public.notes where mood = 'happy';
create function public.note_count() returns bigint language sql stable as $$ select count(*) from public.notes $$;
create function public.bump() returns trigger language plpgsql as $$ begin new.n := coalesce(new.n, 0) + 1; return new; end $$;
create trigger counters_bump before insert or update on public.counters for each row execute function public.bump();
alter table public.notes enable row level security;
create policy own_notes on public.notes for select to authenticated using (owner = auth.uid());
grant select on public.notes to authenticated;
comment on table public.notes is 'the notes';
`

const durableData = `
insert into public.notes (title, mood, score, ratio, tags, meta, day, flag) values
  ('first', 'happy', 1.5, 0.1, '{a,b}', '{"k": [1, 2]}', '2024-02-29', true),
  ('second', 'sad', -2, 1e300, '{}', 'null', null, false),
  ('third', 'happy', null, 'NaN', null, '{"x": "y"}', '1999-12-31', null);
update public.notes set body = 'edited' where title = 'second';
delete from public.notes where title = 'third';
insert into public.counters (name) values ('a'), ('b');
update public.counters set n = n + 10 where name = 'b';
insert into public.log values ('one'), ('two'), ('one');
delete from public.log where msg = 'two';
select nextval('public.ticket');
select nextval('public.ticket');
insert into auth.users (id, email) values ('00000000-0000-0000-0000-000000000001', 'a@example.com');
begin;
insert into public.counters (name) values ('c');
savepoint s1;
insert into public.counters (name) values ('rolled back');
update public.counters set n = 99 where name = 'a';
rollback to savepoint s1;
commit;
`

// durableQueries read back everything durableSchema and durableData made.
var durableQueries = []string{
	"select id, title, body, mood, score, ratio, tags, meta, day, flag, owner is not null, created is not null from public.notes order by id",
	"select name, n from public.counters order by name",
	"select msg from public.log order by msg",
	"select * from public.happy_notes",
	"select public.note_count()",
	"select last_value from pg_sequences where sequencename = 'ticket'",
	"select email from auth.users",
	"select polname, pg_get_expr(polqual, polrelid) from pg_policy where polname = 'own_notes'",
	"select description from pg_description d join pg_class c on c.oid = d.objoid where c.relname = 'notes'",
	"select enum_range(null::mood)",
	"select indexdef from pg_indexes where tablename = 'notes' order by indexname",
	"select tgname from pg_trigger where tgname = 'counters_bump'",
	"select has_table_privilege('authenticated', 'public.notes', 'select')",
}

// snapshotQueries answers queries (default: durableQueries) in a new
// session of e, each as queryAll prints it.
func snapshotQueries(t *testing.T, e *Engine, queries ...string) []string {
	t.Helper()
	if len(queries) == 0 {
		queries = durableQueries
	}
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out := make([]string, len(queries))
	for i, q := range queries {
		out[i] = queryAll(t, s, q)
	}
	return out
}

// crash abandons a durable engine as kill -9 would leave it: no final
// checkpoint; the log holds what was acknowledged.
func crash(t *testing.T, e *Engine) {
	t.Helper()
	e.durable.closed.Store(true)
	e.durable.bg.Wait()
	if err := e.durable.dir.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestDurableRoundTrip(t *testing.T) {
	for _, mode := range []string{"close", "crash"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			e, err := Open(Options{DataDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			s, err := e.Connect(SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			execAll(t, s, durableSchema)
			ckpts := e.durable.checkpoints.Load()
			execAll(t, s, durableData)
			if n := e.durable.checkpoints.Load(); n != ckpts {
				t.Errorf("row writes wrote %d checkpoints, want none", n-ckpts)
			}
			s.Close()
			want := snapshotQueries(t, e)
			if mode == "close" {
				if err := e.Close(); err != nil {
					t.Fatal(err)
				}
			} else {
				crash(t, e)
			}
			e2, err := Open(Options{DataDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			got := snapshotQueries(t, e2)
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s\n got: %q\nwant: %q", durableQueries[i], got[i], want[i])
				}
			}
			// The recovered engine keeps working: defaults, identity,
			// sequences, the unique expression index, the trigger.
			s2, err := e2.Connect(SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			execAll(t, s2, "insert into public.notes (title) values ('fourth'); insert into public.counters (name) values ('d')")
			if got := queryAll(t, s2, "select id from public.notes where title = 'fourth'"); got != "4\n" {
				t.Errorf("identity after recovery: %q, want 4", got)
			}
			if got := queryAll(t, s2, "select nextval('public.ticket')"); got != "102\n" {
				t.Errorf("sequence after recovery: %q, want 102", got)
			}
			if _, err := s2.Exec(context.Background(), "insert into public.notes (title) values ('FIRST')"); err == nil {
				t.Error("the unique expression index accepted a duplicate after recovery")
			}
			s2.Close()
			if err := e2.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestDurableLockAndFormat(t *testing.T) {
	dir := t.TempDir()
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Options{DataDir: dir}); err == nil || !strings.Contains(err.Error(), "is in use by another process") {
		t.Errorf("second open: %v, want the directory in use", err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "format"), []byte("tinybase data directory format 99\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Options{DataDir: dir}); err == nil || !strings.Contains(err.Error(), "has format 99, newer than this tinybase reads") {
		t.Errorf("newer format: %v", err)
	}
}

// TestDurableDiskFull: a commit whose log write fails with ENOSPC fails
// with 53100 and leaves nothing behind, in memory or on disk; the next
// commit works.
func TestDurableDiskFull(t *testing.T) {
	dir := t.TempDir()
	var full bool
	e, err := openDurableWith(Options{DataDir: dir}, durable.Options{Write: func(f *os.File, b []byte, off int64) (int, error) {
		if full {
			n, _ := f.WriteAt(b[:len(b)/2], off)
			return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
		}
		return f.WriteAt(b, off)
	}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := e.Connect(SessionOptions{})
	execAll(t, s, "create table t (id int primary key); insert into t values (1)")
	full = true
	_, err = s.Exec(context.Background(), "insert into t values (2)")
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != pgerror.DiskFull {
		t.Fatalf("insert on a full disk: %v, want 53100", err)
	}
	if got := queryAll(t, s, "select id from t order by id"); got != "1\n" {
		t.Errorf("after the failed commit: %q, want only 1", got)
	}
	full = false
	execAll(t, s, "insert into t values (3)")
	s.Close()
	crash(t, e)
	e2, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := e2.Connect(SessionOptions{})
	if got := queryAll(t, s2, "select id from t order by id"); got != "1\n3\n" {
		t.Errorf("recovered: %q, want 1 and 3", got)
	}
	s2.Close()
	e2.Close()
}

// TestDurableFsyncFailure: a failed fsync fails its commit with an error
// (never an acknowledgement) and every later commit, until a restart
// recovers what was durable.
func TestDurableFsyncFailure(t *testing.T) {
	dir := t.TempDir()
	var broken bool
	e, err := openDurableWith(Options{DataDir: dir}, durable.Options{Sync: func(f *os.File) error {
		if broken {
			return &os.PathError{Op: "fsync", Path: f.Name(), Err: syscall.EIO}
		}
		return f.Sync()
	}})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := e.Connect(SessionOptions{})
	execAll(t, s, "create table t (id int primary key); insert into t values (1)")
	broken = true
	for _, q := range []string{"insert into t values (2)", "insert into t values (3)"} {
		_, err = s.Exec(context.Background(), q)
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != pgerror.IOError {
			t.Fatalf("%s after a failed fsync: %v, want 58030", q, err)
		}
	}
	s.Close()
	crash(t, e)
	e2, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := e2.Connect(SessionOptions{})
	if got := queryAll(t, s2, "select id from t order by id"); got != "1\n" && got != "1\n2\n" {
		t.Errorf("recovered: %q", got)
	}
	s2.Close()
	e2.Close()
}

// TestDurableNoopDDLWritesNothing: statements that change nothing (the
// migration history's IF NOT EXISTS, a read, an UPDATE of no row) write
// no checkpoint and no log record, so starting a project with a large
// data directory does not rewrite it.
func TestDurableNoopDDLWritesNothing(t *testing.T) {
	e, err := Open(Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s, _ := e.Connect(SessionOptions{})
	defer s.Close()
	// pg_graphql's event trigger advances its schema-version sequence on
	// every DDL command, skipped or not, as in PostgreSQL: that is a
	// write, so it goes for this test.
	execAll(t, s, "drop extension pg_graphql; create table t (id int primary key)")
	ckpts, size := e.durable.checkpoints.Load(), e.durable.dir.LogSize()
	execAll(t, s, `CREATE SCHEMA IF NOT EXISTS supabase_migrations;
CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY, statements text[], name text);
select * from t; update t set id = 2 where id = 1; RESET ALL`)
	if n := e.durable.checkpoints.Load() - ckpts; n != 0 {
		t.Errorf("%d checkpoints written", n)
	}
	if n := e.durable.dir.LogSize() - size; n != 0 {
		t.Errorf("%d bytes logged", n)
	}
}

// TestDurableConcurrentWriters: committers sharing fsyncs (group commit)
// each get their own commit logged, with a checkpoint running among them.
func TestDurableConcurrentWriters(t *testing.T) {
	dir := t.TempDir()
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	e.durable.checkpointAt = 8 << 10
	s, _ := e.Connect(SessionOptions{})
	execAll(t, s, "create table t (w int, i int, primary key (w, i)); create sequence q")
	s.Close()
	const writers, each = 8, 40
	errs := make(chan error, writers)
	for w := 0; w < writers; w++ {
		go func() {
			s, err := e.Connect(SessionOptions{})
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			for i := 0; i < each; i++ {
				if _, err := s.Exec(context.Background(), fmt.Sprintf("insert into t values (%d, nextval('q'))", w)); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for w := 0; w < writers; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	crash(t, e)
	e2, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	s2, _ := e2.Connect(SessionOptions{})
	defer s2.Close()
	if got := queryAll(t, s2, "select count(*), count(distinct i), max(i) from t"); got != fmt.Sprintf("%d|%d|%d\n", writers*each, writers*each, writers*each) {
		t.Errorf("recovered %q", got)
	}
	if got := queryAll(t, s2, "select nextval('q')"); got != fmt.Sprintf("%d\n", writers*each+1) {
		t.Errorf("sequence after recovery: %q", got)
	}
}

// TestDurableRestore: Restore returns to a snapshot (rows, DDL and
// sequences), and in a data directory the restored state is what a
// restart finds.
func TestDurableRestore(t *testing.T) {
	for _, durableMode := range []bool{false, true} {
		dir := ""
		if durableMode {
			dir = t.TempDir()
		}
		e, err := Open(Options{DataDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := e.Connect(SessionOptions{})
		execAll(t, s, "create table t (id int primary key); insert into t values (1); create sequence q; select nextval('q')")
		snap := e.Snapshot()
		execAll(t, s, "insert into t values (2); alter table t add column x int; create table u (id int); select nextval('q')")
		if err := e.Restore(context.Background(), snap); err != nil {
			t.Fatal(err)
		}
		check := func(s *Session) {
			t.Helper()
			if got := queryAll(t, s, "select * from t"); got != "1\n" {
				t.Errorf("durable=%v: t after restore: %q", durableMode, got)
			}
			if got := queryAll(t, s, "select count(*) from pg_class where relname = 'u'"); got != "0\n" {
				t.Errorf("durable=%v: u after restore: %q", durableMode, got)
			}
			if got := queryAll(t, s, "select nextval('q')"); got != "2\n" {
				t.Errorf("durable=%v: sequence after restore: %q", durableMode, got)
			}
		}
		check(s)
		s.Close()
		if !durableMode {
			continue
		}
		crash(t, e)
		e2, err := Open(Options{DataDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		s2, _ := e2.Connect(SessionOptions{})
		if got := queryAll(t, s2, "select * from t"); got != "1\n" {
			t.Errorf("t after restart: %q", got)
		}
		s2.Close()
		e2.Close()
	}
}

// durableSession opens a session on a new engine with a data directory;
// reopen closes both and returns a session on the directory opened again
// (and may be called again).
func durableSession(t *testing.T) (s *Session, reopen func() *Session) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	open := func() *Session {
		e, err := Open(Options{DataDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		s, err := e.Connect(SessionOptions{})
		if err != nil {
			e.Close()
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close(); e.Close() })
		return s
	}
	s = open()
	return s, func() *Session {
		t.Helper()
		s.Close()
		if err := s.eng.Close(); err != nil {
			t.Fatal(err)
		}
		s = open()
		return s
	}
}

// TestDurableStoredExpressionTexts: a checkpoint holds defaults, generated
// columns and index keys and predicates as text translated back on load;
// each must read back as written (an abbreviated coalesce(...) once made
// the directory unreadable).
func TestDurableStoredExpressionTexts(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.servers (id int primary key, name text not null, description text,
  score int default coalesce(null, 7, 8), top int default greatest(1, 2, nullif(3, 3)),
  doc tsvector generated always as (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(description, ''))) stored);
create index servers_fts on public.servers using gin (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(description, '')));
create index servers_part on public.servers (name) where coalesce(description, '') <> '' and score between 1 and 10;
create unique index servers_lower on public.servers (lower(name));
insert into public.servers (id, name, description) values (1, 'a', 'b');
`)
	s = reopen()
	execAll(t, s, `insert into public.servers (id, name, description) values (2, 'C', 'd')`)
	if got := queryAll(t, s, "select id, name, doc, score, top from public.servers order by 1"); got != "1|a|'a':1 'b':2|7|2\n2|C|'c':1 'd':2|7|2\n" {
		t.Errorf("rows after reopening:\n%s", got)
	}
	if _, err := s.Exec(context.Background(), "insert into public.servers (id, name) values (3, 'c')"); err == nil || !strings.Contains(err.Error(), "servers_lower") {
		t.Errorf("the expression index's uniqueness after reopening: %v", err)
	}
}

// TestDurableRenamedColumnExprs: after a column rename, a generated
// column and expression and partial indexes are stored under the new name,
// so reopening rebuilds them.
func TestDurableRenamedColumnExprs(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.t (a int primary key, b int generated always as (a * 2) stored, x text);
create unique index t_lower on public.t (lower(x));
create index t_part on public.t (a) where x is not null;
alter table public.t rename column a to aa;
alter table public.t rename column x to xx;
insert into public.t (aa, xx) values (1, 'A');
`)
	s = reopen()
	execAll(t, s, `insert into public.t (aa, xx) values (2, 'B')`)
	if got := queryAll(t, s, "select aa, b, xx from public.t order by 1"); got != "1|2|A\n2|4|B\n" {
		t.Errorf("rows after reopening:\n%s", got)
	}
	if got := queryAll(t, s, "select indexdef from pg_indexes where tablename = 't' and indexname <> 't_pkey' order by 1"); got != "CREATE INDEX t_part ON public.t USING btree (aa) WHERE (xx IS NOT NULL)\nCREATE UNIQUE INDEX t_lower ON public.t USING btree (lower(xx))\n" {
		t.Errorf("indexes after reopening:\n%s", got)
	}
	if _, err := s.Exec(context.Background(), "insert into public.t (aa, xx) values (3, 'a')"); err == nil || !strings.Contains(err.Error(), "t_lower") {
		t.Errorf("the expression index's uniqueness after reopening: %v", err)
	}
}

// TestDurableIndexMethods: an index's access method, operator classes
// and ordering survive a checkpoint.
func TestDurableIndexMethods(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.g (id int, tags text[], doc jsonb);
create index g_doc on public.g using gin (doc jsonb_path_ops);
create index g_desc on public.g (id desc nulls last);
`)
	const q = "select indexdef from pg_indexes where tablename = 'g' order by 1"
	want := "CREATE INDEX g_desc ON public.g USING btree (id DESC NULLS LAST)\nCREATE INDEX g_doc ON public.g USING gin (doc jsonb_path_ops)\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
}

// TestDurableDomainChecks: domains with CHECK and NOT NULL constraints
// (pg_net, installed by default, has one) are held by a checkpoint and
// enforced after reopening exactly as before.
func TestDurableDomainChecks(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create domain public.email as text not null check (value like '%@%') check (length(value) < 20);
create table public.people (id int primary key, mail public.email);
insert into public.people values (1, 'a@b');
`)
	probes := []string{
		"insert into public.people values (2, 'nope')",
		"insert into public.people values (3, 'aaaaaaaaaaaaaaaaaaaaaaa@b')",
		"insert into public.people values (4, null)",
		"select 'PATCH'::net.http_method",
	}
	errs := func(s *Session) []string {
		out := make([]string, len(probes))
		for i, q := range probes {
			if _, err := s.Exec(context.Background(), q); err != nil {
				out[i] = err.Error()
			}
		}
		return out
	}
	before := errs(s)
	if !strings.Contains(before[0], "violates check constraint") {
		t.Fatalf("the domain check is not enforced: %q", before[0])
	}
	s = reopen()
	after := errs(s)
	for i := range probes {
		if after[i] != before[i] {
			t.Errorf("%s: %q after reopening, %q before", probes[i], after[i], before[i])
		}
	}
	execAll(t, s, "insert into public.people values (5, 'c@d')")
	if got := queryAll(t, s, "select id, mail from public.people order by id"); got != "1|a@b\n5|c@d\n" {
		t.Errorf("rows: %q", got)
	}
}

// TestDurableRowTypeSignatures: functions over a table's or view's row type
// (`returns setof documents`, a view row as an argument) are held by a
// checkpoint and callable after reopening.
func TestDurableRowTypeSignatures(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create type public.kind as enum ('a', 'b');
create table public.documents (id int primary key, title text, k public.kind);
create view public.titles as select id, title from public.documents;
insert into public.documents values (1, 'one', 'a'), (2, 'two', 'b');
create function public.matching(min int) returns setof public.documents language sql stable as $$ select * from public.documents where id >= min order by id $$;
create function public.title_of(t public.titles) returns text language sql as $$ select upper(t.title) $$;
`)
	const q = "select id, title, k from public.matching(2)"
	const q2 = "select public.title_of(v) from public.titles v order by id"
	want, want2 := queryAll(t, s, q), queryAll(t, s, q2)
	s = reopen()
	if got := queryAll(t, s, q); got != want || got != "2|two|b\n" {
		t.Errorf("%s after reopening: %q, before %q", q, got, want)
	}
	if got := queryAll(t, s, q2); got != want2 {
		t.Errorf("%s after reopening: %q, before %q", q2, got, want2)
	}
}

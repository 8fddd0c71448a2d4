package engine_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestCatalogRowCacheFollowsChanges checks that the catalog rows a session
// keeps between statements (pgcatalog/memo.go) never outlive what they were computed from: its own DDL, its open
// transaction's writes, a rollback, another session's commit, a role
// switch and a search path change.
func TestCatalogRowCacheFollowsChanges(t *testing.T) {
	e := enginetest.New(t)
	s, other := mustSession(t, e), mustSession(t, e)
	const tables = `select string_agg(c.relname::text, ',' order by c.relname) from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`
	const cols = `select string_agg(a.attname::text, ',' order by a.attnum) from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid where c.relname = 'a' and a.attnum > 0`
	steps := []struct {
		on        *engine.Session
		sql, want string // want "" runs sql as a statement
	}{
		{s, "create table a (x int)", ""},
		{s, tables, "a"},
		{s, tables, "a"},
		{s, cols, "x"},
		{s, "create table b (y int)", ""},
		{s, tables, "a,b"},
		{s, "alter table a add column z text", ""},
		{s, cols, "x,z"},
		{s, "begin", ""},
		{s, "create table c (z int)", ""},
		{s, tables, "a,b,c"},
		{s, "rollback", ""},
		{s, tables, "a,b"},
		{s, "begin", ""},
		{s, tables, "a,b"},
		{s, "insert into a values (1)", ""},
		{s, "create table d (z int)", ""},
		{s, tables, "a,b,d"},
		{s, "commit", ""},
		{s, tables, "a,b,d"},
		{other, "create table e (z int)", ""},
		{s, tables, "a,b,d,e"},
		{s, "drop table b", ""},
		{other, tables, "a,d,e"},
		{s, "create schema s2", ""},
		{s, "create table s2.f (z int)", ""},
		{s, "set search_path = s2, public", ""},
		{s, `select string_agg(tablename::text, ',' order by tablename) from pg_catalog.pg_tables where schemaname in ('public', 's2')`, "a,d,e,f"},
		{s, tables, "a,d,e"},
	}
	ctx := context.Background()
	for i, st := range steps {
		if st.want == "" {
			if _, err := st.on.Exec(ctx, st.sql); err != nil {
				t.Fatalf("step %d %q: %v", i, st.sql, err)
			}
			continue
		}
		rows, err := st.on.Query(ctx, st.sql)
		if err != nil {
			t.Fatalf("step %d %q: %v", i, st.sql, err)
		}
		var got string
		for rows.Next() {
			if v := rows.Text()[0]; v != nil {
				got = *v
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		rows.Close()
		if got != st.want {
			t.Errorf("step %d %q: got %q want %q", i, st.sql, got, st.want)
		}
	}
}

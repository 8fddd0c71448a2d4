package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/mcp"
)

// TestReadOnly: with --read-only, reads work, every write and every way
// out of the read-only transaction is refused with 25006, and the
// database is unchanged afterwards; apply_migration is not offered.
func TestReadOnly(t *testing.T) {
	_, p, rw := newTools(t, nil)
	// A function that turns read-only off for its own transaction and
	// then writes: one statement, so only the snapshot stops it.
	if _, err := rw.ApplyMigration(context.Background(), "sneaky", `create function public.sneaky() returns int language plpgsql as $$
begin
  perform set_config('transaction_read_only', 'off', true);
  insert into public.todos (title) values ('sneaky');
  return 1;
end $$;
create function public.writes() returns int language sql as $$ insert into public.todos (title) values ('w') returning id $$;`); err != nil {
		t.Fatal(err)
	}
	cfg, err := p.MCPConfig("http://127.0.0.1:54321")
	if err != nil {
		t.Fatal(err)
	}
	cfg.ReadOnly = true
	ro := mcp.New(cfg)
	cs := connect(t, ro, mcp.ServerOptions{})

	lt, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range lt.Tools {
		if tool.Name == "apply_migration" {
			t.Fatal("apply_migration offered in read-only mode")
		}
		if tool.Name == "execute_sql" && !tool.Annotations.ReadOnlyHint {
			t.Fatal("execute_sql not marked read-only")
		}
	}
	if _, err := ro.ApplyMigration(context.Background(), "x", "create table x (id int);"); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("Go API apply_migration in read-only mode: %v", err)
	}

	if rows := sqlRows(t, cs, "select count(*) as n from todos"); rows[0]["n"] != float64(3) {
		t.Fatalf("read: %v", rows)
	}
	for _, c := range []struct{ name, query string }{
		{"insert", "insert into todos (title) values ('x')"},
		{"update", "update todos set title = 'x'"},
		{"ddl", "create table x (id int)"},
		{"function that writes", "select writes()"},
		{"do block", "do $$ begin insert into todos (title) values ('x'); end $$"},
		{"set transaction read write", "set transaction read write; insert into todos (title) values ('x')"},
		{"set transaction read write later", "select 1; set transaction read write; insert into todos (title) values ('x')"},
		{"set_config", "select set_config('transaction_read_only', 'off', true); insert into todos (title) values ('x')"},
		{"set_config in a function", "select sneaky()"},
		{"session characteristics and commit", "set session characteristics as transaction read write; commit; insert into todos (title) values ('x')"},
		{"begin", "begin; insert into todos (title) values ('x'); commit"},
		{"commit first", "commit; insert into todos (title) values ('x')"},
		{"rollback", "rollback"},
		{"copy to program", "copy todos to program 'cat > /dev/null'"},
		{"copy to file", "copy todos to '/tmp/todos.csv'"},
		{"copy from", "copy todos from stdin"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text, isErr := call(t, cs, "execute_sql", map[string]any{"query": c.query})
			if e := toolError(t, text); !isErr || e.SQLState != "25006" {
				t.Fatalf("got %s", text)
			}
			text, isErr = call(t, cs, "test_rls", map[string]any{"role": "postgres", "query": c.query})
			if e := toolError(t, text); !isErr || e.SQLState != "25006" {
				t.Fatalf("test_rls got %s", text)
			}
		})
	}
	if rows := sqlRows(t, cs, "select count(*) as n, max(title) as m from todos"); rows[0]["n"] != float64(3) || rows[0]["m"] != "two" {
		t.Fatalf("the database changed: %v", rows)
	}
	// nextval is not refused by the engine yet (PostgreSQL: 25006), but it
	// runs on a snapshot: the project's sequence does not move.
	call(t, cs, "execute_sql", map[string]any{"query": "select nextval('todos_id_seq')"})
	res, err := rw.ExecuteSQL(context.Background(), "insert into todos (title) values ('four') returning id")
	if err != nil || res.Rows[0].Get("id") != json.Number("4") {
		t.Fatalf("the sequence moved: %v %v", err, res)
	}
	// validate_migration writes nothing, so it stays available.
	var v mcp.ValidateMigrationResult
	callOK(t, cs, "validate_migration", map[string]any{"query": "create table x (id int);"}, &v)
	if !v.Valid {
		t.Fatalf("validate: %+v", v)
	}
	if rows := sqlRows(t, cs, "select count(*) as n from pg_class where relname = 'x'"); rows[0]["n"] != float64(0) {
		t.Fatal("validation left a table")
	}
}

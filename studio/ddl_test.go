package studio_test

import (
	"testing"
)

func TestAPICreatePolicy(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	cases := []struct {
		name string
		form map[string]any
		code string // SQLSTATE, "" for success
		sql  string // the statement, when it ran
	}{
		{"select for anon", map[string]any{"schema": "public", "table": "notes", "name": "read \"notes\"", "command": "select", "roles": []string{"anon", "authenticated"}, "using": "body <> ''"}, "",
			"CREATE POLICY \"read \"\"notes\"\"\" ON public.notes\n  AS PERMISSIVE\n  FOR SELECT\n  TO anon, authenticated\n  USING (body <> '');"},
		{"insert, restrictive, public", map[string]any{"schema": "public", "table": "notes", "name": "ins", "command": "INSERT", "restrictive": true, "roles": []string{"public"}, "with_check": "id > 0 -- positive ids"}, "",
			"CREATE POLICY ins ON public.notes\n  AS RESTRICTIVE\n  FOR INSERT\n  TO PUBLIC\n  WITH CHECK (id > 0 -- positive ids\n);"},
		// What the command allows is the database's word.
		{"using on insert", map[string]any{"schema": "public", "table": "notes", "name": "bad", "command": "INSERT", "using": "true"}, "42601", ""},
		{"check on select", map[string]any{"schema": "public", "table": "notes", "name": "bad", "command": "SELECT", "with_check": "true"}, "42601", ""},
		{"duplicate", map[string]any{"schema": "public", "table": "todos", "name": "own todos", "using": "true"}, "42710", ""},
		{"no table", map[string]any{"schema": "public", "table": "nope", "name": "p", "using": "true"}, "42P01", ""},
		{"unknown column", map[string]any{"schema": "public", "table": "notes", "name": "p", "using": "nope = 1"}, "42703", ""},
		{"unknown role", map[string]any{"schema": "public", "table": "notes", "name": "p", "roles": []string{"nobody"}, "using": "true"}, "42704", ""},
		{"bad command", map[string]any{"schema": "public", "table": "notes", "name": "p", "command": "TRUNCATE", "using": "true"}, "42601", ""},
		// An expression cannot close its parenthesis and add clauses or
		// statements.
		{"escape to with check", map[string]any{"schema": "public", "table": "notes", "name": "p", "using": "true) with check (false"}, "42601", ""},
		{"second statement", map[string]any{"schema": "public", "table": "notes", "name": "p", "using": "true); drop table public.notes; select (1"}, "42601", ""},
		{"two targets", map[string]any{"schema": "public", "table": "notes", "name": "p", "using": "true), (false"}, "42601", ""},
		{"from clause", map[string]any{"schema": "public", "table": "notes", "name": "p", "using": "true) from public.todos where (true"}, "42601", ""},
		{"comment eats the paren", map[string]any{"schema": "public", "table": "notes", "name": "p", "using": "true) --"}, "42601", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out := call(t, h, "POST", "/api/policies", c.form)
			if c.code != "" {
				if code != 400 || errOf(t, out)["code"] != c.code {
					t.Fatalf("got %d %v, want %s", code, out, c.code)
				}
				return
			}
			if code != 200 || out["sql"] != c.sql {
				t.Fatalf("got %d %v\nwant %q", code, out, c.sql)
			}
		})
	}
	// The created policies are in pg_policies; notes still exists.
	_, out := call(t, h, "GET", "/api/policies", nil)
	var got []string
	for _, tb := range out["tables"].([]any) {
		tm := tb.(map[string]any)
		if tm["name"] != "notes" {
			continue
		}
		for _, p := range tm["policies"].([]any) {
			pm := p.(map[string]any)
			got = append(got, pm["name"].(string)+" "+pm["command"].(string)+" "+pm["permissive"].(string)+" "+pm["roles"].(string))
		}
	}
	want := []string{"ins INSERT RESTRICTIVE public", `read "notes" SELECT PERMISSIVE anon, authenticated`}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("notes' policies: %q, want %q", got, want)
	}
	// Preview builds without running; drop removes.
	code, out := call(t, h, "POST", "/api/policies", map[string]any{"schema": "public", "table": "notes", "name": "later", "using": "true", "preview": true})
	if code != 200 || out["sql"] != "CREATE POLICY later ON public.notes\n  AS PERMISSIVE\n  FOR ALL\n  TO PUBLIC\n  USING (true);" {
		t.Errorf("preview: %d %v", code, out)
	}
	if code, out := call(t, h, "DELETE", "/api/policies", map[string]any{"schema": "public", "table": "notes", "name": "later"}); code != 400 || errOf(t, out)["code"] != "42704" {
		t.Errorf("dropping the previewed policy: %d %v (it must not exist)", code, out)
	}
	if code, out := call(t, h, "DELETE", "/api/policies", map[string]any{"schema": "public", "table": "notes", "name": "ins"}); code != 200 {
		t.Errorf("drop: %d %v", code, out)
	}
	code, out = call(t, h, "GET", "/api/roles", nil)
	if code != 200 || !contains(out["roles"], "anon") || contains(out["roles"], "pg_read_all_data") {
		t.Errorf("roles: %v", out)
	}
}

func contains(list any, s string) bool {
	l, _ := list.([]any)
	for _, v := range l {
		if v == s {
			return true
		}
	}
	return false
}

func TestAPICreateTable(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	// A name that needs quoting. (Lower case: the engine looks up a
	// mixed-case table's identity sequence case-folded, a bug of its own.)
	form := map[string]any{"schema": "public", "name": "tag list", "rls": true, "columns": []map[string]any{
		{"name": "id", "type": "bigint", "primary_key": true, "identity": true},
		{"name": "label", "type": "character varying(20)", "not_null": true, "default": "'new' -- the usual"},
		{"name": "mood", "type": "public.mood"},
		{"name": "tags", "type": "text[]"},
		{"name": "at", "type": "timestamp with time zone", "default": "now()"},
	}}
	code, out := call(t, h, "POST", "/api/tables", form)
	want := "CREATE TABLE public.\"tag list\" (\n  id bigint GENERATED BY DEFAULT AS IDENTITY,\n  label character varying(20) NOT NULL DEFAULT ('new' -- the usual\n),\n  mood public.mood,\n  tags text[],\n  at timestamp with time zone DEFAULT (now()),\n  PRIMARY KEY (id)\n);\nALTER TABLE public.\"tag list\" ENABLE ROW LEVEL SECURITY;"
	if code != 200 || out["sql"] != want {
		t.Fatalf("got %d %v\nwant %q", code, out, want)
	}
	_, tb := call(t, h, "GET", "/api/table?schema=public&name=tag%20list", nil)
	if tb["rls"] != true || len(tb["columns"].([]any)) != 5 || len(tb["primary_key"].([]any)) != 1 {
		t.Errorf("the new table: %v", tb)
	}
	code, out = call(t, h, "POST", "/api/rows", map[string]any{"schema": "public", "name": "tag list", "values": map[string]any{"mood": "sad"}})
	if code != 200 {
		t.Fatalf("insert into the new table: %v", out)
	}
	if row := out["rows"].([]any)[0].([]any); row[0] != "1" || row[1] != "new" {
		t.Errorf("defaults: %v", row)
	}
	for _, c := range []struct {
		name string
		cols []map[string]any
		code string
	}{
		{"exists", []map[string]any{{"name": "id", "type": "int"}}, "42P07"},
		{"unknown type", []map[string]any{{"name": "id", "type": "nosuchtype"}}, "42704"},
		{"type with a constraint", []map[string]any{{"name": "id", "type": "int primary key, x int"}}, "42601"},
		{"type with a comment", []map[string]any{{"name": "id", "type": "int --"}}, "42601"},
		{"no type", []map[string]any{{"name": "id", "type": ""}}, "42601"},
		{"default with a second clause", []map[string]any{{"name": "id", "type": "int", "default": "1) check (false"}}, "42601"},
		{"bad default", []map[string]any{{"name": "id", "type": "int", "default": "'x'"}}, "22P02"},
		{"duplicate column", []map[string]any{{"name": "a", "type": "int"}, {"name": "a", "type": "text"}}, "42701"},
	} {
		t.Run(c.name, func(t *testing.T) {
			name := "t_" + c.code
			if c.code == "42P07" {
				name = "todos"
			}
			code, out := call(t, h, "POST", "/api/tables", map[string]any{"schema": "public", "name": name, "columns": c.cols})
			if code != 400 || errOf(t, out)["code"] != c.code {
				t.Errorf("got %d %v, want %s", code, out, c.code)
			}
		})
	}
}

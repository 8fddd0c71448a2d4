package tinybase_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/logs"
)

// TestServiceStatementsLogged: the SQL that REST, Auth and Storage run on
// the database shows in the postgres ring beside wire clients' statements,
// with the role it ran as, its row count and the SQLSTATE of a failure.
func TestServiceStatementsLogged(t *testing.T) {
	dir := project(t, map[string]string{
		"migrations/20240101000000_notes.sql": "create table public.notes (id bigint primary key, body text);",
	})
	p, srv := startOnDataDir(t, dir, "")
	defer p.Close()
	defer srv.Shutdown(t.Context())

	if code, body := serviceCall(t, srv, "POST", "/rest/v1/notes", `{"id":1,"body":"a"}`); code != 201 {
		t.Fatalf("insert: %d %s", code, body)
	}
	if code, body := serviceCall(t, srv, "POST", "/rest/v1/notes", `{"id":1,"body":"b"}`); code != 409 {
		t.Fatalf("duplicate insert: %d %s", code, body)
	}
	if code, body := serviceCall(t, srv, "POST", "/auth/v1/signup", `{"email":"logs@example.com","password":"secret-password"}`); code != 200 {
		t.Fatalf("signup: %d %s", code, body)
	}
	if code, body := serviceCall(t, srv, "GET", "/storage/v1/bucket", ""); code != 200 {
		t.Fatalf("buckets: %d %s", code, body)
	}

	var restInsert, restDup, authInsert, storage bool
	for _, e := range srv.Logs.Since(0, logs.Postgres) {
		sql := strings.ToLower(e.SQL)
		switch e.Client {
		case logs.REST:
			if strings.Contains(sql, "insert into") && strings.Contains(sql, "notes") && e.Role == "service_role" {
				restInsert = restInsert || (e.SQLState == "" && e.Rows == 1)
				restDup = restDup || e.SQLState == "23505"
			}
		case logs.Auth:
			authInsert = authInsert || (strings.Contains(sql, "insert into auth.users") && e.Role == "supabase_auth_admin" && e.SQLState == "")
		case logs.Storage:
			storage = storage || strings.Contains(sql, "storage.buckets")
		}
	}
	if !restInsert || !restDup || !authInsert || !storage {
		t.Errorf("postgres log lacks REST's insert (%v), its 23505 (%v), Auth's insert (%v) or Storage's read (%v)", restInsert, restDup, authInsert, storage)
		for _, e := range srv.Logs.Since(0, logs.Postgres) {
			t.Log(e.String())
		}
	}
	if line := (logs.Entry{Service: logs.Postgres, Client: logs.Auth, Role: "r", SQL: "select 1", Rows: 1}).String(); !strings.Contains(line, "client=auth") {
		t.Errorf("String() = %q, want client=auth", line)
	}
}

package tinybase_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tinybase/tinybase"
)

// TestServeGraphQL: a project whose first migration is what `supabase db
// dump` writes for pg_graphql loads, and /graphql/v1 answers through
// graphql_public.graphql in the role of the request's key (RLS applies),
// introspection included.
func TestServeGraphQL(t *testing.T) {
	ctx := context.Background()
	cfg := tinybase.DefaultConfig("")
	cfg.APIPort, cfg.DBPort, cfg.InboxPort = 0, 0, 0
	dir := project(t, map[string]string{
		"migrations/20240101000000_remote_schema.sql": `create extension if not exists "pg_graphql" with schema "graphql";
create table public.todos (id bigint primary key, title text not null, done boolean not null default false);
alter table public.todos enable row level security;
create policy open_todos on public.todos for select to anon using (not done);`,
		"seed.sql": "insert into public.todos values (1, 'open', false), (2, 'done', true);",
	})
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	for _, c := range []struct{ key, body, want string }{
		{wellKnownAnon, `{"query": "{ todosCollection { edges { node { id title } } } }"}`,
			`{"data": {"todosCollection": {"edges": [{"node": {"id": "1", "title": "open"}}]}}}`},
		{wellKnownServiceRole, `{"query": "query Q($id: BigInt) { todosCollection(filter: {id: {eq: $id}}) { edges { node { title } } } }", "variables": {"id": "2"}, "operationName": "Q"}`,
			`{"data": {"todosCollection": {"edges": [{"node": {"title": "done"}}]}}}`},
		{wellKnownAnon, `{"query": "{ __type(name: \"todos\") { kind fields { name } } }"}`,
			`{"data": {"__type": {"kind": "OBJECT", "fields": [{"name": "nodeId"}, {"name": "id"}, {"name": "title"}, {"name": "done"}]}}}`},
		{wellKnownAnon, `{"query": "{ nope }"}`,
			`{"data": null, "errors": [{"message": "Unknown field \"nope\" on type Query"}]}`},
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.APIURL()+"/graphql/v1", strings.NewReader(c.body))
		req.Header.Set("apikey", c.key)
		req.Header.Set("Authorization", "Bearer "+c.key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(body) != c.want {
			t.Errorf("POST /graphql/v1 %s: %d %s\nwant %s", c.body, resp.StatusCode, body, c.want)
		}
	}
}

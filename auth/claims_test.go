package auth

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// TestClaimsReachAuthUID: the access token's claims, set as PostgREST sets
// them (request.jwt.claims, role from the claim), give auth.uid(),
// auth.role(), auth.email() and auth.jwt() the signed-in user, and
// auth.uid() is a valid default for a column referencing auth.users.
// (Row filtering by policies over auth.uid() is the engine's RLS, tested
// there and in the REST integration.)
func TestClaimsReachAuthUID(t *testing.T) {
	h := newHarness(t, nil)
	a := h.signup("one@example.com", "secret123", nil)
	b := h.signup("two@example.com", "secret123", nil)
	h.mustSQL(`create table public.todos (id serial primary key, owner uuid not null default auth.uid() references auth.users (id), title text)`)
	h.mustSQL(`grant select, insert on public.todos to authenticated`)
	h.mustSQL(`grant usage, select on sequence public.todos_id_seq to authenticated`)
	for _, s := range []map[string]any{a, b} {
		h.mustSQL(`insert into public.todos (owner, title) values ($1::uuid, 'x')`, s["user"].(map[string]any)["id"])
	}
	tok := a["access_token"].(string)
	payload, err := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[1])
	if err != nil {
		t.Fatal(err)
	}
	sess, err := h.s.eng.Connect(engine.SessionOptions{User: "authenticator"})
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	q := func(sql string, args ...any) []*string {
		t.Helper()
		rows, err := sess.Query(context.Background(), sql, args...)
		if err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		var last []*string
		for rows.Next() {
			last = append([]*string(nil), rows.Text()...)
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return last
	}
	q(`begin`)
	q(`select set_config('request.jwt.claims', $1, true)`, string(payload))
	q(`set local role authenticated`)
	q(`insert into public.todos (title) values ('mine')`)
	got := q(`select auth.uid()::text, auth.role(), auth.email(), auth.jwt() ->> 'session_id' is not null,
 (select count(*) from public.todos where title = 'mine' and owner = auth.uid())`)
	want := []string{a["user"].(map[string]any)["id"].(string), "authenticated", "one@example.com", "t", "1"}
	for i, w := range want {
		if got[i] == nil || *got[i] != w {
			t.Errorf("column %d = %v, want %s", i, str(got[i]), w)
		}
	}
	q(`rollback`)
}

package realtime_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"github.com/tinybase/tinybase/realtime"
)

// TestManyUsersRLS: 100 subscribers of one topic, each a different user,
// see only the rows the table's policies give them: their own (owner =
// auth.uid()), and a row a second policy shows to the users whose token
// carries team "red" (read with current_setting, so a claim of one user
// must not linger into the check of the next). The checks of one round
// cover all of them together.
func TestManyUsersRLS(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	f.exec(t, `create policy red on public.todos for select to authenticated
using (title = 'red' and current_setting('request.jwt.claim.team', true) = 'red')`)
	const users = 100
	user := func(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }
	clients := make([]*client, users)
	for i := range clients {
		c := f.dial(t, "2.0.0")
		claims := jwt.MapClaims{"role": "authenticated", "sub": user(i)}
		if i%2 == 0 {
			claims["team"] = "red"
		}
		c.join("realtime:room", pgConfig(map[string]any{"event": "*", "schema": "public", "table": "todos"}), token(t, claims))
		if s := c.next(); s.Payload["message"] != "Subscribed to PostgreSQL" {
			t.Fatalf("user %d: %+v", i, s)
		}
		clients[i] = c
	}
	// one transaction: every user's row in one commit
	var b strings.Builder
	b.WriteString("insert into todos (id, owner, title) values ")
	for i := 0; i < users; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "(%d, '%s', 'own')", i+1, user(i))
	}
	f.exec(t, b.String())
	// then a row for the red team and one commit per user
	f.exec(t, `insert into todos (id, owner, title) values (1000, null, 'red')`)
	for i := 0; i < users; i++ {
		f.exec(t, fmt.Sprintf(`insert into todos (id, owner, title) values (%d, '%s', 'own')`, 2000+i, user(i)))
	}
	for i, c := range clients {
		want := []float64{float64(i + 1), 2000 + float64(i)}
		if i%2 == 0 {
			want = []float64{float64(i + 1), 1000, 2000 + float64(i)}
		}
		for _, id := range want {
			rec := c.until("postgres_changes").Payload["data"].(map[string]any)["record"].(map[string]any)
			if rec["id"] != id {
				t.Fatalf("user %d received row %v, want %v (%+v)", i, rec["id"], id, rec)
			}
		}
	}
}

// TestRLSKeyTypes: the check looks a row up by its primary key in the
// key's own types (here text, timestamptz and numeric, composite), from
// the values as to_json rendered them.
func TestRLSKeyTypes(t *testing.T) {
	f := newFixture(t, realtime.Config{})
	f.exec(t, `create table public.events (room text, at timestamptz, seq numeric, note text, primary key (room, at, seq));
alter table public.events enable row level security;
create policy mine on public.events for select to authenticated using (note = auth.jwt() ->> 'sub');
grant select on public.events to authenticated;
alter publication supabase_realtime add table public.events`)
	c := f.dial(t, "2.0.0")
	c.join("realtime:ev", pgConfig(map[string]any{"event": "*", "schema": "public", "table": "events"}),
		token(t, jwt.MapClaims{"role": "authenticated", "sub": "me"}))
	c.until("system")
	f.exec(t, `insert into events values ('a "quoted" room', '2024-05-06 07:08:09.123+02', 1.50, 'other')`)
	f.exec(t, `insert into events values ('a "quoted" room', '2024-05-06 07:08:09.123+02', 1.50, 'me') on conflict do nothing`)
	f.exec(t, `insert into events values ('ünï', '2024-05-06 07:08:09.123+02', 2.50, 'me')`)
	rec := c.until("postgres_changes").Payload["data"].(map[string]any)["record"].(map[string]any)
	if rec["room"] != "ünï" || rec["note"] != "me" {
		t.Fatalf("record %+v", rec)
	}
	f.exec(t, `update events set note = 'me' where seq = 1.50`)
	rec = c.until("postgres_changes").Payload["data"].(map[string]any)["record"].(map[string]any)
	if rec["room"] != `a "quoted" room` || rec["note"] != "me" {
		t.Fatalf("record %+v", rec)
	}
	c.quiet()
}

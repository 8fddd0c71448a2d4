package session

import "testing"

// TestDurableDefaultSource: a default folded to a constant is stored as
// written, so after reopening it still prints as PostgreSQL's stored
// expression (not its value) and still inserts its value.
func TestDurableDefaultSource(t *testing.T) {
	s, reopen := durableSession(t)
	execAll(t, s, `
create table public.t (id int primary key, a text default lower('A.B'), b int default 1+2, c bigint default abs(-3));
`)
	const q = "select pg_get_expr(adbin, adrelid) from pg_attrdef where adrelid = 'public.t'::regclass order by adnum"
	want := "lower('A.B'::text)\n(1 + 2)\nabs('-3'::integer)\n"
	if got := queryAll(t, s, q); got != want {
		t.Fatalf("before reopening:\n%s", got)
	}
	s = reopen()
	if got := queryAll(t, s, q); got != want {
		t.Errorf("after reopening:\n%s", got)
	}
	execAll(t, s, `insert into public.t (id) values (1);`)
	if got := queryAll(t, s, "select a, b, c from public.t"); got != "a.b|3|3\n" {
		t.Errorf("row after reopening:\n%s", got)
	}
}

package auth

import (
	"context"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
)

// sqlExec runs statements as postgres on the harness's engine.
func (h *harness) sqlExec(q string, args ...any) ([][]*string, error) {
	s, err := h.s.eng.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	rows, err := s.Query(context.Background(), q, args...)
	if err != nil {
		return nil, err
	}
	var out [][]*string
	for rows.Next() {
		out = append(out, append([]*string(nil), rows.Text()...))
	}
	return out, rows.Err()
}

func (h *harness) mustSQL(q string, args ...any) [][]*string {
	h.t.Helper()
	rows, err := h.sqlExec(q, args...)
	if err != nil {
		h.t.Fatalf("%s: %v", q, err)
	}
	return rows
}

// TestUsersAreRows: users are auth.users rows that application tables
// reference, and deleting a user cascades through those foreign keys.
func TestUsersAreRows(t *testing.T) {
	h := newHarness(t, nil)
	h.mustSQL(`create table public.notes (id serial primary key, owner uuid not null references auth.users (id) on delete cascade, body text)`)
	s := h.signup("rows@example.com", "secret123", map[string]any{"full_name": "Row"})
	id := s["user"].(map[string]any)["id"].(string)
	got := h.mustSQL(`select email, raw_user_meta_data->>'full_name', role, aud, encrypted_password like '$2a$04$%', confirmed_at is not null from auth.users where id = $1::uuid`, id)
	if len(got) != 1 || *got[0][0] != "rows@example.com" || *got[0][1] != "Row" || *got[0][2] != "authenticated" || *got[0][3] != "authenticated" || *got[0][5] != "t" {
		t.Fatalf("auth.users row: %v", got)
	}
	if *got[0][4] != "t" { // bcrypt, at bcrypt.MinCost in tests
		t.Errorf("password hash unexpected")
	}
	if n := h.mustSQL(`select count(*) from auth.identities where user_id = $1::uuid and provider = 'email'`, id); *n[0][0] != "1" {
		t.Errorf("identities: %s", *n[0][0])
	}
	h.mustSQL(`insert into public.notes (owner, body) values ($1::uuid, 'hello')`, id)
	if _, err := h.sqlExec(`insert into public.notes (owner, body) values ('00000000-0000-0000-0000-0000000000ff', 'orphan')`); err == nil {
		t.Errorf("a note for a user that does not exist was accepted")
	}
	if r := h.do("DELETE", "/admin/users/"+id, nil, bearerH(serviceKey)...); r.Status != 200 {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	for _, q := range []string{`select count(*) from public.notes`, `select count(*) from auth.identities`, `select count(*) from auth.sessions`, `select count(*) from auth.refresh_tokens`} {
		if n := h.mustSQL(q); *n[0][0] != "0" {
			t.Errorf("%s = %s after deleting the user", q, *n[0][0])
		}
	}
}

// TestTriggerOnUsers: a handle_new_user trigger on auth.users runs inside
// the sign-up; when it fails, GoTrue's 500 "Database error saving new
// user" comes back and nothing is written.
func TestTriggerOnUsers(t *testing.T) {
	h := newHarness(t, nil)
	h.mustSQL(`create table public.profiles (id uuid primary key references auth.users (id) on delete cascade, full_name text not null)`)
	h.mustSQL(`create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  if new.raw_user_meta_data ->> 'full_name' is null then
    raise exception 'full_name is required';
  end if;
  insert into public.profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
  return new;
end;
$$`)
	_, err := h.sqlExec(`create trigger on_auth_user_created after insert on auth.users for each row execute procedure public.handle_new_user()`)
	if err != nil {
		t.Fatal(err)
	}
	s := h.signup("trig@example.com", "secret123", map[string]any{"full_name": "Trig"})
	id := s["user"].(map[string]any)["id"].(string)
	if got := h.mustSQL(`select full_name from public.profiles where id = $1::uuid`, id); len(got) != 1 || *got[0][0] != "Trig" {
		t.Errorf("profile: %v", got)
	}
	before := countRows(t, h)
	r := h.do("POST", "/signup", map[string]any{"email": "noname@example.com", "password": "secret123"})
	if r.Status != 500 || !strings.Contains(string(r.Body), "Database error saving new user") {
		t.Errorf("failing trigger: %d %s", r.Status, r.Body)
	}
	if after := countRows(t, h); after != before {
		t.Errorf("a failed sign-up wrote rows:\nbefore %s\nafter  %s", before, after)
	}
}

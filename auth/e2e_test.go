//go:build e2e

package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/npmtest"
)

// profilesDDL is the Supabase quick-start's profile table and the
// handle_new_user trigger that fills it from auth.users.
var profilesDDL = []string{
	`create table public.profiles (id uuid primary key references auth.users (id) on delete cascade, full_name text, created_at timestamptz not null default now())`,
	`create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
  return new;
end;
$$`,
	`create trigger on_auth_user_created after insert on auth.users for each row execute procedure public.handle_new_user()`,
}

// npmDir installs @supabase/supabase-js (and ws, which realtime-js needs
// on Node < 22) from npm into a directory outside
// the repository (reused across runs) and returns it.
func npmDir(t *testing.T) string { return npmtest.SupabaseJS(t) }

func exec1(t *testing.T, e *engine.Engine, q string, args ...any) [][]*string {
	t.Helper()
	s, err := e.Connect(engine.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rows, err := s.Query(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var out [][]*string
	for rows.Next() {
		out = append(out, append([]*string(nil), rows.Text()...))
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// TestSupabaseJS runs testdata/e2e/auth.mjs with the real supabase-js
// against the auth server mounted at /auth/v1 on 127.0.0.1:0: sign-up
// (profile made by a trigger), sign-in, wrong password, getUser,
// getClaims, refresh, updateUser, sign-out, anonymous sign-in, magic link
// through the inbox (code and link), admin CRUD, generateLink, invite.
func TestSupabaseJS(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("the e2e test needs node and npm (supabase-js is installed from npm by the test)")
	}
	dir := npmDir(t)
	eng := newTestEngine(t)
	for _, q := range profilesDDL {
		exec1(t, eng, q)
	}
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cfg := DefaultConfig()
	cfg.ExternalURL = srv.URL + "/auth/v1"
	cfg.EnableAnonymousSignIns = true
	cfg.Email.MaxFrequency = 0
	a, err := New(cfg, eng)
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/auth/v1/", http.StripPrefix("/auth/v1", a))

	stdout := runNodeScenario(t, dir, srv.URL, "auth.mjs")
	var out struct {
		UserID, AnonID, GraceID, InvitedID, MadeID string
	}
	if err := json.Unmarshal(stdout, &out); err != nil {
		t.Fatalf("scenario output: %v: %s", err, stdout)
	}
	// The trigger on auth.users made a profile for every user created,
	// and deleting a user through the admin API cascaded to its profile.
	rows := exec1(t, eng, `select p.full_name from public.profiles p where p.id = $1::uuid`, out.UserID)
	if len(rows) != 1 || rows[0][0] == nil || *rows[0][0] != "Ada Lovelace" {
		t.Errorf("profile of the signed-up user: %v", rows)
	}
	rows = exec1(t, eng, `select p.full_name from public.profiles p where p.id = $1::uuid`, out.GraceID)
	if len(rows) != 1 || rows[0][0] == nil || *rows[0][0] != "Grace Hopper" {
		t.Errorf("profile of the magic-link user: %v", rows)
	}
	for _, id := range []string{out.AnonID, out.InvitedID} {
		if rows := exec1(t, eng, `select count(*) from public.profiles where id = $1::uuid`, id); *rows[0][0] != "1" {
			t.Errorf("no profile for %s", id)
		}
	}
	if rows := exec1(t, eng, `select count(*) from public.profiles where id = $1::uuid`, out.MadeID); *rows[0][0] != "0" {
		t.Errorf("deleted user's profile survived (no cascade)")
	}
}

// runNodeScenario runs testdata/e2e/<name> with node from dir (where npmDir
// installed supabase-js: node resolves packages from the script's
// directory, so a copy runs there) against the server at url, and returns
// its trimmed standard output.
func runNodeScenario(t *testing.T, dir, url, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "e2e", name))
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, name)
	if err := os.WriteFile(run, src, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SUPABASE_URL="+url, "SUPABASE_ANON_KEY="+anonKey, "SUPABASE_SERVICE_ROLE_KEY="+serviceKey)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("supabase-js scenario %s failed: %v\n%s\n%s", name, err, stdout.String(), stderr.String())
	}
	return bytes.TrimSpace(stdout.Bytes())
}

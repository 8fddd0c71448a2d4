//go:build e2e

package realtime_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/internal/npmtest"
)

// npmDir installs @supabase/supabase-js and ws (realtime-js needs it on
// Node < 22) from npm into a directory outside the repository (reused
// across runs) and returns it.
func npmDir(t *testing.T) string { return npmtest.SupabaseJS(t) }

const e2eMigration = `
create table public.messages (id bigint primary key, room_id int not null, owner uuid not null, body text);
alter table public.messages enable row level security;
create policy "read own" on public.messages for select to authenticated using (owner = auth.uid());
create policy "edit own" on public.messages for update to authenticated using (owner = auth.uid());
grant select, insert, update, delete on public.messages to anon, authenticated, service_role;
alter table public.messages replica identity full;
alter publication supabase_realtime add table public.messages;

-- Realtime Authorization: members of a room may join its private
-- channel and send on it.
create table public.room_members (room text not null, user_id uuid not null);
grant select on public.room_members to authenticated;
create policy "members receive" on realtime.messages for select to authenticated
  using (exists (select 1 from public.room_members m where m.room = realtime.topic() and m.user_id = auth.uid()));
create policy "members send" on realtime.messages for insert to authenticated
  with check (exists (select 1 from public.room_members m where m.room = realtime.topic() and m.user_id = auth.uid()));
insert into public.room_members values ('private-room', '11111111-1111-4111-8111-111111111111');

-- Broadcast from the database, called over PostgREST.
create function public.announce(room text, body text, private boolean) returns void
  language sql security definer set search_path = ''
  as $$ select realtime.send(jsonb_build_object('body', body), 'announce', room, private) $$;
grant execute on function public.announce(text, text, boolean) to authenticated;
`

// TestSupabaseJS runs testdata/e2e/realtime.mjs with the real
// supabase-js against a served project: PostgREST writes, Realtime
// delivers.
func TestSupabaseJS(t *testing.T) {
	dir := npmDir(t)
	proj := t.TempDir()
	mig := filepath.Join(proj, "supabase", "migrations", "20240101000000_messages.sql")
	if err := os.MkdirAll(filepath.Dir(mig), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mig, []byte(e2eMigration), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cfg := tinybase.DefaultConfig(proj)
	cfg.APIPort, cfg.DBPort, cfg.InboxPort = 0, 0, 0
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: proj, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close() // after the server: it stops the engine's autoanalyze worker
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)

	const alice, bob = "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
	user := func(sub string, exp time.Duration) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"role": "authenticated", "sub": sub, "aud": "authenticated",
			"exp": time.Now().Add(exp).Unix()}).SignedString([]byte(cfg.JWTSecret))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	src, err := os.ReadFile("testdata/e2e/realtime.mjs")
	if err != nil {
		t.Fatal(err)
	}
	// Node resolves packages from the script's directory: run a copy there.
	run := filepath.Join(dir, "realtime.mjs")
	if err := os.WriteFile(run, src, 0o644); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(cctx, "node", run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SUPABASE_URL="+srv.APIURL(), "SUPABASE_ANON_KEY="+srv.Keys().Anon,
		"SUPABASE_SERVICE_ROLE_KEY="+srv.Keys().ServiceRole, "ALICE_ID="+alice, "BOB_ID="+bob,
		"ALICE_TOKEN="+user(alice, time.Hour), "BOB_TOKEN="+user(bob, time.Hour), "EXPIRED_TOKEN="+user(alice, -time.Minute))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("supabase-js scenario failed: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if got := stdout.String(); got != "ok\n" {
		t.Fatalf("supabase-js scenario: %q\n%s", got, stderr.String())
	}
}

//go:build e2e

package storageapi_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/tinybase/tinybase"
)

// storagePolicies is the test project's migration: each signed-in user
// owns the folder of the private bucket named by their id.
const storagePolicies = `
create policy "own folder read" on storage.objects for select to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "own folder insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "own folder update" on storage.objects for update to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "own folder delete" on storage.objects for delete to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
`

// npmDir installs @supabase/supabase-js (and ws) from npm into a
// directory outside the repository, reused across runs.
func npmDir(t *testing.T) string {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatal("the e2e test needs node and npm (supabase-js is installed from npm by the test)")
	}
	dir := filepath.Join(os.TempDir(), "tinybase-storage-e2e-npm")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ws")); err == nil {
		return dir
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"tinybase-storage-e2e","private":true,"type":"module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--no-package-lock", "@supabase/supabase-js@2", "ws@8")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install: %v\n%s", err, out)
	}
	return dir
}

// serve starts a project as `tinybase start --memory` would, with the
// policies as its migration.
func serve(t *testing.T) *tinybase.Server {
	t.Helper()
	dir := t.TempDir()
	mig := filepath.Join(dir, "supabase", "migrations", "20240101000000_storage.sql")
	if err := os.MkdirAll(filepath.Dir(mig), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mig, []byte(storagePolicies), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := tinybase.DefaultConfig(dir)
	cfg.APIPort, cfg.DBPort = 0, 0
	ctx := context.Background()
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Shutdown(ctx) })
	return srv
}

func userJWT(t *testing.T, sub string) string {
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"sub": sub, "role": "authenticated", "aud": "authenticated", "exp": time.Now().Add(time.Hour).Unix(),
	}).SignedString([]byte(tinybase.DefaultJWTSecret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSupabaseJS runs testdata/e2e/storage.mjs with the real storage-js
// (through @supabase/supabase-js@2) against tinybase's /storage/v1.
func TestSupabaseJS(t *testing.T) {
	dir := npmDir(t)
	srv := serve(t)
	src, err := os.ReadFile("testdata/e2e/storage.mjs")
	if err != nil {
		t.Fatal(err)
	}
	// Node resolves packages from the script's directory: run a copy there.
	run := filepath.Join(dir, "storage.mjs")
	if err := os.WriteFile(run, src, 0o644); err != nil {
		t.Fatal(err)
	}
	const aliceID, bobID = "0f3c5c1e-6a0b-4d47-9d0e-2f1b7e9c1a01", "7b2d9e44-1c3f-4b8a-a2e5-9f6c0d8b3e02"
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "URL="+srv.APIURL(), "ANON="+srv.Keys().Anon, "SERVICE="+srv.Keys().ServiceRole,
		"ALICE_ID="+aliceID, "ALICE="+userJWT(t, aliceID), "BOB_ID="+bobID, "BOB="+userJWT(t, bobID))
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("storage.mjs: %v", err)
	}
}

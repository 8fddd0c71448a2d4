//go:build e2e

package auth

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestSupabaseJSOAuth runs testdata/e2e/oauth.mjs with the real
// supabase-js: the OAuth 2.1 server's authorize, consent
// (supabase.auth.oauth.*), token exchange and grants.
func TestSupabaseJSOAuth(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("the e2e test needs node and npm (supabase-js is installed from npm by the test)")
	}
	dir := npmDir(t)
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cfg := DefaultConfig()
	cfg.ExternalURL = srv.URL + "/auth/v1"
	cfg.Email.MaxFrequency = 0
	cfg.OAuthServer = OAuthServerConfig{Enabled: true, AuthorizationURLPath: "/oauth/consent"}
	a, err := New(cfg, newTestEngine(t))
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/auth/v1/", http.StripPrefix("/auth/v1", a))
	src, err := os.ReadFile("testdata/e2e/oauth.mjs")
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "oauth.mjs")
	if err := os.WriteFile(run, src, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SUPABASE_URL="+srv.URL, "SUPABASE_ANON_KEY="+anonKey, "SUPABASE_SERVICE_ROLE_KEY="+serviceKey)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("supabase-js OAuth scenario failed: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if got := bytes.TrimSpace(stdout.Bytes()); string(got) != `{"ok":true}` {
		t.Fatalf("scenario output: %s", got)
	}
}

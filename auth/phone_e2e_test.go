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

// TestSupabaseJSPhone runs testdata/e2e/phone.mjs with the real
// supabase-js: phone sign-up and SMS confirmation, password sign-in,
// phone change, OTP sign-in with a test number, admin phone users.
func TestSupabaseJSPhone(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("the e2e test needs node and npm (supabase-js is installed from npm by the test)")
	}
	dir := npmDir(t)
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cfg := DefaultConfig()
	cfg.ExternalURL = srv.URL + "/auth/v1"
	cfg.SMS.EnableSignup = true
	cfg.SMS.EnableConfirmations = true
	cfg.SMS.Provider = "twilio"
	cfg.SMS.MaxFrequency = time.Second
	cfg.SMS.TestOTP = map[string]string{"15550121": "123456"}
	a, err := New(cfg, newTestEngine(t))
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/auth/v1/", http.StripPrefix("/auth/v1", a))
	src, err := os.ReadFile("testdata/e2e/phone.mjs")
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "phone.mjs")
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
		t.Fatalf("supabase-js phone scenario failed: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if got := string(bytes.TrimSpace(stdout.Bytes())); got != `{"ok":true}` {
		t.Fatalf("scenario output: %s", got)
	}
}

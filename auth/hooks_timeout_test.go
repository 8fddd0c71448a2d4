package auth

import (
	"testing"
	"time"
)

// TestPgHookTimeout: a Postgres hook that runs past GoTrue's 2 s is
// cancelled and the request fails instead of hanging.
func TestPgHookTimeout(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Hooks.BeforeUserCreated = pgHook("slow") })
	h.hookFn("slow", `begin perform pg_sleep(10); return '{}'::jsonb; end;`)
	start := time.Now()
	r := h.do("POST", "/signup", map[string]any{"email": "ada@example.com", "password": "password-1"})
	if took := time.Since(start); took > 8*time.Second {
		t.Fatalf("the hook ran %v", took)
	}
	if m := r.json(t); r.Status != 500 || m["msg"] != "Error running hook URI: pg-functions://postgres/public/slow" {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
}

package auth

import (
	"context"
	"sync"
	"testing"
	"time"
)

// TestConcurrentRefresh: concurrent refreshes of one token are serialized,
// so they all get the same rotated token and the session keeps exactly one
// active refresh token (no lost rotation).
func TestConcurrentRefresh(t *testing.T) {
	h := newHarness(t, nil)
	rt := h.signup("cc@example.com", "secret123", nil)["refresh_token"].(string)
	// Widen the window between reading the token and rotating it, so
	// unserialized requests would all read it unrevoked.
	h.s.afterRefreshRead = func() { time.Sleep(20 * time.Millisecond) }
	const n = 8
	got := make([]string, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r := h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": rt})
			if r.Status != 200 {
				t.Errorf("refresh %d: %d %s", i, r.Status, r.Body)
				return
			}
			got[i] = r.json(t)["refresh_token"].(string)
		}(i)
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if got[i] != got[0] {
			t.Errorf("refresh %d got %q, refresh 0 got %q", i, got[i], got[0])
		}
	}
	var active string
	_ = h.s.read(context.Background(), func(tx *txn) error {
		rows, err := tx.query("select count(*) from auth.refresh_tokens where revoked = false")
		if err == nil {
			active = *rows[0][0]
		}
		return err
	})
	if active != "1" {
		t.Errorf("%s active refresh tokens, want 1", active)
	}
}

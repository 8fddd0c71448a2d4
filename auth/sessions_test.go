package auth

import (
	"testing"
	"time"
)

// TestSessionLimits: [auth.sessions] timebox and inactivity_timeout end a
// session at refresh time with GoTrue's session_expired errors.
func TestSessionLimits(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.Sessions.Timebox = time.Hour
		c.Sessions.InactivityTimeout = 30 * time.Minute
	})
	refresh := func(tok string) response {
		return h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": tok})
	}
	rt := h.signup("ada@example.com", "password-1", nil)["refresh_token"].(string)
	// Refreshing every 20 minutes keeps the session alive until the timebox.
	for i := 0; i < 2; i++ {
		h.clock.advance(20 * time.Minute)
		r := refresh(rt)
		if r.Status != 200 {
			t.Fatalf("refresh %d: %d %s", i, r.Status, r.Body)
		}
		rt = r.json(t)["refresh_token"].(string)
	}
	h.clock.advance(21 * time.Minute) // 61 minutes after sign-in
	wantErr(t, refresh(rt), 400, "session_expired", "Invalid Refresh Token: Session Expired")

	rt = h.do("POST", "/token?grant_type=password", map[string]any{"email": "ada@example.com", "password": "password-1"}).json(t)["refresh_token"].(string)
	h.clock.advance(31 * time.Minute)
	wantErr(t, refresh(rt), 400, "session_expired", "Invalid Refresh Token: Session Expired (Inactivity)")

	if _, err := ParseConfig([]byte("[auth.sessions]\ntimebox = \"soon\"\n"), DefaultConfig()); err == nil {
		t.Fatal("a bad timebox was accepted")
	}
	c, err := ParseConfig([]byte("[auth.sessions]\ntimebox = \"24h\"\ninactivity_timeout = \"8h\"\n"), DefaultConfig())
	if err != nil || c.Sessions.Timebox != 24*time.Hour || c.Sessions.InactivityTimeout != 8*time.Hour {
		t.Fatalf("%+v %v", c.Sessions, err)
	}
}

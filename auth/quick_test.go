package auth

import "testing"

func TestQuick(t *testing.T) {
	h := newHarness(t, nil)
	s := h.signup("a@example.com", "secret123", map[string]any{"name": "A"})
	t.Logf("%v", s)
	r := h.do("POST", "/token?grant_type=password", map[string]any{"email": "a@example.com", "password": "secret123"})
	t.Logf("%d %s", r.Status, r.Body)
	tok := r.json(t)["access_token"].(string)
	r = h.do("GET", "/user", nil, bearerH(tok)...)
	t.Logf("%d %s", r.Status, r.Body)
	rt := s["refresh_token"].(string)
	r = h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": rt})
	t.Logf("%d %s", r.Status, r.Body)
}

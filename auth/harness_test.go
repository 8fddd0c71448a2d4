package auth

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Well-known local keys (README.md, Configuration), signed with DefaultJWTSecret.
const (
	anonKey    = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0"
	serviceKey = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU"
)

// testClock is a settable clock.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time          { return c.t }
func (c *testClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// harness is one auth server over a fresh engine, with a fixed clock and
// seeded randomness so responses are reproducible.
type harness struct {
	t     testing.TB
	s     *Server
	clock *testClock
}

func newHarness(t testing.TB, mutate func(*Config)) *harness {
	t.Helper()
	cfg := DefaultConfig()
	cfg.BcryptCost = 4 // bcrypt.MinCost: tests do not measure hashing
	cfg.Email.MaxFrequency = 0
	if mutate != nil {
		mutate(&cfg)
	}
	clock := &testClock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	s, err := New(cfg, newTestEngine(t), WithClock(clock.now), WithRandom(rand.New(rand.NewSource(1))))
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, s: s, clock: clock}
}

// response is one recorded HTTP exchange.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r response) json(t testing.TB) map[string]any {
	t.Helper()
	m := map[string]any{}
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("response is not a JSON object: %v: %s", err, r.Body)
	}
	return m
}

// do sends a request; body is JSON-encoded unless it is a string.
func (h *harness) do(method, path string, body any, headers ...string) response {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		if err != nil {
			h.t.Fatal(err)
		}
		rd = bytes.NewReader(enc)
	}
	req := httptest.NewRequest(method, path, rd)
	req.RemoteAddr = "127.0.0.1:5555"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("apikey", anonKey)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	if req.Header.Get("Authorization") == "" {
		req.Header.Set("Authorization", "Bearer "+anonKey)
	}
	w := httptest.NewRecorder()
	h.s.ServeHTTP(w, req)
	return response{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

func bearerH(tok string) []string { return []string{"Authorization", "Bearer " + tok} }

// signup signs a user up and returns the session.
func (h *harness) signup(email, password string, data map[string]any) map[string]any {
	h.t.Helper()
	r := h.do("POST", "/signup", map[string]any{"email": email, "password": password, "data": data})
	if r.Status != 200 {
		h.t.Fatalf("signup %s: %d %s", email, r.Status, r.Body)
	}
	return r.json(h.t)
}

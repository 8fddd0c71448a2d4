package storageapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

var engineOpts = engine.SessionOptions{}

const testSecret = "super-secret-jwt-token-with-at-least-32-characters-long"

// Users of the test project: two signed-in users and the keys.
const (
	alice = "11111111-1111-4111-8111-111111111111"
	bob   = "22222222-2222-4222-8222-222222222222"
)

// policies are a typical project's storage migration: a public bucket
// anyone reads, a private bucket where each user owns the folder named by
// their id (the pattern Supabase's docs give).
const policies = `
create policy "own folder read" on storage.objects for select to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder write" on storage.objects for insert to authenticated
  with check (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder update" on storage.objects for update to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder delete" on storage.objects for delete to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "public read" on storage.objects for select using (bucket_id = 'public');
create policy "buckets readable" on storage.buckets for select using (true);
`

type harness struct {
	t     testing.TB
	eng   *engine.Engine
	srv   *Server
	http  *httptest.Server
	blobs Blobs
	now   time.Time
}

func newHarness(t testing.TB, blobs Blobs, eng *engine.Engine) *harness {
	t.Helper()
	if eng == nil {
		eng = enginetest.Migrated(t, policies)
	}
	if blobs == nil {
		blobs = NewMemBlobs()
	}
	h := &harness{t: t, eng: eng, blobs: blobs, now: time.Now()}
	srv, err := New(context.Background(), Config{Engine: eng, JWTSecret: testSecret, Blobs: blobs, FileSizeLimit: 1 << 20,
		Now: func() time.Time { return h.now }, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	h.srv = srv
	h.http = httptest.NewServer(http.StripPrefix("/storage/v1", srv))
	t.Cleanup(h.http.Close)
	return h
}

// token mints a JWT as GoTrue would for role (and sub when set).
func token(t testing.TB, role, sub string, exp time.Time) string {
	t.Helper()
	c := jwt.MapClaims{"role": role, "exp": exp.Unix(), "iss": "supabase-demo"}
	if sub != "" {
		c["sub"] = sub
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(testSecret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (h *harness) anon() string    { return token(h.t, "anon", "", time.Now().Add(time.Hour)) }
func (h *harness) service() string { return token(h.t, "service_role", "", time.Now().Add(time.Hour)) }
func (h *harness) user(id string) string {
	return token(h.t, "authenticated", id, time.Now().Add(time.Hour))
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body %q: %v", r.body, err)
	}
	return m
}

// do sends a request; body is JSON-encoded unless it is []byte or a
// string; hdr are header pairs.
func (h *harness) do(method, path, tok string, body any, hdr ...string) resp {
	h.t.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
		ct = "application/json"
	}
	req, err := http.NewRequest(method, h.http.URL+"/storage/v1"+path, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

// wantOK fails unless r is a 2xx.
func wantOK(t testing.TB, r resp) {
	t.Helper()
	if r.status/100 != 2 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
}

// wantErr checks a storage error body: HTTP status, statusCode and
// error fields.
func wantErr(t testing.TB, r resp, httpStatus int, statusCode, errName string) {
	t.Helper()
	if r.status != httpStatus {
		t.Fatalf("HTTP status %d, want %d: %s", r.status, httpStatus, r.body)
	}
	m := r.json(t)
	if m["statusCode"] != statusCode || m["error"] != errName {
		t.Fatalf("body %s, want statusCode %s error %s", r.body, statusCode, errName)
	}
	if _, ok := m["message"].(string); !ok {
		t.Fatalf("body %s has no message", r.body)
	}
}

// bucket creates a bucket as service_role.
func (h *harness) bucket(body map[string]any) {
	h.t.Helper()
	wantOK(h.t, h.do("POST", "/bucket", h.service(), body))
}

package auth

import (
	"strings"
	"testing"
)

// FuzzRequests throws arbitrary bearer tokens and bodies at the endpoints
// that parse them: no input may panic or produce a 5xx, and none but a
// well-formed sign-in may issue a token.
func FuzzRequests(f *testing.F) {
	for _, s := range []string{
		"", "{}", "null", "[]", `{"email":"a@example.com","password":"secret123"}`, `{"refresh_token":"x"}`,
		anonKey, serviceKey, "eyJhbGciOiJub25lIn0.e30.", "a.b.c", `{"email":1}`, `{"data":{"x":[1,2,{"y":null}]}}`,
		`{"type":"email","token":"123456","email":"a@example.com"}`, `{"type":"signup","token_hash":"pkce_abc"}`,
	} {
		f.Add(s)
	}
	h := newHarness(f, nil)
	h.signup("a@example.com", "secret123", nil)
	f.Fuzz(func(t *testing.T, in string) {
		h.t = t
		for _, req := range []struct{ method, path string }{
			{"POST", "/token?grant_type=password"}, {"POST", "/token?grant_type=refresh_token"}, {"POST", "/token?grant_type=pkce"},
			{"POST", "/signup"}, {"POST", "/verify"}, {"POST", "/otp"}, {"POST", "/recover"}, {"POST", "/resend"},
		} {
			r := h.do(req.method, req.path, in)
			if r.Status >= 500 {
				t.Fatalf("%s %s %q: %d %s", req.method, req.path, in, r.Status, r.Body)
			}
		}
		for _, path := range []string{"/user", "/admin/users", "/inbox"} {
			r := h.do("GET", path, nil, bearerH(in)...)
			if r.Status >= 500 {
				t.Fatalf("GET %s with bearer %q: %d %s", path, in, r.Status, r.Body)
			}
			if path == "/user" && r.Status == 200 && !strings.HasPrefix(in, "eyJ") {
				t.Fatalf("GET /user accepted bearer %q", in)
			}
		}
	})
}

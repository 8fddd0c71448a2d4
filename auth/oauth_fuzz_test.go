package auth

import (
	"encoding/json"
	"net/url"
	"testing"
)

// FuzzOAuthServer throws arbitrary form bodies, Basic credentials and
// authorize queries at the OAuth server's endpoints: nothing may panic
// or produce a 5xx, and no token may be issued without a valid code.
func FuzzOAuthServer(f *testing.F) {
	for _, s := range []string{"", "grant_type=authorization_code&code=x", "grant_type=refresh_token&refresh_token=",
		"client_id=%zz", "a=b&a=c", "grant_type=password", "client_id=00000000-0000-0000-0000-000000000000&client_secret=x"} {
		f.Add(s, "dXNlcjpwYXNz")
	}
	h := newHarness(f, func(c *Config) { c.OAuthServer = OAuthServerConfig{Enabled: true, AuthorizationURLPath: "/consent"} })
	f.Fuzz(func(t *testing.T, body, basic string) {
		h.t = t
		v, _ := url.ParseQuery(body)
		r := h.form("/oauth/token", v, "", "")
		if r.Status >= 500 || r.Status == 200 {
			t.Fatalf("token %q: %d %s", body, r.Status, r.Body)
		}
		r = h.do("POST", "/oauth/token", body, "Content-Type", "application/x-www-form-urlencoded", "Authorization", "Basic "+basic)
		if r.Status >= 500 || r.Status == 200 {
			t.Fatalf("token %q basic %q: %d %s", body, basic, r.Status, r.Body)
		}
		if r := h.do("GET", "/oauth/authorize?"+v.Encode(), nil); r.Status >= 500 {
			t.Fatalf("authorize %q: %d %s", body, r.Status, r.Body)
		}
	})
}

// FuzzHookClaims decodes arbitrary custom access token hook answers: the
// decoder and the claims check never panic, and accepted claims always
// hold every required claim.
func FuzzHookClaims(f *testing.F) {
	for _, s := range []string{`{}`, `{"claims":null}`, `{"claims":{}}`, `{"claims":[]}`, `{"error":{"message":"x"}}`,
		`{"claims":{"aud":"a","exp":1,"iat":1,"sub":"s","email":"","phone":"","role":"r","aal":"aal1","session_id":"x","is_anonymous":false,"amr":[1]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = checkHookError(b)
		var out customAccessTokenOutput
		if json.Unmarshal(b, &out) != nil {
			return
		}
		if len(tokenClaimsProblems(out.Claims)) == 0 {
			for _, k := range requiredClaims {
				if _, ok := out.Claims[k]; !ok {
					t.Fatalf("claims without %s accepted: %s", k, b)
				}
			}
		}
	})
}

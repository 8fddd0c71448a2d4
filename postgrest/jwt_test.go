package postgrest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

func TestAsymmetricJWT(t *testing.T) {
	rk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	ek, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	srv := engineServer(t, mustRead("testdata/exchanges/fixture.sql")+"\ncreate function me() returns text language sql stable as $$ select current_user $$;")
	srv.cfg.JWTPublicKeys = []any{&rk.PublicKey}
	srv.cfg.JWTKeyIDs = map[string]any{"ec1": &ek.PublicKey}
	exp := time.Now().Add(time.Hour).Unix()
	signWith := func(m jwt.SigningMethod, key any, kid string) string {
		tok := jwt.NewWithClaims(m, jwt.MapClaims{"role": "authenticated", "exp": exp})
		if kid != "" {
			tok.Header["kid"] = kid
		}
		s, err := tok.SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	tests := []struct {
		name, token string
		status      int
		body        string
	}{
		{"RS256", signWith(jwt.SigningMethodRS256, rk, ""), 200, `"authenticated"`},
		{"ES256 by kid", signWith(jwt.SigningMethodES256, ek, "ec1"), 200, `"authenticated"`},
		{"ES256 wrong key", signWith(jwt.SigningMethodES256, other, "ec1"), 401, "PGRST301"},
		{"ES256 unknown key", signWith(jwt.SigningMethodES256, other, ""), 401, "PGRST301"},
		{"HS256 still works", sign(t, jwt.MapClaims{"role": "authenticated", "exp": exp}, testSecret), 200, `"authenticated"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(t, srv, "GET", "/rpc/me", "", "Authorization", "Bearer "+tc.token)
			if w.Code != tc.status || !strings.Contains(w.Body.String(), tc.body) {
				t.Fatalf("%d %s, want %d %s", w.Code, w.Body, tc.status, tc.body)
			}
			if tc.status == http.StatusUnauthorized && w.Header().Get("WWW-Authenticate") == "" {
				t.Fatal("no WWW-Authenticate")
			}
		})
	}
}

// TestJWTCache: a verified token is remembered, and stops being accepted
// when it expires (PGRST303, as an uncached token), with the leeway
// verification allows; a token that failed is never remembered.
func TestJWTCache(t *testing.T) {
	srv := engineServer(t, mustRead("testdata/exchanges/fixture.sql")+"\ncreate function me() returns text language sql stable as $$ select current_user $$;")
	clock := time.Now()
	srv.now = func() time.Time { return clock }
	tok := sign(t, jwt.MapClaims{"role": "authenticated", "exp": clock.Add(time.Minute).Unix()}, testSecret)
	bad := sign(t, jwt.MapClaims{"role": "authenticated", "exp": clock.Add(time.Minute).Unix()}, "another-secret-another-secret-another-secret")
	steps := []struct {
		name    string
		advance time.Duration
		token   string
		status  int
		body    string
	}{
		{"verified", 0, tok, 200, `"authenticated"`},
		{"cached", time.Second, tok, 200, `"authenticated"`},
		{"wrong key", 0, bad, 401, "PGRST301"},
		{"wrong key again", 0, bad, 401, "PGRST301"},
		{"within leeway", time.Minute + 20*time.Second, tok, 200, `"authenticated"`},
		{"expired", 15 * time.Second, tok, 401, "PGRST303"},
		{"still expired", time.Second, tok, 401, "PGRST303"},
	}
	for _, st := range steps {
		clock = clock.Add(st.advance)
		w := do(t, srv, "GET", "/rpc/me", "", "Authorization", "Bearer "+st.token)
		if w.Code != st.status || !strings.Contains(w.Body.String(), st.body) {
			t.Fatalf("%s: %d %s, want %d %s", st.name, w.Code, w.Body, st.status, st.body)
		}
	}
}

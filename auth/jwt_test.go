package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// userClaims builds claims like the server's for a given user/session.
func userClaims(sub, sid, aud string, iat time.Time, ttl time.Duration) jwt.MapClaims {
	return jwt.MapClaims{
		"iss": "http://127.0.0.1:54321/auth/v1", "sub": sub, "aud": aud,
		"exp": iat.Add(ttl).Unix(), "iat": iat.Unix(), "email": "t@example.com", "phone": "",
		"app_metadata": map[string]any{}, "user_metadata": map[string]any{}, "role": "authenticated",
		"aal": "aal1", "session_id": sid, "is_anonymous": false,
	}
}

func hs256(t *testing.T, claims jwt.Claims, secret string) string {
	t.Helper()
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBadTokens: forged, expired, wrong-audience, alg none and
// wrong-algorithm tokens get GoTrue's errors on /user, and a valid token
// built the same way passes (so the cases can fail).
func TestBadTokens(t *testing.T) {
	h := newHarness(t, nil)
	sess := h.signup("t@example.com", "secret123", nil)
	u := sess["user"].(map[string]any)
	sub := u["id"].(string)
	claims, _, _ := jwt.NewParser().ParseUnverified(sess["access_token"].(string), jwt.MapClaims{})
	sid := claims.Claims.(jwt.MapClaims)["session_id"].(string)
	now := h.clock.now()

	none := func(c jwt.MapClaims) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodNone, c).SignedString(jwt.UnsafeAllowNoneSignatureType)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := jwt.NewWithClaims(jwt.SigningMethodRS256, userClaims(sub, sid, "authenticated", now, time.Hour)).SignedString(rsaKey)
	if err != nil {
		t.Fatal(err)
	}
	valid := hs256(t, userClaims(sub, sid, "authenticated", now, time.Hour), DefaultJWTSecret)
	tampered := strings.Split(valid, ".")
	payload, _ := json.Marshal(userClaims(sub, sid, "authenticated", now, 100*time.Hour))
	tampered[1] = base64.RawURLEncoding.EncodeToString(payload)

	cases := []struct {
		name   string
		token  string
		status int
		code   string
		msg    string
	}{
		{"valid", valid, 200, "", ""},
		{"other secret", hs256(t, userClaims(sub, sid, "authenticated", now, time.Hour), "another-secret-of-at-least-32-characters"), 403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid"},
		{"tampered payload", strings.Join(tampered, "."), 403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid"},
		{"expired", hs256(t, userClaims(sub, sid, "authenticated", now.Add(-2*time.Hour), time.Hour), DefaultJWTSecret), 403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired"},
		{"alg none", none(userClaims(sub, sid, "authenticated", now, time.Hour)), 403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token signature is invalid: signing method none is invalid"},
		{"rs256 without configured key", rs, 403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token signature is invalid: signing method RS256 is invalid"},
		{"wrong audience", hs256(t, userClaims(sub, sid, "other", now, time.Hour), DefaultJWTSecret), 400, "validation_failed", "Token audience doesn't match request audience"},
		{"unknown user", hs256(t, userClaims("9b2d5d8c-6a52-4d6e-9d26-3b1f0f7e4a11", sid, "authenticated", now, time.Hour), DefaultJWTSecret), 403, "user_not_found", "User from sub claim in JWT does not exist"},
		{"no sub", hs256(t, jwt.MapClaims{"role": "authenticated", "exp": now.Add(time.Hour).Unix()}, DefaultJWTSecret), 403, "bad_jwt", "invalid claim: missing sub claim"},
		{"anon key", anonKey, 403, "bad_jwt", "invalid claim: missing sub claim"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := h.do("GET", "/user", nil, bearerH(c.token)...)
			if r.Status != c.status {
				t.Fatalf("status %d, want %d: %s", r.Status, c.status, r.Body)
			}
			if c.status == 200 {
				return
			}
			m := r.json(t)
			if m["error_code"] != c.code || m["msg"] != c.msg {
				t.Errorf("got %v / %q, want %v / %q", m["error_code"], m["msg"], c.code, c.msg)
			}
		})
	}
}

// countRows counts the auth tables' rows, to show failed requests write
// nothing.
func countRows(t *testing.T, h *harness) string {
	t.Helper()
	var out []string
	err := h.s.read(context.Background(), func(tx *txn) error {
		for _, tbl := range []string{"users", "identities", "sessions", "refresh_tokens", "mfa_amr_claims", "flow_state"} {
			rows, err := tx.query("select count(*) from auth." + tbl)
			if err != nil {
				return err
			}
			out = append(out, fmt.Sprintf("%s=%s", tbl, *rows[0][0]))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, " ")
}

// TestBadInputWritesNothing: every refused request leaves the auth tables
// as they were and issues no token.
func TestBadInputWritesNothing(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.RefreshTokenReuseInterval = 0 })
	first := h.signup("w@example.com", "secret123", nil)
	rt1 := first["refresh_token"].(string)
	h.clock.advance(time.Second)
	r := h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": rt1})
	rt2 := r.json(t)["refresh_token"].(string)
	h.clock.advance(time.Second)
	if r := h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": rt2}); r.Status != 200 {
		t.Fatalf("refresh: %d %s", r.Status, r.Body)
	}
	h.clock.advance(time.Second)
	before := countRows(t, h)
	bad := []struct {
		method, path string
		body         any
		status       int
	}{
		{"POST", "/signup", `{"email":`, 400},
		{"POST", "/signup", map[string]any{"email": "x@example.com", "password": "12"}, 422},
		{"POST", "/signup", map[string]any{"email": "x@@example", "password": "secret123"}, 400},
		{"POST", "/signup", map[string]any{"email": "w@example.com", "password": "secret123"}, 422},
		{"POST", "/token?grant_type=password", map[string]any{"email": "w@example.com", "password": "nope-nope"}, 400},
		{"POST", "/token?grant_type=password", `[]`, 400},
		{"POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": "zzzzzzzzzzzz"}, 400},
		{"POST", "/admin/users", map[string]any{"email": "y@example.com"}, 403},
		{"POST", "/verify", map[string]any{"type": "signup", "token_hash": "abc"}, 403},
	}
	for _, b := range bad {
		r := h.do(b.method, b.path, b.body)
		if r.Status != b.status {
			t.Errorf("%s %s %v: status %d, want %d: %s", b.method, b.path, b.body, r.Status, b.status, r.Body)
		}
		if strings.Contains(string(r.Body), "access_token") {
			t.Errorf("%s %s: a token was issued: %s", b.method, b.path, r.Body)
		}
	}
	if after := countRows(t, h); after != before {
		t.Errorf("failed requests wrote rows:\nbefore %s\nafter  %s", before, after)
	}
	// Replaying rt1 (a grandparent of the active token) is reuse: it is
	// refused, and its commit revokes the family, so rt3 fails too.
	r = h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": rt1})
	if r.Status != 400 || r.json(t)["error_code"] != "refresh_token_already_used" {
		t.Fatalf("replay: %d %s", r.Status, r.Body)
	}
	var revoked string
	_ = h.s.read(context.Background(), func(tx *txn) error {
		rows, err := tx.query("select count(*) from auth.refresh_tokens where revoked = false")
		if err == nil {
			revoked = *rows[0][0]
		}
		return err
	})
	if revoked != "0" {
		t.Errorf("%s refresh tokens still active after reuse", revoked)
	}
}

func b64int(n *big.Int) string { return base64.RawURLEncoding.EncodeToString(n.Bytes()) }

// TestAsymmetricKeys: with an ES256 or RS256 signing key, access tokens
// carry its kid, verify, and the public key is at /.well-known/jwks.json;
// HS256 tokens (the anon / service_role keys) still verify.
func TestAsymmetricKeys(t *testing.T) {
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	rk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pad := func(b *big.Int) string {
		buf := make([]byte, 32)
		return base64.RawURLEncoding.EncodeToString(b.FillBytes(buf))
	}
	ecJWK := fmt.Sprintf(`[{"kty":"EC","kid":"ec-1","crv":"P-256","x":%q,"y":%q,"d":%q}]`, pad(ec.X), pad(ec.Y), pad(ec.D))
	rsaJWK := fmt.Sprintf(`{"kty":"RSA","kid":"rsa-1","n":%q,"e":%q,"d":%q,"p":%q,"q":%q}`,
		b64int(rk.N), b64int(big.NewInt(int64(rk.E))), b64int(rk.D), b64int(rk.Primes[0]), b64int(rk.Primes[1]))
	for _, c := range []struct{ name, jwk, alg, kid string }{{"ES256", ecJWK, "ES256", "ec-1"}, {"RS256", rsaJWK, "RS256", "rsa-1"}} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, func(cfg *Config) { cfg.SigningKeysJSON = []byte(c.jwk) })
			sess := h.signup("k@example.com", "secret123", nil)
			tok, _, err := jwt.NewParser().ParseUnverified(sess["access_token"].(string), jwt.MapClaims{})
			if err != nil {
				t.Fatal(err)
			}
			if tok.Header["alg"] != c.alg || tok.Header["kid"] != c.kid {
				t.Errorf("header %v, want alg %s kid %s", tok.Header, c.alg, c.kid)
			}
			if r := h.do("GET", "/user", nil, bearerH(sess["access_token"].(string))...); r.Status != 200 {
				t.Errorf("GET /user with %s token: %d %s", c.alg, r.Status, r.Body)
			}
			if r := h.do("GET", "/admin/users", nil, bearerH(serviceKey)...); r.Status != 200 {
				t.Errorf("service_role HS256 key refused: %d %s", r.Status, r.Body)
			}
			r := h.do("GET", "/.well-known/jwks.json", nil)
			var set struct {
				Keys []map[string]any `json:"keys"`
			}
			if err := json.Unmarshal(r.Body, &set); err != nil || len(set.Keys) != 1 {
				t.Fatalf("jwks: %v %s", err, r.Body)
			}
			k := set.Keys[0]
			if k["kid"] != c.kid || k["alg"] != c.alg || k["d"] != nil {
				t.Errorf("jwks key %v", k)
			}
		})
	}
}

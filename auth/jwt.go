package auth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// amrEntry is one authentication method reference in the amr claim.
type amrEntry struct {
	Method    string `json:"method"`
	Timestamp int64  `json:"timestamp"`
	Provider  string `json:"provider,omitempty"`
}

// accessClaims are GoTrue's AccessTokenClaims, in its JSON order. aud is
// a single string (GoTrue sets jwt.MarshalSingleStringAsArray = false).
type accessClaims struct {
	Issuer       string         `json:"iss,omitempty"`
	Subject      string         `json:"sub,omitempty"`
	Audience     audience       `json:"aud,omitempty"`
	ExpiresAt    int64          `json:"exp,omitempty"`
	IssuedAt     int64          `json:"iat,omitempty"`
	Email        string         `json:"email"`
	Phone        string         `json:"phone"`
	AppMetaData  map[string]any `json:"app_metadata"`
	UserMetaData map[string]any `json:"user_metadata"`
	Role         string         `json:"role"`
	AAL          string         `json:"aal,omitempty"`
	AMR          []amrEntry     `json:"amr,omitempty"`
	SessionID    string         `json:"session_id,omitempty"`
	IsAnonymous  bool           `json:"is_anonymous"`
	ClientID     string         `json:"client_id,omitempty"` // the OAuth client of the session
}

// audience reads aud as a string or an array of strings and writes the
// first one as a string.
type audience []string

func (a audience) MarshalJSON() ([]byte, error) {
	if len(a) == 1 {
		return json.Marshal(a[0])
	}
	return json.Marshal([]string(a))
}

func (a *audience) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*a = audience{s}
		return nil
	}
	var l []string
	if err := json.Unmarshal(b, &l); err != nil {
		return errors.New("aud must be a string or an array of strings")
	}
	*a = l
	return nil
}

func numericDate(v int64) (*jwt.NumericDate, error) {
	if v == 0 {
		return nil, nil
	}
	return jwt.NewNumericDate(time.Unix(v, 0)), nil
}

func (c *accessClaims) GetExpirationTime() (*jwt.NumericDate, error) { return numericDate(c.ExpiresAt) }
func (c *accessClaims) GetIssuedAt() (*jwt.NumericDate, error)       { return numericDate(c.IssuedAt) }
func (c *accessClaims) GetNotBefore() (*jwt.NumericDate, error)      { return nil, nil }
func (c *accessClaims) GetIssuer() (string, error)                   { return c.Issuer, nil }
func (c *accessClaims) GetSubject() (string, error)                  { return c.Subject, nil }
func (c *accessClaims) GetAudience() (jwt.ClaimStrings, error) {
	return jwt.ClaimStrings(c.Audience), nil
}

var _ jwt.Claims = (*accessClaims)(nil)

// signer signs and verifies JWTs: HS256 with the project secret, or
// ES256 / RS256 with the first configured JWK (verifying with any of them,
// and with the secret for HS256 tokens such as the anon and service_role
// keys).
type signer struct {
	secret []byte
	keys   []signingKey // empty: HS256
}

type signingKey struct {
	kid     string
	method  jwt.SigningMethod
	private crypto.Signer
	public  crypto.PublicKey
	jwk     map[string]any // public JWK for jwks.json
}

func newSigner(c Config) (*signer, error) {
	s := &signer{secret: []byte(c.JWTSecret)}
	raw := c.SigningKeysJSON
	if len(raw) == 0 && c.SigningKeysPath != "" {
		b, err := os.ReadFile(filepath.Clean(c.SigningKeysPath))
		if err != nil {
			return nil, fmt.Errorf("auth: signing keys: %w", err)
		}
		raw = b
	}
	if len(raw) == 0 {
		return s, nil
	}
	var list []map[string]any
	if err := json.Unmarshal(raw, &list); err != nil {
		var one map[string]any
		if err2 := json.Unmarshal(raw, &one); err2 != nil {
			return nil, fmt.Errorf("auth: signing keys: %w", err)
		}
		if ks, ok := one["keys"].([]any); ok {
			for _, k := range ks {
				if m, ok := k.(map[string]any); ok {
					list = append(list, m)
				}
			}
		} else {
			list = []map[string]any{one}
		}
	}
	for i, j := range list {
		k, err := parseJWK(j)
		if err != nil {
			return nil, fmt.Errorf("auth: signing key %d: %w", i, err)
		}
		s.keys = append(s.keys, k)
	}
	return s, nil
}

func b64(m map[string]any, name string) (*big.Int, error) {
	v, _ := m[name].(string)
	if v == "" {
		return nil, fmt.Errorf("JWK lacks %q", name)
	}
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(v, "="))
	if err != nil {
		return nil, fmt.Errorf("JWK %q: %w", name, err)
	}
	return new(big.Int).SetBytes(b), nil
}

// parseJWK reads an EC P-256 or RSA private JWK.
func parseJWK(m map[string]any) (signingKey, error) {
	kid, _ := m["kid"].(string)
	kty, _ := m["kty"].(string)
	pub := map[string]any{"kty": kty, "kid": kid, "use": "sig", "key_ops": []string{"verify"}}
	switch kty {
	case "EC":
		if crv, _ := m["crv"].(string); crv != "P-256" {
			return signingKey{}, fmt.Errorf("unsupported EC curve %q (want P-256)", crv)
		}
		x, err := b64(m, "x")
		if err != nil {
			return signingKey{}, err
		}
		y, err := b64(m, "y")
		if err != nil {
			return signingKey{}, err
		}
		d, err := b64(m, "d")
		if err != nil {
			return signingKey{}, err
		}
		priv := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: y}, D: d}
		pub["crv"], pub["x"], pub["y"], pub["alg"] = "P-256", m["x"], m["y"], "ES256"
		return signingKey{kid: kid, method: jwt.SigningMethodES256, private: priv, public: &priv.PublicKey, jwk: pub}, nil
	case "RSA":
		n, err := b64(m, "n")
		if err != nil {
			return signingKey{}, err
		}
		e, err := b64(m, "e")
		if err != nil {
			return signingKey{}, err
		}
		d, err := b64(m, "d")
		if err != nil {
			return signingKey{}, err
		}
		p, err := b64(m, "p")
		if err != nil {
			return signingKey{}, err
		}
		q, err := b64(m, "q")
		if err != nil {
			return signingKey{}, err
		}
		priv := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: n, E: int(e.Int64())}, D: d, Primes: []*big.Int{p, q}}
		if err := priv.Validate(); err != nil {
			return signingKey{}, err
		}
		priv.Precompute()
		pub["n"], pub["e"], pub["alg"] = m["n"], m["e"], "RS256"
		return signingKey{kid: kid, method: jwt.SigningMethodRS256, private: priv, public: &priv.PublicKey, jwk: pub}, nil
	}
	return signingKey{}, fmt.Errorf("unsupported key type %q (want EC or RSA)", kty)
}

// sign signs claims with the configured key.
func (s *signer) sign(claims jwt.Claims) (string, error) {
	if len(s.keys) == 0 {
		return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.secret)
	}
	k := s.keys[0]
	t := jwt.NewWithClaims(k.method, claims)
	if k.kid != "" {
		t.Header["kid"] = k.kid
	}
	return t.SignedString(k.private)
}

// validMethods are the algorithms verify accepts; "none" is never among
// them.
func (s *signer) validMethods() []string {
	m := []string{"HS256"}
	for _, k := range s.keys {
		m = append(m, k.method.Alg())
	}
	return m
}

// verify parses and checks a token's signature and exp/nbf/iat into
// claims. The HMAC comparison inside golang-jwt is constant-time
// (hmac.Equal).
func (s *signer) verify(token string, claims jwt.Claims, now func() time.Time) error {
	p := jwt.NewParser(jwt.WithValidMethods(s.validMethods()), jwt.WithTimeFunc(now))
	_, err := p.ParseWithClaims(token, claims, func(t *jwt.Token) (any, error) {
		if t.Method.Alg() == "HS256" {
			return s.secret, nil
		}
		kid, _ := t.Header["kid"].(string)
		for _, k := range s.keys {
			if k.method.Alg() == t.Method.Alg() && (kid == "" || k.kid == kid) {
				return k.public, nil
			}
		}
		return nil, fmt.Errorf("no key with kid %q", kid)
	})
	return err
}

// jwks is the public key set for /.well-known/jwks.json.
func (s *signer) jwks() []map[string]any {
	out := []map[string]any{}
	for _, k := range s.keys {
		out = append(out, k.jwk)
	}
	return out
}

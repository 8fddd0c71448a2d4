package postgrest

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// authInfo is who the request runs as.
type authInfo struct {
	role          string
	claims        string // JSON with role inserted
	authenticated bool
}

// authenticate applies the Supabase gateway's key rules (Bearer wins, else
// the apikey header's JWT, else anon) and PostgREST's JWT checks.
func (s *Server) authenticate(r *http.Request) (*authInfo, error) {
	token, present := "", false
	if h := r.Header.Get("Authorization"); h != "" {
		if len(h) >= 7 && strings.EqualFold(h[:7], "bearer ") {
			token, present = strings.TrimSpace(h[7:]), true
		} else if strings.EqualFold(strings.TrimSpace(h), "bearer") {
			present = true
		}
	}
	if !present {
		if k := r.Header.Get("apikey"); strings.Count(k, ".") == 2 {
			token, present = k, true
		}
	}
	live := s.live()
	if !present {
		if live.AnonRole == "" {
			return nil, jwtErr("PGRST302", "Anonymous access is disabled")
		}
		return &authInfo{role: live.AnonRole, claims: `{"role":` + jsonString(live.AnonRole) + `}`}, nil
	}
	if token == "" {
		return nil, jwtErr("PGRST301", "Empty JWT is sent in Authorization header")
	}
	if n := strings.Count(token, ".") + 1; n != 3 {
		return nil, jwtErr("PGRST301", fmt.Sprintf("Invalid number of parts: Expected 3 parts; got %d", n))
	}
	now := s.now()
	if a, ok := s.jwts.get(token, now); ok {
		return a, nil
	}
	claims := jwt.MapClaims{}
	methods := []string{"HS256", "HS384", "HS512"}
	if len(s.cfg.JWTPublicKeys) > 0 || len(s.cfg.JWTKeyIDs) > 0 {
		methods = append(methods, "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA")
	}
	p := jwt.NewParser(jwt.WithValidMethods(methods), jwt.WithLeeway(jwtLeeway), jwt.WithJSONNumber(), jwt.WithTimeFunc(func() time.Time { return now }))
	_, err := p.ParseWithClaims(token, claims, func(t *jwt.Token) (any, error) { return s.verifyKey(t, live.JWTSecret) })
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return nil, jwtErr("PGRST303", "JWT expired")
	case errors.Is(err, jwt.ErrTokenNotValidYet), errors.Is(err, jwt.ErrTokenUsedBeforeIssued):
		return nil, jwtErr("PGRST303", "JWT not yet valid")
	case errors.Is(err, jwt.ErrTokenSignatureInvalid):
		return nil, jwtErr("PGRST301", "No suitable key or wrong key type")
	case errors.Is(err, jwt.ErrTokenUnverifiable):
		return nil, jwtErr("PGRST301", "Wrong or unsupported encoding algorithm")
	case err != nil:
		return nil, jwtErr("PGRST301", "JWSError (CompactDecodeError "+strings.TrimPrefix(err.Error(), "token is malformed: ")+")")
	}
	if live.JWTAud != "" && !inAudience(claims, live.JWTAud) { // jwt_claims.go
		return nil, jwtErr("PGRST303", "JWT not in audience")
	}
	role := live.AnonRole
	if rv, ok := roleClaim(claims, live.RoleClaim); ok && rv != "" {
		role = rv
	}
	if role == "" {
		return nil, jwtErr("PGRST302", "Anonymous access is disabled")
	}
	if _, ok := claims["role"]; !ok {
		claims["role"] = role
	}
	b, _ := json.Marshal(claims)
	// PostgREST counts a request as authenticated (42501 → 403, not 401)
	// when its role is not the anon role, so the anon key as a Bearer is
	// still anonymous.
	a := &authInfo{role: role, claims: string(b), authenticated: role != live.AnonRole}
	var until time.Time
	if exp, err := claims.GetExpirationTime(); err == nil && exp != nil {
		until = exp.Add(jwtLeeway)
	}
	s.jwts.put(token, a, until)
	return a, nil
}

// jwtLeeway is the clock skew allowed on exp / nbf.
const jwtLeeway = 30 * time.Second

func jwtErr(code, msg string) *apiError {
	e := newErr(401, code, msg, nil, nil)
	e.Header = http.Header{"Www-Authenticate": {fmt.Sprintf(`Bearer error="invalid_token", error_description=%q`, msg)}}
	return e
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// verifyKey picks the key for a token's algorithm: the HS secret, or the
// configured public key of the matching kind (by kid when present).
func (s *Server) verifyKey(t *jwt.Token, secret []byte) (any, error) {
	switch t.Method.(type) {
	case *jwt.SigningMethodHMAC:
		return secret, nil
	}
	if kid, ok := t.Header["kid"].(string); ok {
		if k, ok := s.cfg.JWTKeyIDs[kid]; ok {
			return k, nil
		}
	}
	for _, k := range s.cfg.JWTPublicKeys {
		switch t.Method.(type) {
		case *jwt.SigningMethodRSA, *jwt.SigningMethodRSAPSS:
			if _, ok := k.(*rsa.PublicKey); ok {
				return k, nil
			}
		case *jwt.SigningMethodECDSA:
			if _, ok := k.(*ecdsa.PublicKey); ok {
				return k, nil
			}
		case *jwt.SigningMethodEd25519:
			if _, ok := k.(ed25519.PublicKey); ok {
				return k, nil
			}
		}
	}
	return nil, jwt.ErrTokenUnverifiable
}

package storageapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// callerOf reads who a request runs as, as the Supabase gateway and the
// storage server's jwt plugin do: a Bearer in Authorization wins, else the
// apikey header's JWT (the local gateway makes it the Authorization). A
// missing or invalid token is refused (403 in the body, HTTP 400) with
// the verifier's reason: "Invalid Compact JWS" for none.
func (s *Server) callerOf(r *http.Request) (*caller, error) {
	token := ""
	if h := r.Header.Get("Authorization"); len(h) >= 7 && strings.EqualFold(h[:7], "bearer ") {
		token = strings.TrimSpace(h[7:])
	} else if k := r.Header.Get("apikey"); k != "" {
		token = k
	}
	claims, err := s.verify(token)
	if err != nil {
		return nil, errAccessDenied(err.Error())
	}
	role, _ := claims["role"].(string)
	if role == "" {
		role = "anon"
		claims["role"] = role
	}
	sub, _ := claims["sub"].(string)
	b, _ := json.Marshal(claims)
	return &caller{role: role, claims: string(b), sub: sub}, nil
}

// verify checks an HS256 token against the project's secret and returns
// its claims; the error messages are those of jose, which the storage
// server verifies with.
func (s *Server) verify(token string) (jwt.MapClaims, error) {
	claims := jwt.MapClaims{}
	p := jwt.NewParser(jwt.WithValidMethods([]string{"HS256", "HS384", "HS512"}), jwt.WithTimeFunc(s.cfg.Now))
	_, err := p.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return []byte(s.cfg.JWTSecret), nil })
	switch {
	case err == nil:
		return claims, nil
	case errors.Is(err, jwt.ErrTokenExpired):
		return nil, errors.New(`"exp" claim timestamp check failed`)
	case errors.Is(err, jwt.ErrTokenNotValidYet), errors.Is(err, jwt.ErrTokenUsedBeforeIssued):
		return nil, errors.New(`"nbf" claim timestamp check failed`)
	case errors.Is(err, jwt.ErrTokenSignatureInvalid):
		return nil, errors.New("signature verification failed")
	case errors.Is(err, jwt.ErrTokenUnverifiable):
		return nil, errors.New(`"alg" (Algorithm) Header Parameter value not allowed`)
	}
	return nil, errors.New("Invalid Compact JWS")
}

// sign makes a signed-URL token: HS256 with the JWT secret, iat and exp,
// as the storage server's signJWT.
func (s *Server) sign(claims jwt.MapClaims, expiresIn int64) (string, error) {
	now := s.cfg.Now()
	claims["iat"] = now.Unix()
	claims["exp"] = now.Add(time.Duration(expiresIn) * time.Second).Unix()
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(s.cfg.JWTSecret))
}

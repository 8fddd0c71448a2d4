package realtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// jwtError is a token Realtime rejects, with its code and message as
// Realtime's ChannelsAuthorization reports them.
type jwtError struct {
	code, msg string
}

func (e *jwtError) Error() string { return e.code + ": " + e.msg }

// connectMessage is the message of a refused websocket upgrade.
func (e *jwtError) connectMessage() string {
	if e.code == "InvalidJWTToken" && len(e.msg) > 16 && e.msg[:16] == "Token has expire" {
		return "Token has expired"
	}
	return e.msg
}

// claims is a verified token's claims, with the JSON they came as.
type claims struct {
	role string
	exp  time.Time
	json string
}

// verify checks an HS256 token signed with the server's secret and its
// role and exp claims.
func (s *Server) verify(token string) (*claims, *jwtError) {
	p := jwt.NewParser(jwt.WithValidMethods([]string{"HS256", "HS384", "HS512"}), jwt.WithoutClaimsValidation())
	var mc jwt.MapClaims
	_, err := p.ParseWithClaims(token, &mc, func(*jwt.Token) (any, error) { return []byte(s.cfg.JWTSecret), nil })
	switch {
	case errors.Is(err, jwt.ErrTokenMalformed):
		return nil, &jwtError{"MalformedJWT", "The token provided is not a valid JWT"}
	case err != nil:
		return nil, &jwtError{"JwtSignatureError", "Failed to validate JWT signature"}
	}
	role, _ := mc["role"].(string)
	expf, ok := mc["exp"].(float64)
	if role == "" || !ok {
		return nil, &jwtError{"InvalidJWTToken", "Fields `role` and `exp` are required in JWT"}
	}
	exp := time.Unix(int64(expf), 0)
	if now := time.Now(); !exp.After(now) {
		return nil, &jwtError{"InvalidJWTToken", fmt.Sprintf("Token has expired %d seconds ago", now.Unix()-int64(expf))}
	}
	b, _ := json.Marshal(map[string]any(mc))
	return &claims{role: role, exp: exp, json: string(b)}, nil
}

package tinybase

import (
	"encoding/base64"
	"encoding/json"

	"github.com/golang-jwt/jwt/v5"
)

// keyExpiry is the exp of the Supabase CLI's demo keys (2032-11-11).
const keyExpiry = 1983812996

// APIKey mints the Supabase CLI's API key for role ("anon" or
// "service_role"): an HS256 JWT {"iss":"supabase-demo","role":role,
// "exp":1983812996}. With the default secret it is byte-for-byte the key
// `supabase status` prints, so existing .env files keep working.
func APIKey(secret, role string) (string, error) {
	// Claims are marshalled from a struct so their order is the CLI's
	// (iss, role, exp); a map would sort them and change the token.
	claims := struct {
		Iss  string `json:"iss"`
		Role string `json:"role"`
		Exp  int64  `json:"exp"`
	}{"supabase-demo", role, keyExpiry}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	head := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))
	signing := head + "." + base64.RawURLEncoding.EncodeToString(payload)
	sig, err := jwt.SigningMethodHS256.Sign(signing, []byte(secret))
	if err != nil {
		return "", err
	}
	return signing + "." + base64.RawURLEncoding.EncodeToString(sig), nil
}

// Keys are a project's anon and service_role keys.
type Keys struct {
	Anon        string `json:"anon_key"`
	ServiceRole string `json:"service_role_key"`
}

// MintKeys mints both keys for secret.
func MintKeys(secret string) (Keys, error) {
	anon, err := APIKey(secret, "anon")
	if err != nil {
		return Keys{}, err
	}
	sr, err := APIKey(secret, "service_role")
	if err != nil {
		return Keys{}, err
	}
	return Keys{Anon: anon, ServiceRole: sr}, nil
}

package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/golang-jwt/jwt/v5"
)

// customAccessTokenInput is GoTrue's CustomAccessTokenInput.
type customAccessTokenInput struct {
	Metadata             *hookMetadata `json:"metadata"`
	UserID               string        `json:"user_id"`
	Claims               *accessClaims `json:"claims"`
	AuthenticationMethod string        `json:"authentication_method"`
}

// customAccessTokenOutput is the hook's answer: {"claims": {...}}.
type customAccessTokenOutput struct {
	Claims map[string]any
}

// UnmarshalJSON refuses an answer without "claims" as GoTrue does.
func (o *customAccessTokenOutput) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	raw, ok := m["claims"]
	if !ok {
		return internalError(nil, "output claims field is missing")
	}
	return json.Unmarshal(raw, &o.Claims)
}

// customAccessToken runs the custom access token hook over the claims
// GoTrue would sign and returns the hook's claims, checked against
// GoTrue's minimum token schema.
func (s *Server) customAccessToken(t *txn, u *user, c *accessClaims, method string) (jwt.MapClaims, error) {
	in := customAccessTokenInput{Metadata: s.hookMetadata(t, hookCustomAccessToken), UserID: u.ID, Claims: c, AuthenticationMethod: method}
	var out customAccessTokenOutput
	if err := s.runHook(t, s.cfg.Hooks.CustomAccessToken, &in, &out); err != nil {
		return nil, err
	}
	if problems := tokenClaimsProblems(out.Claims); len(problems) > 0 {
		var b strings.Builder
		for _, p := range problems {
			fmt.Fprintf(&b, "- %s\n", p)
		}
		return nil, internalError(errors.New("hook claims rejected"), "output claims do not conform to the expected schema: \n%s", b.String())
	}
	return jwt.MapClaims(out.Claims), nil
}

// claimRule is one property of GoTrue's MinimumViableTokenSchema: the
// JSON types it may have.
type claimRule struct {
	name  string
	types []string
}

// tokenClaimRules and requiredClaims are GoTrue's MinimumViableTokenSchema.
var (
	tokenClaimRules = []claimRule{
		{"aud", []string{"string", "array"}}, {"exp", []string{"integer"}}, {"jti", []string{"string"}},
		{"iat", []string{"integer"}}, {"iss", []string{"string"}}, {"nbf", []string{"integer"}},
		{"sub", []string{"string"}}, {"email", []string{"string"}}, {"phone", []string{"string"}},
		{"app_metadata", []string{"object"}}, {"user_metadata", []string{"object"}}, {"role", []string{"string"}},
		{"aal", []string{"string"}}, {"amr", []string{"array"}}, {"session_id", []string{"string"}},
		{"client_id", []string{"string"}},
	}
	requiredClaims = []string{"aud", "exp", "iat", "sub", "email", "phone", "role", "aal", "session_id", "is_anonymous"}
)

// jsonType names v's JSON Schema type.
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if x == math.Trunc(x) && !math.IsInf(x, 0) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

// tokenClaimsProblems validates claims against the schema and describes
// each violation as the JSON Schema validator GoTrue uses words it.
func tokenClaimsProblems(claims map[string]any) []string {
	if claims == nil {
		return []string{"(root): Invalid type. Expected: object, given: null"}
	}
	var out []string
	for _, name := range requiredClaims {
		if _, ok := claims[name]; !ok {
			out = append(out, fmt.Sprintf("(root): %s is required", name))
		}
	}
	for _, r := range tokenClaimRules {
		v, ok := claims[r.name]
		if !ok {
			continue
		}
		t := jsonType(v)
		match := false
		for _, want := range r.types {
			if t == want || (want == "number" && t == "integer") {
				match = true
			}
		}
		if !match {
			out = append(out, fmt.Sprintf("%s: Invalid type. Expected: %s, given: %s", r.name, strings.Join(r.types, "/"), t))
			continue
		}
		if r.name == "amr" {
			for i, item := range v.([]any) {
				if it := jsonType(item); it != "string" && it != "object" {
					out = append(out, fmt.Sprintf("amr.%d: Must validate at least one schema (anyOf)", i))
				}
			}
		}
	}
	return out
}

package postgrest

import (
	"errors"
	"strconv"
	"strings"
)

// claimStep is one step of jwt-role-claim-key, PostgREST's JSPath to the
// role in the JWT claims: a key (.role, ."https://example.com/role") or an
// array index ([0]).
type claimStep struct {
	key   string
	index int // used when key is ""
	isIdx bool
}

var errClaimKey = errors.New("postgrest: invalid jwt-role-claim-key")

// parseRoleClaimKey parses a jwt-role-claim-key such as .role,
// .app_metadata.role, ."https://www.example.com/role" or .roles[0]
// (PostgREST docs: jwt-role-claim-key). Filter expressions ([?(@ == …)])
// are not supported and make the setting invalid.
func parseRoleClaimKey(s string) ([]claimStep, error) {
	if s == "" {
		return nil, errClaimKey
	}
	var out []claimStep
	for s != "" {
		switch {
		case strings.HasPrefix(s, `."`):
			end := strings.IndexByte(s[2:], '"')
			if end < 0 {
				return nil, errClaimKey
			}
			out = append(out, claimStep{key: s[2 : 2+end]})
			s = s[3+end:]
		case s[0] == '.':
			n := 1
			for n < len(s) && s[n] != '.' && s[n] != '[' {
				n++
			}
			if n == 1 {
				return nil, errClaimKey
			}
			out = append(out, claimStep{key: s[1:n]})
			s = s[n:]
		case s[0] == '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, errClaimKey
			}
			i, err := strconv.Atoi(s[1:end])
			if err != nil || i < 0 {
				return nil, errClaimKey
			}
			out = append(out, claimStep{index: i, isIdx: true})
			s = s[end+1:]
		default:
			return nil, errClaimKey
		}
	}
	return out, nil
}

// roleClaim reads the role from the claims along path (.role when nil);
// ok is false when the path leads to no string.
func roleClaim(claims map[string]any, path []claimStep) (string, bool) {
	if path == nil {
		r, ok := claims["role"].(string)
		return r, ok
	}
	var cur any = claims
	for _, st := range path {
		switch c := cur.(type) {
		case map[string]any:
			if st.isIdx {
				return "", false
			}
			cur = c[st.key]
		case []any:
			if !st.isIdx || st.index >= len(c) {
				return "", false
			}
			cur = c[st.index]
		default:
			return "", false
		}
	}
	r, ok := cur.(string)
	return r, ok
}

// inAudience says whether the aud claim (a string or an array of strings)
// names aud; a token without aud is accepted, as PostgREST accepts it.
func inAudience(claims map[string]any, aud string) bool {
	v, present := claims["aud"]
	if !present || v == nil {
		return true
	}
	switch a := v.(type) {
	case string:
		return a == aud
	case []any:
		for _, x := range a {
			if s, ok := x.(string); ok && s == aud {
				return true
			}
		}
	}
	return false
}

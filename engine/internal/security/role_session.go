package security

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Role switching (PostgreSQL docs: SET ROLE, SET SESSION AUTHORIZATION,
// 22.2 Role Attributes). The session keeps the "role" and
// "session_authorization" settings; the functions below decide what they
// mean and whether a change is allowed.

// CurrentUserName is current_user: the role SET ROLE chose (role, as the
// "role" setting holds it), else the session user (PostgreSQL's
// GetUserId).
func CurrentUserName(role, sessionUser string) string {
	if role != "" && role != "none" {
		return role
	}
	return sessionUser
}

// SessionUserName is session_user: SET SESSION AUTHORIZATION's role
// (authorization), else the role the session connected as (user). Only a
// superuser session can have changed it, so any other session's answer is
// its own user.
func SessionUserName(cat *catalog.Catalog, user, authorization string) string {
	if authorization == "" || authorization == user {
		return user
	}
	if r, ok := cat.Role(user); ok && r.Super {
		if _, ok := cat.Role(authorization); ok {
			return authorization
		}
	}
	return user
}

// CheckSetRole validates SET ROLE the way PostgreSQL's check hook does
// (22023 for a missing role, 42501 when the session user is not a
// member) and returns the value to store.
func CheckSetRole(cat *catalog.Catalog, sessionUser, value string) (string, error) {
	if value == "none" || value == "" {
		return "none", nil
	}
	if _, ok := cat.Role(value); !ok {
		return "", pgerror.New(pgerror.InvalidParameterValue, "role %q does not exist", value)
	}
	if r, ok := cat.Role(sessionUser); (ok && r.Super) || cat.IsMemberOf(sessionUser, value) {
		return value, nil
	}
	return "", pgerror.New(pgerror.InsufficientPrivilege, "permission denied to set role %q", value)
}

// CheckSessionAuthorization validates SET SESSION AUTHORIZATION for a
// session connected as user and returns the value to store.
func CheckSessionAuthorization(cat *catalog.Catalog, user, value string) (string, error) {
	if value == "default" || value == "" {
		return user, nil
	}
	if _, ok := cat.Role(value); !ok {
		return "", pgerror.New(pgerror.InvalidParameterValue, "role %q does not exist", value)
	}
	if r, ok := cat.Role(user); !(ok && r.Super) && value != user {
		return "", pgerror.New(pgerror.InsufficientPrivilege, "permission denied to set session authorization")
	}
	return value, nil
}

// ClaimSettings are the settings PostgREST sets for a request's JWT
// claims (JSON), in order: request.jwt.claims, then request.jwt.claim.<key>
// for each top-level claim by key (what auth.uid()'s first branch reads).
func ClaimSettings(claims string) ([][2]string, error) {
	var m map[string]any
	if err := json.Unmarshal([]byte(claims), &m); err != nil {
		return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json").WithDetail("%v", err)
	}
	out := [][2]string{{"request.jwt.claims", claims}}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var v string
		switch x := m[k].(type) {
		case string:
			v = x
		default:
			b, _ := json.Marshal(x)
			v = string(b)
		}
		out = append(out, [2]string{"request.jwt.claim." + k, v})
	}
	return out, nil
}

// LoginSettings are the pg_db_role_setting values PostgreSQL applies at
// login for user, in order: ALTER ROLE ALL ... SET, then ALTER DATABASE
// ... SET, then ALTER ROLE ... SET, then ALTER ROLE ... IN DATABASE ...
// SET, each overriding the ones before (PostgreSQL's source priorities).
func LoginSettings(cat *catalog.Catalog, user string) [][2]string {
	all, db := cat.AllRoleSettings(), cat.DatabaseSettings()
	var role, roleDB []string
	if r, ok := cat.Role(user); ok {
		role, roleDB = r.Settings, r.DBSettings
	}
	var out [][2]string
	for _, kvs := range [][]string{all, db, role, roleDB} {
		for _, kv := range kvs {
			k, v, _ := strings.Cut(kv, "=")
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

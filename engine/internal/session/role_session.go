package session

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// currentUserName is current_user: the role SET ROLE chose, else the
// session user (PostgreSQL's GetUserId).
func (s *Session) currentUserName() string {
	if r, ok := s.Setting("role"); ok && r != "" && r != "none" {
		return r
	}
	return s.SessionUser()
}

// sessionUserName is session_user: SET SESSION AUTHORIZATION's role, else
// the role the session connected as. Only a superuser session can have
// changed it, so any other session's answer is its own user.
func (s *Session) sessionUserName() string {
	v, _ := s.Setting("session_authorization")
	if v == "" || v == s.user {
		return s.user
	}
	cat := s.catalog()
	if r, ok := cat.Role(s.user); ok && r.Super {
		if _, ok := cat.Role(v); ok {
			return v
		}
	}
	return s.user
}

// checkRoleSetting validates SET ROLE and SET SESSION AUTHORIZATION the
// way PostgreSQL's check hooks do (22023 for a missing role, 42501 when
// the session user is not a member).
func (s *Session) checkRoleSetting(name, value string) (string, error) {
	cat := s.catalog()
	switch name {
	case "role":
		if value == "none" || value == "" {
			return "none", nil
		}
		if _, ok := cat.Role(value); !ok {
			return "", pgerror.New(pgerror.InvalidParameterValue, "role %q does not exist", value)
		}
		su := s.SessionUser()
		if r, ok := cat.Role(su); (ok && r.Super) || cat.IsMemberOf(su, value) {
			return value, nil
		}
		return "", pgerror.New(pgerror.InsufficientPrivilege, "permission denied to set role %q", value)
	case "session_authorization":
		// SET / RESET SESSION AUTHORIZATION also ends SET ROLE
		delete(s.local, "role")
		s.settings["role"] = "none"
		if value == "default" || value == "" {
			return s.user, nil
		}
		if _, ok := cat.Role(value); !ok {
			return "", pgerror.New(pgerror.InvalidParameterValue, "role %q does not exist", value)
		}
		if r, ok := cat.Role(s.user); !(ok && r.Super) && value != s.user {
			return "", pgerror.New(pgerror.InsufficientPrivilege, "permission denied to set session authorization")
		}
		return value, nil
	}
	return value, nil
}

// applyRequest starts a session as PostgREST runs a request: the role,
// request.jwt.claims, and request.jwt.claim.<key> for each top-level
// claim (what auth.uid()'s first branch reads).
func (s *Session) applyRequest(role, claims string) error {
	s.settings["session_authorization"] = s.user
	s.applyLoginSettings()
	if claims != "" {
		var m map[string]any
		if err := json.Unmarshal([]byte(claims), &m); err != nil {
			return pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json").WithDetail("%v", err)
		}
		if err := s.setSetting("request.jwt.claims", claims, false); err != nil {
			return err
		}
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
			if err := s.setSetting("request.jwt.claim."+k, v, false); err != nil {
				return err
			}
		}
	}
	if role != "" {
		v, err := s.checkRoleSetting("role", role)
		if err != nil {
			return err
		}
		return s.setSetting("role", v, false)
	}
	return nil
}

// applyLoginSettings applies the connecting role's pg_db_role_setting
// values as PostgreSQL does at login: ALTER ROLE ALL ... SET, then ALTER
// DATABASE ... SET, then ALTER ROLE ... SET, then ALTER ROLE ... IN
// DATABASE ... SET, each overriding the ones before (PostgreSQL's source
// priorities). A value that no longer applies is skipped.
func (s *Session) applyLoginSettings() {
	cat := s.catalog()
	all, db := cat.AllRoleSettings(), cat.DatabaseSettings()
	var role, roleDB []string
	if r, ok := cat.Role(s.user); ok {
		role, roleDB = r.Settings, r.DBSettings
	}
	for _, kvs := range [][]string{all, db, role, roleDB} {
		for _, kv := range kvs {
			k, v, _ := strings.Cut(kv, "=")
			_ = s.setSetting(k, v, false)
		}
	}
}

// Impersonate switches an open session to role with JWT claims (JSON), as
// SessionOptions.Role / Claims do at connect time. Inside a transaction
// block the change is transactional, like SET.
func (s *Session) Impersonate(role, claims string) error {
	if err := s.applyRequest(role, claims); err != nil {
		return fmt.Errorf("engine: impersonate %q: %w", role, err)
	}
	return nil
}

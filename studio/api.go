package studio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/postgrest"
)

// apiError is every failure's JSON: {"error": {...}}, with the SQLSTATE
// and PostgreSQL's fields when the database refused.
type apiError struct {
	Error errBody `json:"error"`
}

type errBody struct {
	Code     string `json:"code,omitempty"` // SQLSTATE
	Message  string `json:"message"`
	Detail   string `json:"detail,omitempty"`
	Hint     string `json:"hint,omitempty"`
	Position int    `json:"position,omitempty"` // 1-based, in characters of the submitted SQL
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
}

// badInput is a request the API cannot run (HTTP 400, no SQLSTATE
// unless given).
type badInput struct{ code, msg string }

func (e *badInput) Error() string { return e.msg }

func bad(format string, args ...any) error { return &badInput{msg: fmt.Sprintf(format, args...)} }

// fail writes err as JSON: database errors keep their SQLSTATE.
func fail(w http.ResponseWriter, err error) {
	var pe *engine.Error
	var bi *badInput
	switch {
	case errors.As(err, &pe):
		writeJSON(w, http.StatusBadRequest, apiError{errBody{Code: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint, Position: pe.Position}})
	case errors.As(err, &bi):
		writeJSON(w, http.StatusBadRequest, apiError{errBody{Code: bi.code, Message: bi.msg}})
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		writeJSON(w, http.StatusServiceUnavailable, apiError{errBody{Code: "57014", Message: "canceling statement due to statement timeout"}})
	default:
		writeJSON(w, http.StatusInternalServerError, apiError{errBody{Code: "XX000", Message: err.Error()}})
	}
}

// decode reads a JSON request body into v (at most 4 MiB).
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 4<<20))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return bad("the request body is not valid JSON: %v", err)
	}
	return nil
}

// viewAs is who a table request runs as: "" (postgres, as the table
// editor's owner), service_role, anon or authenticated with a user.
type viewAs struct {
	Role string `json:"role"`
	User string `json:"user"` // auth.users id, for authenticated
}

// tx runs fn in one transaction as v, the way PostgREST runs a request:
// role and request.jwt.claims set locally, so RLS sees that user.
func (s *Server) tx(ctx context.Context, v viewAs, readOnly bool, fn func(q postgrest.Querier) error) error {
	return s.x.Tx(ctx, readOnly, func(q postgrest.Querier) (bool, error) {
		if err := s.impersonate(ctx, q, v); err != nil {
			return false, err
		}
		if err := fn(q); err != nil {
			return false, err
		}
		return true, nil
	})
}

func (s *Server) impersonate(ctx context.Context, q postgrest.Querier, v viewAs) error {
	switch v.Role {
	case "", "postgres":
		return nil
	case "service_role", "anon", "authenticated":
	default:
		return bad("view as %q: the role must be service_role, anon or authenticated", v.Role)
	}
	claims := map[string]any{"role": v.Role, "iss": "supabase-demo"}
	if v.Role == "authenticated" {
		if v.User == "" {
			return bad("view as authenticated needs a user")
		}
		res, err := q.Query(ctx, `select id::text, coalesce(email, ''), coalesce(phone, ''), coalesce(raw_app_meta_data::text, '{}'), coalesce(raw_user_meta_data::text, '{}') from auth.users where id::text = $1`, v.User)
		if err != nil {
			return err
		}
		if len(res.Rows) == 0 {
			return bad("view as: there is no auth.users row with id %q", v.User)
		}
		r := res.Rows[0]
		claims["sub"], claims["email"], claims["phone"], claims["aud"] = *r[0], *r[1], *r[2], "authenticated"
		var app, user any
		_ = json.Unmarshal([]byte(*r[3]), &app)
		_ = json.Unmarshal([]byte(*r[4]), &user)
		claims["app_metadata"], claims["user_metadata"] = app, user
	}
	raw, _ := json.Marshal(claims)
	_, err := q.Query(ctx, `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, v.Role, string(raw))
	return err
}

// textRows is a result's rows for JSON: never null, NULL values null.
func textRows(res *postgrest.Result) [][]*string {
	if res.Rows == nil {
		return [][]*string{}
	}
	return res.Rows
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// qualified is schema.name, each quoted as an identifier.
func qualified(schema, name string) string {
	return engine.QuoteIdent(schema) + "." + engine.QuoteIdent(name)
}

func queryParam(r *http.Request, name string) string {
	return strings.TrimSpace(r.URL.Query().Get(name))
}

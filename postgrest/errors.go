package postgrest

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// apiError is PostgREST's error body {code, message, details, hint} with
// its HTTP status.
type apiError struct {
	Status  int
	Code    string
	Message string
	Details any // nil, string or (PGRST201) a list of candidates
	Hint    *string
	Header  http.Header
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func sp(s string) *string { return &s }

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func newErr(status int, code, msg string, details any, hint *string) *apiError {
	return &apiError{Status: status, Code: code, Message: msg, Details: details, Hint: hint}
}

// errParse is PGRST100: a query-string grammar error.
func errParse(message, details string) error {
	var d any
	if details != "" {
		d = details
	}
	return newErr(400, "PGRST100", message, d, nil)
}

func (e *apiError) body() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(struct {
		Code    string  `json:"code"`
		Details any     `json:"details"`
		Hint    *string `json:"hint"`
		Message string  `json:"message"`
	}{e.Code, e.Details, e.Hint, e.Message})
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// toAPIError maps any error to PostgREST's shape. authenticated says a JWT
// role was used (42501 → 403 rather than 401).
func toAPIError(err error, authenticated bool) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	pe, ok := pgerror.As(err)
	if !ok {
		return newErr(500, "PGRSTX00", err.Error(), nil, nil)
	}
	var details any
	if pe.Detail != "" {
		details = pe.Detail
	}
	e := newErr(pgStatus(pe.Code, pe.Message, authenticated), pe.Code, pe.Message, details, optional(pe.Hint))
	if e.Status == 401 {
		e.Header = http.Header{"Www-Authenticate": {"Bearer"}}
	}
	return e
}

// pgStatus is PostgREST's SQLSTATE → HTTP status table (Error.hs).
func pgStatus(code, msg string, authenticated bool) int {
	if strings.HasPrefix(code, "PT") && len(code) == 5 {
		if n, err := strconv.Atoi(code[2:]); err == nil {
			return n
		}
	}
	switch code {
	case "23503", "23505":
		return 409
	case "25006":
		return 405
	case "42883", "42P01":
		return 404
	case "42P17":
		return 500
	case "42501":
		if authenticated {
			return 403
		}
		return 401
	case "21000":
		if strings.Contains(msg, "requires a WHERE clause") {
			return 400
		}
		return 500
	case "22023":
		if strings.HasPrefix(msg, "role") && strings.HasSuffix(msg, "does not exist") {
			return 401
		}
		return 400
	case "P0001":
		return 400
	case "53400":
		return 500
	case "57P01":
		return 503
	}
	switch {
	case strings.HasPrefix(code, "08"), strings.HasPrefix(code, "53"):
		return 503
	case strings.HasPrefix(code, "0L"), strings.HasPrefix(code, "0P"), strings.HasPrefix(code, "28"):
		return 403
	}
	for _, p := range []string{"09", "25", "2D", "38", "39", "3B", "40", "54", "55", "57", "58", "F0", "HV", "P0", "XX"} {
		if strings.HasPrefix(code, p) {
			return 500
		}
	}
	return 400
}

// msgNotSingular is PGRST116's message in PostgREST v14 (SingularityError).
const msgNotSingular = "Cannot coerce the result to a single JSON object"

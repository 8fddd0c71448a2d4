package extensions

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// httpExt stands in for pgsql-http 1.6 (the "http" extension Supabase
// offers): synchronous HTTP from SQL. http(http_request) performs the
// request while the statement waits and returns an http_response; the
// http_get / http_post / ... wrappers build the request. Requests reach
// loopback hosts only unless the engine allows external ones
// (internal/netguard, shared with pg_net's worker); the timeout is
// CURLOPT_TIMEOUT_MS (5 s) unless http.timeout_msec or a curl option set
// with http_set_curlopt says otherwise, and the statement's cancellation
// and statement_timeout end it too. Failures raise the extension's
// errors (XX000 with curl's wording).
func httpExt() *Extension {
	return &Extension{
		Name:    "http",
		Version: "1.6",
		Comment: "HTTP client for PostgreSQL, allows web page retrieval inside the database.",
		Settings: map[string]string{
			"http.keepalive":    "off",
			"http.timeout_msec": "0",
		},
		Funcs:  httpFuncs(), // http_funcs.go
		Script: httpScript,
	}
}

// httpScript declares pgsql-http's types and functions with their
// signatures. The wrappers (http_get, http_post, ...) build the
// http_request the extension's SQL wrappers build and perform it as
// http() does.
const httpScript = `
CREATE DOMAIN http_method AS text;
CREATE DOMAIN content_type AS text CHECK (VALUE ~ '^\S+\/\S+');
CREATE TYPE http_header AS (field varchar, value varchar);
CREATE TYPE http_response AS (status integer, content_type varchar, headers http_header[], content varchar);
CREATE TYPE http_request AS (method http_method, uri varchar, headers http_header[], content_type varchar, content varchar);
CREATE FUNCTION http_set_curlopt(curlopt varchar, value varchar) RETURNS boolean AS 'MODULE_PATHNAME', 'http_set_curlopt' LANGUAGE c;
CREATE FUNCTION http_reset_curlopt() RETURNS boolean AS 'MODULE_PATHNAME', 'http_reset_curlopt' LANGUAGE c;
CREATE FUNCTION http_list_curlopt() RETURNS TABLE (curlopt text, value text) AS 'MODULE_PATHNAME', 'http_list_curlopt' LANGUAGE c;
CREATE FUNCTION http_header(field varchar, value varchar) RETURNS http_header AS 'SELECT $1, $2' LANGUAGE sql;
CREATE FUNCTION http(request @extschema@.http_request) RETURNS http_response AS 'MODULE_PATHNAME', 'http_request' LANGUAGE c;
CREATE FUNCTION http_get(uri varchar) RETURNS http_response AS 'MODULE_PATHNAME', 'http_get' LANGUAGE c;
CREATE FUNCTION http_post(uri varchar, content varchar, content_type varchar) RETURNS http_response AS 'MODULE_PATHNAME', 'http_post' LANGUAGE c;
CREATE FUNCTION http_put(uri varchar, content varchar, content_type varchar) RETURNS http_response AS 'MODULE_PATHNAME', 'http_put' LANGUAGE c;
CREATE FUNCTION http_patch(uri varchar, content varchar, content_type varchar) RETURNS http_response AS 'MODULE_PATHNAME', 'http_patch' LANGUAGE c;
CREATE FUNCTION http_delete(uri varchar) RETURNS http_response AS 'MODULE_PATHNAME', 'http_delete' LANGUAGE c;
CREATE FUNCTION http_delete(uri varchar, content varchar, content_type varchar) RETURNS http_response AS 'MODULE_PATHNAME', 'http_delete' LANGUAGE c;
CREATE FUNCTION http_head(uri varchar) RETURNS http_response AS 'MODULE_PATHNAME', 'http_head' LANGUAGE c;
CREATE FUNCTION urlencode(string varchar) RETURNS text AS 'MODULE_PATHNAME', 'urlencode' LANGUAGE c IMMUTABLE STRICT;
CREATE FUNCTION urlencode(string bytea) RETURNS text AS 'MODULE_PATHNAME', 'urlencode' LANGUAGE c IMMUTABLE STRICT;
CREATE FUNCTION urlencode(data jsonb) RETURNS text AS 'MODULE_PATHNAME', 'urlencode_jsonb' LANGUAGE c IMMUTABLE STRICT;
CREATE FUNCTION http_get(uri varchar, data jsonb) RETURNS http_response AS 'MODULE_PATHNAME', 'http_get_jsonb' LANGUAGE c;
CREATE FUNCTION http_post(uri varchar, data jsonb) RETURNS http_response AS 'MODULE_PATHNAME', 'http_post_jsonb' LANGUAGE c;
CREATE FUNCTION text_to_bytea(data text) RETURNS bytea AS 'MODULE_PATHNAME', 'text_to_bytea' LANGUAGE c IMMUTABLE STRICT;
CREATE FUNCTION bytea_to_text(data bytea) RETURNS text AS 'MODULE_PATHNAME', 'bytea_to_text' LANGUAGE c IMMUTABLE STRICT;
`

// httpInternal is the extension's elog(ERROR): SQLSTATE XX000.
func httpInternal(format string, a ...any) error {
	return pgerror.New(pgerror.InternalError, format, a...)
}

// httpCurlopts are the curl options http_set_curlopt accepts, in the
// extension's order (http_list_curlopt lists the set ones in it). Those
// tinybase applies: CURLOPT_TIMEOUT, CURLOPT_TIMEOUT_MS,
// CURLOPT_CONNECTTIMEOUT, CURLOPT_USERAGENT and CURLOPT_USERPWD; the
// others (TLS files, proxies, DNS servers, keepalive) are kept and
// listed but have no effect, and a proxy is never used.
var httpCurlopts = []struct {
	name    string
	numeric bool
}{
	{"CURLOPT_CAINFO", false}, {"CURLOPT_TIMEOUT", true}, {"CURLOPT_TIMEOUT_MS", true},
	{"CURLOPT_CONNECTTIMEOUT", true}, {"CURLOPT_USERAGENT", false}, {"CURLOPT_USERPWD", false},
	{"CURLOPT_IPRESOLVE", true}, {"CURLOPT_SSLCERTTYPE", false}, {"CURLOPT_PROXY", false},
	{"CURLOPT_PROXYPORT", true}, {"CURLOPT_PROXYUSERNAME", false}, {"CURLOPT_PROXYPASSWORD", false},
	{"CURLOPT_TLSAUTH_USERNAME", false}, {"CURLOPT_TLSAUTH_PASSWORD", false}, {"CURLOPT_TLSAUTH_TYPE", false},
	{"CURLOPT_DNS_SERVERS", false}, {"CURLOPT_TCP_KEEPALIVE", true}, {"CURLOPT_TCP_KEEPIDLE", true},
	{"CURLOPT_SSL_VERIFYHOST", true}, {"CURLOPT_SSL_VERIFYPEER", true}, {"CURLOPT_SSLCERT", false},
	{"CURLOPT_SSLKEY", false}, {"CURLOPT_PRE_PROXY", false}, {"CURLOPT_PROXY_CAINFO", false},
	{"CURLOPT_PROXY_TLSAUTH_USERNAME", false}, {"CURLOPT_PROXY_TLSAUTH_PASSWORD", false}, {"CURLOPT_PROXY_TLSAUTH_TYPE", false},
}

// curloptSetting is the session setting holding a curl option's value:
// the options last for the session, as the extension's backend-global
// list does.
func curloptSetting(name string) string { return "http." + strings.ToLower(name) }

func curlopt(c routine.Caller, name string) (string, bool) {
	v, ok := c.Setting(curloptSetting(name))
	return v, ok && v != ""
}

func setCurlopt(ctx context.Context, c routine.Caller, name, value string) error {
	_, err := c.Query(ctx, "SELECT pg_catalog.set_config($1, $2, false)",
		&routine.Params{Types: []*types.Type{types.Text, types.Text}}, []any{curloptSetting(name), value})
	return err
}

// parseCurlLong reads a long option as strtol does: leading digits, 0
// when there are none; out of range is the extension's error.
func parseCurlLong(name, v string) (int64, error) {
	s := strings.TrimLeft(v, " \t\n\r\v\f")
	end := 0
	if end < len(s) && (s[end] == '+' || s[end] == '-') {
		end++
	}
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == 0 || end == 1 && (s[0] == '+' || s[0] == '-') {
		return 0, nil
	}
	n, err := strconv.ParseInt(s[:end], 10, 64)
	if err != nil {
		return 0, httpInternal("invalid integer provided for '%s'", name)
	}
	return n, nil
}

func httpFuncs() map[string]Func {
	return map[string]Func{
		"http_request":    httpRequestFunc,
		"http_get":        httpWrapper("GET", false),
		"http_post":       httpWrapper("POST", true),
		"http_put":        httpWrapper("PUT", true),
		"http_patch":      httpWrapper("PATCH", true),
		"http_delete":     httpWrapper("DELETE", true),
		"http_head":       httpWrapper("HEAD", false),
		"http_get_jsonb":  httpJSONBWrapper("GET"),
		"http_post_jsonb": httpJSONBWrapper("POST"),
		"http_set_curlopt": func(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any, _ *routine.TriggerData) (routine.Result, error) {
			if a[0] == nil || a[1] == nil {
				return routine.Result{Value: false}, nil
			}
			name, value := a[0].(string), a[1].(string)
			for _, o := range httpCurlopts {
				if !strings.EqualFold(o.name, name) {
					continue
				}
				if o.numeric {
					if _, err := parseCurlLong(o.name, value); err != nil {
						return routine.Result{}, err
					}
				}
				if err := setCurlopt(ctx, c, o.name, value); err != nil {
					return routine.Result{}, err
				}
				return routine.Result{Value: true}, nil
			}
			return routine.Result{}, httpInternal("curl option '%s' is not available for run-time configuration", name)
		},
		"http_reset_curlopt": func(ctx context.Context, c routine.Caller, _ *catalog.Function, _ []any, _ *routine.TriggerData) (routine.Result, error) {
			for _, o := range httpCurlopts {
				if _, ok := curlopt(c, o.name); ok {
					if err := setCurlopt(ctx, c, o.name, ""); err != nil {
						return routine.Result{}, err
					}
				}
			}
			return routine.Result{Value: true}, nil
		},
		"http_list_curlopt": Rows(func(_ context.Context, c routine.Caller, _ *catalog.Function, _ []any) ([][]any, error) {
			var out [][]any
			for _, o := range httpCurlopts {
				if v, ok := curlopt(c, o.name); ok {
					out = append(out, []any{o.name, v})
				}
			}
			return out, nil
		}),
		"urlencode": Scalar(func(a []any) (any, error) {
			switch x := a[0].(type) {
			case []byte:
				return urlencode(string(x)), nil
			case string:
				return urlencode(x), nil
			}
			return nil, httpInternal("urlencode: unexpected argument %T", a[0])
		}),
		"urlencode_jsonb": Scalar(func(a []any) (any, error) { return urlencodeJSONB(a[0]) }),
		"text_to_bytea":   Scalar(func(a []any) (any, error) { return []byte(a[0].(string)), nil }),
		"bytea_to_text": Scalar(func(a []any) (any, error) {
			// the bytes as they are: the extension copies them unchecked,
			// but a text value here must be valid UTF-8 without NULs
			b := a[0].([]byte)
			if err := checkText(b); err != nil {
				return nil, err
			}
			return string(b), nil
		}),
	}
}

// checkText refuses bytes that are not a valid text value of a UTF8
// database, with PostgreSQL's errors for text input.
func checkText(b []byte) error {
	for i := 0; i < len(b); {
		if b[i] == 0 {
			return pgerror.New(pgerror.CharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\": 0x00")
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return pgerror.New(pgerror.CharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\": %s", hexBytes(b[i:min(i+2, len(b))]))
		}
		i += n
	}
	return nil
}

func hexBytes(b []byte) string {
	var parts []string
	for _, c := range b {
		parts = append(parts, fmt.Sprintf("0x%02x", c))
	}
	return strings.Join(parts, " ")
}

// urlencode is the extension's URL encoding: unreserved characters
// (A-Z a-z 0-9 - . _ ~) pass, a space is '+', everything else is %XX;
// the input ends at a NUL byte.
func urlencode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0:
			return b.String()
		case c == ' ':
			b.WriteByte('+')
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// urlencodeJSONB encodes a jsonb object's top-level keys and scalar
// values as key=value pairs joined by &, in jsonb's key order; nested
// values are skipped, null is empty, and an empty result is NULL.
func urlencodeJSONB(v any) (any, error) {
	if d, ok := v.(types.JSONDoc); ok {
		v = d.V
	}
	obj, ok := v.(*types.JSONObject)
	if !ok {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot call urlencode_jsonb on a non-object")
	}
	var parts []string
	for i, k := range obj.Keys {
		if k == "" {
			continue
		}
		var val string
		switch x := obj.Vals[i].(type) {
		case nil:
		case string:
			val = x
		case bool:
			val = strconv.FormatBool(x)
		case []any, *types.JSONObject:
			continue
		default:
			val = strings.Trim(types.FormatJSONB(x), `"`)
		}
		parts = append(parts, urlencode(k)+"="+urlencode(val))
	}
	if len(parts) == 0 {
		return nil, nil
	}
	return strings.Join(parts, "&"), nil
}

// httpMethodOf maps a request's method as the extension does
// (case-insensitively; anything else is sent as written).
func httpMethodOf(m string) string {
	for _, k := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodHead, http.MethodPatch} {
		if strings.EqualFold(k, m) {
			return k
		}
	}
	return m
}

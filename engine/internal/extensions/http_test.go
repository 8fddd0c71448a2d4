package extensions_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// httpEcho answers with what it received; /slow waits, /redirect/N
// redirects N times, /latin1 answers in ISO-8859-1.
func httpEcho(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/slow":
			time.Sleep(500 * time.Millisecond)
		case strings.HasPrefix(r.URL.Path, "/redirect/"):
			var n int
			fmt.Sscanf(r.URL.Path, "/redirect/%d", &n)
			if n > 0 {
				http.Redirect(w, r, fmt.Sprintf("/redirect/%d", n-1), http.StatusFound)
				return
			}
		case r.URL.Path == "/latin1":
			w.Header().Set("Content-Type", "text/plain; charset=iso-8859-1")
			w.Write([]byte{'c', 'a', 'f', 0xe9})
			return
		case r.URL.Path == "/empty":
			w.WriteHeader(http.StatusNoContent)
			return
		}
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("X-Method", r.Method)
		fmt.Fprintf(w, "%s %s ct=%s x=%s ua=%t auth=%t body=%s", r.Method, r.URL.RequestURI(), r.Header.Get("Content-Type"),
			r.Header.Get("X-Test"), strings.HasPrefix(r.Header.Get("User-Agent"), "PostgreSQL"), r.Header.Get("Authorization") != "", body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestHTTP(t *testing.T) {
	srv := httpEcho(t)
	u := srv.URL
	tg := installed(t, "http")[:1] // the oracle has no pgsql-http
	run(t, tg, []sqlCase{
		{name: "get", sql: fmt.Sprintf(`select status, content_type, content from extensions.http_get('%s/a?b=1')`, u), want: "200|text/plain|GET /a?b=1 ct= x= ua=true auth=false body="},
		{name: "get jsonb", sql: fmt.Sprintf(`select content from extensions.http_get('%s/q', '{"a b": "c&d", "n": 1.50, "t": true, "z": null, "o": {"x": 1}}'::jsonb)`, u), want: "GET /q?n=1.50&t=true&z=&a+b=c%26d ct= x= ua=true auth=false body="},
		{name: "post", sql: fmt.Sprintf(`select status, content from extensions.http_post('%s/p', '{"k":1}', 'application/json')`, u), want: `200|POST /p ct=application/json x= ua=true auth=false body={"k":1}`},
		{name: "post jsonb", sql: fmt.Sprintf(`select content from extensions.http_post('%s/f', '{"a": "x y"}'::jsonb)`, u), want: "POST /f ct=application/x-www-form-urlencoded x= ua=true auth=false body=a=x+y"},
		{name: "put patch delete", sql: fmt.Sprintf(`select (extensions.http_put('%[1]s/1', 'p', 'text/plain')).content, (extensions.http_patch('%[1]s/1', 'q', 'text/plain')).content, (extensions.http_delete('%[1]s/1')).content, (extensions.http_delete('%[1]s/1', 'r', 'text/plain')).content`, u),
			want: "PUT /1 ct=text/plain x= ua=true auth=false body=p|PATCH /1 ct=text/plain x= ua=true auth=false body=q|DELETE /1 ct= x= ua=true auth=false body=|DELETE /1 ct=text/plain x= ua=true auth=false body=r"},
		{name: "head", sql: fmt.Sprintf(`select status, content is null from extensions.http_head('%s/h')`, u), want: "200|t"},
		{name: "request with headers", sql: fmt.Sprintf(`select content from extensions.http(('GET', '%s/r', array[extensions.http_header('X-Test', 'yes'), null], null, null)::extensions.http_request)`, u), want: "GET /r ct= x=yes ua=true auth=false body="},
		{name: "response headers", sql: fmt.Sprintf(`select (h).field, (h).value from (select unnest(headers) h from extensions.http_get('%s/h')) s where (h).field in ('Content-Type', 'X-Method') order by 1`, u), want: "Content-Type|text/plain\nX-Method|GET"},
		{name: "lower-case method", sql: fmt.Sprintf(`select (extensions.http(('post', '%s/m', null, 'text/plain', 'x')::extensions.http_request)).content`, u), want: "POST /m ct=text/plain x= ua=true auth=false body=x"},
		{name: "empty body is null", sql: fmt.Sprintf(`select status, content is null, content_type is null from extensions.http_get('%s/empty')`, u), want: "204|t|t"},
		{name: "charset", sql: fmt.Sprintf(`select content from extensions.http_get('%s/latin1')`, u), want: "café"},
		{name: "redirects", sql: fmt.Sprintf(`select status from extensions.http_get('%s/redirect/5')`, u), want: "200"},
		{name: "too many redirects", sql: fmt.Sprintf(`select status from extensions.http_get('%s/redirect/6')`, u), code: "XX000", msg: "Maximum (5) redirects followed"},
		{name: "curlopt", sql: `select extensions.http_set_curlopt('curlopt_timeout_ms', '2000'), extensions.http_set_curlopt('CURLOPT_USERPWD', 'u:p'); select * from extensions.http_list_curlopt()`, want: "CURLOPT_TIMEOUT_MS|2000\nCURLOPT_USERPWD|u:p"},
		{name: "userpwd applied", sql: fmt.Sprintf(`select content from extensions.http_get('%s/u')`, u), want: "GET /u ct= x= ua=true auth=true body="},
		{name: "curlopt reset", sql: `select extensions.http_reset_curlopt(); select count(*) from extensions.http_list_curlopt()`, want: "0"},
		{name: "curlopt null", sql: `select extensions.http_set_curlopt(null, 'x')`, want: "f"},
		{name: "curlopt unknown", sql: `select extensions.http_set_curlopt('CURLOPT_URL', 'x')`, code: "XX000", msg: "curl option 'CURLOPT_URL' is not available for run-time configuration"},
		{name: "curlopt bad long", sql: `select extensions.http_set_curlopt('CURLOPT_TIMEOUT', '99999999999999999999999')`, code: "XX000", msg: "invalid integer provided for 'CURLOPT_TIMEOUT'"},
		{name: "timeout setting", sql: fmt.Sprintf(`set http.timeout_msec = 100; select status from extensions.http_get('%s/slow')`, u), code: "XX000", msg: "Operation timed out after"},
		{name: "timeout curlopt", sql: fmt.Sprintf(`reset http.timeout_msec; select extensions.http_set_curlopt('CURLOPT_TIMEOUT_MS', '100'); select status from extensions.http_get('%s/slow')`, u), code: "XX000", msg: "Operation timed out after"},
		{name: "statement_timeout", sql: fmt.Sprintf(`select extensions.http_reset_curlopt(); set statement_timeout = 100; select status from extensions.http_get('%s/slow')`, u), code: "57014", msg: "canceling statement due to statement timeout"},
		{name: "external refused", sql: `reset statement_timeout; select status from extensions.http_get('http://example.com/')`, code: "42501", msg: "refused"},
		{name: "ip refused", sql: `select status from extensions.http_get('http://10.1.2.3/')`, code: "42501", msg: "request to 10.1.2.3 refused"},
		{name: "connection refused", sql: fmt.Sprintf(`select status from extensions.http_get('http://127.0.0.1:%d/')`, closedPort(t)), code: "XX000", msg: "Couldn't connect to server"},
		{name: "bad scheme", sql: `select status from extensions.http_get('ftp://localhost/x')`, code: "XX000", msg: `Protocol "ftp" not supported`},
		{name: "bad url", sql: `select status from extensions.http_get('http://')`, code: "XX000", msg: "URL using bad/illegal format or missing URL"},
		{name: "null request", sql: `select extensions.http(null)`, code: "XX000", msg: "An http_request must be provided"},
		{name: "null uri", sql: `select extensions.http_get(null)`, code: "XX000", msg: "http_request.uri is NULL"},
		{name: "null method", sql: fmt.Sprintf(`select extensions.http((null, '%s', null, null, null)::extensions.http_request)`, u), code: "XX000", msg: "http_request.method is NULL"},
		{name: "post without content", sql: fmt.Sprintf(`select extensions.http(('POST', '%s', null, null, null)::extensions.http_request)`, u), code: "XX000", msg: "http_request.content is NULL"},
		{name: "content without type", sql: fmt.Sprintf(`select extensions.http(('POST', '%s', null, null, 'x')::extensions.http_request)`, u), code: "XX000", msg: "http_request.content_type is NULL"},
		{name: "urlencode", sql: `select extensions.urlencode('a b&c=d/é~'), extensions.urlencode('\x41200a'::bytea), extensions.urlencode('{}'::jsonb) is null, extensions.urlencode(''::varchar)`, want: "a+b%26c%3Dd%2F%C3%A9~|A+%0A|t|"},
		{name: "urlencode non-object", sql: `select extensions.urlencode('[1]'::jsonb)`, code: "22023", msg: "cannot call urlencode_jsonb on a non-object"},
		{name: "bytea text", sql: `select extensions.text_to_bytea('hé'), extensions.bytea_to_text('\x6869'::bytea)`, want: `\x68c3a9|hi`},
		{name: "bytea_to_text invalid", sql: `select extensions.bytea_to_text('\xff00'::bytea)`, code: "22021", msg: "invalid byte sequence"},
		{name: "types", sql: `select typname, typtype from pg_type where typnamespace = 'extensions'::regnamespace and typname in ('http_method', 'content_type', 'http_header', 'http_request', 'http_response') order by 1`, want: "content_type|d\nhttp_header|c\nhttp_method|d\nhttp_request|c\nhttp_response|c"},
		{name: "settings", sql: `show http.keepalive`, want: "off"},
	})
}

// closedPort is a loopback port nothing listens on.
func closedPort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return port
}

// Hostile requests: odd URLs and bytes fail with the extension's errors,
// never reach the network, never panic.
func TestHTTPHostile(t *testing.T) {
	srv := httpEcho(t)
	run(t, installed(t, "http")[:1], []sqlCase{
		{name: "spaces", sql: `select status from extensions.http_get('http://local host/')`, code: "XX000", msg: "URL using bad/illegal format"},
		{name: "control bytes", sql: `select status from extensions.http_get(E'http://localhost/\x01\x7f')`, code: "XX000", msg: "URL using bad/illegal format"},
		{name: "empty", sql: `select status from extensions.http_get('')`, code: "XX000", msg: "URL using bad/illegal format"},
		{name: "file scheme", sql: `select status from extensions.http_get('file:///etc/passwd')`, code: "XX000", msg: `Protocol "file" not supported`},
		{name: "userinfo host trick", sql: `select status from extensions.http_get('http://127.0.0.1@example.com/')`, code: "42501", msg: "request to example.com refused"},
		{name: "decimal ip", sql: `select status from extensions.http_get('http://2130706433/')`, code: "42501", msg: "refused"},
		{name: "header newline", sql: fmt.Sprintf(`select status from extensions.http(('GET', '%s/x', array[extensions.http_header('X-A', E'v\r\nX-B: injected')], null, null)::extensions.http_request)`, srv.URL), code: "XX000", msg: ""},
		{name: "big body", sql: fmt.Sprintf(`select length(content) from extensions.http_post('%s/big', repeat('x', 2000000), 'text/plain')`, srv.URL), want: "2000051"},
		{name: "unknown method", sql: fmt.Sprintf(`select content from extensions.http(('PURGE', '%s/p', null, 'text/plain', 'ignored')::extensions.http_request)`, srv.URL), want: "PURGE /p ct=text/plain x= ua=true auth=false body="},
	})
}

// A PL/pgSQL function reading http()'s response fields into OUT
// parameters, as chatbot-ui's delete_storage_object does.
func TestHTTPFromPlpgsql(t *testing.T) {
	srv := httpEcho(t)
	run(t, installed(t, "http")[:1], []sqlCase{
		{name: "select into", sql: fmt.Sprintf(`create function del(object text, out status int, out content text) returns record language plpgsql as $$
declare
  url text := '%s/storage/v1/object/' || object;
begin
  select into status, content result.status::int, result.content::text
  from extensions.http(('DELETE', url, array[extensions.http_header('authorization', 'Bearer k')], null, null)::extensions.http_request) as result;
end $$;
select * from del('b/o.png')`, srv.URL), want: "200|DELETE /storage/v1/object/b/o.png ct= x= ua=true auth=true body="},
	})
}

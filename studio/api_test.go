package studio_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/studio"
)

func errOf(t *testing.T, out map[string]any) map[string]any {
	t.Helper()
	e, ok := out["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error object: %v", out)
	}
	return e
}

func TestAPIRowsAndRoles(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	code, out := call(t, h, "GET", "/api/rows?schema=public&name=todos", nil)
	if code != 200 || len(out["rows"].([]any)) != 4 {
		t.Fatalf("postgres sees %d: %v", code, out)
	}
	_, out = call(t, h, "GET", "/api/rows?schema=public&name=todos&role=anon", nil)
	if n := len(out["rows"].([]any)); n != 2 {
		t.Errorf("anon sees %d rows, want the 2 public ones: %v", n, out)
	}
	_, out = call(t, h, "GET", "/api/rows?schema=public&name=todos&role=authenticated&user=11111111-1111-1111-1111-111111111111", nil)
	if n := len(out["rows"].([]any)); n != 3 {
		t.Errorf("alice sees %d rows, want 3: %v", n, out)
	}
	_, out = call(t, h, "GET", "/api/rows?schema=public&name=todos&role=service_role", nil)
	if n := len(out["rows"].([]any)); n != 4 {
		t.Errorf("service_role sees %d rows, want 4", n)
	}
	// Keyset pages: 2 + 2, by title descending.
	_, p1 := call(t, h, "GET", "/api/rows?schema=public&name=todos&limit=2&sort=title&desc=1", nil)
	next, _ := p1["next"].(string)
	if next == "" || len(p1["rows"].([]any)) != 2 {
		t.Fatalf("page 1: %v", p1)
	}
	_, p2 := call(t, h, "GET", "/api/rows?schema=public&name=todos&limit=2&sort=title&desc=1&after="+url.QueryEscape(next), nil)
	rows := p2["rows"].([]any)
	if len(rows) != 2 || p2["next"] != nil {
		t.Fatalf("page 2: %v", p2)
	}
	if got := rows[1].([]any)[1]; got != "<img src=x onerror=\"window.__xss=1\"><script>window.__xss=2</script>" {
		t.Errorf("last row by title desc: %v", got)
	}
	_, out = call(t, h, "GET", "/api/rows?schema=public&name=todos&f=title:ilike:%25milk%25", nil)
	if n := len(out["rows"].([]any)); n != 1 {
		t.Errorf("filter: %d rows", n)
	}
	// Insert, update, delete.
	code, out = call(t, h, "POST", "/api/rows", map[string]any{"schema": "public", "name": "todos", "values": map[string]any{"title": "new", "mood": "sad", "meta": `{"a": [1]}`, "done": "true"}})
	if code != 200 {
		t.Fatalf("insert: %v", out)
	}
	id := out["rows"].([]any)[0].([]any)[0].(string)
	code, out = call(t, h, "PATCH", "/api/rows", map[string]any{"schema": "public", "name": "todos", "key": map[string]any{"id": id}, "values": map[string]any{"title": "renamed", "mood": nil}})
	if code != 200 || out["rows"].([]any)[0].([]any)[1] != "renamed" {
		t.Fatalf("update: %v", out)
	}
	code, out = call(t, h, "DELETE", "/api/rows", map[string]any{"schema": "public", "name": "todos", "key": map[string]any{"id": id}})
	if code != 200 {
		t.Fatalf("delete: %v", out)
	}
	// anon cannot insert under RLS: 42501 with PostgreSQL's message.
	code, out = call(t, h, "POST", "/api/rows", map[string]any{"schema": "public", "name": "todos", "role": "anon", "values": map[string]any{"title": "x"}})
	if e := errOf(t, out); code != 400 || e["code"] != "42501" {
		t.Errorf("anon insert: %d %v", code, out)
	}
}

// TestAPIKeysetPages: paging one row at a time by every column, both
// ways, gives the rows of one big page in the same order (NULLs last, the
// primary key breaking ties).
func TestAPIKeysetPages(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	ids := func(rows []any) []string {
		var out []string
		for _, r := range rows {
			c := r.([]any)
			out = append(out, fmt.Sprint(c[0], "/", c[1]))
		}
		return out
	}
	for _, tc := range []struct{ table, sort string }{
		{"todos", ""}, {"todos", "id"}, {"todos", "title"}, {"todos", "mood"}, {"todos", "done"}, {"todos", "meta"}, {"todos", "owner"},
		{"pairs", ""}, {"pairs", "a"}, {"pairs", "b"}, {"pairs", "v"},
	} {
		sort := tc.sort
		for _, desc := range []string{"0", "1"} {
			q := "/api/rows?schema=public&name=" + tc.table + "&sort=" + sort + "&desc=" + desc
			_, all := call(t, h, "GET", q, nil)
			want := strings.Join(ids(all["rows"].([]any)), ",")
			// The order is PostgreSQL's for ORDER BY sort, pk in one
			// direction (NULLs last ascending, first descending).
			dir := map[string]string{"0": "asc", "1": "desc"}[desc]
			pk := map[string][]string{"todos": {"id"}, "pairs": {"a", "b"}}[tc.table]
			var order []string
			if sort != "" {
				order = append(order, sort+" "+dir)
			}
			for _, k := range pk {
				order = append(order, k+" "+dir)
			}
			_, ref := call(t, h, "POST", "/api/sql", map[string]any{"sql": "select * from public." + tc.table + " order by " + strings.Join(order, ", ")})
			if got := strings.Join(ids(ref["rows"].([]any)), ","); got != want {
				t.Errorf("%s sort %q desc %s: %s, ORDER BY gives %s", tc.table, sort, desc, want, got)
			}
			var got []string
			after := ""
			for i := 0; i < 10; i++ {
				_, out := call(t, h, "GET", q+"&limit=1&after="+url.QueryEscape(after), nil)
				rows, ok := out["rows"].([]any)
				if !ok {
					t.Fatalf("%s: %v", q, out)
				}
				got = append(got, ids(rows)...)
				next, _ := out["next"].(string)
				if next == "" {
					break
				}
				after = next
			}
			if strings.Join(got, ",") != want || len(got) != len(all["rows"].([]any)) {
				t.Errorf("%s sort %q desc %s: pages %v, one page %s", tc.table, sort, desc, got, want)
			}
		}
	}
}

// TestAPIViewPages: a view has no primary key, so its pages go by
// offset; its rows cannot be edited.
func TestAPIViewPages(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	var titles []string
	after := ""
	for i := 0; i < 5; i++ {
		_, out := call(t, h, "GET", "/api/rows?schema=public&name=open_todos&limit=2&sort=title&after="+url.QueryEscape(after), nil)
		for _, r := range out["rows"].([]any) {
			titles = append(titles, r.([]any)[1].(string))
		}
		next, _ := out["next"].(string)
		if next == "" {
			break
		}
		after = next
	}
	if got := strings.Join(titles, "|"); got != `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>|buy milk|hidden` {
		t.Errorf("view pages: %s", got)
	}
	_, out := call(t, h, "GET", "/api/relations", nil)
	found := false
	for _, r := range out["relations"].([]any) {
		if m := r.(map[string]any); m["name"] == "open_todos" && m["kind"] == "view" {
			found = true
		}
	}
	if !found {
		t.Errorf("relations lack the view: %v", out)
	}
	code, out := call(t, h, "DELETE", "/api/rows", map[string]any{"schema": "public", "name": "open_todos", "key": map[string]any{"id": "1"}})
	if code != 400 {
		t.Errorf("deleting from a view without a key: %d %v", code, out)
	}
}

func TestAPIErrors(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	for _, tc := range []struct {
		name, method, path string
		body               any
		status             int
		code               string
	}{
		{"missing table", "GET", "/api/rows?schema=public&name=nope", nil, 400, "42P01"},
		{"bad column", "GET", "/api/rows?schema=public&name=todos&sort=nope", nil, 400, "42703"},
		{"injected column", "GET", "/api/rows?schema=public&name=todos&sort=" + url.QueryEscape(`id; drop table todos`), nil, 400, "42703"},
		{"bad filter", "GET", "/api/rows?schema=public&name=todos&f=title:zz:1", nil, 400, ""},
		{"bad limit", "GET", "/api/rows?schema=public&name=todos&limit=-1", nil, 400, ""},
		{"bad cursor", "GET", "/api/rows?schema=public&name=todos&after=%7B", nil, 400, ""},
		{"bad role", "GET", "/api/rows?schema=public&name=todos&role=postgres2", nil, 400, ""},
		{"bad enum", "POST", "/api/rows", map[string]any{"schema": "public", "name": "todos", "values": map[string]any{"title": "x", "mood": "angry"}}, 400, "22P02"},
		{"not json", "POST", "/api/rows", "{", 400, ""},
		{"no key", "DELETE", "/api/rows", map[string]any{"schema": "public", "name": "todos"}, 400, ""},
		{"sql syntax", "POST", "/api/sql", map[string]any{"sql": "select 1;\nselec 2"}, 400, "42601"},
		{"sql missing", "POST", "/api/sql", map[string]any{"sql": "select * from nope"}, 400, "42P01"},
		{"bad user id", "DELETE", "/api/auth/users/x", nil, 400, ""},
		{"unknown endpoint", "GET", "/api/nope", nil, 404, ""},
		{"no project", "POST", "/api/sql/save", map[string]any{"name": "x", "sql": "select 1"}, 400, ""},
		{"quoted schema", "GET", "/api/rows?schema=%22x%22%3B+drop&name=todos", nil, 400, "42P01"},
		{"cursor arity", "GET", "/api/rows?schema=public&name=todos&after=" + url.QueryEscape(`{"k":["1","2"]}`), nil, 400, ""},
		{"unknown user", "GET", "/api/rows?schema=public&name=todos&role=authenticated&user=nobody", nil, 400, ""},
		{"authenticated without user", "GET", "/api/rows?schema=public&name=todos&role=authenticated", nil, 400, ""},
		{"unknown value column", "PATCH", "/api/rows", map[string]any{"schema": "public", "name": "todos", "key": map[string]any{"id": "1"}, "values": map[string]any{"x\"y": "1"}}, 400, "42703"},
		{"empty update", "PATCH", "/api/rows", map[string]any{"schema": "public", "name": "todos", "key": map[string]any{"id": "1"}}, 400, ""},
		{"missing row", "DELETE", "/api/rows", map[string]any{"schema": "public", "name": "todos", "key": map[string]any{"id": "999"}}, 400, ""},
		{"bad migration name", "POST", "/api/sql/save", map[string]any{"name": "../x", "sql": "select 1"}, 400, ""},
		{"storage without api", "GET", "/api/storage/buckets", nil, 400, ""},
		{"storage path", "GET", "/api/storage/download?bucket=a&path=../b", nil, 400, ""},
		{"wrong method", "PUT", "/api/rows", "{}", 405, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out := call(t, h, tc.method, tc.path, tc.body)
			e := errOf(t, out)
			if code != tc.status || (tc.code != "" && e["code"] != tc.code) || e["message"] == "" {
				t.Errorf("%d %v, want %d %s", code, out, tc.status, tc.code)
			}
		})
	}
	// The position counts from the start of the whole text.
	_, out := call(t, h, "POST", "/api/sql", map[string]any{"sql": "select 1;\nselect * from nope"})
	if e := errOf(t, out); e["position"] != float64(25) {
		t.Errorf("position: %v", e)
	}
}

func TestAPIExplain(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	// ANALYZE runs the statement, and rolls it back.
	code, out := call(t, h, "POST", "/api/sql/explain", map[string]any{"sql": "delete from public.notes", "analyze": true})
	if code != 200 {
		t.Fatalf("explain analyze: %v", out)
	}
	plan, _ := out["plan"].([]any)
	if len(plan) != 1 {
		t.Fatalf("plan: %v", out)
	}
	if _, out = call(t, h, "GET", "/api/rows?schema=public&name=notes", nil); len(out["rows"].([]any)) != 1 {
		t.Error("explain analyze kept a delete")
	}
	// Errors point into the text as written, past the EXPLAIN prefix.
	_, out = call(t, h, "POST", "/api/sql/explain", map[string]any{"sql": "select 1;\nselect * fromm public.todos"})
	if e := errOf(t, out); e["code"] != "42601" || e["position"] != float64(20) {
		t.Errorf("explain error: %v", e)
	}
	code, out = call(t, h, "POST", "/api/sql/explain", map[string]any{"sql": "  "})
	if code != 400 {
		t.Errorf("empty explain: %d %v", code, out)
	}
}

// TestHistoryPersists: with a data directory the SQL editor's history
// outlives the server; without one it is kept in memory.
func TestHistoryPersists(t *testing.T) {
	pr := newProject(t, nil)
	data := t.TempDir()
	h := studio.New(studio.Config{Engine: pr.p.Engine, DataDir: data})
	call(t, h, "POST", "/api/sql", map[string]any{"sql": "select 1"})
	call(t, h, "POST", "/api/sql", map[string]any{"sql": "select nope"})
	_, out := call(t, studio.New(studio.Config{Engine: pr.p.Engine, DataDir: data}), "GET", "/api/sql/history", nil)
	hist := out["history"].([]any)
	if len(hist) != 2 || hist[0].(map[string]any)["sql"] != "select nope" || hist[0].(map[string]any)["ok"] != false {
		t.Errorf("history after a restart: %v", hist)
	}
	_, out = call(t, studio.New(studio.Config{Engine: pr.p.Engine}), "GET", "/api/sql/history", nil)
	if len(out["history"].([]any)) != 0 {
		t.Errorf("a memory history is not empty: %v", out)
	}
}

// FuzzRows: no query string makes the grid endpoint panic or answer
// anything but JSON.
func FuzzRows(f *testing.F) {
	for _, s := range []string{"schema=public&name=todos", "schema=public&name=todos&f=title:eq:x&sort=mood&desc=1", "after=%7B%22s%22%3Anull%7D&sort=id&name=todos&schema=public", "f=:::&f=id:is_null:", "limit=0"} {
		f.Add(s)
	}
	pr := newProject(f, nil)
	h := pr.handler()
	f.Fuzz(func(t *testing.T, q string) {
		req := httptest.NewRequest("GET", "http://127.0.0.1/api/rows", nil)
		req.URL.RawQuery = q
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || rec.Code == 500 {
			t.Fatalf("%q: %d %s", q, rec.Code, rec.Body.String())
		}
	})
}

func TestRefusesForeignHosts(t *testing.T) {
	pr := newProject(t, nil)
	h := pr.handler()
	for _, tc := range []struct {
		host, origin string
		ok           bool
	}{
		{"127.0.0.1:54323", "", true},
		{"localhost:54323", "http://localhost:54323", true},
		{"[::1]:54323", "", true},
		{"evil.example:54323", "", false},
		{"127.0.0.1:54323", "http://evil.example", false},
		{"127.0.0.1:54323", "null", false},
	} {
		req := httptest.NewRequest("GET", "http://x/api/meta", nil)
		req.Host = tc.host
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if ok := rec.Code == http.StatusOK; ok != tc.ok {
			t.Errorf("Host %s Origin %q: %d %s", tc.host, tc.origin, rec.Code, rec.Body.String())
		}
		if !tc.ok && (!strings.Contains(rec.Header().Get("Content-Type"), "json") || !strings.Contains(rec.Body.String(), `"error"`)) {
			t.Errorf("refusal is not JSON: %s", rec.Body.String())
		}
	}
}

package postgrest

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// planServer serves a table of 30 rows (n = 1..30, grp = n % 5) with
// db-max-rows maxRows and db-plan-enabled as given.
func planServer(t *testing.T, maxRows int, planEnabled bool) *Server {
	t.Helper()
	e := enginetest.Migrated(t, `create table nums (n int primary key, grp int not null, label text);
insert into nums select g, g % 5, 'n' || g from generate_series(1, 30) as g;
grant select on nums to anon;
create function nums_in(g int) returns setof nums language sql stable as $$ select * from nums where grp = g $$;
analyze nums;`)
	srv, err := New(Config{Executor: &EngineExecutor{Engine: e}, JWTSecret: testSecret, MaxRows: maxRows, PlanEnabled: planEnabled})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// supabase-js's .explain({format, analyze}) sends this Accept header.
func explainAccept(format, options string) string {
	return `application/vnd.pgrst.plan+` + format + `; for="application/json"; options=` + options + `;`
}

func TestPlanMediaType(t *testing.T) {
	on := planServer(t, 0, true)
	off := planServer(t, 0, false)
	tests := []struct {
		name        string
		srv         *Server
		method      string
		target      string
		accept      string
		status      int
		contentType string
		body        func(t *testing.T, body string)
	}{
		{"disabled: 406 naming the media type", off, "GET", "/nums?select=n", explainAccept("text", ""), 406, "application/json; charset=utf-8",
			func(t *testing.T, body string) {
				want := `{"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/vnd.pgrst.plan+text; for=\"application/json\""}`
				if body != want {
					t.Fatalf("body %s\nwant %s", body, want)
				}
			}},
		{"disabled: a later acceptable type wins", off, "GET", "/nums?select=n&n=eq.1", "application/vnd.pgrst.plan+json, application/json", 200, "application/json; charset=utf-8",
			func(t *testing.T, body string) {
				if body != `[{"n":1}]` {
					t.Fatalf("body %s", body)
				}
			}},
		{"text plan", on, "GET", "/nums?select=n,label&grp=eq.1", explainAccept("text", ""), 200, `application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8`,
			func(t *testing.T, body string) {
				if !strings.Contains(body, "Seq Scan on nums") || !strings.Contains(body, "cost=") || !strings.HasSuffix(body, "\n") {
					t.Fatalf("body %q", body)
				}
			}},
		{"bare vnd.pgrst.plan is text", on, "GET", "/nums?n=eq.5", "application/vnd.pgrst.plan", 200, `application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8`,
			func(t *testing.T, body string) {
				if !strings.Contains(body, "Index Cond") {
					t.Fatalf("body %q", body)
				}
			}},
		{"json plan with analyze", on, "GET", "/nums?select=n&grp=eq.1", explainAccept("json", "analyze"), 200, `application/vnd.pgrst.plan+json; for="application/json"; options=analyze; charset=utf-8`,
			func(t *testing.T, body string) {
				var plans []map[string]any
				if err := json.Unmarshal([]byte(body), &plans); err != nil || len(plans) != 1 {
					t.Fatalf("body %q: %v", body, err)
				}
				top, _ := plans[0]["Plan"].(map[string]any)
				if top == nil || top["Actual Rows"] == nil || top["Plan Rows"] == nil {
					t.Fatalf("top node %v", top)
				}
				if _, ok := plans[0]["Execution Time"]; !ok {
					t.Fatalf("no Execution Time: %v", plans[0])
				}
			}},
		{"options are rendered in PostgREST's order", on, "GET", "/nums?select=n", explainAccept("json", "verbose|analyze"), 200,
			`application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8`, nil},
		{"plan for a single object", on, "GET", "/nums?n=eq.1", `application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"`, 200,
			`application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; charset=utf-8`, nil},
		{"plan for an unknown type", on, "GET", "/nums", `application/vnd.pgrst.plan+json; for="image/png"`, 406, "application/json; charset=utf-8",
			func(t *testing.T, body string) {
				if !strings.Contains(body, `None of these media types are available: application/vnd.pgrst.plan+json; for=\"image/png\"`) {
					t.Fatalf("body %s", body)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(t, tc.srv, tc.method, tc.target, "", "Accept", tc.accept)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if got := w.Header().Get("Content-Type"); got != tc.contentType {
				t.Fatalf("Content-Type %q, want %q", got, tc.contentType)
			}
			if tc.body != nil {
				tc.body(t, w.Body.String())
			}
		})
	}
}

// An EXPLAIN ANALYZE of a write runs it, as PostgREST's does; without
// ANALYZE nothing is written.
func TestPlanOfWrite(t *testing.T) {
	srv := planServer(t, 0, true)
	w := do(t, srv, "POST", "/nums", `{"n":100,"grp":1}`, "Accept", explainAccept("text", ""), "Content-Type", "application/json")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "Insert on nums") {
		t.Fatalf("plan of insert: %d %s", w.Code, w.Body)
	}
	if w := do(t, srv, "GET", "/nums?n=eq.100", ""); w.Body.String() != "[]" {
		t.Fatalf("EXPLAIN without ANALYZE wrote: %s", w.Body)
	}
}

func TestPlannedAndEstimatedCount(t *testing.T) {
	tests := []struct {
		name, target, prefer string
		maxRows              int
		status               int
		contentRange         string
	}{
		{"exact", "/nums?select=n&limit=5", "count=exact", 0, 206, "0-4/30"},
		{"planned: the analyzed row count", "/nums?select=n&limit=5", "count=planned", 0, 206, "0-4/30"},
		{"planned with a filter: the estimate from n_distinct", "/nums?select=n&grp=eq.1&limit=2", "count=planned", 0, 206, "0-1/6"},
		{"planned on a key", "/nums?select=n&n=eq.7", "count=planned", 0, 200, "0-0/1"},
		{"estimated below db-max-rows: exact", "/nums?select=n&grp=eq.2&limit=2", "count=estimated", 20, 206, "0-1/6"},
		{"estimated past db-max-rows: planned", "/nums?select=n&limit=2", "count=estimated", 20, 206, "0-1/30"},
		{"estimated without db-max-rows", "/nums?select=n&limit=2", "count=estimated", 0, 206, "0-1/30"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := planServer(t, tc.maxRows, false)
			w := do(t, srv, "GET", tc.target, "", "Prefer", tc.prefer)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if got := w.Header().Get("Content-Range"); got != tc.contentRange {
				t.Fatalf("Content-Range %q, want %q", got, tc.contentRange)
			}
			if got := w.Header().Get("Preference-Applied"); got != tc.prefer {
				t.Fatalf("Preference-Applied %q", got)
			}
		})
	}
}

func TestCountTotal(t *testing.T) {
	p := func(n int64) *int64 { return &n }
	s := func(v string) *string { return &v }
	tests := []struct {
		name    string
		pref    string
		exact   *string
		planned *int64
		maxRows int
		want    *string
	}{
		{"planned", "planned", nil, p(42), 0, s("42")},
		{"planned without an estimate", "planned", nil, nil, 0, nil},
		{"estimated at db-max-rows", "estimated", s("10"), p(500), 10, s("10")},
		{"estimated past db-max-rows takes the larger", "estimated", s("11"), p(500), 10, s("500")},
		{"estimated past db-max-rows, low estimate", "estimated", s("11"), p(3), 10, s("11")},
		{"estimated without db-max-rows", "estimated", s("7"), p(9), 0, s("9")},
		{"exact", "exact", s("7"), nil, 0, s("7")},
	}
	for _, tc := range tests {
		got := countTotal(tc.pref, tc.exact, tc.planned, tc.maxRows)
		if (got == nil) != (tc.want == nil) || (got != nil && *got != *tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A planned count of a function call binds the call's arguments too.
func TestPlannedCountOfRPC(t *testing.T) {
	srv := planServer(t, 0, false)
	w := do(t, srv, "GET", "/rpc/nums_in?g=1&select=n&order=n&limit=2", "", "Prefer", "count=planned")
	if w.Code != http.StatusOK && w.Code != http.StatusPartialContent {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	if cr := w.Header().Get("Content-Range"); !strings.HasPrefix(cr, "0-1/") || strings.HasSuffix(cr, "/*") {
		t.Fatalf("Content-Range %q", cr)
	}
	if w.Body.String() != "[{\"n\":1}, \n {\"n\":6}]" {
		t.Fatalf("body %q", w.Body)
	}
}

package postgrest

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/golang-jwt/jwt/v5"
)

// TestReadsUsePlanCache sends each read shape with several filter values:
// after the first request of a shape, the engine runs it from its cached
// plan (its plan-cache counters show no new planning), and every response
// is the one a server that never saw the shape gives.
func TestReadsUsePlanCache(t *testing.T) {
	fixture := mustRead("testdata/exchanges/fixture.sql")
	srv := engineServer(t, fixture)
	eng := srv.cfg.Executor.(*EngineExecutor).Engine
	key, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "supabase-demo", "role": "anon", "exp": 1983812996}).SignedString([]byte(testSecret))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path   string
		values []string
	}{
		{"/items?select=*&id=eq.%s", []string{"1", "2", "3", "99"}},
		{"/books?select=id,title&year=gte.%s&order=id.asc&limit=2", []string{"2000", "2005", "1990", "2100"}},
		{"/books?select=title,authors(name)&id=eq.%s", []string{"1", "3", "4"}},
		{"/authors?select=name,books(title,year)&id=eq.%s", []string{"1", "2", "3"}},
		{"/books?select=title,tags(label)&order=id&id=lte.%s", []string{"1", "2", "4"}},
		{"/books?select=title&title=like.%s", []string{"A*", "*a", "Delta*"}},
		{"/authors?select=name&name=in.(%s)", []string{"Ann,Bob", "Cy", "Nobody"}},
		{"/books?select=title,meta->>lang&meta->>lang=eq.%s", []string{"en", "fr", "de"}},
	} {
		var planned uint64
		for i, v := range c.values {
			path := fmtPath(c.path, v)
			before := eng.PlanCacheStats()
			w := benchDo(srv, key, "GET", path, "")
			after := eng.PlanCacheStats()
			if i == 0 {
				planned = after.Planned - before.Planned
			} else if after.Planned != before.Planned || after.Hits == before.Hits {
				t.Errorf("%s: planned %d, hits %d (first request planned %d)", path, after.Planned-before.Planned, after.Hits-before.Hits, planned)
			}
			fresh := benchDo(engineServer(t, fixture), key, "GET", path, "")
			if w.Code != http.StatusOK || w.Code != fresh.Code || w.Body.String() != fresh.Body.String() {
				t.Errorf("%s: %d %s, a fresh server gives %d %s", path, w.Code, w.Body, fresh.Code, fresh.Body)
			}
		}
	}
}

// fmtPath puts a filter value into a request path, escaped as a client
// would.
func fmtPath(pattern, v string) string {
	out := ""
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '%' && i+1 < len(pattern) && pattern[i+1] == 's' {
			out += url.QueryEscape(v)
			i++
			continue
		}
		out += string(pattern[i])
	}
	return out
}

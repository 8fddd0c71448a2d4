package postgrest

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// The REST hot paths on the engine, in-process (no network, no client):
// each iteration is one full request as supabase-js sends it (apikey and
// Bearer anon key, X-Client-Info, Prefer), through ServeHTTP. They report
// allocs/op and cpu-ms/op (process CPU time, which a shared machine
// distorts less than wall time).
//
//	go test ./postgrest -run XXX -bench 'InsertOne|ListFiltered|GetByID|ListOwnRLS' -benchmem -count 5

// BenchmarkInsertOne is supabase.from('items').insert({name, qty}): POST
// with Prefer: return=minimal.
func BenchmarkInsertOne(b *testing.B) {
	srv, key := benchServer(b, 0)
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		w := benchDo(srv, key, "POST", "/items", fmt.Sprintf(`{"name":"item %d","qty":%d}`, i, i%10))
		if w.Code != http.StatusCreated {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	reportCPU(b, start)
}

// BenchmarkListFiltered is supabase.from('items').select('id,name,qty')
// .eq('qty', n).order('id').limit(20) over 1,000 rows.
func BenchmarkListFiltered(b *testing.B) {
	srv, key := benchServer(b, 1000)
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		w := benchDo(srv, key, "GET", fmt.Sprintf("/items?select=id%%2Cname%%2Cqty&qty=eq.%d&order=id.asc&limit=20", i%10), "")
		if w.Code != http.StatusOK || !strings.HasPrefix(w.Body.String(), "[{") {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	reportCPU(b, start)
}

// BenchmarkGetByID is GET /items?select=*&id=eq.N over 1,000 rows.
func BenchmarkGetByID(b *testing.B) {
	srv, key := benchServer(b, 1000)
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		w := benchDo(srv, key, "GET", fmt.Sprintf("/items?select=*&id=eq.%d", i%1000+1), "")
		if w.Code != http.StatusOK || !strings.HasPrefix(w.Body.String(), "[{") {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	reportCPU(b, start)
}

// BenchmarkListOwnRLS is supabase.from('own_todos').select('id,title')
// .order('id').limit(20) by signed-in users, over 1,000 rows of 10 users
// under the usual policy `using (user_id = auth.uid())` (an index on
// user_id): each request is another user's, so each runs with other
// claims.
func BenchmarkListOwnRLS(b *testing.B) {
	b.ReportAllocs()
	srv := engineServer(b, mustRead("testdata/exchanges/fixture.sql")+`;
create table own_todos (id serial primary key, user_id uuid not null, title text);
create index own_todos_user_id on own_todos (user_id);
alter table own_todos enable row level security;
grant select on own_todos to authenticated;
create policy own on own_todos for select to authenticated using (user_id = auth.uid());
insert into own_todos (user_id, title) select ('00000000-0000-0000-0000-00000000000' || (g % 10))::uuid, 'todo ' || g from generate_series(1, 1000) g;
`)
	keys := make([]string, 10)
	for u := range keys {
		k, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "supabase-demo", "role": "authenticated",
			"sub": fmt.Sprintf("00000000-0000-0000-0000-00000000000%d", u), "exp": 1983812996}).SignedString([]byte(testSecret))
		if err != nil {
			b.Fatal(err)
		}
		keys[u] = k
	}
	eng := srv.cfg.Executor.(*EngineExecutor).Engine
	hits := eng.PlanCacheStats().Hits
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		u := i % 10
		w := benchDo(srv, keys[u], "GET", "/own_todos?select=id%2Ctitle&order=id.asc&limit=20", "")
		if want := fmt.Sprintf(`"title":"todo %d"}`, u+10); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), want) || strings.Count(w.Body.String(), "{") != 20 {
			b.Fatalf("user %d: %d %s", u, w.Code, w.Body)
		}
	}
	reportCPU(b, start)
	b.ReportMetric(float64(eng.PlanCacheStats().Hits-hits)/float64(b.N), "plan-hits/op")
}

// benchServer is the exchange fixture on the engine with rows items, and
// the anon key.
func benchServer(b *testing.B, rows int) (*Server, string) {
	b.Helper()
	b.ReportAllocs()
	t := &testing.T{}
	srv := engineServer(t, mustRead("testdata/exchanges/fixture.sql"))
	key, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "supabase-demo", "role": "anon", "exp": 1983812996}).SignedString([]byte(testSecret))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < rows; i++ {
		if w := benchDo(srv, key, "POST", "/items", fmt.Sprintf(`{"name":"item %d","qty":%d}`, i, i%10)); w.Code != http.StatusCreated {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	return srv, key
}

func benchDo(srv http.Handler, key, method, path, body string) *httptest.ResponseRecorder {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r := httptest.NewRequest(method, path, rd)
	r.Header.Set("apikey", key)
	r.Header.Set("Authorization", "Bearer "+key)
	r.Header.Set("X-Client-Info", "supabase-js-node/2.0.0")
	r.Header.Set("Accept", "*/*")
	if method == "POST" {
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Prefer", "return=minimal")
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	return w
}

// cpuTime is the process's user + system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

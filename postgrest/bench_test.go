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
//	go test ./postgrest -run XXX -bench 'InsertOne|ListFiltered|GetByID' -benchmem -count 5

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

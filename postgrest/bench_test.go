package postgrest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The REST hot paths on the engine, in-process (no network, no client):
// one single-row insert and one filtered list, each a full request.
func BenchmarkEngineInsert(b *testing.B) {
	srv := engineServer(&testing.T{}, mustRead("testdata/exchanges/fixture.sql"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := httptest.NewRequest("POST", "/items", strings.NewReader(fmt.Sprintf(`{"name":"item %d","qty":%d}`, i, i%10)))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code != http.StatusCreated {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

func BenchmarkEngineFilteredList(b *testing.B) {
	srv := engineServer(&testing.T{}, mustRead("testdata/exchanges/fixture.sql"))
	for i := 0; i < 1000; i++ {
		r := httptest.NewRequest("POST", "/items", strings.NewReader(fmt.Sprintf(`{"name":"item %d","qty":%d}`, i, i%10)))
		r.Header.Set("Content-Type", "application/json")
		srv.ServeHTTP(httptest.NewRecorder(), r)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := httptest.NewRequest("GET", fmt.Sprintf("/items?select=id,name,qty&qty=eq.%d&order=id&limit=20", i%10), nil)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

func BenchmarkEnginePointGet(b *testing.B) {
	srv := engineServer(&testing.T{}, mustRead("testdata/exchanges/fixture.sql"))
	for i := 0; i < 1000; i++ {
		r := httptest.NewRequest("POST", "/items", strings.NewReader(fmt.Sprintf(`{"name":"item %d","qty":%d}`, i, i%10)))
		r.Header.Set("Content-Type", "application/json")
		srv.ServeHTTP(httptest.NewRecorder(), r)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := httptest.NewRequest("GET", fmt.Sprintf("/items?select=*&id=eq.%d", i%1000+1), nil)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

package postgrest

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// Concurrent writers and readers on the engine all succeed: the engine's
// single writer serializes them, none fails with 40001.
func TestConcurrentRequests(t *testing.T) {
	srv := engineServer(t, mustRead("testdata/exchanges/fixture.sql"))
	var wg sync.WaitGroup
	errs := make(chan string, 400)
	for c := 0; c < 8; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				w := do(t, srv, "POST", "/items", fmt.Sprintf(`{"name":"c%d-%d"}`, c, i), "Content-Type", "application/json")
				if w.Code != http.StatusCreated {
					errs <- fmt.Sprintf("insert: %d %s", w.Code, w.Body)
				}
				w = do(t, srv, "GET", "/items?select=id&limit=5", "")
				if w.Code != http.StatusOK {
					errs <- fmt.Sprintf("read: %d %s", w.Code, w.Body)
				}
			}
		}(c)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if w := do(t, srv, "GET", "/items?select=count()", ""); w.Body.String() != `[{"count":200}]` {
		t.Fatalf("count: %s", w.Body)
	}
}

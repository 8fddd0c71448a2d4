package studio_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/studio"
)

var benchRows = flag.Int("bench-rows", 100000, "rows in BenchmarkRowsPage's table")

// BenchmarkRowsPage measures one grid page of 50 rows from a table of
// -bench-rows rows: the first page, a page near the end reached by its
// keyset cursor, and pages sorted by an indexed column, both ways.
func BenchmarkRowsPage(b *testing.B) {
	e, err := tinybase.NewEngine()
	if err != nil {
		b.Fatal(err)
	}
	s, _ := e.Connect(engine.SessionOptions{})
	ctx := context.Background()
	setup := fmt.Sprintf(`create table public.big (id bigint primary key, name text, score int);
insert into public.big select g, 'row ' || g, g %% 1000 from generate_series(1, %d) g;
create index big_score on public.big (score, id);`, *benchRows)
	if _, err := s.Exec(ctx, setup); err != nil {
		b.Fatal(err)
	}
	s.Close()
	h := studio.New(studio.Config{Engine: e})
	get := func(b *testing.B, q url.Values) map[string]any {
		req := httptest.NewRequest("GET", "http://127.0.0.1/api/rows?"+q.Encode(), nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var out map[string]any
		json.Unmarshal(rec.Body.Bytes(), &out)
		if rec.Code != 200 {
			b.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		return out
	}
	base := url.Values{"schema": {"public"}, "name": {"big"}, "limit": {"50"}}
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			get(b, base)
		}
	})
	deep := url.Values{"schema": {"public"}, "name": {"big"}, "limit": {"50"}, "after": {fmt.Sprintf(`{"k":["%d"]}`, *benchRows-100)}}
	b.Run("deep", func(b *testing.B) {
		for b.Loop() {
			if out := get(b, deep); len(out["rows"].([]any)) != 50 {
				b.Fatalf("deep page: %d rows", len(out["rows"].([]any)))
			}
		}
	})
	// Sorted by score (indexed with the key): a page from the middle,
	// forward and backward; each walks the index from the cursor.
	for _, desc := range []string{"0", "1"} {
		sorted := url.Values{"schema": {"public"}, "name": {"big"}, "limit": {"50"}, "sort": {"score"}, "desc": {desc}, "after": {`{"s":"500","k":["1500"]}`}}
		name := map[string]string{"0": "sorted-indexed", "1": "sorted-indexed-desc"}[desc]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if out := get(b, sorted); len(out["rows"].([]any)) != 50 {
					b.Fatalf("sorted page: %d rows", len(out["rows"].([]any)))
				}
			}
		})
	}
}

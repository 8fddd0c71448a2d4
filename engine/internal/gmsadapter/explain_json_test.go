package gmsadapter

import (
	"encoding/json"
	"math"
	"math/rand"
	"strings"
	"testing"
)

// TestAppendJSONMatchesEncoder: EXPLAIN's JSON writer gives encoding/json's
// bytes (no HTML escaping, two-space indent) for the values a plan holds,
// including strings with every kind of escape and floats of every size.
func TestAppendJSONMatchesEncoder(t *testing.T) {
	encode := func(v any) string {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		return strings.TrimRight(b.String(), "\n")
	}
	strs := []string{"", "Seq Scan", `a "quoted" \ path`, "<html> & co", "tab\tnew\nline\rcr\bbs\fff", "\x00\x01\x1f\x7f",
		"caf\u00e9 \u2028 \u2029 \U0001F600", "bad \xff utf8 \xc3", "(user_id = 7)"}
	floats := []float64{0, -0.0, 1, 2.68, 0.1, 1e-7, 1.5e-6, 123456789.123, 1e20, 1e21, 3.4e38, -47.84, math.SmallestNonzeroFloat64, math.MaxFloat64}
	r := rand.New(rand.NewSource(1))
	var value func(depth int) any
	value = func(depth int) any {
		switch k := r.Intn(9); {
		case k == 0:
			return strs[r.Intn(len(strs))]
		case k == 1:
			return floats[r.Intn(len(floats))] * float64(r.Intn(3)-1)
		case k == 2:
			return int64(r.Int63n(1<<40) - 1<<39)
		case k == 3:
			return r.Intn(1000)
		case k == 4:
			return []string{strs[r.Intn(len(strs))], strs[r.Intn(len(strs))]}[:r.Intn(3)]
		case k == 5:
			return map[string]string{strs[r.Intn(len(strs))]: strs[r.Intn(len(strs))], "work_mem": "64MB"}
		case k == 6 && depth < 4:
			var out []any
			for i := r.Intn(3); i > 0; i-- {
				out = append(out, value(depth+1))
			}
			if out == nil {
				return []any{}
			}
			return out
		case depth < 4:
			m := map[string]any{}
			for i := r.Intn(5); i > 0; i-- {
				m[strs[r.Intn(len(strs))]+strings.Repeat("k", r.Intn(3))] = value(depth + 1)
			}
			return m
		}
		return "leaf"
	}
	for i := 0; i < 2000; i++ {
		v := []any{value(0)}
		got, ok := appendJSON(nil, v, 0)
		if !ok {
			t.Fatalf("%#v: not written", v)
		}
		if want := encode(v); string(got) != want {
			t.Fatalf("%#v:\n got %s\nwant %s", v, got, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1)} {
		if _, ok := appendJSON(nil, map[string]any{"Total Cost": f}, 0); ok {
			t.Errorf("%v written as JSON", f)
		}
	}
}

package types

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Hostile patterns stay fast: matching is memoised per (label, level).
func TestLqueryHostile(t *testing.T) {
	q, err := ParseLquery(strings.Repeat("*.", 200) + "z")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ParseLtree(strings.TrimSuffix(strings.Repeat("a.", 5000), "."))
	if q.Match(p) {
		t.Error("matched a path without z")
	}
	if _, err := ParseLquery("a{70000}"); err == nil {
		t.Error("a bound above 65535 parsed")
	}
	if _, err := ParseLtxtquery(strings.Repeat("(", 5000) + "a" + strings.Repeat(")", 5000)); err == nil {
		t.Error("5000 nested parentheses parsed")
	}
}

// FuzzLtreeParsers: any input parses or fails with a PostgreSQL error,
// and what parses prints text that parses back to the same text.
func FuzzLtreeParsers(f *testing.F) {
	for _, s := range []string{"a.b.c", "*.a|b@.!c*{1,2}", "a & (b | !c*%)", "", ".", "a{", "!(", "*{,}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, b := range []ltreeFamily{ltreeBase, lqueryBase, ltxtqueryBase} {
			v, err := b.parse(s)
			if err != nil {
				if _, ok := pgerror.As(err); !ok {
					t.Fatalf("%s %q: non-PostgreSQL error %v", b.name, s, err)
				}
				continue
			}
			out := b.Output(v)
			back, err := b.parse(out)
			if err != nil || b.Output(back) != out {
				t.Fatalf("%s %q: printed %q reads back as %v, %v", b.name, s, out, back, err)
			}
		}
	})
}

// naiveMatch is lquery matching written as its definition, for
// comparison with Match on small inputs.
func naiveMatch(levels []LqLevel, labels []string) bool {
	if len(levels) == 0 {
		return len(labels) == 0
	}
	lv := levels[0]
	for c := 0; c <= lv.High && c <= len(labels); c++ {
		if c >= lv.Low && naiveMatch(levels[1:], labels[c:]) {
			return true
		}
		if c < len(labels) && !lv.matches(labels[c]) {
			return false
		}
	}
	return false
}

func FuzzLqueryMatch(f *testing.F) {
	f.Add("*.a{1,2}.!b.*", "a.a.c.d")
	f.Add("a|b*.*{2}", "bc.x.y")
	f.Fuzz(func(t *testing.T, qs, ps string) {
		q, err := ParseLquery(qs)
		if err != nil || len(q.Levels) > 8 {
			return
		}
		p, err := ParseLtree(ps)
		if err != nil || len(p.Labels) > 12 {
			return
		}
		if got, want := q.Match(p), naiveMatch(q.Levels, p.Labels); got != want {
			t.Fatalf("%q ~ %q: Match %v, definition %v", ps, qs, got, want)
		}
	})
}

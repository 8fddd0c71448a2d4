package types

import "testing"

// TestTSRewriteDeletes covers an empty substitute, which deletes the
// target (the conformance corpus cannot: an empty tsquery literal makes
// PostgreSQL send a NOTICE). The wants are PostgreSQL 15's answers.
func TestTSRewriteDeletes(t *testing.T) {
	for _, c := range []struct{ name, query, target, want string }{
		{"whole query", "a", "a", ""},
		{"one operand of an AND", "(b | a) & c", "a", "'c' & 'b'"},
		{"a NOT of a deleted operand goes", "!a & b", "a", "'b'"},
		{"subset of an OR", "a | b | c", "a | c", "'b'"},
		{"no match still normalizes", "d | c | b | a", "x", "'c' | 'b' | 'a' | 'd'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, _ := TSQueryOf(c.query, nil)
			x, _ := TSQueryOf(c.target, nil)
			if got := FormatTSQuery(TSRewrite(q, x, nil)); got != c.want {
				t.Errorf("ts_rewrite(%q, %q, '') = %q, want %q", c.query, c.target, got, c.want)
			}
		})
	}
}

package pgtree

import "testing"

// TestDeparseCastSafe: a cast of an expression libpg_query prints bare
// before :: comes back as CAST(X AS T), so the text reads back the same.
func TestDeparseCastSafe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT (ts AT TIME ZONE 'UTC')::date FROM t", "SELECT CAST(ts AT TIME ZONE 'UTC' AS date) FROM t"},
		{"SELECT (a IS NULL)::int, ((b AND c))::text", "SELECT CAST(a IS NULL AS int), CAST(b AND c AS text)"},
		{"SELECT ((x AT TIME ZONE 'UTC')::date AT TIME ZONE 'UTC')::text", "SELECT CAST(CAST(x AT TIME ZONE 'UTC' AS date) AT TIME ZONE 'UTC' AS text)"},
		{"SELECT (a + 1)::text, a::int", "SELECT CAST(a + 1 AS text), a::int"}, // libpg_query's own form
	} {
		tree, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DeparseCastSafe(tree)
		if err != nil || got != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

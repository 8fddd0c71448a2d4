package postgrest

import "testing"

// TestRenderCSV checks PostgREST's CSV bytes: a header only when there
// are rows, and each row as record output without its parentheses.
func TestRenderCSV(t *testing.T) {
	s := func(v string) *string { return &v }
	cases := []struct {
		name string
		res  *Result
		want string
	}{
		{"no rows", &Result{Columns: []string{"a", "b"}}, "\n"},
		{"plain", &Result{Columns: []string{"a", "b"}, Rows: [][]*string{{s("1"), s("x")}, {s("2"), nil}}}, "a,b\n1,x\n2,"},
		{"quoted", &Result{Columns: []string{"v"}, Rows: [][]*string{
			{s("")}, {s("two words")}, {s(`say "hi"`)}, {s(`back\slash`)}, {s("a,b")}, {s("(x)")}, {s("[1,2)")}, {s("'cat' 'fat'")}, {s("tab\there")}, {s("é")},
		}}, "v\n\"\"\n\"two words\"\n\"say \"\"hi\"\"\"\n\"back\\\\slash\"\n\"a,b\"\n\"(x)\"\n\"[1,2)\"\n\"'cat' 'fat'\"\n\"tab\there\"\né"},
	}
	for _, c := range cases {
		if got := string(renderCSV(c.res)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

package postgrest

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseSelect(t *testing.T) {
	tests := []struct {
		in   string
		want []selectItem
	}{
		{"", []selectItem{{Star: true}}},
		{"a,b:c", []selectItem{{Field: field{Name: "a"}}, {Alias: "b", Field: field{Name: "c"}}}},
		{"p::text", []selectItem{{Field: field{Name: "p"}, Cast: "text"}}},
		{"d->a->>b", []selectItem{{Field: field{Name: "d", Path: []jsonStep{{Arrow: "->", Key: "a"}, {Arrow: "->>", Key: "b"}}}}}},
		{"arr->0", []selectItem{{Field: field{Name: "arr", Path: []jsonStep{{Arrow: "->", Key: "0", Index: true}}}}}},
		{"*,o:owner!fk!inner(id)", []selectItem{{Star: true}, {Alias: "o", Embed: &embedSel{Name: "owner", Hint: "fk", Inner: true, Items: []selectItem{{Field: field{Name: "id"}}}}}}},
		{"...p(n)", []selectItem{{Spread: true, Embed: &embedSel{Name: "p", Items: []selectItem{{Field: field{Name: "n"}}}}}}},
		{"t:amount.sum()::int,count()", []selectItem{{Alias: "t", Field: field{Name: "amount"}, Agg: "sum", Cast: "int"}, {Agg: "count"}}},
		{`"a,b":"c""d"`, nil}, // quoted: "" is not an escape inside quotes
		{`"x\"y":c`, []selectItem{{Alias: `x"y`, Field: field{Name: "c"}}}},
		{"rel()", []selectItem{{Embed: &embedSel{Name: "rel", Items: []selectItem{}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseSelect(tc.in)
			if tc.want == nil {
				if err == nil {
					t.Fatalf("parsed %q, want an error", tc.in)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); d != "" {
				t.Fatalf("(-want +got)\n%s", d)
			}
		})
	}
}

func TestParseFilter(t *testing.T) {
	tests := []struct {
		key, val string
		want     *filter
	}{
		{"a", "eq.1", &filter{Field: field{Name: "a"}, Op: "eq", Value: "1"}},
		{"a", "not.like.x*", &filter{Field: field{Name: "a"}, Not: true, Op: "like", Value: "x*"}},
		{"a", `in.(1,"b,c",d\e)`, &filter{Field: field{Name: "a"}, Op: "in", List: []string{"1", "b,c", `d\e`}}},
		{"a", "is.NULL", &filter{Field: field{Name: "a"}, Op: "is", Value: "null"}},
		{"a", "fts(english).cat", &filter{Field: field{Name: "a"}, Op: "fts", Lang: "english", Value: "cat"}},
		{"a", "eq(any).{1,2}", &filter{Field: field{Name: "a"}, Op: "eq", Mod: "any", Value: "{1,2}", List: []string{"1", "2"}}},
		{"j->>k", "eq.v.w", &filter{Field: field{Name: "j", Path: []jsonStep{{Arrow: "->>", Key: "k"}}}, Op: "eq", Value: "v.w"}},
		{"a", "nope.1", nil},
		{"a", "is.maybe", nil},
		{"a", "eq", nil},
		{"a", "in.(1", nil},
		{"a", "gt(some).1", nil},
	}
	for _, tc := range tests {
		t.Run(tc.key+"="+tc.val, func(t *testing.T) {
			f, err := parseField(tc.key)
			if err != nil {
				t.Fatal(err)
			}
			got, err := parseOpValue(f, tc.val)
			if tc.want == nil {
				var ae *apiError
				if !errors.As(err, &ae) || ae.Code != "PGRST100" {
					t.Fatalf("got %v, want PGRST100", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Fatalf("(-want +got)\n%s", d)
			}
		})
	}
}

func TestParseLogic(t *testing.T) {
	got, err := parseLogic("or", false, `(a.eq.1,not.and(b.gt.2,c.in.(x,y)),d.eq."p,q")`)
	if err != nil {
		t.Fatal(err)
	}
	want := &logicTree{Op: "or", Children: []logicNode{
		{Filter: &filter{Field: field{Name: "a"}, Op: "eq", Value: "1"}},
		{Tree: &logicTree{Op: "and", Not: true, Children: []logicNode{
			{Filter: &filter{Field: field{Name: "b"}, Op: "gt", Value: "2"}},
			{Filter: &filter{Field: field{Name: "c"}, Op: "in", List: []string{"x", "y"}}},
		}}},
		{Filter: &filter{Field: field{Name: "d"}, Op: "eq", Value: "p,q"}},
	}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got)\n%s", d)
	}
	for _, bad := range []string{"a.eq.1", "(a.eq.1", "(a.zz.1)", "(and(a.eq.1)"} {
		if _, err := parseLogic("or", false, bad); err == nil {
			t.Errorf("parseLogic(%q) succeeded", bad)
		}
	}
}

func TestParseOrder(t *testing.T) {
	got, err := parseOrder("a.desc.nullslast,b,rel(c).asc,j->k.desc")
	if err != nil {
		t.Fatal(err)
	}
	want := []orderTerm{
		{Field: field{Name: "a"}, Desc: true, Nulls: "last"},
		{Field: field{Name: "b"}},
		{Rel: "rel", Field: field{Name: "c"}},
		{Field: field{Name: "j", Path: []jsonStep{{Arrow: "->", Key: "k"}}}, Desc: true},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got)\n%s", d)
	}
}

// FuzzGrammar: no input to the query-string grammar panics, and whatever
// parses compiles to SQL whose values are all parameters.
func FuzzGrammar(f *testing.F) {
	for _, s := range []string{"*,a:b(c,d!inner(e))", "a->b->>c::text", "count()", `"x,y":z`, "...r(a)", "a.desc.nullsfirst", "eq.1", "in.(1,\"2\")", "or(a.eq.1,b.gt.2)"} {
		f.Add(s, "eq.1")
	}
	f.Fuzz(func(t *testing.T, sel, flt string) {
		_, _ = parseSelect(sel)
		_, _ = parseOrder(sel)
		_, _ = parseLogic("or", false, sel)
		if fl, err := parseField(sel); err == nil {
			if x, err := parseOpValue(fl, flt); err == nil {
				b := &builder{}
				tbl := &Table{Name: "t", byName: map[string]*Column{}}
				_ = b.filterSQL("t", tbl, x)
			}
		}
	})
}

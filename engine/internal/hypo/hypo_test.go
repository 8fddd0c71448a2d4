package hypo

import (
	"strings"
	"testing"
)

func quote(s string) string {
	if strings.ContainsAny(s, " A") {
		return `"` + s + `"`
	}
	return s
}

// TestSetNamesAndOIDs: OIDs are the lowest free from the minimum, a
// dropped one is reused, names follow hypopg and are cut to 63 bytes.
func TestSetNamesAndOIDs(t *testing.T) {
	var s Set
	a := s.Add(&Index{Schema: "public", Table: "t", AM: "btree", Keys: []Key{{Column: "a", AttNum: 1}}}, 100)
	b := s.Add(&Index{Schema: "public", Table: "t", AM: "hash", Keys: []Key{{Expr: "lower(b)"}}, Include: []string{"c"}}, 100)
	if a.OID != 100 || a.Name != "<100>btree_t_a" || b.OID != 101 || b.Name != "<101>hash_t_expr_c" {
		t.Fatalf("got %d %s, %d %s", a.OID, a.Name, b.OID, b.Name)
	}
	if !s.Drop(100) || s.Drop(100) {
		t.Fatal("Drop")
	}
	c := s.Add(&Index{Table: strings.Repeat("é", 40), AM: "btree", Keys: []Key{{Column: "x"}}}, 100)
	if c.OID != 100 || len(c.Name) > 63 || !strings.HasPrefix(c.Name, "<100>btree_é") || strings.ToValidUTF8(c.Name, "?") != c.Name {
		t.Fatalf("reuse and truncation: %d %q (%d bytes)", c.OID, c.Name, len(c.Name))
	}
	if len(s.List()) != 2 {
		t.Fatalf("List: %d", len(s.List()))
	}
	s.Reset()
	if !s.Empty() {
		t.Fatal("Reset left indexes")
	}
}

// TestDef prints definitions as hypopg_get_indexdef does.
func TestDef(t *testing.T) {
	ix := &Index{Schema: "public", Table: "My Table", AM: "btree", Unique: true,
		Keys:    []Key{{Column: "a"}, {Expr: "(b + 1)", Order: "DESC NULLS LAST"}},
		Include: []string{"c"}, Where: "(a > 3)"}
	want := `CREATE UNIQUE INDEX ON public."My Table" USING btree (a, (b + 1) DESC NULLS LAST) INCLUDE (c) WHERE (a > 3)`
	if got := ix.Def(quote); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if ix.Plain() {
		t.Error("an expression index is not plain")
	}
}

// TestHidden: hiding is idempotent and Reset unhides only hypothetical
// indexes.
func TestHidden(t *testing.T) {
	var s Set
	ix := s.Add(&Index{Table: "t", AM: "btree", Keys: []Key{{Column: "a"}}}, 10)
	if !s.Hide(ix.OID, nil) || s.Hide(ix.OID, nil) || !s.Hide(5, &Real{Schema: "public", Table: "t", Name: "t_a_idx"}) {
		t.Fatal("Hide")
	}
	if got := s.Hidden(); len(got) != 2 || got[0] != 5 || got[1] != 10 {
		t.Fatalf("Hidden: %v", got)
	}
	s.Reset()
	if got := s.HiddenReal(); len(got) != 1 || got[0].Name != "t_a_idx" || s.IsHidden(10) {
		t.Fatalf("after Reset: %v", got)
	}
	if !s.Unhide(5) || s.Unhide(5) || !s.Empty() {
		t.Fatal("Unhide")
	}
}

package routines

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestQueryCacheKeysParams: Caller.Query keeps one statement per text and
// parameter types and names; the same text with other parameter types is
// another statement, translated for them.
func TestQueryCacheKeysParams(t *testing.T) {
	var st State
	const q = "SELECT $1"
	get := func(p *routine.Params) *Stmt {
		t.Helper()
		s, err := st.query(q, p)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	none := get(nil)
	i4 := get(&routine.Params{Types: []*types.Type{types.Int4}})
	text := get(&routine.Params{Types: []*types.Type{types.Text}})
	named := get(&routine.Params{Types: []*types.Type{types.Int4}, Names: []string{"x"}})
	varchar5 := get(&routine.Params{Types: []*types.Type{types.Varchar.WithMod(9)}})
	varchar9 := get(&routine.Params{Types: []*types.Type{types.Varchar.WithMod(13)}})
	all := []*Stmt{none, i4, text, named, varchar5, varchar9}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			if all[i] == all[j] {
				t.Errorf("statements %d and %d are one", i, j)
			}
		}
	}
	if get(&routine.Params{Types: []*types.Type{types.Int4}}) != i4 || get(nil) != none {
		t.Error("the same text and parameters were prepared again")
	}
	if i4.paramTypes()[0] != types.Int4 || text.paramTypes()[0] != types.Text {
		t.Error("a statement kept other parameters' types")
	}
}

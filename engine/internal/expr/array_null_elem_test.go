package expr

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestArrayGrownFromNullKeepsElem: appending to or prepending to a NULL
// array (pgTAP's privs tests grow `test_privs TEXT[]` with `test_privs :=
// test_privs || p`) gives an array of the operand's element type; one
// built without it once reached types.Cast with no element type.
func TestArrayGrownFromNullKeepsElem(t *testing.T) {
	textArr := types.ArrayOf(types.Text)
	null, elem := NewLiteral(textArr, nil), NewLiteral(types.Text, "USAGE")
	r := NewRegistry()
	AddArrayFuncs(r)
	call := func(name string, ats []*types.Type, args []any) func() (any, error) {
		return func() (any, error) { return r.Overloads(name)[0].Typed(nil, ats, args) }
	}
	op := func(l, rt *Literal) func() (any, error) {
		return func() (any, error) {
			e, err := NewBinOp(nil, "||", l, rt)
			if err != nil {
				return nil, err
			}
			return e.Eval(nil, nil)
		}
	}
	cases := []struct {
		name string
		run  func() (any, error)
	}{
		{"null || elem", op(null, elem)},
		{"elem || null", op(elem, null)},
		{"array_append(null, elem)", call("array_append", []*types.Type{textArr, types.Text}, []any{nil, "USAGE"})},
		{"array_prepend(elem, null)", call("array_prepend", []*types.Type{types.Text, textArr}, []any{"USAGE", nil})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := c.run()
			if err != nil {
				t.Fatal(err)
			}
			a, ok := v.(*types.Array)
			if !ok || len(a.Values) != 1 || a.Values[0] != "USAGE" || a.Elem != types.Text {
				t.Fatalf("got %#v, want {USAGE} of text", v)
			}
		})
	}
}

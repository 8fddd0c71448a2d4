package expr

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/types"
)

func TestEnumComparesByLabelOrder(t *testing.T) {
	mood := &types.Type{Kind: types.KindEnum, OID: 90001, Name: "mood", SQLName: "mood", Category: 'E', Mod: -1,
		Schema: "public", Labels: []string{"sad", "ok", "happy"}}
	tests := []struct {
		op   string
		a, b string
		want bool
	}{
		{"<", "sad", "happy", true}, // lexically "sad" > "happy"
		{">", "happy", "ok", true},
		{"=", "ok", "ok", true},
		{"<=", "happy", "sad", false},
	}
	for _, tc := range tests {
		e, err := NewBinOp(nil, tc.op, NewLiteral(mood, tc.a), NewLiteral(mood, tc.b))
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Eval(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if v != tc.want {
			t.Errorf("%s %s %s = %v, want %v", tc.a, tc.op, tc.b, v, tc.want)
		}
	}
}

// TestEnumAnyAll: `enum_col = ANY(enum[])` once ran the unbound anyenum
// comparison, which matched every label (supabase-js `.in()` on an enum
// column returned every row).
func TestEnumAnyAll(t *testing.T) {
	mood := &types.Type{Kind: types.KindEnum, OID: 90001, Name: "mood", SQLName: "mood", Category: 'E', Mod: -1,
		Schema: "public", Labels: []string{"sad", "ok", "happy"}, ArrayOID: 90002}
	arr := NewLiteral(types.ArrayOf(mood), types.NewArray(mood, []any{"happy", "sad"}))
	tests := []struct {
		op   string
		x    string
		all  bool
		want bool
	}{
		{"=", "ok", false, false},
		{"=", "sad", false, true},
		{"<>", "ok", true, true},
		{"<>", "happy", true, false},
		{"<=", "sad", true, true},
		{">", "ok", false, true},
	}
	for _, tc := range tests {
		e, err := NewAnyArray(nil, tc.op, NewLiteral(mood, tc.x), arr, tc.all)
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Eval(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if v != tc.want {
			t.Errorf("%s %s ANY/ALL(all=%v) {happy,sad} = %v, want %v", tc.x, tc.op, tc.all, v, tc.want)
		}
	}
}

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

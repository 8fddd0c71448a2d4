package expr

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/types"
)

func TestCompatibleWant(t *testing.T) {
	intArr, bigArr := types.ArrayOf(types.Int4), types.ArrayOf(types.Int8)
	ts := func(x ...*types.Type) []*types.Type { return x }
	cases := []struct {
		name       string
		want, args []*types.Type
		ok         bool
		result     []*types.Type
	}{
		{"array_append widens", ts(anyArray, nil), ts(intArr, types.Int8), true, ts(bigArr, types.Int8)},
		{"array_prepend widens", ts(nil, anyArray), ts(types.Int8, intArr), true, ts(types.Int8, bigArr)},
		{"array_cat widens", ts(anyArray, anyArray), ts(intArr, bigArr), true, ts(bigArr, bigArr)},
		{"position keeps its int", ts(anyArray, nil, types.Int4), ts(intArr, types.Numeric, types.Int4), true, ts(types.ArrayOf(types.Numeric), types.Numeric, types.Int4)},
		{"unknown takes the element", ts(anyArray, nil), ts(intArr, types.Unknown), true, ts(intArr, types.Int4)},
		{"unknown array takes the element", ts(anyArray, nil), ts(types.Unknown, types.Int4), true, ts(intArr, types.Int4)},
		{"all unknown is text", ts(anyArray, nil), ts(types.Unknown, types.Unknown), true, ts(types.ArrayOf(types.Text), types.Text)},
		{"no common type", ts(anyArray, nil), ts(intArr, types.Text), false, nil},
		{"array where an element goes", ts(anyArray, nil), ts(intArr, intArr), false, nil},
		{"non-array where an array goes", ts(anyArray, nil), ts(types.Int4, types.Int4), false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := compatibleWant(c.want, c.args)
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v", ok, c.ok)
			}
			for i := range c.result {
				if got[i].OID != c.result[i].OID {
					t.Errorf("argument %d: %s, want %s", i, got[i].FormatType(), c.result[i].FormatType())
				}
			}
		})
	}
}

func TestSelectCommonTypeStrings(t *testing.T) {
	cases := []struct {
		name    string
		a, b    *types.Type
		want    *types.Type
		operand *types.Type // commonType, which operators use
	}{
		{"varchar then text", types.Varchar, types.Text, types.Varchar, types.Text},
		{"text then varchar", types.Text, types.Varchar, types.Text, types.Text},
		{"name then text", types.Name, types.Text, types.Name, types.Text},
		{"unknown then varchar", types.Unknown, types.Varchar, types.Varchar, types.Varchar},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := selectCommonType(c.a, c.b); got.OID != c.want.OID {
				t.Errorf("selectCommonType = %s, want %s", got.FormatType(), c.want.FormatType())
			}
			if got := commonType(c.a, c.b); got.OID != c.operand.OID {
				t.Errorf("commonType = %s, want %s", got.FormatType(), c.operand.FormatType())
			}
		})
	}
}

package expr

import (
	"testing"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func TestPolymorphicResolution(t *testing.T) {
	intArr, textArr := types.ArrayOf(types.Int4), types.ArrayOf(types.Text)
	ts := func(x ...*types.Type) []*types.Type { return x }
	cases := []struct {
		name             string
		declared, actual []*types.Type
		match            bool
		code             string      // ResolvePolymorphic's SQLSTATE, "" on success
		result           *types.Type // what the first declared type stands for
	}{
		{"element", ts(types.AnyElement), ts(types.Int8), true, "", types.Int8},
		{"array gives element", ts(types.AnyElement, types.AnyArray), ts(types.Unknown, intArr), true, "", types.Int4},
		{"element gives array", ts(types.AnyArray, types.AnyElement), ts(types.Unknown, types.Text), true, "", textArr},
		{"unlike elements", ts(types.AnyElement, types.AnyElement), ts(types.Int4, types.Text), false, "42804", nil},
		{"array element mismatch", ts(types.AnyArray, types.AnyElement), ts(intArr, types.Text), false, "42804", nil},
		{"not an array", ts(types.AnyArray), ts(types.Int4), false, "42804", nil},
		{"all unknown", ts(types.AnyElement), ts(types.Unknown), true, "42804", nil},
		{"nonarray refuses array", ts(types.AnyNonArray), ts(intArr), false, "42804", nil},
		{"enum refuses int", ts(types.AnyEnum), ts(types.Int4), false, "42804", nil},
		{"range subtype", ts(types.AnyElement, types.AnyRange), ts(types.Unknown, types.Int4Range), true, "", types.Int4},
		{"compatible common type", ts(types.AnyCompatible, types.AnyCompatible), ts(types.Int4, types.Numeric), true, "", types.Numeric},
		{"compatible unknowns are text", ts(types.AnyCompatible, types.AnyCompatible), ts(types.Unknown, types.Unknown), true, "", types.Text},
		{"compatible without common type", ts(types.AnyCompatible, types.AnyCompatible), ts(types.Int4, types.Text), false, "42804", nil},
		{"compatible array element", ts(types.AnyCompatible, types.AnyCompatibleArray), ts(types.Numeric, intArr), true, "", types.Numeric},
		{"families apart", ts(types.AnyElement, types.AnyCompatible), ts(types.Int4, types.Text), true, "", types.Int4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := MatchPolymorphic(c.declared, c.actual); got != c.match {
				t.Fatalf("MatchPolymorphic = %v, want %v", got, c.match)
			}
			b, err := ResolvePolymorphic(c.declared, c.actual)
			if c.code != "" {
				if pe, ok := pgerror.As(err); !ok || pe.Code != c.code {
					t.Fatalf("ResolvePolymorphic error = %v, want SQLSTATE %s", err, c.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("ResolvePolymorphic: %v", err)
			}
			if got := b.Subst(c.declared[0]); got == nil || got.OID != c.result.OID {
				t.Fatalf("Subst(%s) = %v, want %s", c.declared[0].Name, got, c.result.FormatType())
			}
		})
	}
}

func TestPolymorphicArrayOfArray(t *testing.T) {
	b, err := ResolvePolymorphic([]*types.Type{types.AnyElement}, []*types.Type{types.ArrayOf(types.Int4)})
	if err != nil {
		t.Fatal(err)
	}
	if pe, ok := pgerror.As(b.SubstAll(types.AnyArray)); !ok || pe.Code != pgerror.UndefinedObject {
		t.Fatalf("SubstAll(anyarray) over integer[] = %v, want 42704", pe)
	}
}

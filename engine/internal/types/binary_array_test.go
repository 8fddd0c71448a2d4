package types

import (
	"testing"

	"github.com/jackc/pgx/v5/pgtype"
)

// TestReceiveIntArray holds the short path for binary integer arrays
// (intArrayFromOne) to pgx's decode and re-encode, which arrays with
// other lower bounds still take. pgx's decode flattens an array of more
// than one dimension, which the short path keeps (want).
func TestReceiveIntArray(t *testing.T) {
	one := func(vs ...any) []any { return vs }
	cases := []struct {
		name string
		typ  *Type
		val  any
		want string // when not pgx's text
	}{
		{"int8 ids", ArrayOf(Int8), []int64{1, -2, 9223372036854775807, -9223372036854775808}, ""},
		{"int4 with NULL", ArrayOf(Int4), one(int32(7), nil, int32(-1)), ""},
		{"int2", ArrayOf(Int2), []int16{3, 2, 1}, ""},
		{"empty", ArrayOf(Int8), []int64{}, ""},
		{"two dimensions", ArrayOf(Int8), [][]int64{{1, 2}, {3, 4}}, "{{1,2},{3,4}}"},
		{"lower bound 2", ArrayOf(Int4), pgtype.Array[int32]{Elements: []int32{5, 6}, Dims: []pgtype.ArrayDimension{{Length: 2, LowerBound: 2}}, Valid: true}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var codec BinaryCodec
			data, err := codec.typeMap().Encode(c.typ.OID, pgtype.BinaryFormatCode, c.val, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := codec.ReceiveTextFor(c.typ, data)
			if err != nil {
				t.Fatal(err)
			}
			want, err := codec.ReceiveText(c.typ.OID, data) // pgx's path
			if err != nil {
				t.Fatal(err)
			}
			if c.want != "" {
				want = c.want
			}
			if got != want {
				t.Fatalf("ReceiveTextFor = %q, pgx's decode = %q", got, want)
			}
		})
	}
}

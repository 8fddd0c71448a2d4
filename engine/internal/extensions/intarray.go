package extensions

import (
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// intarray stands in for intarray 1.5 (docs F.20): functions and
// operators on one-dimensional int4[] without NULLs. The containment and
// overlap operators (@>, <@, &&) are the built-in array ones; the
// query_int type (@@, ~~), the prefix # and the GiST / GIN operator
// classes beyond CREATE INDEX acceptance are not provided.
func intarray() *Extension {
	return &Extension{
		Name:        "intarray",
		Version:     "1.5",
		Comment:     "functions, operators, and index support for 1-D arrays of integers",
		Relocatable: true,
		OpClasses: []OpClass{
			{Name: "gin__int_ops", Method: "gin", Type: "_int4", Storage: "int4"},
			{Name: "gist__int_ops", Method: "gist", Type: "_int4", Default: true},
			{Name: "gist__intbig_ops", Method: "gist", Type: "_int4", Storage: "intbig_gkey"},
		},
		Funcs: map[string]Func{
			"icount":    intArr1(func(a []int32) (any, error) { return int32(len(a)), nil }),
			"sort":      intArrDir(false),
			"sort_dir":  intArrDir(true),
			"sort_asc":  intArr1(func(a []int32) (any, error) { return intArray(sorted(a, false)), nil }),
			"sort_desc": intArr1(func(a []int32) (any, error) { return intArray(sorted(a, true)), nil }),
			"uniq":      intArr1(func(a []int32) (any, error) { return intArray(uniqAdjacent(a)), nil }),
			"idx": Scalar(func(v []any) (any, error) {
				a, err := ints(v[0])
				if err != nil {
					return nil, err
				}
				for i, x := range a {
					if x == v[1].(int32) {
						return int32(i + 1), nil
					}
				}
				return int32(0), nil
			}),
			"subarray": Scalar(func(v []any) (any, error) {
				a, err := ints(v[0])
				if err != nil {
					return nil, err
				}
				n := int32(0)
				if len(v) > 2 {
					n = v[2].(int32)
				}
				return intArray(subarray(a, v[1].(int32), n)), nil
			}),
			"intset": Scalar(func(v []any) (any, error) { return intArray([]int32{v[0].(int32)}), nil }),
			"intarray_push_elem": Scalar(func(v []any) (any, error) {
				a, err := ints(v[0])
				if err != nil {
					return nil, err
				}
				return intArray(append(a, v[1].(int32))), nil
			}),
			"intarray_push_array": intArr2(func(a, b []int32) []int32 { return append(a, b...) }),
			"intarray_del_elem": Scalar(func(v []any) (any, error) {
				a, err := ints(v[0])
				if err != nil {
					return nil, err
				}
				return intArray(without(a, []int32{v[1].(int32)})), nil
			}),
			"intset_subtract": intArr2(func(a, b []int32) []int32 { return uniqAdjacent(sorted(without(a, b), false)) }),
			"intset_union_elem": Scalar(func(v []any) (any, error) {
				a, err := ints(v[0])
				if err != nil {
					return nil, err
				}
				return intArray(uniqAdjacent(sorted(append(a, v[1].(int32)), false))), nil
			}),
			"_int_union": intArr2(func(a, b []int32) []int32 { return uniqAdjacent(sorted(append(a, b...), false)) }),
			"_int_inter": intArr2(func(a, b []int32) []int32 {
				in := map[int32]bool{}
				for _, x := range b {
					in[x] = true
				}
				var out []int32
				for _, x := range a {
					if in[x] {
						out = append(out, x)
					}
				}
				return uniqAdjacent(sorted(out, false))
			}),
		},
		Script: `
CREATE FUNCTION icount(int4[]) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION sort(int4[], text) RETURNS int4[] AS 'MODULE_PATHNAME', 'sort_dir' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION sort(int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION sort_asc(int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION sort_desc(int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION uniq(int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION idx(int4[], int4) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION subarray(int4[], int4, int4) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION subarray(int4[], int4) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION intset(int4) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION intarray_push_elem(int4[], int4) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION intarray_push_array(int4[], int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION intarray_del_elem(int4[], int4) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION intset_union_elem(int4[], int4) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION intset_subtract(int4[], int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION _int_union(int4[], int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION _int_inter(int4[], int4[]) RETURNS int4[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE OPERATOR # (LEFTARG = int4[], RIGHTARG = int4, PROCEDURE = idx);
CREATE OPERATOR + (LEFTARG = int4[], RIGHTARG = int4, PROCEDURE = intarray_push_elem);
CREATE OPERATOR + (LEFTARG = int4[], RIGHTARG = int4[], PROCEDURE = intarray_push_array);
CREATE OPERATOR - (LEFTARG = int4[], RIGHTARG = int4, PROCEDURE = intarray_del_elem);
CREATE OPERATOR - (LEFTARG = int4[], RIGHTARG = int4[], PROCEDURE = intset_subtract);
CREATE OPERATOR | (LEFTARG = int4[], RIGHTARG = int4, PROCEDURE = intset_union_elem);
CREATE OPERATOR | (LEFTARG = int4[], RIGHTARG = int4[], PROCEDURE = _int_union);
CREATE OPERATOR & (LEFTARG = int4[], RIGHTARG = int4[], PROCEDURE = _int_inter);
`,
	}
}

// ints reads a one-dimensional int4[] without NULLs.
func ints(v any) ([]int32, error) {
	a := v.(*types.Array)
	if len(a.Dims) > 1 {
		return nil, pgerror.New("2202E", "array must be one-dimensional")
	}
	out := make([]int32, len(a.Values))
	for i, x := range a.Values {
		if x == nil {
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "array must not contain nulls")
		}
		out[i] = x.(int32)
	}
	return out, nil
}

func intArray(a []int32) *types.Array {
	vals := make([]any, len(a))
	for i, x := range a {
		vals[i] = x
	}
	return types.NewArray(types.Int4, vals)
}

func intArr1(f func([]int32) (any, error)) Func {
	return Scalar(func(v []any) (any, error) {
		a, err := ints(v[0])
		if err != nil {
			return nil, err
		}
		return f(a)
	})
}

func intArr2(f func(a, b []int32) []int32) Func {
	return Scalar(func(v []any) (any, error) {
		a, err := ints(v[0])
		if err != nil {
			return nil, err
		}
		b, err := ints(v[1])
		if err != nil {
			return nil, err
		}
		return intArray(f(a, b)), nil
	})
}

func intArrDir(withDir bool) Func {
	return Scalar(func(v []any) (any, error) {
		a, err := ints(v[0])
		if err != nil {
			return nil, err
		}
		desc := false
		if withDir {
			switch strings.ToUpper(v[1].(string)) {
			case "ASC":
			case "DESC":
				desc = true
			default:
				return nil, pgerror.New(pgerror.InvalidParameterValue, "second parameter must be \"ASC\" or \"DESC\"")
			}
		}
		return intArray(sorted(a, desc)), nil
	})
}

func sorted(a []int32, desc bool) []int32 {
	out := append([]int32(nil), a...)
	sort.Slice(out, func(i, j int) bool {
		if desc {
			return out[i] > out[j]
		}
		return out[i] < out[j]
	})
	return out
}

func uniqAdjacent(a []int32) []int32 {
	var out []int32
	for i, x := range a {
		if i == 0 || x != a[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func without(a, drop []int32) []int32 {
	gone := map[int32]bool{}
	for _, x := range drop {
		gone[x] = true
	}
	var out []int32
	for _, x := range a {
		if !gone[x] {
			out = append(out, x)
		}
	}
	return out
}

// subarray is intarray's subarray(a, start, len): start counts from 1,
// or from the end when negative; len 0 means to the end, a negative len
// stops that many elements before it.
func subarray(a []int32, start, n int32) []int32 {
	c := int32(len(a))
	if c == 0 {
		return nil
	}
	if start < 0 {
		start = c + start
	} else if start > 0 {
		start--
	}
	if start < 0 {
		start = 0
	}
	var end int32
	switch {
	case n < 0:
		end = c + n
	case n == 0:
		end = c
	default:
		end = start + n
	}
	if end > c {
		end = c
	}
	if start >= end {
		return nil
	}
	return append([]int32(nil), a[start:end]...)
}

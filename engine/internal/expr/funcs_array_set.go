package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ArraySetFunc is the internal function UPDATE ... SET col[i] = v
// translates to: col with element i replaced (docs 8.15.4). A NULL array
// becomes a one-element array at i; an index outside the bounds extends
// the array, filling the gap with NULLs.
const ArraySetFunc = "$array_set"

// AddArraySetFuncs adds the internal array element assignment function (ArraySetFunc).
// A family of session.Builtins.
func AddArraySetFuncs(r *Registry) {
	r.Add(ArraySetFunc, FuncImpl{Args: []*types.Type{anyArray, types.Int4, nil}, NonStrict: true, Result: bfArgType(0),
		Typed: func(_ *sql.Context, ats []*types.Type, a []any) (any, error) {
			if a[1] == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "array subscript in assignment must not be null")
			}
			i := int(bfAsInt(a[1]))
			arr, _ := a[0].(*types.Array)
			if arr == nil || len(arr.Values) == 0 {
				elem := ats[0].Elem
				if arr != nil {
					elem = arr.Elem
				}
				return &types.Array{Elem: elem, Dims: []int{1}, Lower: []int{i}, Values: []any{a[2]}}, nil
			}
			if len(arr.Dims) != 1 {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "assignment to an element of a multidimensional array is not supported yet")
			}
			lo, hi := arr.Lower[0], arr.Lower[0]+arr.Dims[0]-1
			vals := append([]any{}, arr.Values...)
			switch {
			case i < lo:
				pad := make([]any, lo-i)
				vals = append(pad, vals...)
				lo = i
			case i > hi:
				vals = append(vals, make([]any, i-hi)...)
			}
			vals[i-lo] = a[2]
			return &types.Array{Elem: arr.Elem, Dims: []int{len(vals)}, Lower: []int{lo}, Values: vals}, nil
		}})
}

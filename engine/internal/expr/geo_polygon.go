package expr

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Operators of polygon (docs 9.11): ~= (same as).
func init() {
	G := types.PolygonType
	addOp("~=", G, G, types.Bool, func(_ *types.Env, a, b any) (any, error) {
		p, err := types.PolygonPoints(a.(string))
		if err != nil {
			return nil, err
		}
		q, err := types.PolygonPoints(b.(string))
		if err != nil {
			return nil, err
		}
		return len(p) == len(q) && samePointList(p, q), nil
	})
}

// addPolygonFuncs adds polygon's functions (docs table 9.36).
func addPolygonFuncs(r *Registry) {
	r.Add("npoints", FuncImpl{Args: []*types.Type{types.PolygonType}, Result: Fixed(types.Int4), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		p, err := types.PolygonPoints(a[0].(string))
		if err != nil {
			return nil, err
		}
		return int32(len(p)), nil
	}})
}

// samePointList is plist_same: q holds p's vertices in the same cyclic
// order, read forwards or backwards, from any starting vertex.
func samePointList(p, q []types.GeoPoint) bool {
	n := len(p)
	for i := range q {
		if !geoPointEq(q[i], p[0]) {
			continue
		}
		fwd, back := true, true
		for k := 1; k < n; k++ {
			if fwd && !geoPointEq(q[(i+k)%n], p[k]) {
				fwd = false
			}
			if back && !geoPointEq(q[((i-k)%n+n)%n], p[k]) {
				back = false
			}
		}
		if fwd || back {
			return true
		}
	}
	return false
}

// geoPointEq is point_eq_point: within FPeq's tolerance, exactly when a
// coordinate is NaN.
func geoPointEq(a, b types.GeoPoint) bool {
	if math.IsNaN(a.X) || math.IsNaN(a.Y) || math.IsNaN(b.X) || math.IsNaN(b.Y) {
		return float8Same(a.X, b.X) && float8Same(a.Y, b.Y)
	}
	return fpEq(a.X, b.X) && fpEq(a.Y, b.Y)
}

// float8Same is float8_eq: NaN equals NaN.
func float8Same(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b
}

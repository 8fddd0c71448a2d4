package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// AddOverlapsFuncs adds OVERLAPS as a function.
// A family of session.Builtins.
//
// (start1, end1) OVERLAPS (start2, end2) (docs 9.9), as PostgreSQL's
// overlaps_timestamp: ends may come first, a NULL end makes a period an
// instant, and an answer that depends on a NULL is NULL.
func AddOverlapsFuncs(r *Registry) {
	for _, t := range []*types.Type{types.Timestamp, types.Timestamptz, types.Time} {
		t := t
		r.Add("overlaps", FuncImpl{Args: bfTt(t, t, t, t), NonStrict: true, Result: Fixed(types.Bool),
			Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
				return overlaps(t, a[0], a[1], a[2], a[3]), nil
			}})
	}
}

func overlaps(t *types.Type, s1, e1, s2, e2 any) any {
	gt := func(x, y any) bool { return types.Compare(t, x, y) > 0 }
	lt := func(x, y any) bool { return types.Compare(t, x, y) < 0 }
	norm := func(s, e any) (any, any, bool) {
		if s == nil {
			if e == nil {
				return nil, nil, false
			}
			return e, nil, true
		}
		if e != nil && gt(s, e) {
			return e, s, true
		}
		return s, e, true
	}
	s1, e1, ok1 := norm(s1, e1)
	s2, e2, ok2 := norm(s2, e2)
	if !ok1 || !ok2 {
		return nil
	}
	switch {
	case gt(s1, s2):
		if e2 == nil {
			return nil
		}
		if lt(s1, e2) {
			return true
		}
		if e1 == nil {
			return nil
		}
		return false
	case lt(s1, s2):
		if e1 == nil {
			return nil
		}
		if lt(s2, e1) {
			return true
		}
		if e2 == nil {
			return nil
		}
		return false
	}
	if e1 == nil || e2 == nil {
		return nil
	}
	return true
}

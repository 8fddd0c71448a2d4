package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// inSemiJoin returns the hash semi join a filter's `x IN (subquery)` is,
// for an uncorrelated subquery of one column whose type is x's (nil
// otherwise). GMS caches such a subquery's rows but converts and hashes
// each outer value by its formatted text; the join reads the subquery
// once into a set of values. In a filter, IN keeps a row only when it is
// true: a NULL x or a subquery's NULLs never make it so, which is the
// join's NULL rule too (PostgreSQL plans it as a Hash Semi Join as well).
func inSemiJoin(in *plan.InSubquery, outer sql.Schema) *HashSemiJoin {
	sq, ok := in.Right().(*plan.Subquery)
	if !ok || sq.Query == nil || !sq.Correlated().Empty() || !sq.CanCacheResults() {
		return nil
	}
	cols := sq.Query.Schema()
	if len(cols) != 1 {
		return nil
	}
	lt, lok := in.Left().Type().(*types.Type)
	rt, rok := cols[0].Type.(*types.Type)
	if !lok || !rok || !lt.Equals(rt) || !hashableKind(lt) {
		return nil
	}
	if sideOfScope(in.Left(), nil, outer) != 1 {
		return nil // x reads the filter's row, plainly
	}
	n := len(outer)
	key := expression.NewGetField(n, cols[0].Type, cols[0].Name, cols[0].Nullable)
	return &HashSemiJoin{Scope: n, Inner: sq.Query, InnerKeys: []sql.Expression{key}, OuterKeys: []sql.Expression{in.Left()}}
}

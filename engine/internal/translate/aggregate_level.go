package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// An aggregate belongs to one query level (PostgreSQL docs 4.2.7): the
// innermost level whose columns its arguments read, or the level it is
// written in when they read none. GMS's planner merges aggregate calls by
// their text and looks them up through every enclosing scope, so without
// care count(*) in a subquery is taken for the outer query's count(*).
// The translator tags each call with the depth of the level it belongs to
// (expr.AggSpec.Level), which keeps calls of different levels apart and
// lets a call that belongs to an outer level find that level's.

// aggOwner returns how many levels out the aggregate call f belongs (0 for
// the level being translated), by resolving the column references of its
// arguments, FILTER and ORDER BY against each level's FROM items. A name
// the translator cannot place is taken to be the current level's, GMS's
// own reading.
func (t *Translator) aggOwner(f *pg.FuncCall) int {
	owner := -1
	visit := func(n *pg.Node) bool {
		switch {
		case n.GetSubLink() != nil:
			return true // its columns are resolved inside it
		case n.GetColumnRef() != nil:
			if k := t.columnLevel(n.GetColumnRef()); owner < 0 || k < owner {
				owner = k
			}
			return true
		}
		return false
	}
	for _, a := range f.Args {
		if !visit(a) {
			walkNodes(a, visit)
		}
	}
	if f.AggFilter != nil && !visit(f.AggFilter) {
		walkNodes(f.AggFilter, visit)
	}
	for _, o := range f.AggOrder {
		walkNodes(o, visit)
	}
	if owner < 0 {
		return 0
	}
	return owner
}

// columnLevel returns how many levels out a column reference resolves.
func (t *Translator) columnLevel(cr *pg.ColumnRef) int {
	var parts []string
	for _, f := range cr.Fields {
		if f.GetAStar() != nil {
			continue
		}
		parts = append(parts, strVal(f))
	}
	if len(parts) == 0 {
		return 0
	}
	k := 0
	q := &t.q
	for ; q != nil && q.depth > 0; q, k = q.parent, k+1 {
		if q.opaque {
			return k // an item here may hold the name
		}
		if len(parts) == 1 && len(cr.Fields) == 1 {
			for _, src := range q.rowCols {
				for _, c := range src.cols {
					if c == parts[0] {
						return k
					}
				}
			}
		}
		// a qualified name, or a whole row: the level with that FROM item
		rel := parts[0]
		if len(parts) >= 2 {
			rel = parts[len(parts)-2]
		}
		if q.fromNames[rel] {
			return k
		}
	}
	if q != nil && q.dmlTarget != nil && k > 0 && t.dmlTargetColumn(q.dmlTarget, parts, len(cr.Fields)) {
		return k
	}
	return 0
}

// dmlTargetColumn reports whether a reference names a column of an
// UPDATE's or DELETE's target: qualified by its name, or a bare column
// name of the table.
func (t *Translator) dmlTargetColumn(target *pg.RangeVar, parts []string, fields int) bool {
	name := target.Relname
	if target.Alias != nil {
		name = target.Alias.Aliasname
	}
	if len(parts) >= 2 {
		return parts[len(parts)-2] == name
	}
	if fields != 1 {
		return parts[0] == name // a whole row
	}
	ti, ok := t.lookupColumns(target.Schemaname, target.Relname)
	if !ok || ti == nil {
		return false
	}
	for _, c := range ti.Columns {
		if c.Name == parts[0] {
			return true
		}
	}
	return false
}

// dmlAggregates records an UPDATE's or DELETE's target while the
// statement is translated, so that an aggregate of its columns inside a
// subquery is the statement's, which PostgreSQL refuses (42803).
func (t *Translator) dmlAggregates(target *pg.RangeVar, kind string) func() {
	saved, savedKind := t.q.dmlTarget, t.q.dmlKind
	t.q.dmlTarget, t.q.dmlKind = target, kind
	return func() { t.q.dmlTarget, t.q.dmlKind = saved, savedKind }
}

// outerAggregate checks an aggregate call that belongs k levels out and
// returns that level's depth. PostgreSQL evaluates it once per group of
// that level; GMS does so only when that level computes the same call
// before it builds the subquery (its SELECT list is built first, in
// order). A call that level's SELECT list does not compute earlier is
// collected for the subquery of that level's SELECT list, HAVING or
// ORDER BY holding it to compute first (sublink_args.go); anywhere else
// it is refused rather than answered per row of the subquery.
func (t *Translator) outerAggregate(f *pg.FuncCall, name string, k int) int {
	inner := &t.q
	owner := inner
	for i := 0; i < k; i++ {
		inner, owner = owner, owner.parent
	}
	if owner.dmlTarget != nil && owner.depth == 0 {
		failAt(f.Location, pgerror.GroupingError, "aggregate functions are not allowed in %s", owner.clauseOr(owner.dmlKind))
	}
	switch c := owner.clause; {
	case c != "" && c != "HAVING":
		failAt(f.Location, pgerror.GroupingError, "aggregate functions are not allowed in %s", c)
	case owner.inAgg:
		failAt(f.Location, pgerror.GroupingError, "aggregate function calls cannot be nested")
	}
	if t.q.clause == "HAVING" && len(t.q.from) > 0 {
		// GMS groups the subquery only by its own aggregates, and then
		// loses the outer row above its grouping
		failAt(f.Location, pgerror.FeatureNotSupported, "aggregate %s of an outer query level in a subquery's HAVING is not supported yet", name)
	}
	for q := t.q.parent; q != owner; q = q.parent {
		if q.inAgg && q.aggBare { // sum((SELECT max(outer.x)))
			failAt(f.Location, pgerror.GroupingError, "aggregate function calls cannot be nested")
		}
	}
	limit := len(owner.targets)
	if owner.target > 0 {
		limit = owner.target - 1 // earlier entries only
	}
	call := owner.qualified(&pg.Node{Node: &pg.Node_FuncCall{FuncCall: f}})
	for _, tn := range owner.targets[:limit] {
		found := false
		walkNodes(tn, func(n *pg.Node) bool {
			if n.GetSubLink() != nil || found {
				return true
			}
			if n.GetFuncCall() != nil && sameExpr(owner.qualified(n), call) {
				found = true
				return true
			}
			return false
		})
		if found {
			return owner.depth
		}
	}
	if owner.outerAggs != nil {
		for _, g := range *owner.outerAggs {
			if sameExpr(owner.qualified(&pg.Node{Node: &pg.Node_FuncCall{FuncCall: g}}), call) {
				return owner.depth
			}
		}
		*owner.outerAggs = append(*owner.outerAggs, pgtree.Clone(f))
		return owner.depth
	}
	if owner.hiddenRows != nil { // inside one of the level's FROM items
		failAt(f.Location, pgerror.GroupingError, "aggregate functions are not allowed in FROM clause of their own query level")
	}
	failAt(f.Location, pgerror.FeatureNotSupported,
		"aggregate %s of an outer query level inside a subquery is supported only when that level's SELECT list computes it first", name)
	return 0
}

// qualified returns a copy of n with each unqualified column reference
// the level's FROM items name exactly once qualified by the item's name,
// so max(v) and max(t.v) compare equal, as GMS's names for them do.
func (q *queryScope) qualified(n *pg.Node) *pg.Node {
	n = pgtree.Clone(n)
	if q.opaque {
		return n
	}
	walkNodes(n, func(x *pg.Node) bool {
		if x.GetSubLink() != nil {
			return true
		}
		cr := x.GetColumnRef()
		if cr == nil || len(cr.Fields) != 1 || cr.Fields[0].GetAStar() != nil {
			return cr != nil
		}
		name, rel := strVal(cr.Fields[0]), ""
		for alias, src := range q.rowCols {
			for _, c := range src.cols {
				if c == name {
					if rel != "" {
						return true // ambiguous
					}
					rel = alias
				}
			}
		}
		if rel != "" {
			cr.Fields = []*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: rel}}}, cr.Fields[0]}
		}
		return true
	})
	return n
}

// readsColumn reports whether an aggregate call's arguments, FILTER or
// ORDER BY read a column outside subqueries.
func readsColumn(f *pg.FuncCall) bool {
	found := false
	visit := func(n *pg.Node) bool {
		if n.GetColumnRef() != nil {
			found = true
		}
		return found || n.GetSubLink() != nil
	}
	list := append(append([]*pg.Node{}, f.Args...), f.AggOrder...)
	if f.AggFilter != nil {
		list = append(list, f.AggFilter)
	}
	for _, a := range list {
		if !visit(a) {
			walkNodes(a, visit)
		}
	}
	return found
}

package gmsadapter

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Join removal (PostgreSQL's remove_useless_joins, in
// optimizer/plan/analyzejoins.c).
//
// A LEFT JOIN returns each row of its left input once when at most one
// row of its right input can match it; when, besides, nothing above the
// join reads a column of the right input, the join is its left input. The
// right input must be one table whose join condition equates each column
// of one of its unique keys with an expression of the other columns
// (`am.oid = c.relam`, psql's \dt): its primary key, a unique index that
// is not DEFERRABLE (whose rows may hold duplicates until the check runs;
// PostgreSQL skips those too), or a catalog's oid (pgcatalog's
// UniqueKeys). The equality must be the column type's own (both operands
// of the type; not bpchar, whose = ignores trailing blanks the index
// keeps apart), and the condition may call nothing volatile and hold no
// subquery: it is no longer evaluated.
//
// Like outer-join reduction (rule_outer_join_reduce.go), which runs just
// before it and may turn the joins above into inner ones, it is an
// analyzer rule: which table a column is and which columns a plan reads
// are known only once names are resolved. A plan reads a column in any
// expression, a subquery's included, except in the join's own condition
// and in the columns an ordered select's inner projection passes through
// for the sort (see rule_prune_projection.go), which the outer projection
// reads by the same column id if at all. The columns a join yields reach
// the result only through a projection, grouping or window above it; a
// join with none above it in its select (a subquery alias's output
// unprojected) stays. Writes (UPDATE, DELETE) keep their joins.

const ruleJoinRemoval analyzer.RuleId = 10006

// UniqueKeyed is a table whose rows are unique on some sets of columns
// that it does not offer as unique indexes (the catalogs' oid columns).
type UniqueKeyed interface {
	UniqueKeys() [][]string
}

// DeferrableUniques is the session as join removal asks it whether a
// unique index enforces a DEFERRABLE constraint. A session that is not
// one has only its primary keys taken as unique.
type DeferrableUniques interface {
	DeferrableUnique(schema, table, index string) bool
}

func joinRemoval(isParam IsParam) analyzer.RuleFunc {
	return func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, sc *plan.Scope, _ analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if qf != nil && !qf.JoinIsSet() {
			return n, transform.SameTree, nil
		}
		if writesRows(n) {
			return n, transform.SameTree, nil
		}
		same := transform.SameTree
		for {
			next, ok, err := removeOneJoin(ctx, n, isParam)
			if err != nil {
				return n, transform.SameTree, err
			}
			if !ok {
				break
			}
			n, same = next, transform.NewTree
		}
		if same == transform.NewTree && sc.IsEmpty() && !hasJoin(n) {
			// the statement reads one table now: the short path for
			// simple reads (simple_read.go) may take it
			qf.Unset(sql.QFlagInnerJoin)
			qf.Unset(sql.QFlagCrossJoin)
		}
		return n, same, nil
	}
}

// hasJoin reports whether n, or a subquery in it, joins.
func hasJoin(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(c sql.Node) bool {
		if found {
			return false
		}
		if _, ok := c.(*plan.JoinNode); ok {
			found = true
			return false
		}
		if ex, ok := c.(sql.Expressioner); ok {
			for _, e := range ex.Expressions() {
				transform.InspectExpr(e, func(x sql.Expression) bool {
					if sq, ok := x.(*plan.Subquery); ok && sq.Query != nil && hasJoin(sq.Query) {
						found = true
					}
					return found
				})
			}
		}
		return !found
	})
	return found
}

// writesRows reports whether n writes rows (a write's join may name the
// table it writes).
func writesRows(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(c sql.Node) bool {
		switch c.(type) {
		case *plan.Update, *plan.DeleteFrom, *plan.UpdateJoin, *plan.InsertInto:
			found = true
		}
		return !found
	})
	return found
}

// removeOneJoin removes one removable join from n.
func removeOneJoin(ctx *sql.Context, n sql.Node, isParam IsParam) (sql.Node, bool, error) {
	inner := innerProjections(n)
	var target *plan.JoinNode
	var targetCols sql.ColSet
	var visit func(c sql.Node, cut bool)
	visit = func(c sql.Node, cut bool) {
		if target != nil {
			return
		}
		switch x := c.(type) {
		case *plan.Project:
			cut = cut || !inner[x]
		case *plan.GroupBy, *plan.Window:
			cut = true
		case *plan.JoinNode:
			if cut && x.Op == plan.JoinTypeLeftOuter {
				if cols, ok := uniqueJoin(ctx, x, isParam); ok && !readsAny(n, x, inner, cols) {
					target, targetCols = x, cols
					return
				}
			}
		case *plan.Filter, *plan.Sort, *plan.Having, *plan.Limit, *plan.Offset, *plan.Distinct, *plan.TopN:
		default:
			cut = false // a new select (subquery alias, set operation), or a node not known to project
		}
		for _, ch := range c.Children() {
			visit(ch, cut)
		}
	}
	visit(n, false)
	if target == nil {
		return n, false, nil
	}
	out, err := withoutJoin(n, target, targetCols, inner)
	return out, err == nil, err
}

// innerProjections finds the inner projections of ordered selects: a
// Project under Sort, Having and Filter nodes under another Project
// (trimInnerProjection's shape).
func innerProjections(n sql.Node) map[*plan.Project]bool {
	out := map[*plan.Project]bool{}
	transform.Inspect(n, func(c sql.Node) bool {
		outer, ok := c.(*plan.Project)
		if !ok {
			return true
		}
		ch := outer.Child
		steps := 0
		for {
			switch x := ch.(type) {
			case *plan.Sort:
				ch = x.Child
			case *plan.Having:
				ch = x.Child
			case *plan.Filter:
				ch = x.Child
			default:
				if p, ok := ch.(*plan.Project); ok && steps > 0 {
					out[p] = true
				}
				return true
			}
			steps++
		}
	})
	return out
}

// readsAny reports whether a plan reads one of cols outside join's
// condition and inner projections' passed-through columns.
func readsAny(n sql.Node, join *plan.JoinNode, inner map[*plan.Project]bool, cols sql.ColSet) bool {
	found := false
	var exprs func(es []sql.Expression)
	var nodes func(c sql.Node)
	exprs = func(es []sql.Expression) {
		for _, e := range es {
			transform.InspectExpr(e, func(x sql.Expression) bool {
				switch x := x.(type) {
				case *expression.GetField:
					if cols.Contains(x.Id()) {
						found = true
					}
				case *plan.Subquery:
					if x.Correlated().Intersects(cols) {
						found = true
					} else if x.Query != nil {
						nodes(x.Query)
					}
				}
				return found
			})
			if found {
				return
			}
		}
	}
	nodes = func(c sql.Node) {
		transform.Inspect(c, func(c sql.Node) bool {
			if found {
				return false
			}
			switch x := c.(type) {
			case *plan.JoinNode:
				if x == join {
					return true // its condition goes with it
				}
			case *plan.Project:
				if inner[x] {
					for _, e := range x.Projections {
						if _, ok := e.(*expression.GetField); !ok {
							exprs([]sql.Expression{e})
						}
					}
					return !found
				}
			}
			if ex, ok := c.(sql.Expressioner); ok {
				exprs(ex.Expressions())
			}
			return !found
		})
	}
	nodes(n)
	return found
}

// uniqueJoin reports whether at most one row of join's right input, a
// table, matches each row of its left one, and returns the table's
// columns.
func uniqueJoin(ctx *sql.Context, join *plan.JoinNode, isParam IsParam) (sql.ColSet, bool) {
	var cols sql.ColSet
	right, ok := join.Right().(plan.TableIdNode)
	if !ok || join.Filter == nil {
		return cols, false
	}
	var rt *plan.ResolvedTable
	switch x := right.(type) {
	case *plan.ResolvedTable:
		rt = x
	case *plan.TableAlias:
		rt, _ = x.Child.(*plan.ResolvedTable)
	}
	if rt == nil {
		return cols, false
	}
	cols = right.Columns()
	keyed := map[string]bool{}
	for _, c := range splitAnd(join.Filter, nil) {
		if !fixedExpr(c, isParam) {
			return cols, false
		}
		if name, ok := keyEquality(c, cols); ok {
			keyed[name] = true
		}
	}
	if len(keyed) == 0 {
		return cols, false
	}
	for _, key := range uniqueKeys(ctx, rt.UnderlyingTable()) {
		covered := len(key) > 0
		for _, c := range key {
			covered = covered && keyed[c]
		}
		if covered {
			return cols, true
		}
	}
	return cols, false
}

// keyEquality returns the column of cols that c equates with an
// expression reading none of cols, by its type's own equality.
func keyEquality(c sql.Expression, cols sql.ColSet) (string, bool) {
	var l, r sql.Expression
	switch x := c.(type) {
	case *expression.Equals:
		l, r = x.Left(), x.Right()
	case *expr.BinOp:
		if x.Op != "=" {
			return "", false
		}
		l, r = x.Left, x.Right
	default:
		return "", false
	}
	for i := 0; i < 2; i++ {
		if gf, ok := l.(*expression.GetField); ok && cols.Contains(gf.Id()) && !exprColumns(r).Intersects(cols) {
			lt, lok := gf.Type().(*types.Type)
			rt, rok := r.Type().(*types.Type)
			if lok && rok && lt.Equals(rt) && lt.Base().Kind != types.KindBpchar {
				return gf.Name(), true
			}
		}
		l, r = r, l
	}
	return "", false
}

// fixedExpr reports whether e is built only of columns, constants,
// parameters and tinybase's operators and non-volatile built-in
// functions: removing the join that evaluated it changes nothing but the
// rows.
func fixedExpr(e sql.Expression, isParam IsParam) bool {
	ok := true
	transform.InspectExpr(e, func(x sql.Expression) bool {
		switch x := x.(type) {
		case *expression.GetField, *expression.Literal, *expr.Literal,
			*expression.Equals, *expression.LessThan, *expression.LessThanOrEqual, *expression.GreaterThan, *expression.GreaterThanOrEqual,
			*expression.And, *expression.Or,
			*expr.BinOp, *expr.Logic, *expr.Not, *expr.IsNull, *expr.Cast, *expr.UnaryOp, *expr.In, *expr.AnyArray,
			*expr.Distinct, *expr.Case, *expr.Variadic, *expr.ArrayCtor:
		case *expr.FuncCall:
			ok = !x.IsVolatile()
		default:
			ok = isParam != nil && isParam(x)
		}
		return !ok
	})
	return ok
}

// uniqueKeys lists the column sets t's rows are unique on.
func uniqueKeys(ctx *sql.Context, t sql.Table) [][]string {
	if u, ok := t.(UniqueKeyed); ok {
		return u.UniqueKeys()
	}
	ia, ok := t.(sql.IndexAddressable)
	if !ok {
		return nil
	}
	ixs, err := ia.GetIndexes(ctx)
	if err != nil {
		return nil
	}
	deferrable, _ := ctx.Session.(DeferrableUniques)
	schema := ""
	if s, ok := t.(interface{ SchemaName() string }); ok {
		schema = s.SchemaName()
	}
	var out [][]string
	for _, ix := range ixs {
		if !ix.IsUnique() || ix.IsSpatial() || ix.IsFullText() || ix.IsVector() {
			continue
		}
		// the primary key is the row tree's key, checked at once
		if ix.ID() != "PRIMARY" && (deferrable == nil || schema == "" || deferrable.DeferrableUnique(schema, t.Name(), ix.ID())) {
			continue
		}
		var key []string
		prefix := ix.Table() + "."
		for _, e := range ix.Expressions() {
			if !strings.HasPrefix(e, prefix) {
				key = nil
				break
			}
			key = append(key, strings.TrimPrefix(e, prefix))
		}
		if key != nil {
			out = append(out, key)
		}
	}
	return out
}

// withoutJoin replaces join in n by its left input, and drops the columns
// cols from the inner projections that passed them through.
func withoutJoin(n sql.Node, join *plan.JoinNode, cols sql.ColSet, inner map[*plan.Project]bool) (sql.Node, error) {
	if n == sql.Node(join) {
		return join.Left(), nil
	}
	if p, ok := n.(*plan.Project); ok && inner[p] {
		var kept []sql.Expression
		for _, e := range p.Projections {
			if gf, ok := e.(*expression.GetField); ok && cols.Contains(gf.Id()) {
				continue
			}
			kept = append(kept, e)
		}
		if len(kept) != len(p.Projections) {
			np := *p
			np.Projections = kept
			n = &np
		}
	}
	children := n.Children()
	if len(children) == 0 {
		return n, nil
	}
	next := make([]sql.Node, len(children))
	changed := false
	for i, c := range children {
		nc, err := withoutJoin(c, join, cols, inner)
		if err != nil {
			return n, err
		}
		next[i] = nc
		changed = changed || nc != c
	}
	if !changed {
		return n, nil
	}
	return n.WithChildren(next...)
}

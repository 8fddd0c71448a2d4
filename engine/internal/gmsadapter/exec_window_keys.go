package gmsadapter

import (
	"errors"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
)

// windowKeysOnce rewrites a Window whose PARTITION BY or ORDER BY
// computes a value (reads more than a column). GMS's window sorts its
// rows with each row's position appended, and a subquery in a sort key
// takes the row it is given as its outer scope: with the extra column
// its own columns are read one place off (a wrong order, or a value of
// another type). And it evaluates the keys only to compare rows, so a
// key of a lone row was never computed: PARTITION BY x % 0 raised no
// error over one row. Those keys are computed once per row by a
// projection below instead, as PostgreSQL computes them before its Sort,
// and the window sorts by their columns. ok is false when no key is
// computed (so a rewritten window is built as it is).
func windowKeysOnce(w *plan.Window) (*plan.Window, bool) {
	if !slices.ContainsFunc(w.SelectExprs, computesKey) {
		return w, false // the common window: nothing to rewrite, nothing allocated
	}
	width := len(w.Child.Schema())
	var keys []sql.Expression
	keyAt := map[string]int{}
	key := func(e sql.Expression) (sql.Expression, bool) {
		if !computed(e) {
			return e, false
		}
		k, seen := keyAt[e.String()]
		if !seen {
			k = width + len(keys)
			keyAt[e.String()] = k
			keys = append(keys, e)
		}
		return expression.NewGetField(k, e.Type(), e.String(), e.IsNullable()), true
	}
	exprs := make([]sql.Expression, len(w.SelectExprs))
	for i, e := range w.SelectExprs {
		ne, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			wa, ok := x.(sql.WindowAdaptableExpression)
			if !ok || wa.Window() == nil {
				return x, transform.SameTree, nil
			}
			def := wa.Window()
			changed := false
			part := make([]sql.Expression, len(def.PartitionBy))
			for j, p := range def.PartitionBy {
				var c bool
				part[j], c = key(p)
				changed = changed || c
			}
			order := make(sql.SortFields, len(def.OrderBy))
			copy(order, def.OrderBy)
			for j := range order {
				var c bool
				order[j].Column, c = key(order[j].Column)
				changed = changed || c
			}
			// the function's arguments too: a subquery among them read
			// the widened row one place off as well (avg((SELECT ...))
			// OVER (PARTITION BY (SELECT ...)) averaged the key's values)
			args := x.Children()
			var nargs []sql.Expression
			for j, a := range args {
				if !readsSubquery(a) {
					continue
				}
				if k, c := key(a); c {
					if nargs == nil {
						nargs = slices.Clone(args)
					}
					nargs[j] = k
				}
			}
			if !changed && nargs == nil {
				return x, transform.SameTree, nil
			}
			if nargs != nil {
				nx, err := x.WithChildren(nargs...)
				if err != nil {
					return nil, transform.SameTree, err
				}
				if wa, ok = nx.(sql.WindowAdaptableExpression); !ok {
					return nil, transform.SameTree, errWindowArgs
				}
			}
			nd := sql.NewWindowDefinition(part, order, def.Frame, def.Ref, def.Name)
			return wa.WithWindow(nd), transform.NewTree, nil
		})
		if err != nil {
			return w, false
		}
		exprs[i] = ne
	}
	if len(keys) == 0 {
		return w, false
	}
	projs := make([]sql.Expression, 0, width+len(keys))
	for i, c := range w.Child.Schema() {
		projs = append(projs, expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable))
	}
	return plan.NewWindow(exprs, plan.NewProject(append(projs, keys...), w.Child)), true
}

var errWindowArgs = errors.New("gmsadapter: window function without its window")

// readsSubquery reports whether e contains a subquery.
func readsSubquery(e sql.Expression) bool {
	found := false
	sql.Inspect(e, func(x sql.Expression) bool {
		if _, ok := x.(*plan.Subquery); ok {
			found = true
		}
		return !found
	})
	return found
}

// computesKey reports whether e holds a window function one of whose
// keys is computed, or an argument reads a subquery (see windowKeysOnce).
func computesKey(e sql.Expression) bool {
	found := false
	sql.Inspect(e, func(x sql.Expression) bool {
		if found {
			return false
		}
		if _, ok := x.(*plan.Subquery); ok {
			found = true
			return false
		}
		wa, ok := x.(sql.WindowAdaptableExpression)
		if !ok || wa.Window() == nil {
			return true
		}
		def := wa.Window()
		found = slices.ContainsFunc(def.PartitionBy, computed) ||
			slices.ContainsFunc(def.OrderBy, func(f sql.SortField) bool { return computed(f.Column) })
		return !found
	})
	return found
}

// computed reports whether window key e is more than a column or a
// constant.
func computed(e sql.Expression) bool {
	switch e.(type) {
	case *expression.GetField, *expression.Literal, *expr.Literal:
		return false
	}
	return true
}

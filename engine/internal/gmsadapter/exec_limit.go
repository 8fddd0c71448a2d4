package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/iters"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// heldLimits returns n with its held LIMIT and OFFSET values (expr.HoldLimit)
// and its WITH TIES counts (expr.TiesCount) replaced by this execution's,
// or nil when it holds none: GMS's iterators read those clauses as
// integer literals.
func heldLimits(ctx *sql.Context, n sql.Node, row sql.Row) (sql.Node, error) {
	switch x := n.(type) {
	case *plan.Limit:
		if e, ok, err := resolveHeldLimit(ctx, x.Limit, row); ok || err != nil {
			cp := *x
			cp.Limit = e
			return &cp, err
		}
	case *plan.Offset:
		if e, ok, err := resolveHeldLimit(ctx, x.Offset, row); ok || err != nil {
			cp := *x
			cp.Offset = e
			return &cp, err
		}
	case *plan.TopN:
		if e, ok, err := resolveHeldLimit(ctx, x.Limit, row); ok || err != nil {
			cp := *x
			cp.Limit = e
			return &cp, err
		}
	case *plan.Filter:
		// FETCH FIRST n ROWS WITH TIES's count, read once as a LIMIT is;
		// the filter's row is the scope row, then its input's columns,
		// which the count does not read
		if !expr.HasTiesCount(x.Expression) {
			break
		}
		at := append(append(make(sql.Row, 0, len(row)+len(x.Child.Schema())), row...), make(sql.Row, len(x.Child.Schema()))...)
		if e, ok, err := expr.ResolveTiesCounts(ctx, x.Expression, at); ok || err != nil {
			if err != nil {
				return nil, err
			}
			return plan.NewFilter(e, x.Child), nil
		}
	case *plan.SetOp:
		l, okL, err := resolveHeldLimit(ctx, x.Limit, row)
		if err != nil {
			return nil, err
		}
		o, okO, err := resolveHeldLimit(ctx, x.Offset, row)
		if err != nil {
			return nil, err
		}
		if okL || okO {
			cp := *x
			cp.Limit, cp.Offset = l, o
			return &cp, nil
		}
	}
	return nil, nil
}

// resolveHeldLimit replaces the held values in e (GMS's top-N adds LIMIT
// and OFFSET together); ok reports whether there were any.
func resolveHeldLimit(ctx *sql.Context, e sql.Expression, row sql.Row) (out sql.Expression, ok bool, err error) {
	if e == nil {
		return nil, false, nil
	}
	out, _, err = transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		lit, held, err := expr.HeldLimit(ctx, x, row)
		if err != nil || !held {
			return x, transform.SameTree, err
		}
		ok = true
		return lit, transform.NewTree, nil
	})
	if err != nil {
		return nil, true, err
	}
	return out, ok, nil
}

// buildLimit is GMS's buildLimit without its tracing span, which the
// engine never records but whose attribute printed the limit expression
// at every execution (three allocations of a LIMIT 20 page).
func buildLimit(ctx *sql.Context, base sql.NodeExecBuilder, n *plan.Limit, row sql.Row) (sql.RowIter, error) {
	limit, err := iters.GetInt64Value(ctx, n.Limit)
	if err != nil {
		return nil, err
	}
	if limit == 0 {
		// PostgreSQL reads no row of a LIMIT 0's input; GMS's iterator of
		// a GROUP BY without keys fails on a nil buffer when closed unread
		return sql.RowsToRowIter(), nil
	}
	if h, ok := ctx.Session.(Host); ok && limit > 0 {
		if scan, filtered := limitedScan(n.Child); scan != nil {
			signed := h.SignedOutput()
			signed.wantScan, signed.want, signed.wantFiltered = scan, int(min(limit, maxWant)), filtered
			defer func() { signed.wantScan = nil }()
		}
	}
	child, err := base.Build(ctx, n.Child, row)
	if err != nil {
		return nil, err
	}
	return &iters.LimitIter{CalcFoundRows: n.CalcFoundRows, Limit: limit, ChildIter: child}, nil
}

// maxWant bounds the first chunk a LIMIT asks of its scan.
const maxWant = 512

// limitedScan returns the index scan whose rows a LIMIT over n counts,
// through projections and filters (filtered is then true): told the
// limit, the storage cursor reads that many entries in its first descent
// of the tree, where it read 8 and then 32 (a page of 20 rows was two
// descents and 40 entries). Nil when anything else stands between.
func limitedScan(n sql.Node) (scan *IndexScan, filtered bool) {
	for {
		switch x := n.(type) {
		case *plan.Project:
			n = x.Child
		case *plan.Filter:
			n, filtered = x.Child, true
		case *plan.TableAlias:
			n = x.Child
		case *IndexScan:
			if x.Skip != nil {
				return nil, false
			}
			return x, filtered
		default:
			return nil, false
		}
	}
}

package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Starting a cached plan without GMS's per-execution plan walks.
//
// GMS's PrepQueryPlanForExecution prepares every execution as if the plan
// were new: it walks the plan three times to find the query type, whether
// FOUND_ROWS is set and which expressions close, twice more when the
// iterator closes to dispose of nodes, and builds the result schema again,
// which formats every aliased column's name (Project.Schema). On a cached
// plan all of these answers are the same each time, and for an index
// lookup returning a page of rows they cost about a fifth of the
// statement. planFinish holds them, found once, and execCached does what
// PrepQueryPlanForExecution does with them. The same holds for a cached
// INSERT, UPDATE or DELETE: for a single-row autocommit INSERT the walks
// were 30 of its ~118 allocations.

// planFinish is what PrepQueryPlanForExecution learns from a plan's shape.
type planFinish struct {
	// schema is the plan's; a write's accumulator iterator has its own
	// (the OK result's, or RETURNING's), which takes precedence.
	schema sql.Schema
	// queryType is plan.GetQueryType's: ROW_COUNT is set by it
	queryType int
	foundRows bool // the TrackedRowIter sets FOUND_ROWS
	dispose   bool // disposing of the plan does something (needsDispose)
	closers   bool // an expression is sql.Closer
}

// finishOf finds a plan's planFinish. ok is false for a plan execCached
// does not start: DDL.
func finishOf(n sql.Node) (f *planFinish, ok bool) {
	qt := plan.GetQueryType(n)
	if qt == plan.QueryTypeDdl {
		return nil, false
	}
	f = &planFinish{queryType: int(qt), foundRows: qt == plan.QueryTypeSelect, schema: n.Schema()}
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.Limit:
			if x.CalcFoundRows {
				f.foundRows = false
			}
		case *plan.TopN:
			if x.CalcFoundRows {
				f.foundRows = false
			}
		}
		return true
	})
	f.dispose = needsDispose(n)
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		if _, c := e.(sql.Closer); c {
			f.closers = true
		}
		return true
	})
	return f, true
}

// needsDispose reports whether disposing of n (TrackedRowIter's
// disposeNode) disposes of anything: a sql.Disposable node or expression
// other than an INSERT, whose Dispose disposes of its source, so it counts
// only when its source does.
func needsDispose(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if ii, ok := n.(*plan.InsertInto); ok {
			found = ii.Source != nil && needsDispose(ii.Source)
		} else if _, d := n.(sql.Disposable); d {
			found = true
		}
		return !found
	})
	if !found {
		transform.InspectExpressions(n, func(e sql.Expression) bool {
			if _, d := e.(sql.Disposable); d {
				found = true
			}
			return !found
		})
	}
	return found
}

// execCached starts a cached plan as PrepQueryPlanForExecution does,
// from its planFinish.
func (s *Session) execCached(ctx *sql.Context, node sql.Node, f *planFinish, qFlags *sql.QueryFlags) (sql.Schema, sql.RowIter, error) {
	g := s.eng.gms
	if err := ctx.Session.ValidateSession(ctx); err != nil {
		return nil, nil, err
	}
	if ctx.GetTransaction() == nil {
		if ts, ok := ctx.Session.(sql.TransactionSession); ok {
			tx, err := ts.StartTransaction(ctx, sql.ReadWrite)
			if err != nil {
				return nil, nil, err
			}
			ctx.SetTransaction(tx)
		}
	}
	b := g.Analyzer.ExecBuilder
	if tb, ok := b.(triggerBuilder); ok && f.queryType == plan.QueryTypeSelect {
		// a plan without INSERT, UPDATE or DELETE: BuildWrites' walks look
		// for those (and their foreign key handlers) only, and cost a
		// keyset page eight allocations
		b = tb.inner
	}
	iter, err := b.Build(ctx, node, nil)
	if err != nil {
		// as GMS does: an autocommit statement that failed to start
		// leaves no transaction behind
		if !ctx.GetIgnoreAutoCommit() {
			if auto, aerr := plan.IsSessionAutocommit(ctx); aerr != nil {
				return nil, nil, aerr
			} else if auto {
				ctx.SetTransaction(nil)
			}
		}
		return nil, nil, err
	}
	iter, schema := rowexec.AddAccumulatorIter(ctx, iter)
	if schema == nil {
		schema = f.schema
	}
	iter = rowexec.AddTriggerRollbackIter(ctx, qFlags, iter)
	if iter, err = rowexec.AddTransactionCommittingIter(ctx, qFlags, iter); err != nil {
		return nil, nil, err
	}
	var disposed sql.Node // TrackedRowIter disposes of the plan it holds
	if f.dispose {
		disposed = node
	}
	tracked := plan.NewTrackedRowIter(disposed, iter, nil, func() {
		ctx.ProcessList.EndQuery(ctx)
		if span := ctx.RootSpan(); span != nil {
			span.End()
		}
	})
	tracked.QueryType = plan.QueryTypeSelect
	if f.queryType == plan.QueryTypeUpdate {
		tracked.QueryType = plan.QueryTypeUpdate
	}
	tracked.ShouldSetFoundRows = f.foundRows
	iter = tracked
	if f.closers {
		iter = rowexec.AddExpressionCloser(node, iter)
	}
	return schema, iter, nil
}

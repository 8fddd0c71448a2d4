package gmsadapter

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Scalar subqueries by index lookup (PostgreSQL's SubPlan over an Index
// Scan keyed by the outer row, docs 9.23.1 "Scalar Subqueries"). GMS runs
// a correlated subquery per outer row by copying its plan with the row
// prepended to every row source and building the copy's iterators anew
// (plan.Subquery.evalMultiple): some eighty allocations and several plan
// walks per outer row, which made `(select u.name from users u where u.id
// = p.user_id)` cost more than the rest of its query. The common shape —
// one table read through an index GMS keyed by the outer row, filtered
// and projected to one value — runs here directly: the index probe, the
// subquery's filters and its projection over the outer row followed by
// each row found.

// ScalarLookup is a scalar subquery run as an index probe per outer row.
// Sub is the subquery it replaces: EXPLAIN prints its plan (the probe is
// that plan's IndexedTableAccess), and EXPLAIN ANALYZE, whose counts come
// from the iterators GMS builds, runs it.
type ScalarLookup struct {
	Sub     *plan.Subquery
	scan    *IndexScan       // keyed by the outer row's columns
	filters []sql.Expression // over the outer row followed by the found row
	proj    sql.Expression
	scope   int  // the outer row's width
	unique  bool // the keys fix a unique index: at most one row
}

var _ sql.Expression = (*ScalarLookup)(nil)
var _ sql.CollationCoercible = (*ScalarLookup)(nil)
var _ sql.NonDeterministicExpression = (*ScalarLookup)(nil)

func (s *ScalarLookup) Resolved() bool             { return s.Sub.Resolved() }
func (s *ScalarLookup) IsNullable() bool           { return true }
func (s *ScalarLookup) Type() sql.Type             { return s.Sub.Type() }
func (s *ScalarLookup) String() string             { return s.Sub.String() }
func (s *ScalarLookup) DebugString() string        { return "ScalarLookup " + sql.DebugString(s.Sub) }
func (s *ScalarLookup) Children() []sql.Expression { return []sql.Expression{s.Sub} }
func (s *ScalarLookup) IsNonDeterministic() bool   { return s.Sub.IsNonDeterministic() }
func (s *ScalarLookup) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return s.Sub.CollationCoercibility(ctx)
}

// WithChildren takes a new copy of the subquery (a cached plan's
// per-execution copy, EvalOnce's wrapping of its stable calls); the probe
// it runs reads the same table through the same index and conditions.
func (s *ScalarLookup) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	sq, ok := children[0].(*plan.Subquery)
	if !ok {
		return children[0], nil // no longer the subquery it ran
	}
	n := *s
	n.Sub = sq
	return &n, nil
}

// Eval probes the index with the outer row's keys and returns the
// projection of the one row that passes the filters (NULL for none;
// 21000 for more, after projecting the second as PostgreSQL does).
func (s *ScalarLookup) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if len(row) != s.scope {
		return s.Sub.Eval(ctx, row)
	}
	if _, ok := ctx.Value(instrumentKey{}).(*Instrument); ok {
		return s.Sub.Eval(ctx, row) // EXPLAIN ANALYZE counts GMS's iterators
	}
	it, err := s.scan.RowIter(ctx, row)
	if err != nil {
		return nil, err
	}
	var (
		out   any
		found bool
		full  sql.Row
	)
next:
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			it.Close(ctx)
			return nil, err
		}
		if full == nil {
			full = make(sql.Row, 0, len(row)+len(r))
		}
		full = append(append(full[:0], row...), r...)
		for _, f := range s.filters {
			v, err := sql.EvaluateCondition(ctx, f, full)
			if err != nil {
				it.Close(ctx)
				return nil, err
			}
			if !sql.IsTrue(v) {
				continue next
			}
		}
		v, err := s.proj.Eval(ctx, full)
		if err != nil {
			it.Close(ctx)
			return nil, err
		}
		if found {
			it.Close(ctx)
			return nil, sql.ErrExpectedSingleRow.New()
		}
		out, found = v, true
		if s.unique {
			break
		}
	}
	return out, it.Close(ctx)
}

// scalarLookups replaces, in the projections and filters of n, each
// scalar subquery of the probed shape with a ScalarLookup.
func (p *pathPlanner) scalarLookups(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	switch n.(type) {
	case *plan.Project, *plan.Filter:
	default:
		return n, transform.SameTree, nil
	}
	scope := len(n.Children()[0].Schema())
	ne := n.(sql.Expressioner)
	exprs := ne.Expressions()
	var out []sql.Expression
	for i, e := range exprs {
		if r, ok := p.liftScalars(e, scope); ok {
			if out == nil {
				out = append([]sql.Expression{}, exprs...)
			}
			out[i] = r
		}
	}
	if out == nil {
		return n, transform.SameTree, nil
	}
	nn, err := ne.WithExpressions(out...)
	if err != nil {
		return n, transform.SameTree, err
	}
	return nn, transform.NewTree, nil
}

// liftScalars rewrites the scalar subqueries in e; those under IN and
// EXISTS, which read a subquery's rows themselves, stay.
func (p *pathPlanner) liftScalars(e sql.Expression, scope int) (sql.Expression, bool) {
	switch x := e.(type) {
	case *plan.Subquery:
		if l := p.scalarLookup(x, scope); l != nil {
			return l, true
		}
		return e, false
	case *plan.InSubquery, *plan.ExistsSubquery, *ScalarLookup:
		return e, false
	}
	kids := e.Children()
	var out []sql.Expression
	for i, k := range kids {
		if r, ok := p.liftScalars(k, scope); ok {
			if out == nil {
				out = append([]sql.Expression{}, kids...)
			}
			out[i] = r
		}
	}
	if out == nil {
		return e, false
	}
	ne, err := e.WithChildren(out...)
	if err != nil {
		return e, false
	}
	return ne, true
}

// scalarLookup recognises a subquery evaluated against rows of scope
// columns that projects one value from one table read through an index
// lookup GMS keyed by the outer row, under filters; nil otherwise.
func (p *pathPlanner) scalarLookup(sq *plan.Subquery, scope int) *ScalarLookup {
	if sq.Query == nil || sq.Volatile() {
		return nil
	}
	pr, ok := sq.Query.(*plan.Project)
	if !ok || len(pr.Projections) != 1 {
		return nil
	}
	l := &ScalarLookup{Sub: sq, scope: scope, proj: pr.Projections[0]}
	child := pr.Child
	for {
		f, ok := child.(*plan.Filter)
		if !ok {
			break
		}
		l.filters = append(l.filters, f.Expression)
		child = f.Child
	}
	if a, ok := child.(*plan.TableAlias); ok {
		child = a.Child
	}
	ita, ok := child.(*plan.IndexedTableAccess)
	if !ok || ita.IsStatic() {
		return nil
	}
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return nil
	}
	if _, ok := rt.UnderlyingTable().(sql.IndexAddressableTable); !ok {
		return nil
	}
	schema := rt.Schema()
	// every column the subquery reads is the outer row's or the table's
	// at its place after the outer row
	for _, e := range append([]sql.Expression{l.proj}, l.filters...) {
		if !innerExpr(e, scope, schema) {
			return nil
		}
	}
	idx := ita.Index()
	cols, ok := indexColumns(idx, schema)
	keys := ita.Expressions()
	if !ok || len(keys) == 0 || len(keys) > len(cols) {
		return nil
	}
	for k, key := range keys {
		ct, ok1 := schema[cols[k]].Type.(*types.Type)
		kt, ok2 := key.Type().(*types.Type)
		if !ok1 || !ok2 || !KeyCompatible(ct, kt) || !p.outerKey(key, scope) {
			return nil
		}
	}
	l.scan = &IndexScan{Table: rt, Index: idx, Eq: keys, Shared: true, types: indexTypes(idx, schema)}
	l.unique = idx.IsUnique() && len(keys) == len(cols)
	return l
}

// innerExpr reports whether e reads only columns of the outer row (below
// scope) and of the table after it, and nests no subquery.
func innerExpr(e sql.Expression, scope int, schema sql.Schema) bool {
	ok := true
	sql.Inspect(e, func(x sql.Expression) bool {
		switch x := x.(type) {
		case *plan.Subquery:
			ok = false
		case *expression.GetField:
			if i := x.Index() - scope; i >= 0 && (i >= len(schema) || schema[i].Name != x.Name()) {
				ok = false
			}
		case sql.Aggregation, sql.WindowAdaptableExpression:
			ok = false
		}
		return ok
	})
	return ok
}

// outerKey reports whether e reads only the outer row's columns and is
// otherwise fixed for one execution (constKey).
func (p *pathPlanner) outerKey(e sql.Expression, scope int) bool {
	ok := true
	fixed, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, isGF := x.(*expression.GetField); isGF {
			if gf.Index() >= scope {
				ok = false
			}
			return expression.NewLiteral(nil, gf.Type()), transform.NewTree, nil
		}
		return x, transform.SameTree, nil
	})
	if gf, isGF := e.(*expression.GetField); isGF {
		return ok && gf.Index() < scope // a column alone: constKey wants an operator over it
	}
	return err == nil && ok && p.constKey(fixed)
}

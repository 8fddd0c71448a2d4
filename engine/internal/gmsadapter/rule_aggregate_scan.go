package gmsadapter

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// Aggregation over a sequential scan. GMS's scan copies every row it
// reads, so that its consumer may change it; an aggregate only reads its
// input, and at 100k rows the copies (and the garbage collection they
// cause) were most of a count(*) or GROUP BY. Where a GROUP BY (or an
// ungrouped aggregate) reads a table through nothing but filters and
// aliases, the table's ResolvedTable becomes a SharedScan, which reads the
// stored rows without copying them (storage.Table.SharedRows). An
// ungrouped count(*) of a whole table reads no row at all: CountStar
// answers it from the row count of the table version the transaction
// sees, which counts its own uncommitted rows and forgets those a
// ROLLBACK TO SAVEPOINT undid, as a scan would. Row level security is a
// filter in the plan (security's rewrite), so a table it applies to is
// never counted this way.

// ruleAggregateScan runs after the access paths (ruleAccessPaths).
const ruleAggregateScan analyzer.RuleId = 10031

func aggregateScans(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	n, sharedIdx, err := transform.Node(n, shareIndexScan)
	if err != nil {
		return n, transform.SameTree, err
	}
	n, sharedJoin, err := transform.Node(n, shareJoinSides) // rule_join_rows.go
	if err != nil {
		return n, transform.SameTree, err
	}
	if sharedJoin == transform.NewTree {
		sharedIdx = transform.NewTree
	}
	if !scope.IsEmpty() {
		// a subquery analyzed on its own reads its rows after the outer
		// row's columns
		return n, sharedIdx, nil
	}
	// a sub-select beside the count reads the wrong column of CountStar's
	// row once the query is a derived table's (it got the count, not its
	// own value): the count is left to the GroupBy there
	countable := !hasSubqueryExpr(n)
	n, same, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if t, ok := n.(*plan.TopN); ok {
			// a top-N sort copies only the rows it keeps (exec_topn.go)
			child, same := shareScan(t.Child)
			if same {
				child, same = sharedIndexChild(t.Child)
			}
			if same {
				return n, transform.SameTree, nil
			}
			out, err := t.WithChildren(child)
			if err != nil {
				return n, transform.SameTree, err
			}
			return out, transform.NewTree, nil
		}
		g, ok := n.(*plan.GroupBy)
		if !ok {
			return n, transform.SameTree, nil
		}
		if rt := countedTable(g); rt != nil && countable {
			return &CountStar{Group: g, Table: rt}, transform.NewTree, nil
		}
		child, same := shareScan(g.Child)
		if same {
			return n, transform.SameTree, nil
		}
		out, err := g.WithChildren(child)
		if err != nil {
			return n, transform.SameTree, err
		}
		return out, transform.NewTree, nil
	})
	if sharedIdx == transform.NewTree {
		same = transform.NewTree
	}
	return n, same, err
}

// hasSubqueryExpr reports whether an expression of n's plan is a sub-select.
func hasSubqueryExpr(n sql.Node) bool {
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		if _, ok := e.(*plan.Subquery); ok {
			found = true
		}
		return !found
	})
	return found
}

// shareIndexScan marks the index scan a projection reads through filters,
// limits and aliases Shared: a projection builds new rows, so copying
// each row the scan reads (most of a keyset page's row handling) buys
// nothing.
func shareIndexScan(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	p, ok := n.(*plan.Project)
	if !ok {
		return n, transform.SameTree, nil
	}
	child, same := sharedIndexChild(p.Child)
	if same {
		return n, transform.SameTree, nil
	}
	out, err := p.WithChildren(child)
	if err != nil {
		return n, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

func sharedIndexChild(n sql.Node) (sql.Node, bool) {
	switch x := n.(type) {
	case *IndexScan:
		if x.Shared {
			return n, true
		}
		s := *x
		s.Shared = true
		return &s, false
	case *plan.Filter, *plan.Limit, *plan.TableAlias:
		c, same := sharedIndexChild(x.Children()[0])
		return withNewChild(n, c, same)
	case *HashSemiJoin:
		// a probing semi join passes its outer rows on as they are
		// (lookupIter), keeping none of them
		if x.Lookup == nil || x.Merge != nil || x.Probe != nil {
			return n, true
		}
		c, same := sharedIndexChild(x.Child)
		if same {
			return n, true
		}
		j := *x
		j.Child = c
		return &j, false
	}
	return n, true
}

// shareScan replaces the storage table n reads through filters,
// projections (which build new rows) and aliases with a SharedScan.
func shareScan(n sql.Node) (sql.Node, bool) {
	switch x := n.(type) {
	case *plan.ResolvedTable:
		if _, ok := x.UnderlyingTable().(*storage.Table); ok {
			return &SharedScan{ResolvedTable: x}, false
		}
	case *plan.Filter, *plan.TableAlias, *plan.Project:
		c, same := shareScan(x.Children()[0])
		return withNewChild(n, c, same)
	}
	return n, true
}

// withNewChild rebuilds the one-child node n over c unless c is its
// child unchanged (same), reporting whether n stays as it was.
func withNewChild(n, c sql.Node, same bool) (sql.Node, bool) {
	if same {
		return n, true
	}
	out, err := n.WithChildren(c)
	if err != nil {
		return n, true
	}
	return out, false
}

// countedTable returns the table an ungrouped, lone count(*) counts
// without a filter (through aliases only), or nil.
func countedTable(g *plan.GroupBy) *plan.ResolvedTable {
	if len(g.GroupByExprs) > 0 || len(g.SelectedExprs) != 1 {
		return nil
	}
	e := g.SelectedExprs[0]
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	if a, ok := e.(*expr.Aggregate); !ok || !a.IsCountStar() {
		return nil
	}
	n := g.Child
	for {
		switch x := n.(type) {
		case *plan.TableAlias:
			n = x.Child
			continue
		case *plan.ResolvedTable:
			if _, ok := x.UnderlyingTable().(*storage.Table); ok {
				return x
			}
		}
		return nil
	}
}

// SharedScan is a sequential scan whose consumer only reads the rows.
type SharedScan struct {
	*plan.ResolvedTable
}

var _ sql.ExecSourceRel = (*SharedScan)(nil)

func (s *SharedScan) String() string { return "SharedScan(" + s.ResolvedTable.String() + ")" }

func (s *SharedScan) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 0)
	}
	return s, nil
}

// RowIter reads the stored rows without copying them.
func (s *SharedScan) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	st, ok := s.UnderlyingTable().(*storage.Table)
	if !ok {
		return nil, fmt.Errorf("gmsadapter: shared scan of %s", s.Name())
	}
	return st.SharedRows(ctx)
}

// CountStar is an ungrouped count(*) of a whole table.
type CountStar struct {
	Group *plan.GroupBy
	Table *plan.ResolvedTable
}

var _ sql.ExecSourceRel = (*CountStar)(nil)

func (c *CountStar) Resolved() bool             { return true }
func (c *CountStar) IsReadOnly() bool           { return true }
func (c *CountStar) Schema() sql.Schema         { return c.Group.Schema() }
func (c *CountStar) Children() []sql.Node       { return nil }
func (c *CountStar) Name() string               { return c.Table.Name() }
func (c *CountStar) Database() sql.Database     { return c.Table.Database() }
func (c *CountStar) UnderlyingTable() sql.Table { return c.Table.UnderlyingTable() }
func (c *CountStar) String() string             { return "CountStar(" + c.Table.Name() + ")" }
func (c *CountStar) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 7
}

func (c *CountStar) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 0)
	}
	return c, nil
}

// RowIter returns the row count of the table version ctx's transaction
// sees.
func (c *CountStar) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	st, ok := c.Table.UnderlyingTable().(*storage.Table)
	if !ok {
		return nil, fmt.Errorf("gmsadapter: count of %s", c.Table.Name())
	}
	n, err := st.CountRows(ctx) // counted as the scan it stands for
	if err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.Row{int64(n)}), nil
}

// aggregateScan explains a SharedScan as the Seq Scan it is and a
// CountStar as the Aggregate over a Seq Scan it stands for, with the
// counts EXPLAIN ANALYZE made of the node itself (the counted table's
// scan never runs).
func (e *explainer) aggregateScan(n sql.Node) *explainNode {
	var out *explainNode
	switch x := n.(type) {
	case *SharedScan:
		out = e.node(x.ResolvedTable)
	case *CountStar:
		out = e.node(x.Group)
	}
	if st := e.stats(n); st != nil {
		out.stats = st
	}
	return out
}

package gmsadapter

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
)

// subqueryStaticScans lets the static range lookups of a subquery in an
// expression choose their way by cost, as staticScan does at the top
// level: through the index in key order, or the rows in heap order as
// PostgreSQL's Seq Scan or Bitmap Heap Scan returns them (scan_cost.go).
// With LIMIT, ARRAY() or an order-sensitive aggregate over the subquery's
// unordered rows, that order decides the answer.
//
// GMS analyzes such a subquery on its own and runs it with the outer
// row prepended to the rows of each table node (plan.PrependRowInPlan),
// and tinybase's rules may lift its plan into a join of the outer query,
// where nothing is prepended. So the lookup stays GMS's node, which both
// treat as a table, and only its table is replaced by one that reads
// through the chosen scan (choiceTable). It runs before orders, which
// replaces a lookup a sort relies on by a new one in key order; a merge
// join's inputs, read in key order, are left alone.
func (p *pathPlanner) subqueryStaticScans(n sql.Node) (sql.Node, transform.TreeIdentity) {
	switch x := n.(type) {
	case *plan.IndexedTableAccess:
		if _, done := x.Table.(*choiceTable); done {
			return n, transform.SameTree
		}
		out, same, err := p.staticScan(x)
		if err != nil || same == transform.SameTree {
			return n, transform.SameTree
		}
		scan, ok := out.(*IndexScan)
		if !ok {
			return n, transform.SameTree
		}
		lookup, err := x.GetLookup(p.ctx, nil)
		if err != nil {
			return n, transform.SameTree
		}
		c := *x
		c.Table = newChoiceTable(x.Table, lookup, scan)
		return &c, transform.NewTree
	case *plan.Filter:
		if out, ok := p.subqueryFilterScan(x); ok {
			return out, transform.NewTree
		}
	case *plan.JoinNode:
		if x.Op.IsMerge() {
			return n, transform.SameTree
		}
	}
	kids := n.Children()
	var out []sql.Node
	for i, c := range kids {
		nc, same := p.subqueryStaticScans(c)
		if same == transform.NewTree && out == nil {
			out = append([]sql.Node{}, kids...)
		}
		if out != nil {
			out[i] = nc
		}
	}
	if out == nil {
		return n, transform.SameTree
	}
	nn, err := n.WithChildren(out...)
	if err != nil {
		return n, transform.SameTree
	}
	return nn, transform.NewTree
}

// choiceTable is a static lookup's table whose rows come from the scan
// that implements the lookup, which picks its way each time it starts.
// Any other lookup (a rule that reuses the table for keys of its own)
// reads the table as it is.
type choiceTable struct {
	sql.IndexedTable
	lookup string // the static lookup, as staticLookupKey prints it
	scan   *IndexScan
	// the way chosen for the statement started at query: a correlated
	// subquery runs once per outer row, and PostgreSQL plans it once
	mu    sync.Mutex
	query time.Time
	mode  scanMode
}

func newChoiceTable(t sql.IndexedTable, lookup sql.IndexLookup, scan *IndexScan) *choiceTable {
	return &choiceTable{IndexedTable: t, lookup: staticLookupKey(lookup), scan: scan}
}

func staticLookupKey(l sql.IndexLookup) string {
	if l.Index == nil || l.Ranges == nil {
		return ""
	}
	return fmt.Sprintf("%s %v %s", l.Index.ID(), l.IsReverse, l.Ranges.String())
}

// choicePartition is the one partition of the static lookup.
type choicePartition struct{}

func (choicePartition) Key() []byte { return []byte("choice") }

// LookupPartitions implements sql.IndexedTable.
func (t *choiceTable) LookupPartitions(ctx *sql.Context, l sql.IndexLookup) (sql.PartitionIter, error) {
	if k := staticLookupKey(l); k == "" || k != t.lookup {
		return t.IndexedTable.LookupPartitions(ctx, l)
	}
	return sql.PartitionsToPartitionIter(choicePartition{}), nil
}

// PartitionRows implements sql.Table.
func (t *choiceTable) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	if _, ok := p.(choicePartition); !ok {
		return t.IndexedTable.PartitionRows(ctx, p)
	}
	t.mu.Lock()
	if q := ctx.QueryTime(); q.IsZero() || !q.Equal(t.query) {
		t.mode, t.query = t.scan.mode(ctx), q
	}
	mode := t.mode
	t.mu.Unlock()
	return t.scan.rowsBy(ctx, nil, mode)
}

// subqueryFilterScan gives a filter over a table of the subquery, whose
// conditions on constants GMS left to the filter, the static lookup with
// a choiceTable that filterScan would choose at the top level. The
// filter stays as it is: the lookup's rows are a subset of the table's
// that meets the conditions it uses.
func (p *pathPlanner) subqueryFilterScan(f *plan.Filter) (sql.Node, bool) {
	rt, alias := tableOf(f.Child)
	if rt == nil {
		return nil, false
	}
	off, ok := leafOffset(f, rt, alias)
	if !ok {
		return nil, false
	}
	var local []sql.Expression
	for _, c := range splitAnd(f.Expression, nil) {
		if own, ok := shiftFields(c, -off); ok {
			local = append(local, own)
		}
	}
	if len(local) == 0 {
		return nil, false
	}
	out, same, err := p.filterScan(plan.NewFilter(expression.JoinAnd(local...), f.Child))
	if err != nil || same == transform.SameTree {
		return nil, false
	}
	var scan *IndexScan
	transform.Inspect(out, func(n sql.Node) bool {
		if s, ok := n.(*IndexScan); ok {
			scan = s
		}
		return scan == nil
	})
	if scan == nil || scan.Skip != nil {
		return nil, false
	}
	if !literalKeys(scan) {
		// keys read per execution (a routine's variable, a parameter):
		// no lookup is fixed now, the table reads through the scan
		kt := *rt
		kt.Table = &keyedTable{Table: rt.Table, scan: scan}
		leaf, err := withLeaf(alias, &kt)
		if err != nil {
			return nil, false
		}
		nf, err := f.WithChildren(leaf)
		return nf, err == nil
	}
	ranges, empty, err := scan.ranges(p.ctx, nil)
	if err != nil || empty {
		return nil, false
	}
	lookup := sql.IndexLookup{Index: scan.Index, Ranges: ranges, IsReverse: scan.Reverse}
	ita, err := plan.NewStaticIndexedAccessForTableNode(p.ctx, rt, lookup)
	if err != nil {
		return nil, false
	}
	ita.Table = newChoiceTable(ita.Table, lookup, scan)
	leaf, err := withLeaf(alias, ita)
	if err != nil {
		return nil, false
	}
	nf, err := f.WithChildren(leaf)
	if err != nil {
		return nil, false
	}
	return nf, true
}

// literalKeys reports whether every key of a scan is a literal.
func literalKeys(s *IndexScan) bool {
	for _, e := range s.Expressions() {
		switch e.(type) {
		case *expr.Literal, *expression.Literal:
		default:
			return false
		}
	}
	return true
}

// leafOffset is the number of outer-row columns before the columns of
// the table a filter reads, from the filter's references to that table.
func leafOffset(f *plan.Filter, rt *plan.ResolvedTable, alias *plan.TableAlias) (int, bool) {
	name, schema := rt.Name(), rt.Schema()
	if alias != nil {
		name = alias.Name()
	}
	off, found, ok := 0, false, true
	sql.Inspect(f.Expression, func(x sql.Expression) bool {
		if _, sub := x.(*plan.Subquery); sub {
			return false
		}
		gf, isGF := x.(*expression.GetField)
		if !isGF || !strings.EqualFold(gf.Table(), name) {
			return true
		}
		pos := schema.IndexOfColName(gf.Name())
		if pos < 0 || gf.Index() < pos || found && gf.Index()-pos != off {
			ok = false
			return false
		}
		off, found = gf.Index()-pos, true
		return true
	})
	return off, ok && found
}

// shiftFields renumbers the column references of e by delta; it fails
// for one that would fall below 0 (the outer row's, when delta is
// negative) and for an expression holding a subquery.
func shiftFields(e sql.Expression, delta int) (sql.Expression, bool) {
	ok := true
	out, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch g := x.(type) {
		case *plan.Subquery:
			ok = false
		case *expression.GetField:
			if g.Index()+delta < 0 {
				ok = false
				return x, transform.SameTree, nil
			}
			return g.WithIndex(g.Index() + delta), transform.NewTree, nil
		}
		return x, transform.SameTree, nil
	})
	return out, ok && err == nil
}

// keyedTable is a table of a subquery in an expression whose filter keys
// an index with values fixed for one execution but not at planning — a
// PL/pgSQL variable in `exists (select 1 from pg_constraint where conrelid
// = reg)` — and whose rows come from that scan, started anew (keys
// evaluated) each time the subquery runs. The keys read no outer row
// (constKey), so the rows are the same for every outer row; the filter
// above stays and GMS prepends the outer row as for any table.
type keyedTable struct {
	sql.Table
	scan *IndexScan
}

var _ sql.TableWrapper = (*keyedTable)(nil)

// Underlying implements sql.TableWrapper: EXPLAIN and the estimates see
// the table.
func (t *keyedTable) Underlying() sql.Table { return t.Table }

// keyedPartition is the keyed table's one partition.
type keyedPartition struct{}

func (keyedPartition) Key() []byte { return []byte("keyed") }

// Partitions implements sql.Table.
func (t *keyedTable) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(keyedPartition{}), nil
}

// PartitionRows implements sql.Table.
func (t *keyedTable) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	if _, ok := p.(keyedPartition); !ok {
		return t.Table.PartitionRows(ctx, p)
	}
	return t.scan.RowIter(ctx, nil)
}

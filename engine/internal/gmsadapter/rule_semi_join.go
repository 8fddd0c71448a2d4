package gmsadapter

import (
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Semi and anti joins. GMS evaluates `EXISTS (subquery)` once per outer
// row, rewriting the subquery's plan for each row; tinybase's `=` is not
// GMS's equality, so GMS never turns it into a join. semiJoin rewrites a
// filter's `[NOT] EXISTS (select … from t where t.c = outer.x and …)`,
// correlated only through such equalities, into a hash semi (anti) join:
// the subquery's table is read once, without the correlation, into a set
// of its keys, and each outer row is kept when its key is (is not) in the
// set (PostgreSQL's Hash Semi Join / Hash Anti Join). A NULL key matches
// nothing, as `=` does.

// HashSemiJoin keeps the rows of Child whose OuterKeys are (Anti: are
// not) among the InnerKeys of Inner's rows. It keeps no state between
// executions: the key set lives in its iterator.
type HashSemiJoin struct {
	Child     sql.Node
	Inner     sql.Node         // the subquery's rows, scope columns first (nil)
	Scope     int              // the scope columns before Inner's own
	InnerKeys []sql.Expression // over Inner's rows
	OuterKeys []sql.Expression // over Child's rows
	Anti      bool
	Source    sql.Expression // the EXISTS condition it replaces (EXPLAIN)
	// Lookup, when set, makes the join a nested loop that probes this
	// index scan of Inner's table per outer row, keyed by OuterKeys, and
	// checks Keep (Inner's conditions, over the outer row then the
	// table's) on what it finds (rule_semi_join_lookup.go); Inner stays
	// the join's child for the plan's walks.
	Lookup      *IndexScan
	LookupAlias string
	Keep        []sql.Expression
	// Probe, when set, reads the distinct inner keys first and then
	// Child's table through this index scan, keyed by each in turn (a
	// one-value row); Child stays the join's child for the plan's walks.
	Probe      *IndexScan
	ProbeAlias string
	// Merge, when set, reads Lookup's index in order beside Child's
	// ordered rows (rule_semi_join_merge.go); mergeCol is the inner key's
	// column in its rows.
	Merge    *IndexScan
	mergeCol int
}

var _ sql.Node = (*HashSemiJoin)(nil)
var _ sql.Expressioner = (*HashSemiJoin)(nil)

func (j *HashSemiJoin) Resolved() bool       { return true }
func (j *HashSemiJoin) IsReadOnly() bool     { return j.Child.IsReadOnly() && j.Inner.IsReadOnly() }
func (j *HashSemiJoin) Schema() sql.Schema   { return j.Child.Schema() }
func (j *HashSemiJoin) Children() []sql.Node { return []sql.Node{j.Child, j.Inner} }
func (j *HashSemiJoin) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, j.Child)
}

func (j *HashSemiJoin) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 2)
	}
	n := *j
	n.Child, n.Inner = children[0], children[1]
	return &n, nil
}

// Expressions lists the keys (the plan cache counts the parameters in
// them).
func (j *HashSemiJoin) Expressions() []sql.Expression {
	return append(append([]sql.Expression{}, j.InnerKeys...), j.OuterKeys...)
}

func (j *HashSemiJoin) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	if len(exprs) != len(j.InnerKeys)+len(j.OuterKeys) {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(exprs), len(j.InnerKeys)+len(j.OuterKeys))
	}
	n := *j
	n.InnerKeys = exprs[:len(j.InnerKeys)]
	n.OuterKeys = exprs[len(j.InnerKeys):]
	return &n, nil
}

func (j *HashSemiJoin) String() string {
	name := "HashSemiJoin"
	if j.Anti {
		name = "HashAntiJoin"
	}
	pr := sql.NewTreePrinter()
	_ = pr.WriteNode("%s(%s)", name, j.condText())
	_ = pr.WriteChildren(j.Child.String(), j.Inner.String())
	return pr.String()
}

// condText is the hash condition, outer keys against inner keys.
func (j *HashSemiJoin) condText() string {
	parts := make([]string, len(j.OuterKeys))
	for i := range j.OuterKeys {
		parts[i] = "(" + exprText(j.OuterKeys[i]) + " = " + exprText(j.InnerKeys[i]) + ")"
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, " AND ") + ")"
}

// build starts the join: the inner rows are read into the key set first.
func (j *HashSemiJoin) build(ctx *sql.Context, b sql.NodeExecBuilder, row sql.Row) (sql.RowIter, error) {
	if j.Merge != nil {
		child, err := b.Build(ctx, j.Child, row)
		if err != nil {
			return nil, err
		}
		return &mergeIter{j: j, child: child, typ: j.Merge.types[0]}, nil
	}
	if j.Lookup != nil {
		child, err := b.Build(ctx, j.Child, row)
		if err != nil {
			return nil, err
		}
		return &lookupIter{j: j, child: child}, nil
	}
	scope := make(sql.Row, j.Scope)
	q := j.Inner
	if j.Scope > 0 {
		// with no scope columns the prepending would only copy each row
		var err error
		if q, _, err = transform.Node(q, plan.PrependRowInPlan(scope, false)); err != nil {
			return nil, err
		}
	}
	// the keys are read from the inner rows, never the rows kept: the
	// scan may hand out the stored rows (rule_aggregate_scan.go)
	q, _ = shareScan(q)
	keys := j.InnerKeys
	if j.Scope == 0 {
		q, keys = underColumns(ctx, q, keys)
	}
	// the key set is read when the first outer row comes, as
	// PostgreSQL's hash join reads an empty outer side without building
	// its hash: an inner side that would fail is never run for no rows
	var order []any // the distinct keys in the order read (Probe)
	fill := func() (map[any]struct{}, error) {
		inner, err := b.Build(ctx, q, scope)
		if err != nil {
			return nil, err
		}
		set := map[any]struct{}{}
		add := func(r sql.Row) error {
			k, ok, err := keyOf(ctx, keys, r)
			if err != nil {
				return err
			}
			if _, dup := set[k]; ok && !dup {
				set[k] = struct{}{}
				if j.Probe != nil {
					order = append(order, k)
				}
			}
			return nil
		}
		if w, ok := inner.(rowWalker); ok {
			// the scan hands every row over in one pass (exec_hash_aggregate.go)
			err = w.Each(add)
		} else {
			for {
				r, rerr := inner.Next(ctx)
				if rerr == io.EOF {
					break
				}
				if err = rerr; err == nil {
					err = add(r)
				}
				if err != nil {
					break
				}
			}
		}
		if err != nil {
			inner.Close(ctx)
			return nil, err
		}
		return set, inner.Close(ctx)
	}
	if j.Probe != nil {
		if _, err := fill(); err != nil {
			return nil, err
		}
		return &probeIter{j: j, keys: order}, nil // rule_semi_join_lookup.go
	}
	child, err := b.Build(ctx, j.Child, row)
	if err != nil {
		return nil, err
	}
	return &semiIter{j: j, child: child, fill: fill}, nil
}

// underColumns returns the input of q, a projection of plain columns
// only, with keys (columns of q's rows) as columns of that input: the
// inner rows' keys are read from the rows under the projection, which
// need not be built (and a scan under it can hand them over in one pass).
// Otherwise, and under EXPLAIN ANALYZE (which counts the projection's
// rows), it returns q and keys as they are.
func underColumns(ctx *sql.Context, q sql.Node, keys []sql.Expression) (sql.Node, []sql.Expression) {
	p, ok := q.(*plan.Project)
	if !ok {
		return q, keys
	}
	if _, inst := ctx.Value(instrumentKey{}).(*Instrument); inst {
		return q, keys
	}
	out := make([]sql.Expression, len(keys))
	for i, k := range keys {
		gf, ok := k.(*expression.GetField)
		if !ok || gf.Index() < 0 || gf.Index() >= len(p.Projections) {
			return q, keys
		}
		col, ok := plainColumn(p.Projections[gf.Index()])
		if !ok {
			return q, keys
		}
		out[i] = col
	}
	return p.Child, out
}

// keyOf evaluates keys on a row: one value, or the values' text joined
// for several; ok is false when one is NULL.
func keyOf(ctx *sql.Context, keys []sql.Expression, row sql.Row) (any, bool, error) {
	if len(keys) == 1 {
		v, err := keys[0].Eval(ctx, row)
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		return v, v != nil && err == nil, err
	}
	var sb strings.Builder
	for _, k := range keys {
		v, err := k.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, false, err
		}
		s := fmt.Sprintf("%T:%v", v, v)
		fmt.Fprintf(&sb, "%d:%s", len(s), s)
	}
	return sb.String(), true, nil
}

type semiIter struct {
	j     *HashSemiJoin
	child sql.RowIter
	set   map[any]struct{}
	// fill reads the key set, at the first outer row
	fill func() (map[any]struct{}, error)
}

func (s *semiIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		row, err := s.child.Next(ctx)
		if err != nil {
			return nil, err
		}
		if s.fill != nil {
			if s.set, err = s.fill(); err != nil {
				return nil, err
			}
			s.fill = nil
		}
		k, ok, err := keyOf(ctx, s.j.OuterKeys, row)
		if err != nil {
			return nil, err
		}
		found := false
		if ok {
			_, found = s.set[k]
		}
		if found != s.j.Anti {
			return row, nil
		}
	}
}

func (s *semiIter) Close(ctx *sql.Context) error { return s.child.Close(ctx) }

// semiJoin rewrites a filter with a [NOT] EXISTS or an IN (subquery,
// rule_semi_join_in.go) it can hash.
func (p *pathPlanner) semiJoin(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	f, ok := n.(*plan.Filter)
	if !ok {
		return n, transform.SameTree, nil
	}
	conj := splitAnd(f.Expression, nil)
	for i, c := range conj {
		anti := false
		e := c
		for {
			switch x := e.(type) {
			case *expr.GMSBool: // a GMS predicate as a PostgreSQL boolean
				e = x.Child
				continue
			case *expression.Not:
				e, anti = x.Child, !anti
				continue
			case *expr.Not:
				e, anti = x.Child, !anti
				continue
			}
			break
		}
		var sj *HashSemiJoin
		keyed := false
		switch x := e.(type) {
		case *plan.ExistsSubquery:
			if sj, keyed, ok = decorrelate(x.Query, f.Child.Schema()); !ok {
				continue
			}
		case *plan.InSubquery:
			if p.writes {
				continue
			}
			if sj = inSemiJoin(x, f.Child.Schema()); sj == nil || anti {
				continue // NOT IN is NULL, not true, when the subquery has a NULL
			}
		default:
			continue
		}
		sj.Child, sj.Anti, sj.Source = f.Child, anti, c
		if !p.lookupSemiJoin(sj, p.limited[f]) && !(!anti && p.probeSemiJoin(sj)) && keyed && !anti { // rule_semi_join_lookup.go
			// GMS reads the subquery's table by an index keyed with the
			// outer row, and EXISTS stops at the first match: per outer
			// row that beats reading a table many times larger once
			outerRows, innerRows := p.sideRows(f.Child), p.sideRows(sj.Inner)
			if outerRows >= 0 && innerRows > 10*outerRows {
				continue
			}
		}
		p.planInner(sj)
		var rest []sql.Expression
		for k, o := range conj {
			if k != i {
				rest = append(rest, o)
			}
		}
		if len(rest) == 0 {
			return sj, transform.NewTree, nil
		}
		return plan.NewFilter(expression.JoinAnd(rest...), sj), transform.NewTree, nil
	}
	return n, transform.SameTree, nil
}

// decorrelate reads an EXISTS subquery of the shape
// Project(Filter(conditions, table)) whose conditions read the outer row
// (outer, the scope of the subquery's rows) only in equalities
// inner = outer, or whose table GMS reads by an index keyed with outer
// columns (keyed); it returns the join with the subquery's table and
// inner conditions as Inner and the equalities as keys.
func decorrelate(sq *plan.Subquery, outer sql.Schema) (_ *HashSemiJoin, keyed bool, _ bool) {
	if sq == nil || sq.Query == nil {
		return nil, false, false
	}
	n := sq.Query
	if lim, ok := n.(*plan.Limit); ok {
		v, ok := lim.Limit.(*expression.Literal)
		if !ok {
			return nil, false, false
		}
		if k, ok := toInt64(v.Value()); !ok || k < 1 {
			return nil, false, false
		}
		n = lim.Child
	}
	proj, ok := n.(*plan.Project)
	if !ok {
		return nil, false, false
	}
	for _, e := range proj.Projections {
		if hasAggregateOrSRF(e) {
			return nil, false, false
		}
	}
	n = proj.Child
	var conds []sql.Expression
	if f, ok := n.(*plan.Filter); ok {
		conds, n = splitAnd(f.Expression, nil), f.Child
	}
	var alias *plan.TableAlias
	if a, ok := n.(*plan.TableAlias); ok {
		alias, n = a, a.Child
	}
	nOuter := len(outer)
	j := &HashSemiJoin{Scope: nOuter}
	var leaf sql.Node
	switch x := n.(type) {
	case *plan.ResolvedTable:
		leaf = x
	case *plan.IndexedTableAccess:
		if x.IsStatic() {
			leaf = x
			break
		}
		rt, ok := x.TableNode.(*plan.ResolvedTable)
		if !ok {
			return nil, false, false
		}
		schema := rt.Schema()
		cols, ok := indexColumns(x.Index(), schema)
		keys := x.Expressions()
		if !ok || len(keys) > len(cols) {
			return nil, false, false
		}
		keyed = true
		for k, key := range keys {
			if sideOfScope(key, outer, schema) != 0 {
				return nil, false, false
			}
			c := schema[cols[k]]
			j.addKey(key, expression.NewGetFieldWithTable(nOuter+cols[k], 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable))
		}
		leaf = rt
	default:
		return nil, false, false
	}
	schema := leaf.Schema()
	var keep []sql.Expression
	for _, c := range conds {
		switch sideOfScope(c, outer, schema) {
		case 1, 2:
			keep = append(keep, c)
			continue
		case 0:
			return nil, false, false
		}
		var l, r sql.Expression
		switch x := c.(type) {
		case *expr.BinOp:
			if x.Op != "=" {
				return nil, false, false
			}
			l, r = x.Left, x.Right
		case *expression.Equals:
			l, r = x.Left(), x.Right()
		default:
			return nil, false, false
		}
		sl, sr := sideOfScope(l, outer, schema), sideOfScope(r, outer, schema)
		if sl == 1 && sr == 0 {
			l, r, sl, sr = r, l, sr, sl
		}
		if sl != 0 || sr != 1 {
			return nil, false, false
		}
		j.addKey(l, r)
	}
	if len(j.OuterKeys) == 0 {
		return nil, false, false // uncorrelated: GMS evaluates it once
	}
	for i := range j.OuterKeys {
		lt, lok := j.OuterKeys[i].Type().(*types.Type)
		rt, rok := j.InnerKeys[i].Type().(*types.Type)
		if !lok || !rok || !lt.Equals(rt) || !hashableKind(lt) {
			return nil, false, false
		}
	}
	inner := leaf
	if alias != nil {
		a, err := alias.WithChildren(leaf)
		if err != nil {
			return nil, false, false
		}
		inner = a
	}
	if len(keep) > 0 {
		inner = plan.NewFilter(expression.JoinAnd(keep...), inner)
	}
	j.Inner = inner
	return j, keyed, true
}

// addKey adds the pair outer = inner unless it has it (GMS keys its
// lookup with the equality the filter also keeps).
func (j *HashSemiJoin) addKey(outer, inner sql.Expression) {
	for i := range j.OuterKeys {
		if sameExpr(j.OuterKeys[i], outer) && sameExpr(j.InnerKeys[i], inner) {
			return
		}
	}
	j.OuterKeys = append(j.OuterKeys, outer)
	j.InnerKeys = append(j.InnerKeys, inner)
}

// sameExpr compares two expressions of one row by their columns'
// positions and their text.
func sameExpr(a, b sql.Expression) bool {
	ga, oka := a.(*expression.GetField)
	gb, okb := b.(*expression.GetField)
	if oka && okb {
		return ga.Index() == gb.Index() && ga.Name() == gb.Name()
	}
	return a.String() == b.String()
}

// sideOfScope tells what an expression of a subquery's rows (the outer
// row's columns, then the table's) reads: 0 only outer columns, 1 only
// the table's, 2 no column, -1 both or something that is not a plain
// expression of the statement (a subquery, a volatile call).
func sideOfScope(e sql.Expression, outer, table sql.Schema) int {
	side := -2
	ok := true
	sql.Inspect(e, func(x sql.Expression) bool {
		if !ok {
			return false
		}
		switch x := x.(type) {
		case *expression.GetField:
			i, s := x.Index(), -1
			switch {
			case i >= 0 && i < len(outer) && outer[i].Name == x.Name():
				s = 0
			case i >= len(outer) && i < len(outer)+len(table) && table[i-len(outer)].Name == x.Name():
				s = 1
			}
			if s < 0 || side >= 0 && side != s {
				side = -1
				ok = false
				return false
			}
			side = s
		case *plan.Subquery, sql.NonDeterministicExpression, sql.Aggregation, sql.WindowAdaptableExpression:
			ok = false
		case *expr.FuncCall:
			ok = !x.IsVolatile() || statementStable[x.Name]
		}
		return ok
	})
	switch {
	case !ok:
		return -1
	case side == -2:
		return 2 // no column: a constant for the statement
	}
	return side
}

// hasAggregateOrSRF reports whether a select-list expression aggregates
// (EXISTS of an aggregate is always true) or holds a subquery.
func hasAggregateOrSRF(e sql.Expression) bool {
	found := false
	sql.Inspect(e, func(x sql.Expression) bool {
		switch x.(type) {
		case sql.Aggregation, sql.WindowAdaptableExpression, *plan.Subquery:
			found = true
		}
		return !found
	})
	return found
}

package gmsadapter

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Join order. GMS's join planner costs orders without tinybase's
// statistics and cannot see tinybase's `=` (expr.BinOp) as a join edge,
// so a chain or star of inner joins kept an order in which the largest
// table drove the join and a selective filter on the last dimension was
// applied only after every fact row had been joined (5 tables, 50k
// facts: ~170 ms against PostgreSQL's 4 ms). reorderJoins flattens a
// tree of inner joins over table reads into its relations and
// conditions, and rebuilds it left-deep in an order chosen greedily from
// the statistics EXPLAIN's estimates read (explain_estimate.go): the
// relation with the fewest estimated rows after its own filters first,
// then at each step the relation joined to those already placed whose
// join is cheapest — an index on its join column makes it a lookup per
// row so far, otherwise its whole table is read once into a hash table —
// plus the rows it produces (PostgreSQL's join search weighs the same
// two; with up to ~8 relations greedy is what its GEQO falls back to in
// spirit). A join costed as a lookup is built as GMS's lookup join (an
// index read per row so far, keyed by the placed relation's column); the
// others are left to the rules that follow (hashJoin and the rest). GMS's
// own lookup joins are taken apart into the table and their key
// equalities first. Outer, semi, anti and lateral joins are
// boundaries, never split: the inner joins on the outer side of a left,
// semi or anti join are reordered on their own, those on a join's inner
// side stay as written. A projection above puts the columns back in the
// order the query wrote.

// joinRel is one relation of a flattened inner-join tree.
type joinRel struct {
	node   sql.Node
	start  int // first column in the original combined row
	width  int
	rows   float64 // estimated rows after its own filters
	table  float64 // rows of its table (the cost of reading it)
	placed bool
	lookup *joinLookup // how it is joined when placed, nil: hash or loop
}

// joinLookup is a relation read by an index lookup per row so far: its
// column col equals the condition cs[conj]'s other side, key.
type joinLookup struct {
	conj  int
	key   *expression.GetField
	index sql.Index
}

// joinConj is one conjunct of the tree's join conditions, its columns
// numbered in the original combined row.
type joinConj struct {
	e    sql.Expression
	rels uint64 // bit i: reads relation i
}

// maxReorderRels bounds the relations reordered.
const maxReorderRels = 12

// reorderJoins is applied top-down: it rewrites the largest inner-join
// tree it meets and leaves the subtrees of the result alone.
func (p *pathPlanner) reorderJoins(n sql.Node) (sql.Node, transform.TreeIdentity) {
	j, ok := n.(*plan.JoinNode)
	if ok && !plainInnerJoin(j) {
		// an inner join on a join's inner side reads its columns after
		// the outer row's (GMS's row prefix), which flattenJoin does not
		// number: it stays as written; the outer side of a left, semi or
		// anti join reads its own columns first
		if !j.Op.IsLeftOuter() && !j.Op.IsSemi() && !j.Op.IsAnti() {
			return n, transform.SameTree
		}
		left, same := p.reorderJoins(j.Left())
		if same == transform.SameTree {
			return n, transform.SameTree
		}
		out, err := j.WithChildren(left, j.Right())
		if err != nil {
			return n, transform.SameTree
		}
		return out, transform.NewTree
	}
	if !ok {
		children := n.Children()
		if len(children) == 0 {
			return n, transform.SameTree
		}
		if o, ok := n.(sql.OpaqueNode); ok && o.Opaque() {
			return n, transform.SameTree
		}
		nc := make([]sql.Node, len(children))
		changed := false
		for i, c := range children {
			var same transform.TreeIdentity
			nc[i], same = p.reorderJoins(c)
			changed = changed || same == transform.NewTree
		}
		if !changed {
			return n, transform.SameTree
		}
		out, err := n.WithChildren(nc...)
		if err != nil {
			return n, transform.SameTree
		}
		return out, transform.NewTree
	}
	var rels []*joinRel
	var conjs []sql.Expression
	if !flattenJoin(j, &rels, &conjs) || len(rels) < 3 || len(rels) > maxReorderRels {
		return n, transform.SameTree
	}
	out, ok := p.reorder(j, rels, conjs)
	if !ok {
		return n, transform.SameTree
	}
	return out, transform.NewTree
}

// plainInnerJoin reports whether j is an inner or cross join: a nested
// loop, GMS's hash join of an equality over a HashLookup or its lookup
// join (the method is chosen again after reordering).
func plainInnerJoin(j *plan.JoinNode) bool {
	switch j.Op {
	case plan.JoinTypeInner, plan.JoinTypeCross:
		return true
	case plan.JoinTypeLookup:
		_, _, ok := lookupTable(j.Right())
		return ok
	case plan.JoinTypeHash:
		_, ok := j.Right().(*plan.HashLookup)
		return ok
	}
	return false
}

// joinSide is a join child without GMS's hash table over it.
func joinSide(n sql.Node) sql.Node {
	if hl, ok := n.(*plan.HashLookup); ok {
		return hl.Child
	}
	return n
}

// flattenJoin appends n's relations and its join conditions, whose
// columns are numbered from the whole tree's first; false when a part is
// of a shape not modelled here.
func flattenJoin(n sql.Node, rels *[]*joinRel, conjs *[]sql.Expression) bool {
	start := 0
	if k := len(*rels); k > 0 {
		start = (*rels)[k-1].start + (*rels)[k-1].width
	}
	j, ok := n.(*plan.JoinNode)
	if !ok || !plainInnerJoin(j) {
		if !tableRead(n) {
			return false
		}
		*rels = append(*rels, &joinRel{node: n, start: start, width: len(n.Schema())})
		return true
	}
	if !flattenJoin(joinSide(j.Left()), rels, conjs) {
		return false
	}
	right := joinSide(j.Right())
	if j.Op == plan.JoinTypeLookup {
		// GMS's lookup join: its key equalities are not in its condition
		table, keys, ok := lookupTable(right)
		if !ok {
			return false
		}
		rstart := start + len(j.Left().Schema())
		*rels = append(*rels, &joinRel{node: table, start: rstart, width: len(table.Schema())})
		for i, k := range keys {
			gf, ok := k.key.(*expression.GetField)
			if !ok || gf.Index() >= rstart {
				return false
			}
			c := table.Schema()[keys[i].col]
			*conjs = append(*conjs, expression.NewEquals(gf, expression.NewGetFieldWithTable(rstart+keys[i].col, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)))
		}
		if lit, ok := j.Filter.(*expression.Literal); ok && lit.Value() == true {
			return true
		}
	} else if !flattenJoin(right, rels, conjs) {
		return false
	}
	if j.Filter == nil {
		return true
	}
	width := len(j.Schema())
	for _, c := range splitAnd(j.Filter, nil) {
		bad := false
		_, _, err := transform.Expr(c, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			switch x := e.(type) {
			case *plan.Subquery:
				bad = true
			case *expression.GetField:
				// a join's rows follow the columns of the left sides
				// above it (GMS's row prefix), so its conditions already
				// number columns from the whole tree's first
				if x.Index() >= start+width {
					bad = true // a column from outside the join
				}
			}
			return e, transform.SameTree, nil
		})
		if err != nil || bad {
			return false
		}
		*conjs = append(*conjs, c)
	}
	return true
}

// lookupKey is one key of a lookup: the table's column col is key.
type lookupKey struct {
	col int
	key sql.Expression
}

// lookupTable reads the right side of GMS's lookup join: the table (under
// its alias) and the keys it is looked up by.
func lookupTable(n sql.Node) (sql.Node, []lookupKey, bool) {
	alias, _ := n.(*plan.TableAlias)
	if alias != nil {
		n = alias.Child
	}
	ita, ok := n.(*plan.IndexedTableAccess)
	if !ok || ita.IsStatic() {
		return nil, nil, false
	}
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return nil, nil, false
	}
	cols, ok := indexColumns(ita.Index(), rt.Schema())
	exprs := ita.Expressions()
	if !ok || len(exprs) == 0 || len(exprs) > len(cols) {
		return nil, nil, false
	}
	keys := make([]lookupKey, len(exprs))
	for i, e := range exprs {
		keys[i] = lookupKey{col: cols[i], key: e}
	}
	var table sql.Node = rt
	if alias != nil {
		a, err := alias.WithChildren(rt)
		if err != nil {
			return nil, nil, false
		}
		table = a
	}
	return table, keys, true
}

// tableRead reports whether n reads one table through filters and an
// alias only.
func tableRead(n sql.Node) bool {
	for {
		switch x := n.(type) {
		case *plan.Filter:
			if hasSubquery(x.Expression) {
				return false
			}
			n = x.Child
		case *plan.TableAlias:
			n = x.Child
		case *plan.ResolvedTable:
			return true
		default:
			return false
		}
	}
}

func hasSubquery(e sql.Expression) bool {
	return transform.InspectExpr(e, func(x sql.Expression) bool {
		_, ok := x.(*plan.Subquery)
		return ok
	})
}

// reorder chooses the order and builds the left-deep tree; ok is false
// when the written order is kept.
func (p *pathPlanner) reorder(j *plan.JoinNode, rels []*joinRel, conjs []sql.Expression) (sql.Node, bool) {
	e := &explainer{ctx: p.ctx}
	for _, r := range rels {
		r.rows = math.Max(1, e.node(r.node).rows)
		r.table = r.rows
		if rs := e.baseRel(r.node); rs != nil {
			r.table = math.Max(r.rows, rs.rows)
		}
	}
	cs := make([]joinConj, len(conjs))
	for i, c := range conjs {
		cs[i] = joinConj{e: c, rels: relsOf(c, rels)}
	}
	order := make([]int, 0, len(rels))
	var in uint64
	cur := 0.0
	for len(order) < len(rels) {
		best, bestScore, bestRows := -1, math.Inf(1), 0.0
		for i, r := range rels {
			if r.placed {
				continue
			}
			var score, rows float64
			if len(order) == 0 {
				rows, score = r.rows, r.rows
			} else {
				cost, out, lookup, joined := p.joinStep(e, cur, in, i, rels, cs)
				if !joined {
					continue
				}
				rows, score = out, cost+out
				r.lookup = lookup
			}
			if score < bestScore {
				best, bestScore, bestRows = i, score, rows
			}
		}
		if best < 0 {
			// nothing joins what is placed: a cross product with the
			// smallest of the rest
			for i, r := range rels {
				if !r.placed && (best < 0 || r.rows < rels[best].rows) {
					best = i
				}
			}
			bestRows = cur * rels[best].rows
		}
		if len(order) > 0 {
			_, _, rels[best].lookup, _ = p.joinStep(e, cur, in, best, rels, cs)
		} else {
			rels[best].lookup = nil
		}
		rels[best].placed = true
		in |= 1 << best
		order = append(order, best)
		cur = math.Max(1, bestRows)
	}
	same := true
	for i, k := range order {
		same = same && i == k
	}
	if same {
		return nil, false
	}
	return p.buildJoinOrder(j, rels, cs, order)
}

// relsOf is the set of relations c reads.
func relsOf(c sql.Expression, rels []*joinRel) uint64 {
	var set uint64
	transform.InspectExpr(c, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok {
			for i, r := range rels {
				if gf.Index() >= r.start && gf.Index() < r.start+r.width {
					set |= 1 << i
				}
			}
		}
		return false
	})
	return set
}

// joinStep estimates joining relation i to the placed set in (cur rows
// so far): the cost of the join and the rows it makes, and the index
// lookup that joins it when that is cheaper than hashing its table;
// joined is false when no equality connects them.
func (p *pathPlanner) joinStep(e *explainer, cur float64, in uint64, i int, rels []*joinRel, cs []joinConj) (cost, out float64, lookup *joinLookup, joined bool) {
	r := rels[i]
	sel := 1.0
	matches := r.table
	for k, c := range cs {
		if c.rels&(1<<i) == 0 || c.rels&^(in|1<<i) != 0 || c.rels == 1<<i {
			continue
		}
		col, other, ok := equiColumn(c.e, r)
		if !ok {
			sel *= defaultIneqSel
			continue
		}
		joined = true
		nd := p.distinct(e, r, col)
		no := 200.0 // PostgreSQL's default distinct count
		for k, o := range rels {
			if in&(1<<k) != 0 && other.Index() >= o.start && other.Index() < o.start+o.width {
				no = p.distinct(e, o, other.Index()-o.start)
			}
		}
		sel *= 1 / math.Max(1, math.Max(nd, no))
		if m := r.table / math.Max(1, nd); (m < matches || lookup == nil) && sameType(other.Type(), r.node.Schema()[col].Type) {
			if ix := p.leadingIndex(r.node, col); ix != nil {
				matches = m
				lookup = &joinLookup{conj: k, key: other, index: ix}
			}
		}
	}
	if !joined {
		return 0, 0, nil, false
	}
	out = math.Max(1, cur*r.rows*sel)
	// the table read once into a hash table, probed per row
	cost = r.table + cur
	if lookup != nil {
		// a lookup per row so far, reading the matching rows
		if lc := cur * (2 + matches); lc < cost {
			return lc, out, lookup, true
		}
	}
	return cost, out, nil, true
}

// equiColumn reads c as `column of r = expression of other relations`,
// returning r's column (within r) and the other side's column.
func equiColumn(c sql.Expression, r *joinRel) (col int, other *expression.GetField, ok bool) {
	var l, rt sql.Expression
	switch x := c.(type) {
	case *expr.BinOp:
		if x.Op != "=" {
			return 0, nil, false
		}
		l, rt = x.Left, x.Right
	case *expression.Equals:
		l, rt = x.Left(), x.Right()
	default:
		return 0, nil, false
	}
	in := func(e sql.Expression) (*expression.GetField, bool) {
		gf, ok := e.(*expression.GetField)
		return gf, ok && gf.Index() >= r.start && gf.Index() < r.start+r.width
	}
	lg, lin := in(l)
	rg, rin := in(rt)
	if lin == rin {
		return 0, nil, false
	}
	if rin {
		lg, rg, l, rt = rg, lg, rt, l
	}
	og, ok := rt.(*expression.GetField)
	if !ok {
		return 0, nil, false
	}
	return lg.Index() - r.start, og, true
}

// distinct estimates the distinct values of column col of relation r.
func (p *pathPlanner) distinct(e *explainer, r *joinRel, col int) float64 {
	rs := e.baseRel(r.node)
	name := r.node.Schema()[col].Name
	if rs == nil {
		return 200
	}
	if rs.unique(p.ctx, name) {
		return math.Max(1, rs.rows)
	}
	if cst := rs.column(name); cst != nil {
		if d := cst.Distinct(rs.rows); d > 0 {
			return d
		}
	}
	return math.Min(200, math.Max(1, rs.rows))
}

// sameType reports whether a and b are one tinybase type (a lookup's key
// then needs no conversion to the indexed column's).
func sameType(a, b sql.Type) bool {
	at, ok := a.(*types.Type)
	bt, ok2 := b.(*types.Type)
	return ok && ok2 && at.Equals(bt)
}

// leadingIndex returns an index of the table n reads whose first column
// is col, or nil; one the user made before one a foreign key made.
func (p *pathPlanner) leadingIndex(n sql.Node, col int) sql.Index {
	for {
		if f, ok := n.(*plan.Filter); ok {
			n = f.Child
			continue
		}
		break
	}
	rt, _ := tableOf(n)
	if rt == nil {
		return nil
	}
	iat, ok := rt.UnderlyingTable().(sql.IndexAddressableTable)
	if !ok {
		return nil
	}
	ixs, err := iat.GetIndexes(p.ctx)
	if err != nil {
		return nil
	}
	schema := rt.Schema()
	var found sql.Index
	for _, ix := range ixs {
		if cols, ok := indexColumns(ix, schema); ok && cols[0] == col {
			if !ix.IsGenerated() {
				return ix // the one the user made (PostgreSQL has no foreign-key index)
			}
			found = ix
		}
	}
	return found
}

// buildJoinOrder builds the relations left-deep in order, each condition
// on the first join that has all it reads, under a projection restoring
// the written column order.
func (p *pathPlanner) buildJoinOrder(j *plan.JoinNode, rels []*joinRel, cs []joinConj, order []int) (sql.Node, bool) {
	total := 0
	for _, r := range rels {
		total += r.width
	}
	// newAt maps an original column to its place in the new row
	newAt := make([]int, total)
	pos := 0
	for _, k := range order {
		r := rels[k]
		for c := 0; c < r.width; c++ {
			newAt[r.start+c] = pos + c
		}
		pos += r.width
	}
	renumber := func(e sql.Expression) (sql.Expression, bool) {
		out, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if gf, ok := x.(*expression.GetField); ok {
				return gf.WithIndex(newAt[gf.Index()]), transform.NewTree, nil
			}
			return x, transform.SameTree, nil
		})
		return out, err == nil
	}
	used := make([]bool, len(cs))
	node := rels[order[0]].node
	in := uint64(1) << order[0]
	for _, k := range order[1:] {
		in |= 1 << k
		var conds []sql.Expression
		right := rels[k].node
		if lk := rels[k].lookup; lk != nil {
			// an index lookup per row: the key's condition is the lookup,
			// the table's own filters join the join's condition
			ita, filters, ok := p.lookupSide(right, lk, newAt, newAt[rels[k].start])
			if !ok {
				return nil, false
			}
			right, conds = ita, filters
			used[lk.conj] = true
		}
		for i, c := range cs {
			if !used[i] && c.rels&^in == 0 {
				e, ok := renumber(c.e)
				if !ok {
					return nil, false
				}
				used[i] = true
				conds = append(conds, e)
			}
		}
		switch {
		case rels[k].lookup != nil:
			cond := sql.Expression(expression.NewLiteral(true, gmstypes.Boolean))
			if len(conds) > 0 {
				cond = expression.JoinAnd(conds...)
			}
			node = plan.NewLookupJoin(node, right, cond)
		case len(conds) == 0:
			node = plan.NewCrossJoin(node, right)
		default:
			node = plan.NewInnerJoin(node, right, expression.JoinAnd(conds...))
		}
	}
	schema := node.Schema()
	cols := make([]sql.Expression, total)
	for i := range cols {
		c := schema[newAt[i]]
		cols[i] = expression.NewGetFieldWithTable(newAt[i], 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
	}
	if len(schema) != len(j.Schema()) {
		return nil, false
	}
	return plan.NewProject(cols, node), true
}

// lookupSide builds the index lookup of relation node by lk's key (its
// columns renumbered by newAt), and lists the relation's own filters
// renumbered to start at its new first column.
func (p *pathPlanner) lookupSide(node sql.Node, lk *joinLookup, newAt []int, start int) (sql.Node, []sql.Expression, bool) {
	var filters []sql.Expression
	for {
		f, ok := node.(*plan.Filter)
		if !ok {
			break
		}
		moved, _, err := transform.Expr(f.Expression, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if gf, ok := x.(*expression.GetField); ok {
				return gf.WithIndex(gf.Index() + start), transform.NewTree, nil
			}
			return x, transform.SameTree, nil
		})
		if err != nil {
			return nil, nil, false
		}
		filters = append(filters, moved)
		node = f.Child
	}
	rt, alias := tableOf(node)
	if rt == nil {
		return nil, nil, false
	}
	key := lk.key.WithIndex(newAt[lk.key.Index()])
	ita, err := plan.NewIndexedAccessForTableNode(p.ctx, rt, plan.NewLookupBuilder(lk.index, []sql.Expression{key}, []bool{false}))
	if err != nil {
		return nil, nil, false
	}
	out, err := withLeaf(alias, ita)
	if err != nil {
		return nil, nil, false
	}
	return out, filters, true
}

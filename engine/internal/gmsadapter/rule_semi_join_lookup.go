package gmsadapter

import (
	"io"
	"math"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Semi and anti joins by index lookups. A hash semi join reads the whole
// subquery table once; when the outer side is a few rows of a large
// table's worth, PostgreSQL instead probes an index of the subquery's
// table per outer row (Nested Loop Semi Join / Nested Loop Anti Join over
// an Index Scan or Index Only Scan keyed by the outer row). lookupSemiJoin
// makes that choice by the estimated sizes, and lookupIter runs it: the
// first matching row ends each probe.

// probeRows is what one index probe costs in rows the hash join reads and
// hashes. Measured on tinybase's in-memory B-trees a probe costs about
// two such rows; eight leaves room for estimates that are off. In
// PostgreSQL a probe is a random page read against a row's share of a
// sequential page (a ratio near 140), so between the two ratios tinybase
// probes where PostgreSQL would hash the whole table.
const probeRows = 8

// lookupSemiJoin turns j into a nested loop over an index of its inner
// table whose leading columns its inner keys are, when the outer rows
// (estimated, or cut short by a LIMIT of limit rows, 0: none) are few
// against the inner table; it reports whether it did.
func (p *pathPlanner) lookupSemiJoin(j *HashSemiJoin, limit float64) bool {
	inner, innerKeys := j.Inner, j.InnerKeys
	if pr, ok := inner.(*plan.Project); ok {
		// x IN (select col from t …): the projected column is the key
		if len(pr.Projections) != 1 || len(innerKeys) != 1 {
			return false
		}
		col := pr.Projections[0]
		if a, ok := col.(*expression.Alias); ok {
			col = a.Child
		}
		if _, ok := col.(*expression.GetField); !ok {
			return false
		}
		inner, innerKeys = pr.Child, []sql.Expression{col}
	}
	var keep []sql.Expression
	if f, ok := inner.(*plan.Filter); ok {
		keep, inner = splitAnd(f.Expression, nil), f.Child
	}
	rt, alias := tableOf(inner)
	if rt == nil {
		return false
	}
	schema := rt.Schema()
	conds := make([]cond, 0, len(innerKeys))
	for k, ik := range innerKeys {
		gf, ok := ik.(*expression.GetField)
		if !ok {
			return false
		}
		col := gf.Index() - j.Scope
		if col < 0 || col >= len(schema) || schema[col].Name != gf.Name() {
			return false
		}
		conds = append(conds, cond{i: k, col: col, op: "=", key: j.OuterKeys[k]})
	}
	scan, _ := p.bestScan(rt, conds)
	if scan == nil || len(scan.Eq) == 0 {
		return false
	}
	e := &explainer{ctx: p.ctx}
	outerRows := e.node(j.Child).rows
	if limit > 0 {
		// a LIMIT above stops the loop early: as if one outer row in
		// ten had a match
		outerRows = math.Min(outerRows, 10*limit)
	}
	innerRows := e.tableRows(rt.UnderlyingTable())
	if outerRows*probeRows >= innerRows {
		return false
	}
	// the probe copies what it finds into its own row (lookupIter.probe)
	scan.Shared = true
	j.Lookup, j.Keep, j.InnerKeys = scan, keep, innerKeys
	if alias != nil {
		j.LookupAlias = alias.Name()
	}
	if limit > 0 {
		p.mergeSemiJoin(j) // rule_semi_join_merge.go
	}
	return true
}

// lookupIter is the nested loop: each outer row is kept when a probe of
// the index finds (Anti: does not find) a row with the same keys that
// passes the inner conditions.
type lookupIter struct {
	j     *HashSemiJoin
	child sql.RowIter
	full  sql.Row // the outer row followed by an inner row
	// has answers a probe that needs no inner row (lookupIter.exists);
	// checked is set once it was looked for
	has     indexKeyProber
	checked bool
	key     sql.Row
	// st counts the probes for EXPLAIN ANALYZE (nil: not instrumented)
	st *nodeStats
}

// indexKeyProber is a storage table that answers whether an index holds
// a key prefix (storage.Table.HasIndexKey).
type indexKeyProber interface {
	HasIndexKey(ctx *sql.Context, index string, key sql.Row) (bool, error)
}

func (l *lookupIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		row, err := l.child.Next(ctx)
		if err != nil {
			return nil, err
		}
		found, err := l.probe(ctx, row)
		if err != nil {
			return nil, err
		}
		if found != l.j.Anti {
			return row, nil
		}
	}
}

// probe reports whether the inner table has a match for row, counting
// the probe for EXPLAIN ANALYZE: a loop of the inner scan that returned
// the one row it stopped at, or none.
func (l *lookupIter) probe(ctx *sql.Context, row sql.Row) (bool, error) {
	if !l.checked {
		l.start(ctx)
	}
	if l.st == nil {
		return l.match(ctx, row)
	}
	start := time.Now()
	found, err := l.match(ctx, row)
	d := time.Since(start)
	l.st.loops++
	l.st.first += d
	l.st.total += d
	if found {
		l.st.rows++
	}
	return found, err
}

// start finds, at the first probe, whether the probes need no inner row
// (exists) and whether EXPLAIN ANALYZE counts them.
func (l *lookupIter) start(ctx *sql.Context) {
	l.checked = true
	s := l.j.Lookup
	if inst, ok := ctx.Value(instrumentKey{}).(*Instrument); ok {
		inst.mu.Lock()
		if l.st = inst.stats[s]; l.st == nil {
			l.st = &nodeStats{}
			inst.stats[s] = l.st
		}
		inst.mu.Unlock()
	}
	if len(l.j.Keep) > 0 || s.Lo != nil || s.Hi != nil || s.Points != nil || s.Skip != nil || len(s.Eq) != len(l.j.OuterKeys) {
		return
	}
	for _, e := range s.Eq {
		if e == nil {
			return
		}
	}
	l.has, _ = s.Table.UnderlyingTable().(indexKeyProber)
}

// match reports whether the inner table has a match for row.
func (l *lookupIter) match(ctx *sql.Context, row sql.Row) (bool, error) {
	if l.has != nil {
		if found, ok, err := l.exists(ctx, row); ok || err != nil {
			return found, err
		}
	}
	want, ok, err := keyOf(ctx, l.j.OuterKeys, row)
	if err != nil || !ok {
		return false, err // a NULL key matches nothing
	}
	it, err := l.j.Lookup.RowIter(ctx, row)
	if err != nil {
		return false, err
	}
	defer it.Close(ctx)
next:
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		l.full = append(append(l.full[:0], row[:l.j.Scope]...), r...)
		got, ok, err := keyOf(ctx, l.j.InnerKeys, l.full)
		if err != nil {
			return false, err
		}
		if !ok || got != want {
			continue
		}
		for _, c := range l.j.Keep {
			v, err := sql.EvaluateCondition(ctx, c, l.full)
			if err != nil {
				return false, err
			}
			if !sql.IsTrue(v) {
				continue next
			}
		}
		return true, nil
	}
}

func (l *lookupIter) Close(ctx *sql.Context) error { return l.child.Close(ctx) }

// exists answers a probe whose index keys are all of the join's keys and
// that checks nothing else on the inner row: whether the index holds the
// outer row's keys. ok is false when a key's value changes as the index
// column's type (another type, or a value it rounds): match then compares
// the rows' values as written.
func (l *lookupIter) exists(ctx *sql.Context, row sql.Row) (found, ok bool, err error) {
	s := l.j.Lookup
	l.key = l.key[:0]
	for i, e := range s.Eq {
		raw, err := e.Eval(ctx, row)
		if err != nil {
			return false, true, err
		}
		if raw == nil {
			return false, true, nil // a NULL key matches nothing
		}
		v, _, err := s.types[i].Convert(ctx, raw)
		if err != nil || !sameKey(raw, v) {
			return false, false, nil
		}
		l.key = append(l.key, v)
	}
	found, err = l.has.HasIndexKey(ctx, s.Index.ID(), l.key)
	return found, true, err
}

// sameKey reports whether a key value converted to its index column's
// type is the value itself, for the types whose values Go compares.
func sameKey(raw, v any) bool {
	switch r := raw.(type) {
	case int64:
		c, ok := v.(int64)
		return ok && c == r
	case int32:
		c, ok := v.(int32)
		return ok && c == r
	case int16:
		c, ok := v.(int16)
		return ok && c == r
	case string:
		c, ok := v.(string)
		return ok && c == r
	}
	return false
}

// probeSemiJoin turns j around when its inner side is estimated to give
// few keys against its outer table, which has an index led by the outer
// key's column: the distinct inner keys are read first and each looks up
// the outer table (PostgreSQL's Nested Loop over a HashAggregate of the
// subquery and a parameterized Index Scan); it reports whether it did.
func (p *pathPlanner) probeSemiJoin(j *HashSemiJoin) bool {
	if len(j.OuterKeys) != 1 || j.Anti {
		return false
	}
	rt, alias := tableOf(j.Child)
	if rt == nil {
		return false
	}
	schema := rt.Schema()
	col, ok := columnOf(j.OuterKeys[0], schema)
	if !ok {
		return false
	}
	key := expression.NewGetField(0, schema[col].Type, "key", true)
	scan, _ := p.bestScan(rt, []cond{{col: col, op: "=", key: key}})
	if scan == nil || len(scan.Eq) != 1 {
		return false
	}
	e := &explainer{ctx: p.ctx}
	innerRows := e.node(j.Inner).rows
	outerRows := e.tableRows(rt.UnderlyingTable())
	if innerRows*probeRows >= outerRows {
		return false
	}
	j.Probe = scan
	if alias != nil {
		j.ProbeAlias = alias.Name()
	}
	return true
}

// probeIter returns the outer table's rows for each distinct inner key in
// turn.
type probeIter struct {
	j    *HashSemiJoin
	keys []any
	cur  sql.RowIter
}

func (p *probeIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		if p.cur == nil {
			if len(p.keys) == 0 {
				return nil, io.EOF
			}
			it, err := p.j.Probe.RowIter(ctx, sql.Row{p.keys[0]})
			if err != nil {
				return nil, err
			}
			p.cur, p.keys = it, p.keys[1:]
		}
		row, err := p.cur.Next(ctx)
		if err == io.EOF {
			err = p.cur.Close(ctx)
			p.cur = nil
			if err != nil {
				return nil, err
			}
			continue
		}
		return row, err
	}
}

func (p *probeIter) Close(ctx *sql.Context) error {
	if p.cur != nil {
		return p.cur.Close(ctx)
	}
	return nil
}

// limitedFilters finds the filters under a LIMIT through projections, with
// the limit (an OFFSET would make the loop read its rows too).
func limitedFilters(ctx *sql.Context, n sql.Node) map[*plan.Filter]float64 {
	out := map[*plan.Filter]float64{}
	transform.Inspect(n, func(n sql.Node) bool {
		lim, ok := n.(*plan.Limit)
		if !ok {
			return true
		}
		v, err := lim.Limit.Eval(ctx, nil)
		k, ok := toInt64(v)
		if err != nil || !ok || k <= 0 {
			return true
		}
		c := lim.Child
		for {
			switch x := c.(type) {
			case *plan.Project:
				c = x.Child
				continue
			case *plan.Filter:
				out[x] = float64(k)
			}
			break
		}
		return true
	})
	return out
}

// planInner gives a hash or probing semi join's subquery its own access
// paths: GMS analyzed it apart, with its rows after the outer row's
// columns, where the rule does not reach. A subquery that reads no outer
// column (the keys aside) and nests no subquery is renumbered over its
// own rows if need be, and its table reads become index scans where they
// pay.
func (p *pathPlanner) planInner(j *HashSemiJoin) {
	if j.Scope == 0 || j.Lookup != nil {
		return
	}
	simple := true
	transform.Inspect(j.Inner, func(n sql.Node) bool {
		switch n.(type) {
		case nil, *plan.Project, *plan.Filter, *plan.TableAlias, *plan.ResolvedTable:
		default:
			simple = false
		}
		return simple
	})
	if !simple {
		return
	}
	// GMS numbers an uncorrelated subquery's columns over its own rows
	// (its output gets the outer row in front); a column numbered past
	// the outer row's never matches filterScan's check of its name
	if planned, same, err := transform.NodeWithOpaque(j.Inner, p.filterScan); err == nil && !same {
		j.Inner = planned
		return
	}
	ok := true
	shift := func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *plan.Subquery:
			ok = false
		case *expression.GetField:
			if x.Index() < j.Scope {
				ok = false
				return e, transform.SameTree, nil
			}
			return x.WithIndex(x.Index() - j.Scope), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	}
	inner, _, err := transform.NodeExprs(j.Inner, shift)
	if err != nil || !ok {
		return
	}
	keys := make([]sql.Expression, len(j.InnerKeys))
	for i, k := range j.InnerKeys {
		if keys[i], _, err = transform.Expr(k, shift); err != nil || !ok {
			return
		}
	}
	planned, _, err := transform.NodeWithOpaque(inner, p.filterScan)
	if err != nil {
		return
	}
	j.Inner, j.InnerKeys, j.Scope = planned, keys, 0
}

package gmsadapter

import (
	"math"
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Access paths (planner.go's design note): the last rule of the analysis
// replaces, in the finished plan, table scans under conditions on indexed
// columns with IndexScans keyed at run time, sorts an index order gives
// with ordered scans, and sorts under a LIMIT with bounded top-N sorts.

const ruleAccessPaths analyzer.RuleId = 10002

// IndexScanSetting is implemented by a session that has PostgreSQL's
// enable_indexscan setting; when it reports false, accessPaths leaves
// plans as GMS made them (the sequential-scan oracle of the planner's
// tests).
type IndexScanSetting interface {
	EnableIndexScan() bool
}

// accessPaths is an after-all rule: it runs after GMS assigned execution
// indexes, and each replacement keeps the schema of what it replaces.
// GMS also runs the after-all rules on each subquery it finalizes, before
// indexes are assigned (they are assigned once, for the whole query), so
// the rule acts only on the whole query, whose walk reaches the subqueries
// in FROM.
//
// A part GMS analyzes apart (a set operation's branch, an INSERT's
// source) has its columns numbered again with the whole query, which
// the join rewrites' own nodes would not follow: GMS's selector for such
// a part turns off one of partRules, and the joins are left to the
// whole query's run.
func accessPaths(isParam IsParam, partRules []analyzer.RuleId) analyzer.RuleFunc {
	return func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if scope.RecursionDepth() > 0 {
			return n, transform.SameTree, nil
		}
		if s, ok := ctx.Session.(IndexScanSetting); ok && !s.EnableIndexScan() {
			return n, transform.SameTree, nil
		}
		if !hasTableScan(n) {
			return n, transform.SameTree, nil
		}
		part := false
		for _, id := range partRules {
			part = part || sel != nil && !sel(id)
		}
		p := &pathPlanner{ctx: ctx, isParam: isParam}
		n, sameH := p.unhideAll(n) // hypothetical.go
		if scope.IsEmpty() && !part && !writes(n) {
			if out, same := p.reorderJoins(n); same == transform.NewTree { // rule_join_order.go
				n, sameH = out, false
			}
		}
		out, same, err := transform.NodeWithOpaque(n, p.filterScan)
		same = same && sameH
		if err != nil {
			return n, transform.SameTree, nil // keep GMS's plan
		}
		if scope.IsEmpty() && !writes(out) {
			// UPDATE and DELETE write through the table node GMS's lookup
			// wraps; a subquery in an expression, analyzed on its own,
			// reads its rows after the outer row's columns
			out1, same1, err := transform.NodeWithOpaque(out, p.staticScan)
			if err != nil {
				return n, transform.SameTree, nil
			}
			out, same = out1, same && same1
		} else if !writes(out) {
			// a subquery in an expression, analyzed on its own
			out1, same1 := p.subqueryStaticScans(out) // subquery_scan.go
			out, same = out1, same && same1
		}
		out, same2 := p.orders(out, nil)
		out, same3, err := transform.NodeWithOpaque(out, pushOffset)
		if err != nil {
			return n, transform.SameTree, nil
		}
		if !scope.IsEmpty() || part || writes(out) {
			// a subquery analyzed on its own: its rows start with the
			// outer row's columns, which the join rewrites do not track;
			// UPDATE and DELETE find their target table under the
			// filter, where a join node would hide it
			return out, same && same2 && same3, nil
		}
		out, same4, err := transform.NodeWithOpaque(out, p.hashJoin) // rule_hash_join.go
		if err != nil {
			return n, transform.SameTree, nil
		}
		out, same4a, err := transform.NodeWithOpaque(out, p.impliedJoinConds) // rule_join_rows.go
		if err != nil {
			return n, transform.SameTree, nil
		}
		out, same4b, err := transform.NodeWithOpaque(out, foldColumnProjection)
		if err != nil {
			return n, transform.SameTree, nil
		}
		out, same4c, err := transform.NodeWithOpaque(out, markJoinSides)
		if err != nil {
			return n, transform.SameTree, nil
		}
		same4 = same4 && same4a && same4b && same4c
		p.writes = writes(out)
		p.limited = limitedFilters(p.ctx, out)                       // rule_semi_join_lookup.go
		out, same5, err := transform.NodeWithOpaque(out, p.semiJoin) // rule_semi_join.go
		if err != nil {
			return n, transform.SameTree, nil
		}
		out, same6, err := transform.NodeWithOpaque(out, p.scalarLookups) // rule_scalar_lookup.go
		if err != nil {
			return n, transform.SameTree, nil
		}
		same5 = same5 && same6
		return out, same && same2 && same3 && same4 && same5, nil
	}
}

// hasTableScan reports whether a plan reads a table directly, sorts or
// joins (the common point lookup does none: it is already an indexed
// access).
func hasTableScan(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.ResolvedTable, *plan.Sort, *plan.JoinNode, *plan.Filter:
			found = true
		case *plan.IndexedTableAccess:
			found = x.IsStatic() // a range GMS keyed by constants (staticScan)
		}
		return !found
	})
	return found
}

// writes reports whether a plan updates or deletes rows.
func writes(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.Update, *plan.DeleteFrom:
			found = true
		}
		return !found
	})
	return found
}

type pathPlanner struct {
	ctx     *sql.Context
	isParam IsParam
	// writes is set for an UPDATE or DELETE, which write through the
	// table their filter reads (rule_semi_join_in.go leaves them alone)
	writes bool
	// limited holds the filters whose rows a LIMIT cuts short, with the
	// limit (rule_semi_join_lookup.go)
	limited map[*plan.Filter]float64
}

// leaf is a table read: the table, and the alias node above it if any.
func tableOf(n sql.Node) (*plan.ResolvedTable, *plan.TableAlias) {
	switch x := n.(type) {
	case *plan.ResolvedTable:
		return x, nil
	case *plan.TableAlias:
		if rt, ok := x.Child.(*plan.ResolvedTable); ok {
			return rt, x
		}
	}
	return nil, nil
}

// withLeaf puts scan where the table was.
func withLeaf(alias *plan.TableAlias, scan sql.Node) (sql.Node, error) {
	if alias == nil {
		return scan, nil
	}
	return alias.WithChildren(scan)
}

// cond is one usable conjunct: column col compared with key.
type cond struct {
	i      int // conjunct index
	col    int // table column
	op     string
	key    sql.Expression // nil for IS NULL
	points bool           // key is an array (= ANY)
}

// filterScan turns Filter(conditions, table) into an index scan when the
// conditions constrain the leading columns of an index.
func (p *pathPlanner) filterScan(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if j, ok := n.(*plan.JoinNode); ok {
		return p.joinKeys(j)
	}
	f, ok := n.(*plan.Filter)
	if !ok {
		return n, transform.SameTree, nil
	}
	rt, alias := tableOf(f.Child)
	var static []cond // a static lookup's conditions, as constants
	if rt == nil {
		rt, alias, static = p.staticConds(f.Child)
		if rt == nil {
			return n, transform.SameTree, nil
		}
	}
	conj := splitAnd(f.Expression, nil)
	schema := rt.Schema()
	var own sql.ColSet
	if alias != nil {
		own = alias.Columns()
	} else {
		own = rt.Columns()
	}
	conds := static
	for i, c := range conj {
		if !readsOnly(c, own) {
			continue
		}
		if cd, ok := p.usable(c, schema); ok {
			cd.i = i
			conds = append(conds, cd)
		}
	}
	if len(conds) == 0 {
		return n, transform.SameTree, nil
	}
	scan, used := p.bestScan(rt, conds)
	if scan == nil {
		return n, transform.SameTree, nil
	}
	var rest []sql.Expression
	if static != nil {
		// better than GMS's lookup only when it also uses a condition of
		// the filter
		better := false
		for i := range conj {
			better = better || used[i]
		}
		if !better {
			return n, transform.SameTree, nil
		}
		for _, c := range static {
			if used[c.i] {
				scan.Conds = append(scan.Conds, staticExpr(c, schema))
			} else {
				rest = append(rest, staticExpr(c, schema))
			}
		}
	}
	leaf, err := withLeaf(alias, scan)
	if err != nil {
		return n, transform.SameTree, err
	}
	for i, c := range conj {
		if used[i] {
			scan.Conds = append(scan.Conds, c)
		} else {
			rest = append(rest, c)
		}
	}
	if len(rest) == 0 {
		return leaf, transform.NewTree, nil
	}
	return plan.NewFilter(expression.JoinAnd(rest...), leaf), transform.NewTree, nil
}

// readsOnly reports whether e reads no column but those of own (by
// column id; a column without one, or an empty own, passes). In a
// LATERAL subquery a filter's columns are numbered after the outer row's,
// so an outer column's index can be a column of the table below with the
// same name: `u.id < 3` over posts read as posts.id < 3 made the scan
// return no rows.
func readsOnly(e sql.Expression, own sql.ColSet) bool {
	if own.Empty() {
		return true
	}
	ok := true
	sql.Inspect(e, func(x sql.Expression) bool {
		if gf, isCol := x.(*expression.GetField); isCol && gf.Id() != 0 && !own.Contains(gf.Id()) {
			ok = false
		}
		return ok
	})
	return ok
}

// staticScan turns a range lookup GMS made from constants into an
// IndexScan, which chooses by the table's size whether to read through
// the index in key order or return the rows in heap order (scan_cost.go).
// Point lookups on a unique key stay GMS's.
func (p *pathPlanner) staticScan(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ita, ok := n.(*plan.IndexedTableAccess)
	if !ok || !ita.IsStatic() {
		return n, transform.SameTree, nil
	}
	if lookup, err := ita.GetLookup(p.ctx, nil); err != nil || lookup.IsPointLookup {
		return n, transform.SameTree, nil
	}
	rt, _, conds := p.staticConds(ita)
	if rt == nil || len(conds) == 0 {
		return n, transform.SameTree, nil
	}
	scan, used := p.bestScan(rt, conds)
	if scan == nil {
		return n, transform.SameTree, nil
	}
	schema := rt.Schema()
	for _, c := range conds {
		if !used[c.i] {
			return n, transform.SameTree, nil // the scan would not implement the lookup
		}
		scan.Conds = append(scan.Conds, staticExpr(c, schema))
	}
	return scan, transform.NewTree, nil
}

// splitAnd lists the conjuncts of e, through GMS's AND and tinybase's
// (BETWEEN is tinybase's `x >= a AND x <= b`).
func splitAnd(e sql.Expression, out []sql.Expression) []sql.Expression {
	switch x := e.(type) {
	case *expression.And:
		return splitAnd(x.RightChild, splitAnd(x.LeftChild, out))
	case *expr.Logic:
		if x.And {
			return splitAnd(x.Right, splitAnd(x.Left, out))
		}
	}
	return append(out, e)
}

// staticExpr is a static lookup's condition as an expression.
func staticExpr(c cond, schema sql.Schema) sql.Expression {
	gf := expression.NewGetFieldWithTable(c.col, 0, schema[c.col].Type, schema[c.col].DatabaseSource, schema[c.col].Source, schema[c.col].Name, schema[c.col].Nullable)
	switch c.op {
	case ">":
		return expression.NewGreaterThan(gf, c.key)
	case ">=":
		return expression.NewGreaterThanOrEqual(gf, c.key)
	case "<":
		return expression.NewLessThan(gf, c.key)
	case "<=":
		return expression.NewLessThanOrEqual(gf, c.key)
	}
	return expression.NewEquals(gf, c.key)
}

// staticConds reads a static GMS lookup of one range (under its alias)
// as conditions on constants, numbered below the filter's conjuncts.
func (p *pathPlanner) staticConds(n sql.Node) (*plan.ResolvedTable, *plan.TableAlias, []cond) {
	var alias *plan.TableAlias
	if a, ok := n.(*plan.TableAlias); ok {
		alias, n = a, a.Child
	}
	ita, ok := n.(*plan.IndexedTableAccess)
	if !ok || !ita.IsStatic() {
		return nil, nil, nil
	}
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return nil, nil, nil
	}
	lookup, err := ita.GetLookup(p.ctx, nil)
	if err != nil || lookup.Index == nil || lookup.IsEmptyRange {
		return nil, nil, nil
	}
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok || len(ranges) != 1 {
		return nil, nil, nil
	}
	schema := rt.Schema()
	cols, ok := indexColumns(lookup.Index, schema)
	if !ok {
		return nil, nil, nil
	}
	var out []cond
	for k, c := range ranges[0] {
		if k >= len(cols) {
			return nil, nil, nil
		}
		t, isPG := schema[cols[k]].Type.(*types.Type)
		if !isPG {
			return nil, nil, nil
		}
		lit := func(v any) sql.Expression { return expr.NewLiteral(t, v) }
		i := -2 - len(out)
		lo, okLo := c.LowerBound.(sql.Below)
		loA, okLoA := c.LowerBound.(sql.Above)
		hi, okHi := c.UpperBound.(sql.Above)
		hiB, okHiB := c.UpperBound.(sql.Below)
		_, loNull := c.LowerBound.(sql.AboveNull)
		_, hiAll := c.UpperBound.(sql.AboveAll)
		if _, all := c.LowerBound.(sql.BelowNull); all && hiAll {
			continue // any value, NULL too: no condition on the column
		}
		switch {
		case okLo && okHi && lo.Key != nil && types.Compare(t, lo.Key, hi.Key) == 0:
			out = append(out, cond{i: i, col: cols[k], op: "=", key: lit(lo.Key)})
			continue
		case okLo && lo.Key != nil:
			out = append(out, cond{i: i, col: cols[k], op: ">=", key: lit(lo.Key)})
		case okLoA && loA.Key != nil:
			out = append(out, cond{i: i, col: cols[k], op: ">", key: lit(loA.Key)})
		case !loNull:
			return nil, nil, nil
		}
		i = -2 - len(out)
		switch {
		case okHi && hi.Key != nil:
			out = append(out, cond{i: i, col: cols[k], op: "<=", key: lit(hi.Key)})
		case okHiB && hiB.Key != nil:
			out = append(out, cond{i: i, col: cols[k], op: "<", key: lit(hiB.Key)})
		case !hiAll:
			return nil, nil, nil
		}
	}
	return rt, alias, out
}

// usable recognises `column op key`, `column = ANY(key)` and `column IS
// NULL` over a table's column, with a key of the column's own type that
// reads no column (constants, parameters, statement-stable calls).
func (p *pathPlanner) usable(c sql.Expression, schema sql.Schema) (cond, bool) {
	var l, r sql.Expression
	var op string
	switch x := c.(type) {
	case *expr.IsNull:
		if x.Negate || x.Test != nil {
			return cond{}, false
		}
		col, ok := columnOf(x.Child, schema)
		return cond{col: col, op: "isnull"}, ok
	case *expr.AnyArray:
		o, lx, arr, all := x.Operands()
		if o != "=" || all {
			return cond{}, false
		}
		col, ok := columnOf(lx, schema)
		if !ok || !p.constKey(arr) {
			return cond{}, false
		}
		at := expr.TypeOf(arr)
		ct, isPG := schema[col].Type.(*types.Type)
		if !isPG || at.Base().Kind != types.KindArray || !at.Base().Elem.Equals(ct) || ct.Base().Kind == types.KindBpchar {
			return cond{}, false
		}
		return cond{col: col, op: "=", key: arr, points: true}, true
	case *expr.BinOp:
		l, r, op = x.Left, x.Right, x.Op
	case *expression.Equals:
		l, r, op = x.Left(), x.Right(), "="
	case *expression.LessThan:
		l, r, op = x.Left(), x.Right(), "<"
	case *expression.LessThanOrEqual:
		l, r, op = x.Left(), x.Right(), "<="
	case *expression.GreaterThan:
		l, r, op = x.Left(), x.Right(), ">"
	case *expression.GreaterThanOrEqual:
		l, r, op = x.Left(), x.Right(), ">="
	default:
		return cond{}, false
	}
	switch op {
	case "=", "<", "<=", ">", ">=":
	default:
		return cond{}, false
	}
	if op == "=" {
		// name = text (nameeqtext, texteqname): the column is cast to text
		if col, ok := nameAsText(l, schema); ok && textKey(r) && p.constKey(r) {
			return cond{col: col, op: op, key: r}, true
		}
		if col, ok := nameAsText(r, schema); ok && textKey(l) && p.constKey(l) {
			return cond{col: col, op: op, key: l}, true
		}
	}
	col, ok := columnOf(l, schema)
	key := r
	if !ok {
		if col, ok = columnOf(r, schema); !ok {
			return cond{}, false
		}
		key = l
		op = map[string]string{"=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
	}
	ct, isPG := schema[col].Type.(*types.Type)
	kt, kPG := key.Type().(*types.Type)
	if !isPG || !kPG || !KeyCompatible(ct, kt) || !p.constKey(key) {
		return cond{}, false
	}
	return cond{col: col, op: op, key: key}, true
}

// KeyCompatible reports whether an index scan keys a column of type col
// with values of type key: the same type (not bpchar, whose comparison
// ignores trailing blanks), or a narrower integer, which widens exactly
// (`bigint_col = 3`, the literal an int4).
func KeyCompatible(col, key *types.Type) bool {
	if col.Base().Kind == types.KindBpchar {
		return false
	}
	if col.Equals(key) {
		return true
	}
	width := func(t *types.Type) int {
		switch t.Kind {
		case types.KindInt2:
			return 2
		case types.KindInt4:
			return 4
		case types.KindInt8:
			return 8
		}
		return 0
	}
	wc, wk := width(col), width(key)
	return wc > 0 && wk > 0 && wk <= wc
}

// nameAsText resolves a name column cast to text (or to unbounded
// varchar), as `name_col = text_value` is translated. Every collation
// tinybase has orders by bytes, so that equality is the bytes' (as
// PostgreSQL's nameeqtext under a deterministic collation) and the
// column's index can look the text value up: a value longer than a name
// can be selects no row (IndexScan.key).
func nameAsText(e sql.Expression, schema sql.Schema) (int, bool) {
	c, ok := e.(*expr.Cast)
	if !ok {
		return 0, false
	}
	to, ok := c.Type().(*types.Type)
	if !ok || to.Mod >= 0 || to.Kind != types.KindText && to.Kind != types.KindVarchar {
		return 0, false
	}
	col, ok := columnOf(c.Child, schema)
	if !ok {
		return 0, false
	}
	ct, ok := schema[col].Type.(*types.Type)
	return col, ok && ct.Kind == types.KindName
}

// textKey reports whether e is a text (or varchar) value, as the other
// side of nameAsText's comparison.
func textKey(e sql.Expression) bool {
	t, ok := e.Type().(*types.Type)
	return ok && (t.Base().Kind == types.KindText || t.Base().Kind == types.KindVarchar)
}

// columnOf resolves a column reference of the filtered table to its index
// in the table's schema.
func columnOf(e sql.Expression, schema sql.Schema) (int, bool) {
	gf, ok := e.(*expression.GetField)
	if !ok {
		return 0, false
	}
	i := gf.Index()
	if i < 0 || i >= len(schema) || schema[i].Name != gf.Name() {
		return 0, false
	}
	return i, true
}

var exprPkgPath = reflect.TypeOf(expr.Literal{}).PkgPath()

// constKey reports whether e is fixed for one execution: tinybase's
// operators and casts over constants, parameters and statement-stable
// calls, reading no column or subquery.
func (p *pathPlanner) constKey(e sql.Expression) bool {
	ok := true
	sql.Inspect(e, func(x sql.Expression) bool {
		if !ok {
			return false
		}
		switch x := x.(type) {
		case *expression.Literal, *expr.Literal:
		case *expr.FuncCall:
			ok = !x.IsVolatile() || statementStable[x.Name]
		case *onceExpr:
		case sql.Aggregation, sql.WindowAdaptableExpression:
			ok = false
		default:
			if p.isParam != nil && p.isParam(x) {
				return false
			}
			t := reflect.TypeOf(x)
			if t.Kind() == reflect.Pointer {
				t = t.Elem()
			}
			ok = t.PkgPath() == exprPkgPath && len(x.Children()) > 0
		}
		return ok
	})
	return ok
}

// indexColumns maps an index's columns to the table's column indexes;
// ok is false for an index over expressions.
func indexColumns(ix sql.Index, schema sql.Schema) ([]int, bool) {
	exprs := ix.Expressions()
	out := make([]int, len(exprs))
	for k, e := range exprs {
		name := strings.TrimPrefix(e, ix.Table()+".")
		found := -1
		for i, c := range schema {
			if c.Name == name {
				found = i
				break
			}
		}
		if found < 0 {
			return nil, false
		}
		out[k] = found
	}
	return out, len(out) > 0
}

// bestScan picks the index whose leading columns the conditions constrain
// best: equalities on a whole unique key first, then the longest equality
// prefix followed by points or a range (closed before open).
func (p *pathPlanner) bestScan(rt *plan.ResolvedTable, conds []cond) (*IndexScan, map[int]bool) {
	iat, ok := rt.UnderlyingTable().(sql.IndexAddressableTable)
	if !ok {
		return nil, nil
	}
	indexes, err := iat.GetIndexes(p.ctx)
	if err != nil {
		return nil, nil
	}
	indexes = withHypothetical(p.ctx, rt, indexes) // hypothetical.go
	schema := rt.Schema()
	var best *IndexScan
	var bestUsed map[int]bool
	bestScore := 0
	for _, ix := range indexes {
		cols, ok := indexColumns(ix, schema)
		if !ok {
			continue
		}
		s := &IndexScan{Table: rt, Index: ix}
		used := map[int]bool{}
		score := 0
		k := 0
		for ; k < len(cols); k++ {
			var eq *cond
			for i := range conds {
				c := &conds[i]
				if c.col == cols[k] && !c.points && (c.op == "=" || c.op == "isnull") {
					eq = c
					break
				}
			}
			if eq == nil {
				break
			}
			s.Eq = append(s.Eq, eq.key)
			used[eq.i] = true
			score += 100
		}
		if k == len(cols) && ix.IsUnique() {
			score += 1000
		}
		if k < len(cols) {
			for i := range conds {
				c := &conds[i]
				if c.col != cols[k] {
					continue
				}
				switch {
				case c.points:
					if s.Points == nil && s.Lo == nil && s.Hi == nil {
						s.Points = c.key
						used[c.i] = true
						score += 50
					}
				case s.Points != nil:
				case c.op == ">" || c.op == ">=":
					if s.Lo == nil {
						s.Lo, s.LoIncl = c.key, c.op == ">="
						used[c.i] = true
						score += 20
					}
				case c.op == "<" || c.op == "<=":
					if s.Hi == nil {
						s.Hi, s.HiIncl = c.key, c.op == "<="
						used[c.i] = true
						score += 20
					}
				}
			}
		}
		if score > 0 && !ix.IsGenerated() {
			score++ // of equal indexes, the one the user made (PostgreSQL has no foreign-key index)
		}
		if score > bestScore {
			best, bestUsed, bestScore = s, used, score
		}
	}
	if best != nil {
		best.types = indexTypes(best.Index, schema)
	}
	return best, bestUsed
}

// indexTypes are the types of an index's columns, from the table.
func indexTypes(ix sql.Index, schema sql.Schema) []sql.Type {
	cols, _ := indexColumns(ix, schema)
	out := make([]sql.Type, len(cols))
	for i, c := range cols {
		out[i] = schema[c].Type
	}
	return out
}

// sortKey is one ORDER BY key over a table column.
type sortKey struct {
	col        int
	desc       bool
	nullsFirst bool
}

// orders walks the plan top-down; limit is the Limit (and Offset) above n
// through row-preserving nodes only, or nil.
func (p *pathPlanner) orders(n sql.Node, lim *limitCtx) (sql.Node, transform.TreeIdentity) {
	switch x := n.(type) {
	case *plan.Limit:
		child, same := p.orders(x.Child, &limitCtx{limit: x})
		if same {
			return n, transform.SameTree
		}
		out, err := x.WithChildren(child)
		if err != nil {
			return n, transform.SameTree
		}
		return out, transform.NewTree
	case *plan.Offset:
		var l *limitCtx
		if lim != nil {
			l = &limitCtx{limit: lim.limit, offset: x}
		}
		child, same := p.orders(x.Child, l)
		if same {
			return n, transform.SameTree
		}
		out, err := x.WithChildren(child)
		if err != nil {
			return n, transform.SameTree
		}
		return out, transform.NewTree
	case *plan.Project:
		if lim != nil && !plainProjection(x) {
			l := *lim
			l.topNOnly = true
			lim = &l
		}
		child, same := p.orders(x.Child, lim)
		if same {
			return n, transform.SameTree
		}
		out, err := x.WithChildren(child)
		if err != nil {
			return n, transform.SameTree
		}
		return out, transform.NewTree
	case *plan.Sort:
		if out, ok := p.sortPath(x, lim); ok {
			return out, transform.NewTree
		}
	}
	children := n.Children()
	if len(children) == 0 {
		return n, transform.SameTree
	}
	newChildren := make([]sql.Node, len(children))
	changed := false
	for i, c := range children {
		nc, same := p.orders(c, nil)
		newChildren[i] = nc
		changed = changed || !bool(same)
	}
	if !changed {
		return n, transform.SameTree
	}
	out, err := n.WithChildren(newChildren...)
	if err != nil {
		return n, transform.SameTree
	}
	return out, transform.NewTree
}

// pushOffset moves an OFFSET into the ordered index scan below it, when
// only plain projections lie between (each row one row): the scan passes
// over the skipped rows in the index without building them.
func pushOffset(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	off, ok := n.(*plan.Offset)
	if !ok {
		return n, transform.SameTree, nil
	}
	if _, ok := off.Offset.(sql.Expression); !ok || len(off.Offset.Children()) > 0 {
		return n, transform.SameTree, nil
	}
	var chain []sql.Node
	c := off.Child
	for {
		switch x := c.(type) {
		case *plan.Project:
			if !plainProjection(x) {
				return n, transform.SameTree, nil
			}
			chain, c = append(chain, x), x.Child
			continue
		case *plan.TableAlias:
			chain, c = append(chain, x), x.Child
			continue
		case *IndexScan:
			if !x.Ordered || x.Skip != nil {
				return n, transform.SameTree, nil
			}
			cp := *x
			cp.Skip = off.Offset
			var out sql.Node = &cp
			for i := len(chain) - 1; i >= 0; i-- {
				next, err := chain[i].WithChildren(out)
				if err != nil {
					return n, transform.SameTree, nil
				}
				out = next
			}
			return out, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	}
}

type limitCtx struct {
	limit  *plan.Limit
	offset *plan.Offset
	// topNOnly: a projection with calls lies between, so an ordered scan
	// stopping early is not chosen for it; a top-N sort below is still
	// right, a projection being one row per row
	topNOnly bool
}

// plainProjection reports whether a projection maps each row to exactly
// one row without calls (columns, aliases of columns and constants), so a
// LIMIT above it limits the rows below it.
func plainProjection(p *plan.Project) bool {
	for _, e := range p.Projections {
		if a, ok := e.(*expression.Alias); ok {
			e = a.Child
		}
		switch e.(type) {
		case *expression.GetField, *expression.Literal, *expr.Literal:
		default:
			return false
		}
	}
	return true
}

// sortPath replaces a sort an index order gives with an ordered index scan,
// and a sort under a LIMIT otherwise with a top-N sort.
func (p *pathPlanner) sortPath(s *plan.Sort, lim *limitCtx) (sql.Node, bool) {
	keys, ok := sortKeys(s)
	if ok {
		if out, ok := p.orderedScan(s.Child, keys, lim != nil && !lim.topNOnly); ok {
			return out, true
		}
	}
	if lim == nil {
		return nil, false
	}
	count, ok := limitCount(p.ctx, lim)
	if !ok {
		if c, ok := heldTopNCount(lim); ok { // exec_topn.go
			return plan.NewTopN(s.SortFields, c, s.Child), true
		}
		return nil, false
	}
	return plan.NewTopN(s.SortFields, expression.NewLiteral(count, lim.limit.Limit.Type()), s.Child), true
}

// limitCount is LIMIT plus OFFSET when both are constants.
func limitCount(ctx *sql.Context, lim *limitCtx) (int64, bool) {
	v, err := lim.limit.Limit.Eval(ctx, nil)
	n, ok := toInt64(v)
	if err != nil || !ok {
		return 0, false
	}
	if lim.offset != nil {
		v, err := lim.offset.Offset.Eval(ctx, nil)
		m, ok := toInt64(v)
		if err != nil || !ok || n > math.MaxInt64-m {
			return 0, false
		}
		n += m
	}
	return n, true
}

func toInt64(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case int:
		return int64(x), true
	case uint64:
		// LIMIT ALL (and OFFSET without LIMIT) arrive as the largest
		// uint64: no bound
		return int64(x), x <= math.MaxInt64
	case int16:
		return int64(x), true
	case int8:
		return int64(x), true
	}
	return 0, false
}

// sortKeys reads a sort's keys as column references with their NULL
// placement: translation writes `x NULLS LAST` as `x IS NULL, x`.
func sortKeys(s *plan.Sort) ([]sortField, bool) {
	var out []sortField
	fields := s.SortFields
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if in, ok := f.Column.(*expr.IsNull); ok && in.Test == nil && i+1 < len(fields) && f.Order == sql.Ascending {
			next := fields[i+1]
			if reflect.DeepEqual(refOf(in.Child), refOf(next.Column)) || sameRef(s.Child, in.Child, next.Column) {
				out = append(out, sortField{e: next.Column, desc: next.Order == sql.Descending, nullsFirst: in.Negate})
				i++
				continue
			}
			return nil, false
		}
		// GMS's sorter puts NULLs first ascending and last descending (the
		// translation's premise; its NullOrdering is not what decides)
		desc := f.Order == sql.Descending
		out = append(out, sortField{e: f.Column, desc: desc, nullsFirst: !desc})
	}
	return out, len(out) > 0
}

type sortField struct {
	e          sql.Expression
	desc       bool
	nullsFirst bool
}

func refOf(e sql.Expression) any {
	if gf, ok := e.(*expression.GetField); ok {
		return [2]any{gf.Index(), gf.Name()}
	}
	return e
}

// sameRef reports whether two sort expressions over n's rows read the same
// table column.
func sameRef(n sql.Node, a, b sql.Expression) bool {
	ca, _, oka := traceColumn(n, a)
	cb, _, okb := traceColumn(n, b)
	return oka && okb && ca == cb
}

// traceColumn follows a column reference of n's rows down through
// projections and filters to the table read below: the column's index in
// the table's schema, and the leaf.
func traceColumn(n sql.Node, e sql.Expression) (int, sql.Node, bool) {
	gf, ok := e.(*expression.GetField)
	if !ok {
		return 0, nil, false
	}
	i, name := gf.Index(), gf.Name()
	for {
		switch x := n.(type) {
		case *plan.Project:
			if i < 0 || i >= len(x.Projections) {
				return 0, nil, false
			}
			pe := x.Projections[i]
			if a, ok := pe.(*expression.Alias); ok {
				pe = a.Child
			}
			g, ok := pe.(*expression.GetField)
			if !ok {
				return 0, nil, false
			}
			i, name, n = g.Index(), g.Name(), x.Child
		case *plan.Filter:
			n = x.Child
		case *plan.TableAlias:
			n = x.Child
		case *plan.ResolvedTable, *IndexScan, *plan.IndexedTableAccess:
			// the name guards against indexes not yet assigned, as in a
			// subquery analyzed before the whole query (columnOf)
			if i < 0 || i >= len(x.Schema()) || x.Schema()[i].Name != name {
				return 0, nil, false
			}
			return i, x, true
		default:
			return 0, nil, false
		}
	}
}

// orderedScan returns the sort's child with its table read through an
// index in the sort's order, when one gives it: the index scan chosen for
// the conditions, or (under a LIMIT, when the table has no scan yet) the
// index whose leading columns are the sort keys.
func (p *pathPlanner) orderedScan(child sql.Node, fields []sortField, limited bool) (sql.Node, bool) {
	var keys []sortKey
	var leaf sql.Node
	for _, f := range fields {
		col, l, ok := traceColumn(child, f.e)
		if !ok || (leaf != nil && l != leaf) {
			return nil, false
		}
		leaf = l
		keys = append(keys, sortKey{col: col, desc: f.desc, nullsFirst: f.nullsFirst})
	}
	var scan *IndexScan
	switch x := leaf.(type) {
	case *plan.IndexedTableAccess:
		return p.orderedStatic(child, x, keys)
	case *IndexScan:
		cp := *x
		scan = &cp
	case *plan.ResolvedTable:
		// without a LIMIT only the primary key's order, whose tree holds
		// the rows, beats sorting
		scan = p.fullScanFor(x, keys, !limited)
		if scan == nil {
			return nil, false
		}
	default:
		return nil, false
	}
	schema := scan.Table.Schema()
	cols, ok := indexColumns(scan.Index, schema)
	if !ok {
		return nil, false
	}
	reverse, ok := orderMatches(cols, len(scan.Eq), keys, schema)
	if !ok {
		return nil, false
	}
	scan.Reverse = reverse
	scan.Ordered = true
	return replaceLeaf(child, leaf, scan)
}

// orderedStatic orders a static index lookup GMS chose (conditions on
// constants) by scanning it forward or backward.
func (p *pathPlanner) orderedStatic(child sql.Node, ita *plan.IndexedTableAccess, keys []sortKey) (sql.Node, bool) {
	if !ita.IsStatic() {
		return nil, false
	}
	lookup, err := ita.GetLookup(p.ctx, nil)
	if err != nil || lookup.Index == nil {
		return nil, false
	}
	schema := ita.Schema()
	cols, ok := indexColumns(lookup.Index, schema)
	if !ok {
		return nil, false
	}
	reverse, ok := orderMatches(cols, 0, keys, schema)
	if !ok {
		return nil, false
	}
	lookup.IsReverse = reverse
	out, err := plan.NewStaticIndexedAccessForTableNode(p.ctx, ita.TableNode, lookup)
	if err != nil {
		return nil, false
	}
	return replaceLeafNode(child, ita, out)
}

// fullScanFor finds an index whose leading columns are the keys' columns.
func (p *pathPlanner) fullScanFor(rt *plan.ResolvedTable, keys []sortKey, pkOnly bool) *IndexScan {
	iat, ok := rt.UnderlyingTable().(sql.IndexAddressableTable)
	if !ok {
		return nil
	}
	indexes, err := iat.GetIndexes(p.ctx)
	if err != nil {
		return nil
	}
	indexes = withHypothetical(p.ctx, rt, indexes) // hypothetical.go
	schema := rt.Schema()
	var found sql.Index
	for _, ix := range indexes {
		cols, ok := indexColumns(ix, schema)
		if !ok || len(cols) < len(keys) || pkOnly && ix.ID() != "PRIMARY" {
			continue
		}
		match := true
		for i, k := range keys {
			if cols[i] != k.col {
				match = false
				break
			}
		}
		if match && (found == nil || found.IsGenerated()) {
			found = ix // of equal indexes, the one the user made
		}
	}
	if found == nil {
		return nil
	}
	return &IndexScan{Table: rt, Index: found, types: indexTypes(found, schema)}
}

// orderMatches reports whether an index over cols, with its first eq
// columns fixed, returns rows in the keys' order forward (reverse false) or
// backward. Index trees order NULL after every value, so forward is ASC
// NULLS LAST and backward DESC NULLS FIRST (PostgreSQL's defaults); a NOT
// NULL column matches either placement.
func orderMatches(cols []int, eq int, keys []sortKey, schema sql.Schema) (reverse bool, ok bool) {
	fixed := map[int]bool{}
	for _, c := range cols[:eq] {
		fixed[c] = true
	}
	pos := eq
	dirSet := false
	for _, k := range keys {
		if fixed[k.col] {
			continue // one value: any order
		}
		if pos >= len(cols) || cols[pos] != k.col {
			return false, false
		}
		pos++
		if schema[k.col].Nullable && k.nullsFirst != k.desc {
			return false, false
		}
		if !dirSet {
			reverse, dirSet = k.desc, true
		} else if reverse != k.desc {
			return false, false
		}
	}
	return reverse, true
}

// replaceLeaf rebuilds the chain of projections, filters and the alias
// from n down to leaf with scan in leaf's place.
func replaceLeaf(n, leaf sql.Node, scan *IndexScan) (sql.Node, bool) {
	return replaceLeafNode(n, leaf, scan)
}

func replaceLeafNode(n, leaf, scan sql.Node) (sql.Node, bool) {
	if n == leaf {
		return scan, true
	}
	switch x := n.(type) {
	case *plan.Project, *plan.Filter, *plan.TableAlias:
		child, ok := replaceLeafNode(x.Children()[0], leaf, scan)
		if !ok {
			return nil, false
		}
		out, err := x.WithChildren(child)
		return out, err == nil
	}
	return nil, false
}

// Implied keys across inner joins. `u.id = $1` with `u.id = p.user_id`
// implies `p.user_id = $1` (PostgreSQL's equivalence classes, planner
// README "EquivalenceClasses"): when one side of an inner join is read by
// an index scan with column = key, the other side's table is read through
// an index on its joined column with the same key, instead of in full.

func innerJoin(op plan.JoinType) bool {
	switch op {
	case plan.JoinTypeInner, plan.JoinTypeHash, plan.JoinTypeMerge, plan.JoinTypeCross:
		return true
	}
	return false
}

// sideLeaf finds the single table read under one side of a join, through
// nodes that pass its rows on (so the side's rows are the table's).
func sideLeaf(n sql.Node) sql.Node {
	for {
		switch x := n.(type) {
		case *plan.IndexedTableAccess:
			return x
		case *plan.HashLookup:
			n = x.Child
		case *plan.Filter:
			n = x.Child
		case *plan.TableAlias:
			n = x.Child
		case *plan.ResolvedTable, *IndexScan:
			return x
		default:
			return nil
		}
	}
}

// eqKey returns the key of an index scan's equality on table column col.
func eqKey(s *IndexScan, col int) (sql.Expression, bool) {
	cols, ok := indexColumns(s.Index, s.Table.Schema())
	if !ok {
		return nil, false
	}
	for k, e := range s.Eq {
		if k < len(cols) && cols[k] == col && e != nil {
			return e, true
		}
	}
	return nil, false
}

// leafKey is the constant a table read fixes column col to: an index
// scan's equality key, or a static lookup's point as a constant.
func (p *pathPlanner) leafKey(leaf sql.Node, col int) (sql.Expression, bool) {
	switch x := leaf.(type) {
	case *IndexScan:
		return eqKey(x, col)
	case *plan.IndexedTableAccess:
		if !x.IsStatic() {
			return nil, false
		}
		lookup, err := x.GetLookup(p.ctx, nil)
		if err != nil || lookup.Index == nil {
			return nil, false
		}
		ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
		if !ok || len(ranges) != 1 {
			return nil, false
		}
		cols, ok := indexColumns(lookup.Index, x.Schema())
		if !ok {
			return nil, false
		}
		for k, c := range ranges[0] {
			if k >= len(cols) || cols[k] != col {
				continue
			}
			lo, okLo := c.LowerBound.(sql.Below)
			hi, okHi := c.UpperBound.(sql.Above)
			t, isPG := x.Schema()[col].Type.(*types.Type)
			if !okLo || !okHi || !isPG || lo.Key == nil || types.Compare(t, lo.Key, hi.Key) != 0 {
				return nil, false
			}
			return expr.NewLiteral(t, lo.Key), true
		}
	}
	return nil, false
}

// joinKeys rewrites the sides of an inner join by implied equalities, and
// the inner side of a left join by those its outer side's keys imply
// (the rows of the inner side its condition can match at all; the outer
// side keeps every row).
func (p *pathPlanner) joinKeys(j *plan.JoinNode) (sql.Node, transform.TreeIdentity, error) {
	converted := false
	if j.Op == plan.JoinTypeLookup {
		if nj, ok := p.lookupAsScan(j); ok { // rule_join_rows.go
			j, converted = nj, true
		}
	}
	left := j.Op == plan.JoinTypeLeftOuter
	if !innerJoin(j.Op) && !left || j.Filter == nil {
		return j, transform.SameTree, nil
	}
	leftOnly := left
	lside, rside := j.Left(), j.Right()
	ll, rl := sideLeaf(lside), sideLeaf(rside)
	if ll == nil || rl == nil {
		return j, transform.SameTree, nil
	}
	nl := len(lside.Schema())
	if nl != len(ll.Schema()) || len(rside.Schema()) != len(rl.Schema()) {
		return j, transform.SameTree, nil
	}
	newLeft, newRight := lside, rside
	for _, c := range expression.SplitConjunction(j.Filter) {
		eq, ok := c.(*expression.Equals)
		if !ok {
			continue
		}
		a, aok := eq.Left().(*expression.GetField)
		b, bok := eq.Right().(*expression.GetField)
		if !aok || !bok {
			continue
		}
		ai, bi := a.Index(), b.Index()
		if ai >= nl {
			ai, bi = bi, ai
		}
		if ai >= nl || bi < nl {
			continue
		}
		bi -= nl
		// a key on the left gives the right one, and the other way round
		if key, ok := p.leafKey(sideLeaf(newLeft), ai); ok {
			if out, ok := p.impliedScan(newRight, bi, key); ok {
				newRight = out
				continue
			}
		}
		if leftOnly {
			continue
		}
		if key, ok := p.leafKey(sideLeaf(newRight), bi); ok {
			if out, ok := p.impliedScan(newLeft, ai, key); ok {
				newLeft = out
			}
		}
	}
	if newLeft == lside && newRight == rside {
		if converted {
			return j, transform.NewTree, nil
		}
		return j, transform.SameTree, nil
	}
	out, err := j.WithChildren(newLeft, newRight)
	if err != nil {
		return j, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// impliedScan reads the table under side through an index keyed by
// `column col = key` (and the side's own conditions), when the side reads
// it in full now.
func (p *pathPlanner) impliedScan(side sql.Node, col int, key sql.Expression) (sql.Node, bool) {
	var filter *plan.Filter
	n := side
	var wrap []sql.Node
	for {
		switch x := n.(type) {
		case *plan.HashLookup, *plan.TableAlias:
			wrap = append(wrap, x)
			n = x.Children()[0]
			continue
		case *plan.Filter:
			if filter != nil {
				return nil, false
			}
			filter = x
			wrap = append(wrap, x)
			n = x.Child
			continue
		}
		break
	}
	rt, ok := n.(*plan.ResolvedTable)
	if !ok {
		return nil, false
	}
	schema := rt.Schema()
	ct, isPG := schema[col].Type.(*types.Type)
	kt, kPG := key.Type().(*types.Type)
	if !isPG || !kPG || !ct.Equals(kt) || ct.Base().Kind == types.KindBpchar {
		return nil, false
	}
	conds := []cond{{i: -1, col: col, op: "=", key: key}}
	var conj []sql.Expression
	if filter != nil {
		conj = expression.SplitConjunction(filter.Expression)
		for i, c := range conj {
			if cd, ok := p.usable(c, schema); ok {
				cd.i = i
				conds = append(conds, cd)
			}
		}
	}
	scan, used := p.bestScan(rt, conds)
	if scan == nil || !used[-1] {
		return nil, false
	}
	scan.Conds = append(scan.Conds, expression.NewEquals(expression.NewGetFieldWithTable(col, 0, schema[col].Type, schema[col].DatabaseSource, schema[col].Source, schema[col].Name, schema[col].Nullable), key))
	var rest []sql.Expression
	for i, c := range conj {
		if used[i] {
			scan.Conds = append(scan.Conds, c)
		} else {
			rest = append(rest, c)
		}
	}
	// rebuild the side bottom-up
	var out sql.Node = scan
	for i := len(wrap) - 1; i >= 0; i-- {
		w := wrap[i]
		if f, ok := w.(*plan.Filter); ok {
			if len(rest) > 0 {
				out = plan.NewFilter(expression.JoinAnd(rest...), out)
			}
			_ = f
			continue
		}
		next, err := w.WithChildren(out)
		if err != nil {
			return nil, false
		}
		out = next
	}
	return out, true
}

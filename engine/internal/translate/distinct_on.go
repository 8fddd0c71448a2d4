package translate

import (
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// distinctOn rewrites SELECT DISTINCT ON (keys) ... ORDER BY ... (docs
// 7.3.3) into a row_number() window over the query, keeping the first row
// of each group in ORDER BY order:
//
//	SELECT "?d1" AS a, ... FROM (SELECT a AS "?d1", ..., k AS "?o1", ...,
//	  row_number() OVER (PARTITION BY keys ORDER BY ...) AS "?rn" FROM ...) "?distinct"
//	WHERE "?rn" = 1 ORDER BY "?o1", ... LIMIT ...
func (t *Translator) distinctOn(s *pg.SelectStmt) *pg.SelectStmt {
	// the statement's own WITH, kept on top so that its items may materialize
	with := s.WithClause
	s = t.expandStars(s, t.q.ctes, "SELECT DISTINCT ON with * is not supported yet") // select_star.go
	resolve := func(n *pg.Node) *pg.Node {
		if c := n.GetAConst(); c != nil && c.GetIval() != nil {
			k := int(c.GetIval().Ival)
			if k < 1 || k > len(s.TargetList) {
				failAt(c.Location, pgerror.InvalidColumnReference, "DISTINCT ON position %d is not in select list", k)
			}
			return s.TargetList[k-1].GetResTarget().Val
		}
		if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil {
			name := cr.Fields[0].GetString_().Sval
			for _, tn := range s.TargetList {
				if rt := tn.GetResTarget(); rt.Name == name {
					return rt.Val
				}
			}
		}
		return n
	}
	keys, sorts := distinctOnKeys(s, resolve)
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	col := func(v string) *pg.Node {
		return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(v)}}}}
	}
	target := func(val *pg.Node, name string) *pg.Node {
		return &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: val, Name: name}}}
	}
	inner := pgtree.Clone(s)
	inner.DistinctClause, inner.SortClause, inner.LimitCount, inner.LimitOffset = nil, nil, nil, nil
	inner.TargetList, inner.WithClause = nil, nil
	outer := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, LimitCount: s.LimitCount, LimitOffset: s.LimitOffset, LimitOption: s.LimitOption,
		WithClause: with}
	for i, tn := range s.TargetList {
		rt := tn.GetResTarget()
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		hidden := "?d" + itoa(int64(i+1))
		inner.TargetList = append(inner.TargetList, target(rt.Val, hidden))
		outer.TargetList = append(outer.TargetList, target(col(hidden), name))
	}
	win := &pg.WindowDef{PartitionClause: keys, FrameOptions: 0x00002 | frameStartUnbPreceding | frameEndCurrentRow}
	for i, sb := range sorts {
		hidden := "?o" + itoa(int64(i+1))
		inner.TargetList = append(inner.TargetList, target(sb.Node, hidden))
		win.OrderClause = append(win.OrderClause, &pg.Node{Node: &pg.Node_SortBy{SortBy: sb}})
		osb := &pg.SortBy{Node: col(hidden), SortbyDir: sb.SortbyDir, SortbyNulls: sb.SortbyNulls}
		outer.SortClause = append(outer.SortClause, &pg.Node{Node: &pg.Node_SortBy{SortBy: osb}})
	}
	rn := &pg.FuncCall{Funcname: []*pg.Node{str("row_number")}, Over: win}
	inner.TargetList = append(inner.TargetList, target(&pg.Node{Node: &pg.Node_FuncCall{FuncCall: rn}}, "?rn"))
	outer.FromClause = []*pg.Node{{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: inner}},
		Alias:    &pg.Alias{Aliasname: "?distinct"},
	}}}}
	one := &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Ival{Ival: &pg.Integer{Ival: 1}}}}}
	outer.WhereClause = &pg.Node{Node: &pg.Node_AExpr{AExpr: &pg.A_Expr{Kind: pg.A_Expr_Kind_AEXPR_OP,
		Name: []*pg.Node{str("=")}, Lexpr: col("?rn"), Rexpr: one, Location: -1}}}
	return outer
}

// distinctOnKeys resolves the DISTINCT ON keys and ORDER BY items of s
// (select-list positions and output names to their expressions) and
// checks them, failing with PostgreSQL's errors.
func distinctOnKeys(s *pg.SelectStmt, resolve func(*pg.Node) *pg.Node) (keys []*pg.Node, sorts []*pg.SortBy) {
	refuseConstantKeys(s.DistinctClause, "DISTINCT ON")
	for _, d := range s.DistinctClause {
		keys = append(keys, resolve(d))
	}
	for _, o := range s.SortClause {
		sb := pgtree.Clone(o.GetSortBy())
		sb.Node = resolve(sb.Node)
		sorts = append(sorts, sb)
	}
	for i := 0; i < len(keys) && i < len(sorts); i++ {
		found := false
		for _, k := range keys {
			if sameExpr(k, sorts[i].Node) {
				found = true
				break
			}
		}
		if !found {
			failAt(nodeLocation(s.DistinctClause[0]), pgerror.InvalidColumnReference, "SELECT DISTINCT ON expressions must match initial ORDER BY expressions")
		}
	}
	return keys, sorts
}

// distinctOnError is the error distinctOn would fail with, if any.
func (t *Translator) distinctOnError(s *pg.SelectStmt) (err *pgerror.Error) {
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(*pgerror.Error)
			if !ok {
				panic(p)
			}
			err = e
		}
	}()
	t.distinctOn(s)
	return nil
}

// groupingError reports whether checkGrouping fails on s.
func (t *Translator) groupingError(s *pg.SelectStmt) (failed bool) {
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(*pgerror.Error); !ok {
				panic(p)
			}
			failed = true
		}
	}()
	t.checkGrouping(s)
	return false
}

// failingAfter translates s without its DISTINCT ON and LIMIT, as the
// FROM subquery of a query whose WHERE fails with err when GMS builds it:
// PostgreSQL checks DISTINCT ON after the select list, WHERE, HAVING,
// ORDER BY and GROUP BY (transformSelectStmt), so their errors come
// first, and GMS builds a FROM subquery before the WHERE above it. The
// check that ungrouped columns are not read comes after DISTINCT ON in
// PostgreSQL (parseCheckAggregates), so s skips it.
func (t *Translator) failingAfter(s *pg.SelectStmt, err *pgerror.Error) sqlparser.SelectStatement {
	inner := pgtree.Clone(s)
	inner.DistinctClause, inner.LimitCount, inner.LimitOffset = nil, nil, nil
	inner.LimitOption = pg.LimitOption_LIMIT_OPTION_DEFAULT
	if t.groupingError(s) {
		// GMS would raise its own error for the ungrouped column
		inner.GroupClause, inner.HavingClause = nil, nil
	}
	t.skipGroupCheck = true
	body := t.selectStmt(inner)
	t.skipGroupCheck = false
	fail := t.inject("distinct on: "+err.Message, -1, nil, func([]sql.Expression) (sql.Expression, error) {
		return nil, err
	})
	return &sqlparser.Select{
		SelectExprs: sqlparser.SelectExprs{&sqlparser.AliasedExpr{Expr: sqlparser.NewIntVal([]byte("1"))}},
		From: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: &sqlparser.Subquery{Select: body},
			As: sqlparser.NewTableIdent("?distinct")}},
		Where: &sqlparser.Where{Type: sqlparser.WhereStr, Expr: fail},
	}
}

// sameExpr compares two expressions ignoring source locations.
func sameExpr(a, b *pg.Node) bool {
	a, b = pgtree.Clone(a), pgtree.Clone(b)
	pgtree.ClearLocations(a)
	pgtree.ClearLocations(b)
	return pgtree.Equal(a, b)
}

// sameExprQualified is sameExpr where a column reference also matches
// the same column written with more or fewer qualifiers (title and
// d.title): PostgreSQL compares the columns the names resolve to, and a
// shorter name that resolved elsewhere (another table's column, an
// ambiguous one) is an error of its own. ORMs such as TypeORM select
// "alias"."col" and order by "col".
func sameExprQualified(a, b *pg.Node) bool {
	a, b = pgtree.Clone(a), pgtree.Clone(b)
	pgtree.ClearLocations(a)
	pgtree.ClearLocations(b)
	ra, rb := unqualifyColumns(a), unqualifyColumns(b)
	if len(ra) != len(rb) || !pgtree.Equal(a, b) {
		return false
	}
	for i := range ra {
		short, long := ra[i], rb[i]
		if len(short) > len(long) {
			short, long = long, short
		}
		if !slices.Equal(short, long[len(long)-len(short):]) {
			return false
		}
	}
	return true
}

// unqualifyColumns cuts every column reference of n down to its column
// name and returns the names each had, in walk order.
func unqualifyColumns(n *pg.Node) [][]string {
	var out [][]string
	pgtree.Walk(n, func(m any) bool {
		cr, ok := m.(*pg.ColumnRef)
		if !ok || len(cr.Fields) == 0 {
			return true
		}
		names := make([]string, len(cr.Fields))
		for i, f := range cr.Fields {
			if f.GetString_() == nil {
				return true // a star
			}
			names[i] = f.GetString_().Sval
		}
		out = append(out, names)
		cr.Fields = cr.Fields[len(cr.Fields)-1:]
		return true
	})
	return out
}

// nodeLocation returns the first source location in an expression.
func nodeLocation(n *pg.Node) int32 {
	loc := int32(-1)
	var walk func(m any)
	walk = func(m any) {
		pgtree.Fields(m, func(c any, l int32) bool {
			if c == nil {
				loc = l
				return false
			}
			walk(c)
			return loc < 0
		})
	}
	walk(n)
	return loc
}

// leafSelect returns the leftmost plain SELECT of a set operation tree.
func leafSelect(s *pg.SelectStmt) *pg.SelectStmt {
	for s != nil && s.Op != pg.SetOperation_SETOP_NONE {
		s = s.Larg
	}
	return s
}

// checkDistinctOrder enforces that with SELECT DISTINCT every ORDER BY
// expression appears in the select list (42P10).
func (t *Translator) checkDistinctOrder(s *pg.SelectStmt) {
	if targetsHaveStar(s.TargetList) {
		return
	}
	for _, o := range s.SortClause {
		sb := o.GetSortBy()
		n := sb.Node
		if c := n.GetAConst(); c != nil && c.GetIval() != nil {
			continue
		}
		found := false
		for _, tn := range s.TargetList {
			rt := tn.GetResTarget()
			if sameExprQualified(rt.Val, n) {
				found = true
				break
			}
			if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetString_() != nil && rt.Name == cr.Fields[0].GetString_().Sval {
				found = true
				break
			}
		}
		if !found {
			failAt(nodeLocation(n), pgerror.InvalidColumnReference, "for SELECT DISTINCT, ORDER BY expressions must appear in select list")
		}
	}
}

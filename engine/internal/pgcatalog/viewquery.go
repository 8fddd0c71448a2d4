package pgcatalog

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// A view's whole query as ruleutils' get_query_def prints it: WITH,
// set operations, DISTINCT [ON], sub-selects in FROM (LATERAL, VALUES),
// sub-links in expressions, GROUP BY / HAVING, windows, ORDER BY,
// OFFSET / LIMIT. The query is analyzed first (every relation and
// column resolved, unknown literals typed, refnames made unique as
// set_rtable_names does), then printed with PRETTYFLAG_INDENT, and with
// PRETTYFLAG_PAREN too for pg_get_viewdef(v, true).

// aQuery is an analyzed SELECT.
type aQuery struct {
	ctes      []*aCTE
	recursive bool // WITH RECURSIVE
	// a set operation: op and its inputs
	op         pg.SetOperation
	all        bool
	larg, rarg *aQuery
	// a VALUES list, printed as such
	values [][]dnode

	distinct   bool
	distinctOn []dnode
	targets    []aTarget
	from       []*aFrom
	where      dnode
	group      []dnode
	having     dnode
	windows    []*aWindow // the WINDOW clause's named windows
	order      []aSort
	limit      dnode
	offset     dnode

	names []string // output columns
	types []*types.Type
}

type aTarget struct {
	d    dnode
	name string
}

type aSort struct {
	d          dnode
	desc       bool
	nullsFirst int // 1 NULLS FIRST, -1 NULLS LAST, 0 as written by default
}

type aCTE struct {
	name    string
	aliases []string
	mat     pg.CTEMaterialize
	q       *aQuery
}

// aWindow is a window specification.
type aWindow struct {
	name      string
	partition []dnode
	order     []aSort
	options   int32
	start     dnode
	end       dnode
}

// aFrom is one FROM item: a relation, CTE or sub-select reference, or a
// join of two items.
type aFrom struct {
	shown   string // the relation or CTE as printed
	sub     *aQuery
	lateral bool
	ref     string // refname
	alias   bool   // print the refname after the item
	colAls  []string

	joinType    pg.JoinType
	larg, rarg  *aFrom
	quals       dnode
	rawQuals    *pg.Node
	isJoin      bool
	scopeHolder *deparseScope // the item's relation scope (not for joins)
	// using is a join's USING list (NATURAL's common columns), merged
	// the columns they stand for in the join's output
	using  []string
	merged []*dVar

	// fn is a function in FROM; ordinality its WITH ORDINALITY, coldefs
	// its column definition list as printed ("a integer")
	fn         dnode
	ordinality bool
	coldefs    []string
}

// qscope is one query level's names: its CTEs and the refnames of its
// range table, for uniqueness with the levels around it.
type qscope struct {
	parent *qscope
	ctes   map[string]*aCTE
	names  map[string]bool
}

func (qs *qscope) cte(name string) (*aCTE, bool) {
	for s := qs; s != nil; s = s.parent {
		if c, ok := s.ctes[name]; ok {
			return c, true
		}
	}
	return nil, false
}

// uniqueName is set_rtable_names' choice: the name, or name_N when an
// enclosing level or this one already uses it.
func (qs *qscope) uniqueName(name string) string {
	used := func(n string) bool {
		for s := qs; s != nil; s = s.parent {
			if s.names[n] {
				return true
			}
		}
		return false
	}
	out := name
	for i := 1; used(out); i++ {
		out = name + "_" + strconv.Itoa(i)
	}
	qs.names[out] = true
	return out
}

// Frame option bits (parsenodes.h).
const (
	frameNonDefault     = 0x00001
	frameRange          = 0x00002
	frameRows           = 0x00004
	frameGroups         = 0x00008
	frameBetween        = 0x00010
	frameStartUnbPrec   = 0x00020
	frameEndUnbPrec     = 0x00040
	frameStartUnbFoll   = 0x00080
	frameEndUnbFoll     = 0x00100
	frameStartCurrent   = 0x00200
	frameEndCurrent     = 0x00400
	frameStartOffPrec   = 0x00800
	frameEndOffPrec     = 0x01000
	frameStartOffFoll   = 0x02000
	frameEndOffFoll     = 0x04000
	frameExcludeCurrent = 0x08000
	frameExcludeGroup   = 0x10000
	frameExcludeTies    = 0x20000
)

// selectQuery analyzes a SELECT whose column references not found in its
// own FROM resolve in outer.
func (vd *viewDeparse) selectQuery(sel *pg.SelectStmt, parent *qscope, outer *deparseScope) (*aQuery, bool) {
	if sel == nil || sel.IntoClause != nil || len(sel.LockingClause) > 0 || sel.LimitOption == pg.LimitOption_LIMIT_OPTION_WITH_TIES {
		return nil, false
	}
	qs := &qscope{parent: parent, ctes: map[string]*aCTE{}, names: map[string]bool{}}
	q := &aQuery{}
	if w := sel.WithClause; w != nil {
		q.recursive = w.Recursive
		for _, n := range w.Ctes {
			c := n.GetCommonTableExpr()
			if c == nil || c.SearchClause != nil || c.CycleClause != nil {
				return nil, false
			}
			ac := &aCTE{name: c.Ctename, mat: c.Ctematerialized}
			for _, a := range c.Aliascolnames {
				ac.aliases = append(ac.aliases, a.GetString_().GetSval())
			}
			cs := c.Ctequery.GetSelectStmt()
			if w.Recursive && cs != nil && cs.Op == pg.SetOperation_SETOP_UNION {
				// the recursive term sees the CTE with the columns of
				// the non-recursive one (PostgreSQL's analysis order)
				first, ok := vd.selectQuery(cs.Larg, qs, outer)
				if !ok {
					return nil, false
				}
				ac.q = first
				qs.ctes[c.Ctename] = ac
			}
			cq, ok := vd.selectQuery(cs, qs, outer)
			if !ok {
				return nil, false
			}
			ac.q = cq
			q.ctes = append(q.ctes, ac)
			qs.ctes[c.Ctename] = ac
		}
	}
	if sel.Op != pg.SetOperation_SETOP_NONE {
		if !vd.setOperation(q, sel, qs, outer) {
			return nil, false
		}
	} else if len(sel.ValuesLists) > 0 {
		if !vd.valuesQuery(q, sel, outer) {
			return nil, false
		}
	} else if !vd.basicSelect(q, sel, qs, outer) {
		return nil, false
	}
	if sel.Op != pg.SetOperation_SETOP_NONE && len(sel.SortClause) > 0 {
		return nil, false // ORDER BY of output columns: not modelled
	}
	return q, vd.limits(q, sel, outer)
}

// limits analyzes LIMIT and OFFSET, coerced to bigint.
func (vd *viewDeparse) limits(q *aQuery, sel *pg.SelectStmt, sc *deparseScope) bool {
	if sc == nil {
		sc = vd.emptyScope(nil)
	}
	for _, x := range []struct {
		n   *pg.Node
		dst *dnode
	}{{sel.LimitCount, &q.limit}, {sel.LimitOffset, &q.offset}} {
		if x.n == nil {
			continue
		}
		if c := x.n.GetAConst(); c != nil && c.Isnull {
			*x.dst = &dConst{t: types.Int8}
			continue
		}
		d, ok := sc.analyze(x.n)
		if !ok {
			return false
		}
		if d, ok = sc.coerce(d, types.Int8, types.CastImplicit); !ok {
			return false
		}
		*x.dst = d
	}
	return true
}

// emptyScope is a scope without columns over outer.
func (vd *viewDeparse) emptyScope(outer *deparseScope) *deparseScope {
	sc := vd.s.newDeparseScope("", nil)
	sc.outer, sc.vd = outer, vd
	return sc
}

// setOperation is UNION / INTERSECT / EXCEPT: both inputs analyzed, the
// output typed by select_common_type per column, unknown literals of the
// inputs made constants of it.
func (vd *viewDeparse) setOperation(q *aQuery, sel *pg.SelectStmt, qs *qscope, outer *deparseScope) bool {
	l, ok1 := vd.selectQuery(sel.Larg, qs, outer)
	r, ok2 := vd.selectQuery(sel.Rarg, qs, outer)
	if !ok1 || !ok2 || len(l.types) != len(r.types) {
		return false
	}
	q.op, q.all, q.larg, q.rarg = sel.Op, sel.All, l, r
	q.names = l.names
	for i := range l.types {
		common, ok := commonType([]dnode{&dVar{t: l.types[i]}, &dVar{t: r.types[i]}})
		if !ok {
			return false
		}
		q.types = append(q.types, common)
		for _, in := range []*aQuery{l, r} {
			if !in.setUnknownColumn(i, common) {
				return false
			}
		}
	}
	return true
}

// setUnknownColumn makes column i of a set operation's input the type t
// where it is an unknown literal.
func (q *aQuery) setUnknownColumn(i int, t *types.Type) bool {
	if q.larg != nil {
		return q.larg.setUnknownColumn(i, t) && q.rarg.setUnknownColumn(i, t)
	}
	q.types[i] = t
	if len(q.targets) <= i {
		return true
	}
	c, ok := q.targets[i].d.(*dConst)
	if !ok || c.t.Kind != types.KindUnknown {
		return true
	}
	sc := &deparseScope{}
	d, ok := sc.coerce(c, t, types.CastImplicit)
	if ok {
		q.targets[i].d = d
	}
	return ok
}

// valuesQuery is VALUES (...), (...): columns column1..N of the rows'
// common types.
func (vd *viewDeparse) valuesQuery(q *aQuery, sel *pg.SelectStmt, outer *deparseScope) bool {
	if len(sel.TargetList) > 0 || len(sel.FromClause) > 0 || sel.WhereClause != nil || len(sel.SortClause) > 0 {
		return false
	}
	sc := vd.emptyScope(outer)
	var width int
	for i, row := range sel.ValuesLists {
		items := row.GetList().GetItems()
		if i == 0 {
			width = len(items)
		} else if len(items) != width {
			return false
		}
		var ds []dnode
		for _, it := range items {
			d, ok := sc.analyze(it)
			if !ok {
				return false
			}
			ds = append(ds, d)
		}
		q.values = append(q.values, ds)
	}
	for c := 0; c < width; c++ {
		var col []dnode
		for _, row := range q.values {
			col = append(col, row[c])
		}
		common, ok := commonType(col)
		if !ok {
			return false
		}
		for _, row := range q.values {
			d, ok := sc.coerce(row[c], common, types.CastImplicit)
			if !ok {
				return false
			}
			row[c] = d
		}
		q.names = append(q.names, "column"+strconv.Itoa(c+1))
		q.types = append(q.types, common)
	}
	return true
}

// basicSelect is a SELECT ... FROM ... WHERE ... GROUP BY ... HAVING ...
// WINDOW ... ORDER BY.
func (vd *viewDeparse) basicSelect(q *aQuery, sel *pg.SelectStmt, qs *qscope, outer *deparseScope) bool {
	if len(sel.GroupClause) > 0 && sel.GroupDistinct {
		return false
	}
	savedQS := vd.qs
	vd.qs = qs
	defer func() { vd.qs = savedQS }()
	// refnames first: a sub-select's names avoid them (set_rtable_names)
	for _, n := range sel.FromClause {
		if !vd.reserveNames(n, qs) {
			return false
		}
	}
	sc := outer
	var items []*aFrom
	for _, n := range sel.FromClause {
		f, inner, ok := vd.fromItem2(n, qs, sc, outer)
		if !ok {
			return false
		}
		items, sc = append(items, f), inner
	}
	if sc == outer {
		sc = vd.emptyScope(outer)
	}
	q.from = items
	for _, f := range items {
		if !vd.joinQuals(f, sc) {
			return false
		}
	}
	saved := vd.cur
	vd.cur = q
	defer func() { vd.cur = saved }()
	// named windows before the targets that use them
	for _, n := range sel.WindowClause {
		wd := n.GetWindowDef()
		if wd == nil || wd.Name == "" {
			return false
		}
		w, ok := vd.windowSpec(wd, sc)
		if !ok {
			return false
		}
		w.name = wd.Name
		q.windows = append(q.windows, w)
	}
	for _, t := range sel.TargetList {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil {
			return false
		}
		if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			if !vd.expandStar(q, cr, items) {
				return false
			}
			continue
		}
		d, ok := sc.analyze(rt.Val)
		if !ok {
			return false
		}
		if c, isConst := d.(*dConst); isConst && c.t.Kind == types.KindUnknown {
			// resolveTargetListUnknowns: an untyped literal is text
			if d, ok = sc.coerce(c, types.Text, types.CastImplicit); !ok {
				return false
			}
		}
		name := rt.Name
		if name == "" {
			if v, isVar := d.(*dVar); isVar {
				name = v.name
			} else {
				name = figureColname(rt.Val)
			}
		}
		q.targets = append(q.targets, aTarget{d: d, name: name})
	}
	for _, t := range q.targets {
		q.names = append(q.names, t.name)
		q.types = append(q.types, t.d.dtype())
	}
	if sel.WhereClause != nil {
		d, ok := sc.analyze(sel.WhereClause)
		if !ok || d.dtype().Base().Kind != types.KindBool {
			return false
		}
		q.where = d
	}
	for _, g := range sel.GroupClause {
		d, ok := vd.groupKey(q, g, sc, false)
		if !ok {
			return false
		}
		q.group = append(q.group, d)
	}
	if sel.HavingClause != nil {
		d, ok := sc.analyze(sel.HavingClause)
		if !ok {
			return false
		}
		q.having = d
	}
	for _, n := range sel.DistinctClause {
		if n == nil || n.Node == nil {
			q.distinct = true
			continue
		}
		d, ok := vd.groupKey(q, n, sc, true)
		if !ok {
			return false
		}
		q.distinctOn = append(q.distinctOn, d)
	}
	order, ok := vd.sortList(q, sel.SortClause, sc)
	if !ok {
		return false
	}
	q.order = order
	return true
}

// groupKey resolves a GROUP BY or DISTINCT ON item: a position, an input
// column, or (GROUP BY only after the input) an output column's name.
func (vd *viewDeparse) groupKey(q *aQuery, n *pg.Node, sc *deparseScope, outputFirst bool) (dnode, bool) {
	if c := n.GetAConst(); c != nil && c.GetIval() != nil {
		i := int(c.GetIval().Ival)
		if i < 1 || i > len(q.targets) {
			return nil, false
		}
		return q.targets[i-1].d, true
	}
	if cr := n.GetColumnRef(); cr != nil && len(cr.Fields) == 1 {
		name := cr.Fields[0].GetString_().GetSval()
		if outputFirst {
			for _, t := range q.targets {
				if t.name == name {
					return t.d, true
				}
			}
		}
		if d, ok := sc.analyze(n); ok {
			return d, true
		}
		for _, t := range q.targets {
			if t.name == name {
				return t.d, true
			}
		}
		return nil, false
	}
	return sc.analyze(n)
}

// sortList resolves ORDER BY keys (output names first, as SQL-92 does).
func (vd *viewDeparse) sortList(q *aQuery, list []*pg.Node, sc *deparseScope) ([]aSort, bool) {
	var out []aSort
	for _, n := range list {
		sb := n.GetSortBy()
		if sb == nil || len(sb.UseOp) > 0 {
			return nil, false
		}
		var d dnode
		var ok bool
		if q != nil {
			d, ok = vd.groupKey(q, sb.Node, sc, true)
		} else {
			d, ok = sc.analyze(sb.Node)
		}
		if !ok {
			return nil, false
		}
		s := aSort{d: d, desc: sb.SortbyDir == pg.SortByDir_SORTBY_DESC}
		switch sb.SortbyNulls {
		case pg.SortByNulls_SORTBY_NULLS_FIRST:
			s.nullsFirst = 1
		case pg.SortByNulls_SORTBY_NULLS_LAST:
			s.nullsFirst = -1
		}
		out = append(out, s)
	}
	return out, true
}

// windowSpec analyzes a window definition (a named reference inside one
// is not modelled).
func (vd *viewDeparse) windowSpec(wd *pg.WindowDef, sc *deparseScope) (*aWindow, bool) {
	if wd.Refname != "" {
		return nil, false
	}
	w := &aWindow{options: wd.FrameOptions}
	for _, p := range wd.PartitionClause {
		d, ok := sc.analyze(p)
		if !ok {
			return nil, false
		}
		w.partition = append(w.partition, d)
	}
	order, ok := vd.sortList(nil, wd.OrderClause, sc)
	if !ok {
		return nil, false
	}
	w.order = order
	for _, x := range []struct {
		n   *pg.Node
		dst *dnode
	}{{wd.StartOffset, &w.start}, {wd.EndOffset, &w.end}} {
		if x.n == nil {
			continue
		}
		d, ok := sc.analyze(x.n)
		if !ok {
			return nil, false
		}
		if w.options&frameRows != 0 || w.options&frameGroups != 0 {
			if d, ok = sc.coerce(d, types.Int8, types.CastImplicit); !ok {
				return nil, false
			}
		} else if c, isConst := d.(*dConst); !isConst || c.t.Kind != types.KindInt4 {
			return nil, false // RANGE offsets take the ORDER BY key's type
		}
		*x.dst = d
	}
	return w, true
}

// reserveNames records the refnames a FROM item gives its relations.
func (vd *viewDeparse) reserveNames(n *pg.Node, qs *qscope) bool {
	switch x := n.Node.(type) {
	case *pg.Node_RangeVar:
		return true // resolved in order by fromItem2
	case *pg.Node_RangeSubselect:
		return x.RangeSubselect.Alias != nil
	case *pg.Node_RangeFunction:
		return true // named in order by rangeFunction
	case *pg.Node_JoinExpr:
		return vd.reserveNames(x.JoinExpr.Larg, qs) && vd.reserveNames(x.JoinExpr.Rarg, qs)
	}
	return false
}

// fromItem2 analyzes a FROM item; sc is the scope the items before it
// built (what a LATERAL sub-select sees), outer the query's enclosing
// scope. It returns the scope with the item's relations added.
func (vd *viewDeparse) fromItem2(n *pg.Node, qs *qscope, sc, outer *deparseScope) (*aFrom, *deparseScope, bool) {
	switch x := n.Node.(type) {
	case *pg.Node_RangeVar:
		rv := x.RangeVar
		if !rv.Inh || rv.Catalogname != "" {
			return nil, nil, false
		}
		f := &aFrom{}
		var names []string
		var ts []*types.Type
		if c, ok := qs.cte(rv.Relname); ok && rv.Schemaname == "" {
			f.shown = QuoteIdent(c.name)
			names, ts = c.outNames(), c.q.types
		} else {
			r, ok := vd.relation(rv.Schemaname, rv.Relname)
			if !ok {
				return nil, nil, false
			}
			f.shown = r.shown
			names = r.names
			for _, c := range r.names {
				ts = append(ts, r.cols[c])
			}
		}
		base := rv.Relname
		if rv.Alias != nil {
			base = rv.Alias.Aliasname
			f.alias = true
		}
		f.ref = qs.uniqueName(base)
		if f.ref != base {
			f.alias = true
		}
		if rv.Alias != nil && len(rv.Alias.Colnames) > 0 {
			names = applyColAliases(names, rv.Alias.Colnames)
			f.colAls = names
		}
		inner := vd.relScope(f, names, ts, sc)
		inner.written = base
		return f, inner, true
	case *pg.Node_RangeSubselect:
		rs := x.RangeSubselect
		if rs.Alias == nil {
			return nil, nil, false
		}
		subOuter := outer
		if rs.Lateral {
			subOuter = sc
		}
		sub, ok := vd.selectQuery(rs.Subquery.GetSelectStmt(), qs, subOuter)
		if !ok {
			return nil, nil, false
		}
		f := &aFrom{sub: sub, lateral: rs.Lateral, alias: true, ref: qs.uniqueName(rs.Alias.Aliasname)}
		names := sub.names
		if len(rs.Alias.Colnames) > 0 {
			names = applyColAliases(names, rs.Alias.Colnames)
			for i := range names {
				if names[i] != sub.names[i] {
					f.colAls = names
				}
			}
		}
		inner := vd.relScope(f, names, sub.types, sc)
		inner.written = rs.Alias.Aliasname
		return f, inner, true
	case *pg.Node_RangeFunction:
		return vd.rangeFunction(x.RangeFunction, qs, sc, outer)
	case *pg.Node_JoinExpr:
		j := x.JoinExpr
		if j.Alias != nil || j.JoinUsingAlias != nil {
			return nil, nil, false
		}
		switch j.Jointype {
		case pg.JoinType_JOIN_INNER, pg.JoinType_JOIN_LEFT, pg.JoinType_JOIN_RIGHT, pg.JoinType_JOIN_FULL:
		default:
			return nil, nil, false
		}
		l, lsc, ok := vd.fromItem2(j.Larg, qs, sc, outer)
		if !ok {
			return nil, nil, false
		}
		r, rsc, ok := vd.fromItem2(j.Rarg, qs, lsc, outer)
		if !ok {
			return nil, nil, false
		}
		f := &aFrom{isJoin: true, joinType: j.Jointype, larg: l, rarg: r, rawQuals: j.Quals}
		if !j.IsNatural && len(j.UsingClause) == 0 {
			return f, rsc, true
		}
		return vd.usingJoin(f, j, rsc)
	}
	return nil, nil, false
}

// rangeFunction is a function in FROM returning a scalar (its one column
// named after the alias, or the function) or records described by a
// column definition list, optionally WITH ORDINALITY. ruleutils always
// prints a function's alias and column names, and LATERAL when the call
// reads the FROM items before it.
func (vd *viewDeparse) rangeFunction(rf *pg.RangeFunction, qs *qscope, sc, outer *deparseScope) (*aFrom, *deparseScope, bool) {
	if rf.IsRowsfrom || len(rf.Functions) != 1 {
		return nil, nil, false
	}
	items := rf.Functions[0].GetList().GetItems()
	if len(items) == 0 || items[0].GetFuncCall() == nil || len(items) > 1 && items[1] != nil && items[1].Node != nil {
		return nil, nil, false
	}
	call := items[0].GetFuncCall()
	f := &aFrom{ordinality: rf.Ordinality, lateral: rf.Lateral}
	inner := outer
	if inner == nil {
		inner = vd.emptyScope(nil)
	}
	d, cols, ok := inner.srfCall(call)
	if !ok {
		if sc == nil || sc == outer {
			return nil, nil, false
		}
		if d, cols, ok = sc.srfCall(call); !ok {
			return nil, nil, false
		}
		f.lateral = true // it reads the FROM items before it
	}
	f.fn = d
	base := d.name
	if rf.Alias != nil {
		base = rf.Alias.Aliasname
	}
	var names []string
	var ts []*types.Type
	if len(rf.Coldeflist) > 0 {
		for _, n := range rf.Coldeflist {
			cd := n.GetColumnDef()
			if cd == nil || cd.TypeName == nil {
				return nil, nil, false
			}
			t, ok := inner.typeName(cd.TypeName)
			if !ok {
				return nil, nil, false
			}
			names, ts = append(names, cd.Colname), append(ts, t)
			f.coldefs = append(f.coldefs, QuoteIdent(cd.Colname)+" "+t.FormatType())
		}
	} else {
		for _, c := range cols {
			if c.Type == nil || c.Type.Kind == types.KindRecord {
				return nil, nil, false // a record needs a column definition list
			}
			names, ts = append(names, c.Name), append(ts, c.Type)
		}
		if len(cols) == 1 && cols[0].Name == d.name {
			names[0] = base // a scalar function's column takes the alias
		}
	}
	if rf.Ordinality {
		names, ts = append(names, "ordinality"), append(ts, types.Int8)
	}
	if rf.Alias != nil && len(rf.Alias.Colnames) > 0 {
		if len(rf.Alias.Colnames) > len(names) || len(f.coldefs) > 0 {
			return nil, nil, false
		}
		names = applyColAliases(names, rf.Alias.Colnames)
	}
	f.ref = qs.uniqueName(base)
	f.alias = true
	f.colAls = names
	if len(f.coldefs) > 0 {
		f.colAls = nil
	}
	scope := vd.relScope(f, names, ts, sc)
	scope.written = base
	return f, scope, true
}

// srfCall analyzes a call of a built-in set-returning function in FROM,
// with the columns it returns.
func (sc *deparseScope) srfCall(f *pg.FuncCall) (*dFunc, []expr.SRFColumn, bool) {
	if f.AggStar || f.AggDistinct || f.FuncVariadic || f.Over != nil || f.AggFilter != nil || len(f.AggOrder) > 0 ||
		f.Funcformat != pg.CoercionForm_COERCE_EXPLICIT_CALL || len(f.Funcname) > 2 {
		return nil, nil, false
	}
	name := f.Funcname[len(f.Funcname)-1].GetString_().GetSval()
	if len(f.Funcname) == 2 && f.Funcname[0].GetString_().GetSval() != "pg_catalog" || sc.catalog.HasFunctionsNamed(name) {
		return nil, nil, false
	}
	ph := &placeholders{}
	var es []sql.Expression
	for _, a := range f.Args {
		if a.GetNamedArgExpr() != nil {
			return nil, nil, false
		}
		d, ok := sc.analyze(a)
		if !ok {
			return nil, nil, false
		}
		es = append(es, ph.of(d))
	}
	e, cols, err := expr.NewSRFCall(nil, name, es)
	if err != nil {
		return nil, nil, false
	}
	fc, ok := e.(*expr.FuncCall)
	if !ok {
		return nil, nil, false
	}
	out := &dFunc{name: name, t: expr.TypeOf(fc)}
	for _, a := range fc.Args {
		d, ok := ph.back(a, false)
		if !ok {
			return nil, nil, false
		}
		out.args = append(out.args, d)
	}
	return out, cols, true
}

// usingJoin completes a JOIN ... USING or NATURAL JOIN, which ruleutils
// prints as JOIN ... USING (the common columns, for NATURAL): an
// unqualified merged column is the left input's (the right one's for a
// RIGHT JOIN), and `*` lists the merged columns first. A FULL JOIN's
// merged column is a COALESCE of both, which is not modelled.
func (vd *viewDeparse) usingJoin(f *aFrom, j *pg.JoinExpr, rsc *deparseScope) (*aFrom, *deparseScope, bool) {
	if f.joinType == pg.JoinType_JOIN_FULL {
		return nil, nil, false
	}
	right := map[string]bool{}
	for _, c := range columnsOf(f.rarg) {
		right[c] = true
	}
	if j.IsNatural {
		for _, c := range columnsOf(f.larg) {
			if right[c] {
				f.using = append(f.using, c)
			}
		}
	} else {
		for _, n := range j.UsingClause {
			f.using = append(f.using, n.GetString_().GetSval())
		}
	}
	owner := f.larg
	if f.joinType == pg.JoinType_JOIN_RIGHT {
		owner = f.rarg
	}
	sc := rsc
	for _, c := range f.using {
		v, ok := ownerColumn(owner, c)
		if !ok || !right[c] {
			return nil, nil, false
		}
		f.merged = append(f.merged, v)
		// an unqualified reference finds the merged column first; a
		// qualified one matches no written name here
		m := vd.s.newDeparseScope(v.qual, nil)
		m.vd, m.outer, m.written = vd, sc, "\x00using"
		m.cols[c] = v.t
		sc = m
	}
	return f, sc, true
}

// columnsOf lists a FROM item's output columns: a join's merged columns
// first, then the rest of each input's.
func columnsOf(f *aFrom) []string {
	if !f.isJoin {
		return f.scopeHolder.order
	}
	out := append([]string(nil), f.using...)
	for _, side := range []*aFrom{f.larg, f.rarg} {
		for _, c := range columnsOf(side) {
			if !slices.Contains(f.using, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// ownerColumn is the column named c a FROM item's output shows.
func ownerColumn(f *aFrom, c string) (*dVar, bool) {
	if !f.isJoin {
		t, ok := f.scopeHolder.cols[c]
		return &dVar{name: c, qual: f.scopeHolder.refName, t: t}, ok
	}
	if i := slices.Index(f.using, c); i >= 0 {
		return f.merged[i], true
	}
	if v, ok := ownerColumn(f.larg, c); ok {
		return v, true
	}
	return ownerColumn(f.rarg, c)
}

// outNames are a CTE's column names as its references see them.
func (c *aCTE) outNames() []string {
	if len(c.aliases) == 0 {
		return c.q.names
	}
	return applyColAliases(c.q.names, nil, c.aliases...)
}

// applyColAliases renames the leading columns.
func applyColAliases(names []string, aliases []*pg.Node, more ...string) []string {
	out := append([]string(nil), names...)
	for i, a := range aliases {
		if i < len(out) {
			out[i] = a.GetString_().GetSval()
		}
	}
	for i, a := range more {
		if i < len(out) {
			out[i] = a
		}
	}
	return out
}

// relScope is the scope of FROM item f's columns, over sc.
func (vd *viewDeparse) relScope(f *aFrom, names []string, ts []*types.Type, sc *deparseScope) *deparseScope {
	n := vd.s.newDeparseScope(f.ref, nil)
	n.vd = vd
	n.order = names
	for i, c := range names {
		if i < len(ts) {
			n.cols[c] = ts[i]
		}
	}
	n.outer = sc
	f.scopeHolder = n
	return n
}

// joinQuals analyzes the ON conditions of f's joins in the query's scope.
func (vd *viewDeparse) joinQuals(f *aFrom, sc *deparseScope) bool {
	if !f.isJoin {
		return true
	}
	if !vd.joinQuals(f.larg, sc) || !vd.joinQuals(f.rarg, sc) {
		return false
	}
	if f.rawQuals == nil {
		return f.joinType == pg.JoinType_JOIN_INNER || len(f.using) > 0
	}
	d, ok := sc.analyze(f.rawQuals)
	if !ok || d.dtype().Base().Kind != types.KindBool {
		return false
	}
	f.quals = d
	return true
}

// expandStar adds the columns `*` or `rel.*` stands for.
func (vd *viewDeparse) expandStar(q *aQuery, cr *pg.ColumnRef, items []*aFrom) bool {
	qual := ""
	if len(cr.Fields) == 2 {
		qual = cr.Fields[0].GetString_().GetSval()
	} else if len(cr.Fields) != 1 {
		return false
	}
	found := false
	var walk func(f *aFrom, skip []string)
	walk = func(f *aFrom, skip []string) {
		if f.isJoin {
			if qual == "" {
				// a join's merged columns come first, once
				for _, v := range f.merged {
					if !slices.Contains(skip, v.name) {
						q.targets = append(q.targets, aTarget{d: v, name: v.name})
						found = true
					}
				}
				skip = append(append([]string(nil), skip...), f.using...)
			}
			walk(f.larg, skip)
			walk(f.rarg, skip)
			return
		}
		sc := f.scopeHolder
		if qual != "" && sc.written != qual {
			return
		}
		for _, c := range sc.order {
			if slices.Contains(skip, c) {
				continue
			}
			q.targets = append(q.targets, aTarget{d: &dVar{name: c, qual: sc.refName, t: sc.cols[c]}, name: c})
			found = true
		}
	}
	for _, f := range items {
		walk(f, nil)
	}
	return found
}

// aggOrWindow resolves an aggregate or window function call of a view.
func (sc *deparseScope) aggOrWindow(f *pg.FuncCall, name string) (dnode, bool) {
	vd := sc.vd
	if vd == nil || f.FuncVariadic || len(f.AggOrder) > 0 || f.AggWithinGroup {
		return nil, false
	}
	var args []dnode
	ph := &placeholders{}
	var es []sql.Expression
	for _, a := range f.Args {
		d, ok := sc.analyze(a)
		if !ok {
			return nil, false
		}
		args = append(args, d)
		es = append(es, ph.of(d))
	}
	spec := expr.NewAggSpec(expr.AggSpec{Name: name, Star: f.AggStar, Distinct: f.AggDistinct, NArgs: len(es), Window: f.Over != nil})
	a, err := expr.NewAggregate(spec, es)
	if err != nil {
		return nil, false
	}
	out := &dAgg{name: name, star: f.AggStar, distinct: f.AggDistinct, t: expr.TypeOf(a)}
	for _, c := range a.Children()[:len(es)] {
		d, ok := ph.back(c, false)
		if !ok {
			return nil, false
		}
		out.args = append(out.args, d)
	}
	if f.AggFilter != nil {
		d, ok := sc.analyze(f.AggFilter)
		if !ok {
			return nil, false
		}
		out.filter = d
	}
	if f.Over != nil {
		if vd.cur == nil {
			return nil, false
		}
		if f.Over.Name != "" {
			for _, w := range vd.cur.windows {
				if w.name == f.Over.Name {
					out.overName = w.name
				}
			}
			if out.overName == "" {
				return nil, false
			}
		} else {
			w, ok := vd.windowSpec(f.Over, sc)
			if !ok {
				return nil, false
			}
			out.over = w
		}
	}
	return out, true
}

// isAggregateName reports whether name is a built-in aggregate or
// window function.
func isAggregateName(name string, window bool) bool {
	if translate.IsBuiltinAggregate(name) {
		return true
	}
	switch name {
	case "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
		"first_value", "last_value", "nth_value":
		return window
	}
	return false
}

// querySubLink is a sub-select in a view's expression.
func (sc *deparseScope) querySubLink(s *pg.SubLink) (dnode, bool) {
	vd := sc.vd
	q, ok := vd.selectQuery(s.Subselect.GetSelectStmt(), vd.qs, sc)
	if !ok {
		return nil, false
	}
	out := &dQSub{kind: s.SubLinkType, q: q}
	switch s.SubLinkType {
	case pg.SubLinkType_EXISTS_SUBLINK:
		out.t = types.Bool
	case pg.SubLinkType_EXPR_SUBLINK:
		if len(q.types) != 1 {
			return nil, false
		}
		out.t = q.types[0]
	case pg.SubLinkType_ARRAY_SUBLINK:
		if len(q.types) != 1 || types.ArrayOf(q.types[0]) == nil {
			return nil, false
		}
		out.t = types.ArrayOf(q.types[0])
	case pg.SubLinkType_ANY_SUBLINK, pg.SubLinkType_ALL_SUBLINK:
		op := "="
		if len(s.OperName) == 1 {
			op = s.OperName[0].GetString_().GetSval()
		} else if len(s.OperName) > 1 || s.SubLinkType == pg.SubLinkType_ALL_SUBLINK {
			return nil, false
		}
		if len(q.types) != 1 || s.Testexpr == nil {
			return nil, false
		}
		lhs, ok := sc.analyze(s.Testexpr)
		if !ok {
			return nil, false
		}
		cmp, ok := sc.binaryOp(op, lhs, &dVar{t: q.types[0]})
		if !ok {
			return nil, false
		}
		o, ok := cmp.(*dOp)
		if !ok || o.t.Kind != types.KindBool {
			return nil, false
		}
		out.lhs, out.op, out.t = o.l, op, types.Bool
	default:
		return nil, false
	}
	return out, true
}

// Query-level node kinds of the printer.
type (
	// dAgg is an aggregate call, or a window function call when over or
	// overName is set.
	dAgg struct {
		name           string
		args           []dnode
		star, distinct bool
		filter         dnode
		t              *types.Type
		over           *aWindow
		overName       string
	}
	// dQSub is a sub-link over a whole query.
	dQSub struct {
		kind pg.SubLinkType
		lhs  dnode
		op   string
		q    *aQuery
		t    *types.Type
	}
)

func (n *dAgg) dtype() *types.Type  { return n.t }
func (n *dQSub) dtype() *types.Type { return n.t }

// printAgg prints an aggregate or window call (get_agg_expr,
// get_windowfunc_expr).
func (p *printer) printAgg(n *dAgg) {
	p.b.WriteString(n.name + "(")
	if n.star {
		p.b.WriteByte('*')
	}
	if n.distinct {
		p.b.WriteString("DISTINCT ")
	}
	for i, a := range n.args {
		if i > 0 {
			p.b.WriteString(", ")
		}
		p.expr(a, true)
	}
	p.b.WriteByte(')')
	if n.filter != nil {
		p.b.WriteString(" FILTER (WHERE ")
		p.expr(n.filter, false)
		p.b.WriteByte(')')
	}
	switch {
	case n.overName != "":
		p.b.WriteString(" OVER " + QuoteIdent(n.overName))
	case n.over != nil:
		p.b.WriteString(" OVER ")
		p.windowSpec(n.over)
	}
}

// windowSpec prints a window specification (get_rule_windowspec).
func (p *printer) windowSpec(w *aWindow) {
	p.b.WriteByte('(')
	space := false
	if len(w.partition) > 0 {
		p.b.WriteString("PARTITION BY ")
		for i, d := range w.partition {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.sortGroupExpr(d)
		}
		space = true
	}
	if len(w.order) > 0 {
		if space {
			p.b.WriteByte(' ')
		}
		p.b.WriteString("ORDER BY ")
		p.orderBy(w.order)
		space = true
	}
	o := w.options
	if o&frameNonDefault != 0 {
		if space {
			p.b.WriteByte(' ')
		}
		switch {
		case o&frameRange != 0:
			p.b.WriteString("RANGE ")
		case o&frameRows != 0:
			p.b.WriteString("ROWS ")
		case o&frameGroups != 0:
			p.b.WriteString("GROUPS ")
		}
		if o&frameBetween != 0 {
			p.b.WriteString("BETWEEN ")
		}
		p.frameBound(o&frameStartUnbPrec != 0, "UNBOUNDED PRECEDING ", o&frameStartCurrent != 0, o&frameStartOffPrec != 0, o&frameStartOffFoll != 0, w.start)
		if o&frameBetween != 0 {
			p.b.WriteString("AND ")
			p.frameBound(o&frameEndUnbFoll != 0, "UNBOUNDED FOLLOWING ", o&frameEndCurrent != 0, o&frameEndOffPrec != 0, o&frameEndOffFoll != 0, w.end)
		}
		switch {
		case o&frameExcludeCurrent != 0:
			p.b.WriteString("EXCLUDE CURRENT ROW ")
		case o&frameExcludeGroup != 0:
			p.b.WriteString("EXCLUDE GROUP ")
		case o&frameExcludeTies != 0:
			p.b.WriteString("EXCLUDE TIES ")
		}
		s := p.b.String()
		p.b.Reset()
		p.b.WriteString(strings.TrimSuffix(s, " "))
	}
	p.b.WriteByte(')')
}

// sortGroupExpr prints a GROUP BY, DISTINCT ON, PARTITION BY or ORDER BY
// key (get_rule_sortgroupclause): a constant with its type, a
// function-like expression in parentheses.
func (p *printer) sortGroupExpr(d dnode) {
	switch n := d.(type) {
	case *dConst:
		p.constant(n, 1)
	case *dVar:
		p.expr(d, true)
	default:
		_, isFunc := d.(*dFunc)
		_, isAgg := d.(*dAgg)
		if c, isCoerce := d.(*dCoerce); isCoerce && c.explicit {
			isFunc = true // a cast function call is a FuncExpr
		}
		paren := p.pretty || isFunc || isAgg
		if paren {
			p.b.WriteByte('(')
		}
		p.expr(d, true)
		if paren {
			p.b.WriteByte(')')
		}
	}
}

// orderBy prints sort keys (get_rule_orderby).
func (p *printer) orderBy(keys []aSort) {
	for i, k := range keys {
		if i > 0 {
			p.b.WriteString(", ")
		}
		p.sortGroupExpr(k.d)
		if k.desc {
			p.b.WriteString(" DESC")
		}
		switch {
		case k.nullsFirst > 0 && !k.desc:
			p.b.WriteString(" NULLS FIRST")
		case k.nullsFirst < 0 && k.desc:
			p.b.WriteString(" NULLS LAST")
		}
	}
}

// printSub prints a sub-link (get_sublink_expr).
func (p *printer) printSub(n *dQSub) {
	if n.kind == pg.SubLinkType_ARRAY_SUBLINK {
		p.b.WriteString("ARRAY(")
	} else {
		p.b.WriteByte('(')
	}
	if n.lhs != nil {
		p.expr(n.lhs, true)
	}
	paren := true
	switch n.kind {
	case pg.SubLinkType_EXISTS_SUBLINK:
		p.b.WriteString("EXISTS ")
	case pg.SubLinkType_ANY_SUBLINK:
		if n.op == "=" {
			p.b.WriteString(" IN ")
		} else {
			p.b.WriteString(" " + n.op + " ANY ")
		}
	case pg.SubLinkType_ALL_SUBLINK:
		p.b.WriteString(" " + n.op + " ALL ")
	default:
		paren = false
	}
	if paren {
		p.b.WriteByte('(')
	}
	p.query(n.q, p.indent, nil, false)
	if paren {
		p.b.WriteString("))")
	} else {
		p.b.WriteByte(')')
	}
}

// sub is a printer for a piece printed apart (a target, a FROM item),
// at the same indentation.
func (p *printer) sub() *printer {
	return &printer{pretty: p.pretty, indent: p.indent, varPrefix: p.varPrefix, state: p.state}
}

// trimSpaces is removeStringInfoSpaces.
func (p *printer) trimSpaces() {
	s := strings.TrimRight(p.b.String(), " ")
	p.b.Reset()
	p.b.WriteString(s)
}

// query prints q (get_query_def) at indentation level start; names are
// the result's column names (a view's, for its query and the inputs of
// its set operations).
func (p *printer) query(q *aQuery, start int, names []string, colNamesVisible bool) {
	saved := p.indent
	p.indent = start
	if len(q.ctes) > 0 {
		p.indent += 8
		p.b.WriteByte(' ')
		sep := "WITH "
		if q.recursive {
			sep = "WITH RECURSIVE "
		}
		for _, c := range q.ctes {
			p.b.WriteString(sep + QuoteIdent(c.name))
			if len(c.aliases) > 0 {
				var qn []string
				for _, a := range c.aliases {
					qn = append(qn, QuoteIdent(a))
				}
				p.b.WriteString("(" + strings.Join(qn, ", ") + ")")
			}
			p.b.WriteString(" AS ")
			switch c.mat {
			case pg.CTEMaterialize_CTEMaterializeAlways:
				p.b.WriteString("MATERIALIZED ")
			case pg.CTEMaterialize_CTEMaterializeNever:
				p.b.WriteString("NOT MATERIALIZED ")
			}
			p.b.WriteByte('(')
			p.keyword("", 0, 0, 0)
			p.query(c.q, p.indent, nil, true)
			p.keyword("", 0, 0, 0)
			p.b.WriteByte(')')
			sep = ", "
		}
		p.indent -= 8
		p.keyword("", 0, 0, 0)
	}
	if q.larg != nil {
		p.setop(q, names, colNamesVisible)
	} else {
		p.basicSelect(q, names, colNamesVisible)
	}
	if len(q.order) > 0 {
		p.keyword(" ORDER BY ", -8, 8, 1)
		p.orderBy(q.order)
	}
	if q.offset != nil {
		p.keyword(" OFFSET ", -8, 8, 0)
		p.expr(q.offset, false)
	}
	if q.limit != nil {
		p.keyword(" LIMIT ", -8, 8, 0)
		if c, ok := q.limit.(*dConst); ok && c.val == nil {
			p.b.WriteString("ALL")
		} else {
			p.expr(q.limit, false)
		}
	}
	p.indent = saved
}

// setop prints a set operation (get_setop_query).
func (p *printer) setop(q *aQuery, names []string, colNamesVisible bool) {
	leaf := func(in *aQuery, visible bool) {
		if in.larg != nil {
			p.setop(in, names, visible)
			return
		}
		paren := len(in.ctes) > 0 || len(in.order) > 0 || in.limit != nil || in.offset != nil
		if paren {
			p.b.WriteByte('(')
		}
		p.query(in, p.indent, names, visible)
		if paren {
			p.b.WriteByte(')')
		}
	}
	paren, sub := false, 0
	if l := q.larg; l.larg != nil {
		paren = !(l.op == q.op && l.all == q.all)
	}
	if paren {
		p.b.WriteByte('(')
		sub = 8
		p.keyword("", sub, 0, 0)
	}
	leaf(q.larg, colNamesVisible)
	if paren {
		p.keyword(") ", -sub, 0, 0)
	} else {
		p.keyword("", -sub, 0, 0)
	}
	switch q.op {
	case pg.SetOperation_SETOP_UNION:
		p.b.WriteString("UNION ")
	case pg.SetOperation_SETOP_INTERSECT:
		p.b.WriteString("INTERSECT ")
	case pg.SetOperation_SETOP_EXCEPT:
		p.b.WriteString("EXCEPT ")
	}
	if q.all {
		p.b.WriteString("ALL ")
	}
	paren, sub = q.rarg.larg != nil, 0
	if paren {
		p.b.WriteByte('(')
		sub = 8
	}
	p.keyword("", sub, 0, 0)
	leaf(q.rarg, false)
	p.indent -= sub
	if paren {
		p.keyword(")", 0, 0, 0)
	}
}

// basicSelect prints SELECT ... HAVING ... WINDOW (get_basic_select_query).
func (p *printer) basicSelect(q *aQuery, names []string, colNamesVisible bool) {
	p.indent += 8
	p.b.WriteByte(' ')
	if q.values != nil {
		p.b.WriteString("VALUES ")
		for i, row := range q.values {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.b.WriteByte('(')
			for j, d := range row {
				if j > 0 {
					p.b.WriteByte(',')
				}
				p.expr(d, false)
			}
			p.b.WriteByte(')')
		}
		return
	}
	p.b.WriteString("SELECT")
	if len(q.distinctOn) > 0 {
		p.b.WriteString(" DISTINCT ON (")
		for i, d := range q.distinctOn {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.sortGroupExpr(d)
		}
		p.b.WriteByte(')')
	} else if q.distinct {
		p.b.WriteString(" DISTINCT")
	}
	p.targetList(q, names, colNamesVisible)
	for i, f := range q.from {
		if i == 0 {
			p.keyword(" FROM ", -8, 8, 2)
			p.fromItem(f)
			continue
		}
		p.b.WriteString(", ")
		s := p.sub()
		s.fromItem(f)
		item := s.b.String()
		if strings.HasPrefix(item, "\n") {
			p.trimSpaces()
		} else {
			p.keyword("", -8, 8, 4)
		}
		p.b.WriteString(item)
	}
	if q.where != nil {
		p.keyword(" WHERE ", -8, 8, 1)
		p.expr(q.where, false)
	}
	if len(q.group) > 0 {
		p.keyword(" GROUP BY ", -8, 8, 1)
		for i, d := range q.group {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.sortGroupExpr(d)
		}
	}
	if q.having != nil {
		p.keyword(" HAVING ", -8, 8, 0)
		p.expr(q.having, false)
	}
	for i, w := range q.windows {
		if i == 0 {
			p.keyword(" WINDOW ", -8, 8, 1)
		} else {
			p.b.WriteString(", ")
		}
		p.b.WriteString(QuoteIdent(w.name) + " AS ")
		p.windowSpec(w)
	}
}

// targetList prints the select list (get_target_list), one column a line.
func (p *printer) targetList(q *aQuery, names []string, colNamesVisible bool) {
	sep := " "
	for i, t := range q.targets {
		p.b.WriteString(sep)
		sep = ", "
		s := p.sub()
		attname := ""
		if v, ok := t.d.(*dVar); ok {
			s.expr(v, true)
			attname = v.name
		} else {
			s.expr(t.d, true)
			if !colNamesVisible {
				attname = "?column?"
			}
		}
		colname := t.name
		if i < len(names) {
			colname = names[i]
		}
		if attname != colname {
			s.b.WriteString(" AS " + QuoteIdent(colname))
		}
		item := s.b.String()
		p.indent = s.indent
		if strings.HasPrefix(item, "\n") {
			p.trimSpaces()
		} else if i > 0 {
			// wrapColumn 0: every column after the first on a new line
			p.keyword("", -8, 8, 4)
		}
		p.b.WriteString(item)
	}
}

// fromItem prints a FROM item (get_from_clause_item).
func (p *printer) fromItem(f *aFrom) {
	if f.isJoin {
		paren := !p.pretty
		parenRight := p.pretty && f.rarg.isJoin
		if paren {
			p.b.WriteByte('(')
		}
		p.fromItem(f.larg)
		word := map[pg.JoinType]string{pg.JoinType_JOIN_INNER: " JOIN ", pg.JoinType_JOIN_LEFT: " LEFT JOIN ",
			pg.JoinType_JOIN_RIGHT: " RIGHT JOIN ", pg.JoinType_JOIN_FULL: " FULL JOIN "}[f.joinType]
		if f.joinType == pg.JoinType_JOIN_INNER && f.quals == nil && len(f.using) == 0 {
			word = " CROSS JOIN "
		}
		p.keyword(word, -8, 8, 4)
		if parenRight {
			p.b.WriteByte('(')
		}
		p.fromItem(f.rarg)
		if parenRight {
			p.b.WriteByte(')')
		}
		if len(f.using) > 0 {
			qn := make([]string, len(f.using))
			for i, c := range f.using {
				qn[i] = QuoteIdent(c)
			}
			p.b.WriteString(" USING (" + strings.Join(qn, ", ") + ")")
		} else if f.quals != nil {
			p.b.WriteString(" ON ")
			p.open()
			p.expr(f.quals, false)
			p.close()
		} else if f.joinType != pg.JoinType_JOIN_INNER {
			p.b.WriteString(" ON TRUE")
		}
		if paren {
			p.b.WriteByte(')')
		}
		return
	}
	if f.lateral {
		p.b.WriteString("LATERAL ")
	}
	switch {
	case f.sub != nil:
		p.b.WriteByte('(')
		p.query(f.sub, p.indent, nil, true)
		p.b.WriteByte(')')
	case f.fn != nil:
		p.expr(f.fn, false)
		if f.ordinality {
			p.b.WriteString(" WITH ORDINALITY")
		}
	default:
		p.b.WriteString(f.shown)
	}
	if f.alias {
		p.b.WriteString(" " + QuoteIdent(f.ref))
	}
	if len(f.coldefs) > 0 {
		p.b.WriteString("(" + strings.Join(f.coldefs, ", ") + ")")
	}
	if len(f.colAls) > 0 {
		var qn []string
		for _, c := range f.colAls {
			qn = append(qn, QuoteIdent(c))
		}
		p.b.WriteString("(" + strings.Join(qn, ", ") + ")")
	}
}

// frameBound prints one end of a window frame: unbounded (as unbWord),
// CURRENT ROW, or an offset PRECEDING / FOLLOWING.
func (p *printer) frameBound(unbounded bool, unbWord string, current, offPrec, offFoll bool, offset dnode) {
	switch {
	case unbounded:
		p.b.WriteString(unbWord)
	case current:
		p.b.WriteString("CURRENT ROW ")
	case offPrec || offFoll:
		p.expr(offset, false)
		if offPrec {
			p.b.WriteString(" PRECEDING ")
		} else {
			p.b.WriteString(" FOLLOWING ")
		}
	}
}

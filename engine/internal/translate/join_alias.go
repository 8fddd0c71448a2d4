package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// A join with an alias, `(a JOIN b ON …) AS j [(c1, c2, …)]`, is one FROM
// item named j whose columns are the join's columns (USING columns merged
// first), renamed by the alias list; the tables inside are hidden from the
// rest of the query (PostgreSQL docs 7.2.1.1, "Joined Tables"). GMS has no
// join aliases, but a derived table over the unaliased join,
//
//	(SELECT * FROM a JOIN b ON …) AS j (c1, c2, …)
//
// has exactly those columns and that scope, so the translator reads an
// aliased join as that subquery wherever it meets one in FROM (fromItem,
// fromSources, fromNames). The parse tree is not modified.

// joinAliasSubquery returns the derived-table form of an aliased join.
// When the columns of both sides are known, the subquery lists them
// qualified, each under its output name (a USING column once, from the
// side PostgreSQL takes it from: COALESCE of both for FULL JOIN, whose
// USING becomes ON), so the derived table needs no column list; otherwise
// it selects * and keeps the alias list.
func (t *Translator) joinAliasSubquery(j *pg.JoinExpr) *pg.Node {
	return t.joinAliasWrap(j, false)
}

// joinAliasWrap builds joinAliasSubquery's node; with unique set, a column
// name the join has twice is numbered (name?2) so that an enclosing
// aliased join can name each column of this one.
func (t *Translator) joinAliasWrap(j *pg.JoinExpr, unique bool) *pg.Node {
	inner := &pg.JoinExpr{
		Jointype:       j.Jointype,
		IsNatural:      j.IsNatural,
		Larg:           t.uniqueJoinSides(j.Larg),
		Rarg:           t.uniqueJoinSides(j.Rarg),
		UsingClause:    j.UsingClause,
		JoinUsingAlias: j.JoinUsingAlias,
		Quals:          j.Quals,
		Rtindex:        j.Rtindex,
	}
	sel := &pg.SelectStmt{
		Op:          pg.SetOperation_SETOP_NONE,
		LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT,
		FromClause:  []*pg.Node{{Node: &pg.Node_JoinExpr{JoinExpr: inner}}},
	}
	alias := j.Alias
	if targets, using, ok := t.joinAliasTargets(inner, j.Alias, unique); ok {
		sel.TargetList = targets
		alias = &pg.Alias{Aliasname: j.Alias.Aliasname}
		if j.Jointype == pg.JoinType_JOIN_FULL && len(using) > 0 {
			inner.UsingClause, inner.IsNatural, inner.Quals = nil, false, using[0]
			for _, c := range using[1:] {
				inner.Quals = andExpr(inner.Quals, c)
			}
		}
	} else {
		if len(j.Alias.Colnames) > 0 {
			// GMS renames a derived table's * columns unreliably
			failAt(-1, pgerror.FeatureNotSupported, "column aliases for join %q are not supported yet when the columns of its inputs are not known", j.Alias.Aliasname)
		}
		star := &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{{Node: &pg.Node_AStar{AStar: &pg.A_Star{}}}}, Location: -1}}}
		sel.TargetList = []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: star, Location: -1}}}}
	}
	return &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}},
		Alias:    alias,
	}}}
}

// uniqueJoinSides returns a join side with each aliased join in it, at any
// depth of unaliased joins, in its derived-table form with unique column
// names, so the enclosing aliased join can reference every column.
func (t *Translator) uniqueJoinSides(n *pg.Node) *pg.Node {
	j := n.GetJoinExpr()
	if j == nil {
		return n
	}
	if j.Alias != nil {
		return t.joinAliasWrap(j, true)
	}
	l, r := t.uniqueJoinSides(j.Larg), t.uniqueJoinSides(j.Rarg)
	if l == j.Larg && r == j.Rarg {
		return n
	}
	c := &pg.JoinExpr{Jointype: j.Jointype, IsNatural: j.IsNatural, Larg: l, Rarg: r, UsingClause: j.UsingClause,
		JoinUsingAlias: j.JoinUsingAlias, Quals: j.Quals, Rtindex: j.Rtindex}
	return &pg.Node{Node: &pg.Node_JoinExpr{JoinExpr: c}}
}

// joinAliasTargets lists an aliased join's columns as qualified column
// references named as the join alias names them, and for each USING (or
// NATURAL) column the equality of its two sides; ok is false when a
// side's columns are unknown. More aliases than columns is PostgreSQL's
// error.
func (t *Translator) joinAliasTargets(j *pg.JoinExpr, alias *pg.Alias, unique bool) (targets, using []*pg.Node, ok bool) {
	l := t.fromSources([]*pg.Node{j.Larg}, t.q.ctes)
	r := t.fromSources([]*pg.Node{j.Rarg}, t.q.ctes)
	type col struct{ rel, name string }
	flat := func(ss []namedSource) ([]col, bool) {
		var out []col
		for _, s := range ss {
			if s.src == nil || s.alias == "" {
				return nil, false
			}
			for _, c := range s.src.cols {
				out = append(out, col{s.alias, c})
			}
		}
		return out, true
	}
	lc, lok := flat(l)
	rc, rok := flat(r)
	if !lok || !rok {
		return nil, nil, false
	}
	find := func(cs []col, name string) (col, bool) {
		for _, c := range cs {
			if c.name == name {
				return c, true
			}
		}
		return col{}, false
	}
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	ref := func(c col) *pg.Node {
		return &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(c.rel), str(c.name)}, Location: -1}}}
	}
	var names []string
	var vals []*pg.Node
	merged := map[string]bool{}
	var usingNames []string
	for _, u := range j.UsingClause {
		usingNames = append(usingNames, strVal(u))
	}
	if j.IsNatural {
		for _, c := range lc {
			if _, in := find(rc, c.name); in && !merged[c.name] {
				merged[c.name] = true
				usingNames = append(usingNames, c.name)
			}
		}
	}
	for _, name := range usingNames {
		merged[name] = true
		lcol, lin := find(lc, name)
		rcol, rin := find(rc, name)
		if !lin || !rin {
			return nil, nil, false // the join reports the missing column
		}
		var v *pg.Node
		switch j.Jointype {
		case pg.JoinType_JOIN_RIGHT:
			v = ref(rcol)
		case pg.JoinType_JOIN_FULL:
			v = &pg.Node{Node: &pg.Node_CoalesceExpr{CoalesceExpr: &pg.CoalesceExpr{Args: []*pg.Node{ref(lcol), ref(rcol)}, Location: -1}}}
		default:
			v = ref(lcol)
		}
		names, vals = append(names, name), append(vals, v)
		using = append(using, &pg.Node{Node: &pg.Node_AExpr{AExpr: &pg.A_Expr{Kind: pg.A_Expr_Kind_AEXPR_OP,
			Name: []*pg.Node{str("=")}, Lexpr: ref(lcol), Rexpr: ref(rcol), Location: -1}}})
	}
	for _, c := range append(lc, rc...) {
		if !merged[c.name] {
			names, vals = append(names, c.name), append(vals, ref(c))
		}
	}
	if n := len(alias.Colnames); n > len(names) {
		failAt(-1, pgerror.InvalidColumnReference, "join expression \"%s\" has %d columns available but %d columns specified", alias.Aliasname, len(names), n)
	}
	for i, a := range alias.Colnames {
		names[i] = strVal(a)
	}
	if unique {
		seen := map[string]int{}
		for i, n := range names {
			if seen[n]++; seen[n] > 1 {
				names[i] = n + "?" + itoa(int64(seen[n]))
			}
		}
	}
	for i, v := range vals {
		targets = append(targets, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: names[i], Val: v, Location: -1}}})
	}
	return targets, using, true
}

// joinScope is what a SELECT level knows about names aliased joins hide:
// hidden maps each hidden table name to true, visible holds the names its
// FROM items expose. Both are nil for a level whose FROM hides nothing
// and whose enclosing levels hide nothing.
type joinScope struct {
	hidden  map[string]bool
	visible map[string]bool
	// using maps the alias of a JOIN … USING (…) AS u to its join.
	using map[string]*pg.JoinExpr
	// merged maps the USING / NATURAL columns of an unaliased FULL JOIN
	// of this level to COALESCE(left, right), what an unqualified
	// reference means (the join itself runs with ON).
	merged map[string]*pg.Node
}

// newJoinScope collects the names the FROM list exposes and hides;
// outerHides says whether an enclosing level hides a name, in which case
// this level's visible names are needed even if it hides none.
func newJoinScope(from []*pg.Node, outerHides bool) *joinScope {
	if !outerHides && !anyJoinAlias(from) {
		return nil
	}
	var hidden []string
	js := &joinScope{visible: map[string]bool{}}
	var visit func(n *pg.Node, hide bool)
	visit = func(n *pg.Node, hide bool) {
		name := ""
		switch x := n.Node.(type) {
		case *pg.Node_JoinExpr:
			j := x.JoinExpr
			if j.Alias != nil {
				name = j.Alias.Aliasname
			} else if j.JoinUsingAlias != nil && !hide {
				js.visible[j.JoinUsingAlias.Aliasname] = true
				if js.using == nil {
					js.using = map[string]*pg.JoinExpr{}
				}
				js.using[j.JoinUsingAlias.Aliasname] = j
			}
			visit(j.Larg, hide || j.Alias != nil)
			visit(j.Rarg, hide || j.Alias != nil)
		case *pg.Node_RangeVar:
			name = x.RangeVar.Relname
			if x.RangeVar.Alias != nil {
				name = x.RangeVar.Alias.Aliasname
			}
		case *pg.Node_RangeSubselect:
			if x.RangeSubselect.Alias != nil {
				name = x.RangeSubselect.Alias.Aliasname
			}
		case *pg.Node_RangeFunction:
			if x.RangeFunction.Alias != nil {
				name = x.RangeFunction.Alias.Aliasname
			}
		}
		if name == "" {
			return
		}
		if hide {
			hidden = append(hidden, name)
		} else {
			js.visible[name] = true
		}
	}
	for _, f := range from {
		visit(f, false)
	}
	if len(hidden) > 0 {
		js.hidden = map[string]bool{}
		for _, h := range hidden {
			js.hidden[h] = true
		}
	}
	return js
}

// fullUsing says whether j is an unaliased FULL JOIN with USING or NATURAL.
func fullUsing(j *pg.JoinExpr) bool {
	return j.Alias == nil && j.Jointype == pg.JoinType_JOIN_FULL && (j.IsNatural || len(j.UsingClause) > 0)
}

// fullUsingOn returns an unaliased FULL JOIN … USING / NATURAL as the
// same join with ON (GMS has no merged columns for FULL JOIN), or nil when
// the columns of its sides are unknown.
func (t *Translator) fullUsingOn(j *pg.JoinExpr) *pg.JoinExpr {
	_, using, ok := t.joinAliasTargets(j, &pg.Alias{}, false)
	if !ok || len(using) == 0 {
		return nil
	}
	on := using[0]
	for _, c := range using[1:] {
		on = andExpr(on, c)
	}
	return &pg.JoinExpr{Jointype: j.Jointype, Larg: j.Larg, Rarg: j.Rarg, Quals: on, Rtindex: j.Rtindex}
}

// addFullMerged records the merged columns of the unaliased FULL JOINs
// with USING / NATURAL in a FROM list (through unaliased joins).
func (t *Translator) addFullMerged(js *joinScope, from []*pg.Node) {
	for _, f := range from {
		j := f.GetJoinExpr()
		if j == nil || j.Alias != nil {
			continue
		}
		t.addFullMerged(js, []*pg.Node{j.Larg, j.Rarg})
		if !fullUsing(j) {
			continue
		}
		targets, using, ok := t.joinAliasTargets(j, &pg.Alias{}, false)
		if !ok {
			continue
		}
		for _, tn := range targets[:len(using)] {
			rt := tn.GetResTarget()
			if js.merged == nil {
				js.merged = map[string]*pg.Node{}
			}
			js.merged[rt.Name] = rt.Val
		}
	}
}

// anyJoinAlias says whether a FROM list holds an aliased join.
func anyJoinAlias(from []*pg.Node) bool {
	for _, f := range from {
		if j := f.GetJoinExpr(); j != nil && (j.Alias != nil || j.JoinUsingAlias != nil || fullUsing(j) || anyJoinAlias([]*pg.Node{j.Larg, j.Rarg})) {
			return true
		}
	}
	return false
}

// hidesNames says whether this level or an enclosing one hides a name.
func (q *queryScope) hidesNames() bool {
	for l := q; l != nil; l = l.parent {
		if l.joins != nil && l.joins.hidden != nil {
			return true
		}
	}
	return false
}

// checkHiddenTable rejects a column reference qualified by a table that an
// aliased join hides, with PostgreSQL's error (errorMissingRTE), unless a
// FROM item of this or an enclosing level has that name: PostgreSQL looks
// for a visible item at every level before it reports a hidden one.
func (t *Translator) checkHiddenTable(parts []string, loc int32) {
	if len(parts) < 2 || t.q.joins == nil || !t.q.hidesNames() {
		return
	}
	rel := parts[len(parts)-2] // t.col, t.*, schema.t.col
	hidden := false
	for l := &t.q; l != nil; l = l.parent {
		js := l.joins
		if js == nil { // a level above the hiding ones: its names now
			js = newJoinScope(l.from, true)
		}
		if js.visible[rel] {
			return
		}
		hidden = hidden || js.hidden[rel]
	}
	if hidden {
		fail(pgerror.New(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", rel).
			WithPosition(int(loc)+1).
			WithHint("There is an entry for table %q, but it cannot be referenced from this part of the query.", rel))
	}
}

// usingAliasColumn translates u.col where u is the alias of a visible
// JOIN … USING (…) AS u: the merged column, as the join computes it
// (PostgreSQL 14's join_using_alias; only USING columns are visible
// through it). It returns nil for any other reference.
func (t *Translator) usingAliasColumn(parts []string, loc int32) *pg.Node {
	if len(parts) != 2 || t.q.joins == nil {
		return nil
	}
	for l := &t.q; l != nil; l = l.parent {
		if l.joins == nil {
			continue
		}
		j, ok := l.joins.using[parts[0]]
		if !ok {
			if l.joins.visible[parts[0]] {
				return nil
			}
			continue
		}
		found := false
		for _, u := range j.UsingClause {
			found = found || strVal(u) == parts[1]
		}
		if !found {
			failAt(loc, pgerror.UndefinedColumn, "column %s.%s does not exist", parts[0], parts[1])
		}
		saved := t.q
		if l != &t.q {
			t.q = *l // the sides' names as that level sees them
		}
		wrapped := t.joinAliasSubquery(&pg.JoinExpr{Jointype: j.Jointype, Larg: j.Larg, Rarg: j.Rarg, UsingClause: j.UsingClause, Alias: &pg.Alias{Aliasname: parts[0]}})
		t.q = saved
		for _, tn := range wrapped.GetRangeSubselect().Subquery.GetSelectStmt().TargetList {
			if rt := tn.GetResTarget(); rt.Name == parts[1] {
				return rt.Val
			}
		}
		return nil
	}
	return nil
}

// dmlJoinScope makes the names an aliased join in UPDATE … FROM or
// DELETE … USING hides unusable in the rest of the statement, as a SELECT
// level does; the returned func restores the scope.
func (t *Translator) dmlJoinScope(target *pg.RangeVar, from []*pg.Node) func() {
	saved := t.q.joins
	if anyJoinAlias(from) {
		items := append([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: target}}}, from...)
		t.q.joins = newJoinScope(items, false)
	}
	return func() { t.q.joins = saved }
}

// relationAliasSubquery returns `rel AS t (c1, c2, …)` as the derived
// table (SELECT t.col1 AS c1, t.col2 AS c2, …, t.colN FROM rel AS t) AS t,
// since GMS has no column aliases on a table, view or WITH reference; nil
// when the relation's columns are unknown. More aliases than columns is
// PostgreSQL's 42P10.
func (t *Translator) relationAliasSubquery(rv *pg.RangeVar) *pg.Node {
	src := t.relationSource(rv, t.q.ctes)
	if src == nil || len(src.cols) == 0 {
		return nil
	}
	a := rv.Alias
	if len(a.Colnames) > len(src.cols) {
		failAt(rv.Location, pgerror.InvalidColumnReference, "table \"%s\" has %d columns available but %d columns specified", a.Aliasname, len(src.cols), len(a.Colnames))
	}
	str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
	inner := &pg.RangeVar{Schemaname: rv.Schemaname, Relname: rv.Relname, Inh: rv.Inh, Relpersistence: rv.Relpersistence,
		Alias: &pg.Alias{Aliasname: a.Aliasname}, Location: rv.Location}
	sel := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE, LimitOption: pg.LimitOption_LIMIT_OPTION_DEFAULT,
		FromClause: []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: inner}}}}
	for i, c := range src.cols {
		name := c
		if i < len(a.Colnames) {
			name = strVal(a.Colnames[i])
		}
		ref := &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(a.Aliasname), str(c)}, Location: -1}}}
		sel.TargetList = append(sel.TargetList, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Name: name, Val: ref, Location: -1}}})
	}
	return &pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}},
		Alias:    &pg.Alias{Aliasname: a.Aliasname},
	}}}
}

// subqueryAliasList completes a derived table's column alias list as
// PostgreSQL reads it: fewer names than columns keep the rest, more is
// 42P10. The list is returned unchanged when the columns are unknown.
func (t *Translator) subqueryAliasList(rs *pg.RangeSubselect) []*pg.Node {
	names := rs.Alias.Colnames
	if len(names) == 0 {
		return names
	}
	cols := t.selectColumns(rs.Subquery.GetSelectStmt(), t.q.ctes)
	if cols == nil {
		return names
	}
	if len(names) > len(cols) {
		failAt(nodeLocation(rs.Subquery)-1, pgerror.InvalidColumnReference, "table \"%s\" has %d columns available but %d columns specified", rs.Alias.Aliasname, len(cols), len(names))
	}
	out := append([]*pg.Node{}, names...)
	for _, c := range cols[len(names):] {
		out = append(out, &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: c}}})
	}
	return out
}

// andExpr is a AND b.
func andExpr(a, b *pg.Node) *pg.Node {
	return &pg.Node{Node: &pg.Node_BoolExpr{BoolExpr: &pg.BoolExpr{Boolop: pg.BoolExprType_AND_EXPR, Args: []*pg.Node{a, b}, Location: -1}}}
}

// rightUsingStar expands an unqualified * over a FROM list holding an
// unaliased RIGHT or FULL JOIN with USING or NATURAL in PostgreSQL's
// column order (the merged columns, then the left side's others, then the
// right side's), which GMS's own expansion puts right side first (and
// has no merged columns for FULL JOIN). ok is false
// when the FROM list has no such join or a column list is unknown, and *
// is left to GMS.
func (t *Translator) rightUsingStar() (out sqlparser.SelectExprs, ok bool) {
	found := false
	for _, f := range t.q.from {
		if j := f.GetJoinExpr(); j != nil && j.Alias == nil && (j.Jointype == pg.JoinType_JOIN_RIGHT || j.Jointype == pg.JoinType_JOIN_FULL) && (j.IsNatural || len(j.UsingClause) > 0) {
			found = true
		}
	}
	if !found {
		return nil, false
	}
	for _, f := range t.q.from {
		j := f.GetJoinExpr()
		if j == nil || j.Alias != nil {
			name := ""
			for _, ns := range t.fromSources([]*pg.Node{f}, t.q.ctes) {
				name = ns.alias
			}
			if name == "" {
				return nil, false
			}
			out = append(out, &sqlparser.StarExpr{TableName: sqlparser.TableName{Name: sqlparser.NewTableIdent(name)}})
			continue
		}
		if !j.IsNatural && len(j.UsingClause) == 0 {
			return nil, false
		}
		targets, _, ok := t.joinAliasTargets(j, &pg.Alias{}, false)
		if !ok {
			return nil, false
		}
		for _, tn := range targets {
			rt := tn.GetResTarget()
			out = append(out, &sqlparser.AliasedExpr{Expr: t.scalar(rt.Val), As: sqlparser.NewColIdent(rt.Name)})
		}
	}
	return out, true
}

// fullMergedColumn returns what an unqualified name means when it is a
// merged column of an unaliased FULL JOIN of this level, else nil.
func (t *Translator) fullMergedColumn(parts []string) *pg.Node {
	if len(parts) != 1 || t.q.joins == nil || t.q.joins.merged == nil {
		return nil
	}
	return t.q.joins.merged[parts[0]]
}

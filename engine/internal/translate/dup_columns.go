package translate

import (
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// A subquery in FROM may name two output columns alike, as PostgREST's
// statements do when an embed is named like a column (SELECT t.*, (…) AS
// parent_id). PostgreSQL tells them apart by position, so the whole row
// of the subquery has both; GMS resolves columns by name. Such a
// column is renamed inside the statement: dupMark and its position are
// appended to its name, which no PostgreSQL identifier can hold, and
// every name a client sees (result columns, a whole row's field names)
// drops the mark again (DisplayName).
const dupMark = "\x00"

// DisplayName is the name a client sees for a result column.
func DisplayName(name string) string {
	if i := strings.IndexByte(name, 0); i >= 0 {
		return name[:i]
	}
	return name
}

// markDuplicateTargets renames, in each subquery among FROM items, the
// explicit output columns named like an earlier one. A subquery whose
// columns are not all known (a * over an unknown source), or that is
// renamed by an alias list, is left as it is.
func (t *Translator) markDuplicateTargets(items []*pg.Node, ctes map[string]*rowSource) {
	for _, n := range items {
		switch x := n.Node.(type) {
		case *pg.Node_JoinExpr:
			t.markDuplicateTargets([]*pg.Node{x.JoinExpr.Larg, x.JoinExpr.Rarg}, ctes)
		case *pg.Node_RangeSubselect:
			rs := x.RangeSubselect
			sub := rs.Subquery.GetSelectStmt()
			if sub == nil || rs.Alias == nil || len(rs.Alias.Colnames) > 0 {
				continue
			}
			t.markSelectDuplicates(sub, ctes)
		}
	}
}

func (t *Translator) markSelectDuplicates(s *pg.SelectStmt, outer map[string]*rowSource) {
	if s.Op != pg.SetOperation_SETOP_NONE {
		// a set operation's columns are named by its leftmost SELECT
		if s.Larg != nil {
			t.markSelectDuplicates(s.Larg, outer)
		}
		return
	}
	if len(s.ValuesLists) > 0 {
		return
	}
	var targets []*pg.ResTarget
	var names []string
	seen := map[string]bool{}
	dup := false
	var from []namedSource
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		if rt == nil {
			return
		}
		if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			if from == nil {
				ctes := outer
				if s.WithClause != nil {
					ctes = map[string]*rowSource{}
					for k, v := range outer {
						ctes[k] = v
					}
					t.addCTEs(s.WithClause, ctes)
				}
				from = t.fromSources(s.FromClause, ctes)
			}
			cols := targetColumns([]*pg.Node{n}, from)
			if cols == nil {
				return
			}
			for _, c := range cols {
				seen[strings.ToLower(DisplayName(c))] = true
			}
			continue
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		// GMS matches names case-insensitively: "A" and a collide too
		key := strings.ToLower(name)
		if seen[key] {
			dup = true
			targets = append(targets, rt)
			names = append(names, name)
		}
		seen[key] = true
	}
	if !dup {
		return
	}
	for i, rt := range targets {
		rt.Name = names[i] + dupMark + itoa(int64(i+1))
	}
	t.dupMarked = true
}

// markCTEDuplicates does the same for a WITH item without a column list.
func (t *Translator) markCTEDuplicates(cte *pg.CommonTableExpr, ctes map[string]*rowSource) {
	if sub := cte.Ctequery.GetSelectStmt(); sub != nil && len(cte.Aliascolnames) == 0 {
		t.markSelectDuplicates(sub, ctes)
	}
}

// checkDuplicateColumn fails as PostgreSQL does on a reference to a
// column that a subquery in FROM names more than once: the innermost
// level with a FROM item holding the name decides.
func (t *Translator) checkDuplicateColumn(parts []string, loc int32) {
	if !t.dupMarked {
		return
	}
	var qual, col string
	switch len(parts) {
	case 1:
		col = parts[0]
	case 2:
		qual, col = parts[0], parts[1]
	default:
		return
	}
	if col == "*" {
		return
	}
	for q := &t.q; q != nil; q = q.parent {
		found := false
		for alias, src := range q.rowCols {
			if qual != "" && alias != qual || q.hiddenRows[alias] {
				continue
			}
			n := 0
			for _, c := range src.cols {
				if DisplayName(c) == col {
					n++
				}
			}
			if n > 1 {
				failAt(loc, pgerror.AmbiguousColumn, "column reference \"%s\" is ambiguous", col)
			}
			found = found || n == 1
		}
		if found {
			return
		}
	}
}

// checkAmbiguousColumn fails as PostgreSQL's colNameToVar does, with the
// reference's position, on a bare column name that two FROM items of the
// innermost level holding it both have (select id from t, u). A level
// with an item whose columns are unknown, or a USING or NATURAL join
// (which merges its columns into one), is left to the planner. Only the
// clauses where a bare name is always an input column are checked: ORDER
// BY sees output names first.
func (t *Translator) checkAmbiguousColumn(parts []string, loc int32) {
	if len(parts) != 1 || parts[0] == "*" {
		return
	}
	if !t.readsInputColumns() { // plpgsql.go
		return
	}
	col := parts[0]
	for q := &t.q; q != nil; q = q.parent {
		if q.opaque || mergesColumns(q.from, col) {
			return
		}
		switch len(q.holders(col)) {
		case 0:
			continue
		case 1:
			return
		}
		failAt(loc, pgerror.AmbiguousColumn, "column reference \"%s\" is ambiguous", col)
	}
}

// holders are the aliases of the level's visible FROM items that have a
// column named col.
func (q *queryScope) holders(col string) []string {
	var out []string
	for alias, src := range q.rowCols {
		if q.hiddenRows[alias] {
			continue
		}
		for _, c := range src.cols {
			if DisplayName(c) == col {
				out = append(out, alias)
				break
			}
		}
	}
	return out
}

// mergesColumns reports a join among items that merges col: NATURAL, or
// USING naming it.
func mergesColumns(items []*pg.Node, col string) bool {
	for _, n := range items {
		j := n.GetJoinExpr()
		if j == nil {
			continue
		}
		if j.IsNatural {
			return true
		}
		for _, u := range j.UsingClause {
			if u.GetString_().GetSval() == col {
				return true
			}
		}
		if mergesColumns([]*pg.Node{j.Larg, j.Rarg}, col) {
			return true
		}
	}
	return false
}

// checkOrderByName fails as PostgreSQL's findTargetlistEntrySQL92 does on
// ORDER BY name (GROUP BY name that is no input column) naming two output
// columns that are not the same expression: two columns of different FROM
// items (select * from t join u ... order by id), two different columns
// (select a as x, b as x), or two different expressions (select 2 as x,
// 1 as x). Entries it cannot tell apart (a column of an item whose
// columns are unknown beside a qualified one) leave it to the planner,
// which takes the first.
func (t *Translator) checkOrderByName(name string, loc int32) {
	if len(t.q.setOpTargets) > 0 || mergesColumns(t.q.from, name) {
		return
	}
	holders := t.q.holders(name)
	clause := t.q.clauseOr("ORDER BY")
	if clause == "GROUP BY" && (len(holders) > 0 || t.q.opaque) {
		return // GROUP BY reads an input column first
	}
	// a match is one output column named name: a column (item, col; item
	// empty when unknown) or another expression
	type match struct {
		item, col string
		expr      *pg.Node
	}
	var matches []match
	column := func(fields []string) (match, bool) {
		switch len(fields) {
		case 1:
			if h := t.q.holders(fields[0]); len(h) == 1 && !t.q.opaque {
				return match{item: h[0], col: fields[0]}, true
			}
			return match{col: fields[0]}, true
		case 2:
			return match{item: fields[0], col: fields[1]}, true
		}
		return match{}, false
	}
	for _, tn := range t.q.targets {
		rt := tn.GetResTarget()
		if rt == nil {
			continue
		}
		cr := rt.Val.GetColumnRef()
		var fields []string
		star := false
		if cr != nil {
			for _, f := range cr.Fields {
				if f.GetAStar() != nil {
					star = true
				} else {
					fields = append(fields, f.GetString_().GetSval())
				}
			}
		}
		switch {
		case star && rt.Name == "":
			if t.q.opaque {
				return
			}
			for _, alias := range holders {
				if len(fields) == 0 || len(fields) == 1 && fields[0] == alias {
					matches = append(matches, match{item: alias, col: name})
				}
			}
			if len(fields) > 1 {
				return
			}
			continue
		case DisplayName(rt.Name) == name, rt.Name == "" && columnName(rt.Val) == name:
		default:
			continue
		}
		if cr == nil || star {
			matches = append(matches, match{expr: rt.Val})
			continue
		}
		m, ok := column(fields)
		if !ok {
			return
		}
		matches = append(matches, m)
	}
	// differ reports two matches that are surely not the same expression
	differ := func(a, b match) bool {
		switch {
		case a.expr != nil && b.expr != nil:
			return !sameExpr(a.expr, b.expr)
		case a.expr != nil || b.expr != nil:
			e := a.expr
			if e == nil {
				e = b.expr
			}
			return e.GetTypeCast() == nil // a cast to the column's own type is the column
		case a.item != "" && b.item != "":
			return a.item != b.item || a.col != b.col
		default:
			return a.col != b.col
		}
	}
	for i := 1; i < len(matches); i++ {
		if differ(matches[0], matches[i]) {
			failAt(loc, pgerror.AmbiguousColumn, "%s \"%s\" is ambiguous", clause, name)
		}
	}
}

// dmlRowScope gives UPDATE ... FROM and DELETE ... USING their FROM items'
// columns, the target's first, while the statement is translated: a bare
// name two of them hold then fails at its position in SET, WHERE and
// RETURNING, as in a SELECT (checkAmbiguousColumn). Inside PL/pgSQL a
// statement without other items gets the target's columns too, so a
// variable named like one of them is ambiguous there (plVar).
func (t *Translator) dmlRowScope(target *pg.RangeVar, from []*pg.Node) func() {
	if len(from) == 0 && t.Vars == nil {
		return func() {}
	}
	saved := t.q
	items := append([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: target}}}, from...)
	t.q.rowCols = map[string]*rowSource{}
	t.q.opaque = false
	t.q.from = items
	t.q.dmlInputs = true
	for _, ns := range t.fromSources(items, t.q.ctes) {
		t.q.opaque = t.q.opaque || ns.src == nil
		if ns.src != nil && ns.alias != "" {
			t.q.rowCols[ns.alias] = ns.src
		}
	}
	return func() {
		t.q.rowCols, t.q.opaque, t.q.from, t.q.dmlInputs = saved.rowCols, saved.opaque, saved.from, saved.dmlInputs
	}
}

// markOutputDuplicates renames the duplicate output columns of a SELECT
// level, or of a set operation's leftmost SELECT (whose names are the
// operation's), as markSelectDuplicates does for a subquery in FROM. GMS
// resolves an ORDER BY ordinal over a set operation, and ORDER BY name
// everywhere, by name, so `select 2 as x, 1 as x union all select 1, 2
// order by 1` sorted by the second column; PostgreSQL tells the columns
// apart by position and fails only on a name two of them hold
// (findTargetlistEntrySQL92, checked by checkOrderByName and
// setOpOrderByNames). with is the set operation's own WITH clause.
func (t *Translator) markOutputDuplicates(s *pg.SelectStmt, with *pg.WithClause) {
	if s == nil || len(s.ValuesLists) > 0 {
		return
	}
	seen := make(map[string]bool, len(s.TargetList))
	dup, star := false, false
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		if rt == nil {
			return
		}
		if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			star = true
			continue
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		key := strings.ToLower(name)
		dup = dup || seen[key]
		seen[key] = true
	}
	if !dup && !(star && len(seen) > 0) {
		return
	}
	ctes := t.q.ctes
	if with != nil {
		ctes = map[string]*rowSource{}
		for k, v := range t.q.ctes {
			ctes[k] = v
		}
		t.addCTEs(with, ctes) // wholerow.go
	}
	t.markSelectDuplicates(s, ctes)
}

// setOpOrderByNames turns each ORDER BY name of a set operation into the
// ordinal of the output column it names, as PostgreSQL resolves it
// against the leftmost SELECT's names (exactly, not case-insensitively as
// GMS would): a name no column has is 42703, one two columns have 42702.
// sorts is not changed; the result shares its unchanged entries.
func (t *Translator) setOpOrderByNames(sorts []*pg.Node) []*pg.Node {
	if t.q.setOpTargets == nil {
		return sorts
	}
	out := make([]*pg.Node, len(sorts))
	for i, o := range sorts {
		out[i] = o
		sb := o.GetSortBy()
		cr := sb.Node.GetColumnRef()
		if cr == nil || len(cr.Fields) != 1 || cr.Fields[0].GetString_() == nil {
			continue
		}
		name := cr.Fields[0].GetString_().Sval
		k := 0
		for j, tn := range t.q.setOpTargets {
			rt := tn.GetResTarget()
			col := rt.Name
			if col == "" {
				col = columnName(rt.Val)
			}
			if DisplayName(col) != name {
				continue
			}
			if k != 0 {
				failAt(cr.Location, pgerror.AmbiguousColumn, "ORDER BY \"%s\" is ambiguous", name)
			}
			k = j + 1
		}
		if k == 0 {
			failAt(cr.Location, pgerror.UndefinedColumn, "column \"%s\" does not exist", name)
		}
		ord := &pg.Node{Node: &pg.Node_AConst{AConst: &pg.A_Const{Val: &pg.A_Const_Ival{Ival: &pg.Integer{Ival: int32(k)}}, Location: cr.Location}}}
		out[i] = &pg.Node{Node: &pg.Node_SortBy{SortBy: &pg.SortBy{Node: ord, SortbyDir: sb.SortbyDir, SortbyNulls: sb.SortbyNulls, UseOp: sb.UseOp, Location: sb.Location}}}
	}
	return out
}

// foldedOrderName keeps ORDER BY name exact where GMS, which matches
// output names case-insensitively, would take another column: with
// outputs "X" and x, ORDER BY x names the second output column, and with
// only "X" it names the input column x (PostgreSQL's names are exact).
// It returns the output ordinal or the qualified input column, or nil
// when GMS resolves name as PostgreSQL does.
func (t *Translator) foldedOrderName(name string) sqlparser.Expr {
	if t.q.clauseOr("ORDER BY") != "ORDER BY" || targetsHaveStar(t.q.targets) {
		return nil
	}
	exact, folded := 0, false
	for i, tn := range t.q.targets {
		rt := tn.GetResTarget()
		col := rt.Name
		if col == "" {
			col = columnName(rt.Val)
		}
		col = DisplayName(col)
		switch {
		case col == name:
			if exact == 0 {
				exact = i + 1
			}
		case strings.EqualFold(col, name):
			folded = true
		}
	}
	switch {
	case !folded:
		return nil
	case exact > 0:
		return sqlparser.NewIntVal([]byte(itoa(int64(exact))))
	}
	if h := t.q.holders(name); len(h) == 1 && !t.q.opaque {
		str := func(v string) *pg.Node { return &pg.Node{Node: &pg.Node_String_{String_: &pg.String{Sval: v}}} }
		return t.scalar(&pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{str(h[0]), str(name)}, Location: -1}}})
	}
	return nil
}

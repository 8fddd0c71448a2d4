package translate

import (
	"slices"
	"strings"

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
// ORDER BY name naming two different output columns, each a column of a
// different FROM item (select * from t join u ... order by id). Output
// columns it cannot tell apart (expressions named so) leave it to the
// planner.
func (t *Translator) checkOrderByName(name string, loc int32) {
	if t.q.opaque || len(t.q.setOpTargets) > 0 || mergesColumns(t.q.from, name) {
		return
	}
	holders := t.q.holders(name)
	has := func(alias string) bool { return slices.Contains(holders, alias) }
	// owner is the one FROM item a bare column reference reads
	owner := func(col string) (string, bool) {
		if h := t.q.holders(col); len(h) == 1 {
			return h[0], true
		}
		return "", false
	}
	items := map[string]bool{}
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
		case rt.Name != "":
			if rt.Name != name {
				continue
			}
			if cr == nil || star {
				return
			}
		case cr == nil:
			if columnName(rt.Val) == name {
				return
			}
			continue
		case star && len(fields) == 0:
			for _, alias := range holders {
				items[alias] = true
			}
			continue
		case star && len(fields) == 1:
			if has(fields[0]) {
				items[fields[0]] = true
			}
			continue
		case star:
			return
		case fields[len(fields)-1] != name:
			continue
		}
		switch len(fields) {
		case 1:
			alias, ok := owner(fields[0])
			if !ok {
				return
			}
			items[alias] = true
		case 2:
			items[fields[0]] = true
		default:
			return
		}
	}
	if len(items) > 1 {
		failAt(loc, pgerror.AmbiguousColumn, "ORDER BY \"%s\" is ambiguous", name)
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

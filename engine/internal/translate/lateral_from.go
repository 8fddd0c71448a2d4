package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// lateralFromList reassociates FROM lists such as
//
//	a, LATERAL (...) k JOIN b ON ...
//
// where the comma binds looser than JOIN, so the lateral item is the
// leftmost input of a join that is a later FROM item, into
//
//	(a CROSS JOIN LATERAL (...) k) JOIN b ON ...
//
// which is equivalent for inner and left joins along the left spine and
// lets the lateral item see the earlier items (GMS only resolves lateral
// references to the left input of the lateral join itself). The parse
// tree is not modified: the rewritten spine is made of new nodes.
func (t *Translator) lateralFromList(from []*pg.Node) []*pg.Node {
	var out []*pg.Node
	for i, f := range from {
		if i == 0 || !lateralLeftmost(f) || !t.qualsSelfContained(f, from[:i]) {
			out = append(out, f)
			continue
		}
		prev := out[0]
		for _, p := range out[1:] {
			prev = &pg.Node{Node: &pg.Node_JoinExpr{JoinExpr: &pg.JoinExpr{Jointype: pg.JoinType_JOIN_INNER, Larg: prev, Rarg: p}}}
		}
		out = []*pg.Node{attachLeftmost(f, prev)}
	}
	return out
}

// qualsSelfContained says whether every column reference in the join
// conditions inside n belongs to an item of n: qualified by one, or an
// unqualified name that is a column (or the alias) of an item of n and no
// column of the earlier FROM items. PostgreSQL does not let those
// conditions see earlier FROM items, which the reassociated form would
// (and a name in both would become ambiguous), so anything less certain
// is left as it is. A reference that can only mean an earlier item of a
// top-level query is rejected here with PostgreSQL's error.
func (t *Translator) qualsSelfContained(n *pg.Node, earlier []*pg.Node) bool {
	names := map[string]bool{}
	var items func(*pg.Node)
	var quals []*pg.Node
	items = func(n *pg.Node) {
		switch {
		case n.GetJoinExpr() != nil:
			j := n.GetJoinExpr()
			items(j.Larg)
			items(j.Rarg)
			if j.Quals != nil {
				quals = append(quals, j.Quals)
			}
		case n.GetRangeVar() != nil:
			rv := n.GetRangeVar()
			if rv.Alias != nil {
				names[rv.Alias.Aliasname] = true
			} else {
				names[rv.Relname] = true
			}
		case n.GetRangeSubselect() != nil && n.GetRangeSubselect().Alias != nil:
			names[n.GetRangeSubselect().Alias.Aliasname] = true
		case n.GetRangeFunction() != nil && n.GetRangeFunction().Alias != nil:
			names[n.GetRangeFunction().Alias.Aliasname] = true
		}
	}
	items(n)
	// a top-level query has no outer level that a name could mean instead
	topLevel := t.q.parent != nil && t.q.parent.parent == nil
	ok := true
	var own, before map[string]string
	for _, q := range quals {
		walkColumnRefs(q, func(cr *pg.ColumnRef) {
			if !ok {
				return
			}
			if own == nil {
				own, before = t.knownColumns([]*pg.Node{n}, false), t.knownColumns(earlier, true)
			}
			first := ""
			if cr.Fields[0].GetString_() != nil {
				first = cr.Fields[0].GetString_().Sval
			}
			switch {
			case len(cr.Fields) >= 2 && names[first]:
				return
			case len(cr.Fields) >= 2:
				ok = false
				if topLevel && first != "" && len(cr.Fields) == 2 && earlierAlias(t, earlier, first) {
					fail(pgerror.New(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", first).
						WithPosition(int(cr.Location)+1).
						WithHint("There is an entry for table %q, but it cannot be referenced from this part of the query.", first))
				}
				return
			case first == "":
				ok = false
				return
			}
			if _, mine := own[first]; (mine || names[first]) && before != nil {
				if _, theirs := before[first]; !theirs {
					return
				}
			}
			ok = false
			_, mine := own[first]
			if table, theirs := before[first]; theirs && topLevel && !mine && !names[first] {
				fail(pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", first).
					WithPosition(int(cr.Location)+1).
					WithHint("There is a column named %q in table %q, but it cannot be referenced from this part of the query.", first, table))
			}
		})
	}
	return ok
}

// knownColumns maps the column names of FROM items that the translator
// can name to their item's alias; with all set, it is nil when some
// item's columns are unknown.
func (t *Translator) knownColumns(items []*pg.Node, all bool) map[string]string {
	cols := map[string]string{}
	for _, ns := range t.fromSources(items, t.q.ctes) {
		if ns.src == nil {
			if all {
				return nil
			}
			continue
		}
		for _, c := range ns.src.cols {
			if _, dup := cols[c]; !dup {
				cols[c] = ns.alias
			}
		}
	}
	return cols
}

// earlierAlias reports whether one of the FROM items is named alias.
func earlierAlias(t *Translator, items []*pg.Node, alias string) bool {
	for _, ns := range t.fromSources(items, t.q.ctes) {
		if ns.alias == alias {
			return true
		}
	}
	return false
}

// lateralLeftmost says whether n is a join whose left spine holds only
// inner and left joins without USING or NATURAL and ends at a LATERAL item
// or a function.
func lateralLeftmost(n *pg.Node) bool {
	j := n.GetJoinExpr()
	if j == nil {
		return false
	}
	for j != nil {
		if (j.Jointype != pg.JoinType_JOIN_INNER && j.Jointype != pg.JoinType_JOIN_LEFT) || j.IsNatural || len(j.UsingClause) > 0 || j.Alias != nil {
			return false
		}
		l := j.Larg
		if lj := l.GetJoinExpr(); lj != nil {
			j = lj
			continue
		}
		if rs := l.GetRangeSubselect(); rs != nil {
			return rs.Lateral
		}
		if rf := l.GetRangeFunction(); rf != nil {
			return true // functions in FROM are implicitly LATERAL
		}
		return false
	}
	return false
}

// attachLeftmost returns a copy of the join n's left spine with its
// leftmost item L replaced by (prev CROSS JOIN L).
func attachLeftmost(n *pg.Node, prev *pg.Node) *pg.Node {
	j := n.GetJoinExpr()
	if j == nil {
		return &pg.Node{Node: &pg.Node_JoinExpr{JoinExpr: &pg.JoinExpr{Jointype: pg.JoinType_JOIN_INNER, Larg: prev, Rarg: n}}}
	}
	c := &pg.JoinExpr{
		Jointype:    j.Jointype,
		IsNatural:   j.IsNatural,
		Larg:        attachLeftmost(j.Larg, prev),
		Rarg:        j.Rarg,
		UsingClause: j.UsingClause,
		Quals:       j.Quals,
		Rtindex:     j.Rtindex,
	}
	return &pg.Node{Node: &pg.Node_JoinExpr{JoinExpr: c}}
}

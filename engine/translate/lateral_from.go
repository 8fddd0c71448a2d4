package translate

import pg "github.com/pganalyze/pg_query_go/v5"

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
func lateralFromList(from []*pg.Node) []*pg.Node {
	var out []*pg.Node
	for i, f := range from {
		if i == 0 || !lateralLeftmost(f) || !qualsSelfContained(f) {
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
// conditions inside n is qualified by an item of n: PostgreSQL rejects
// references from them to earlier FROM items, which the reassociated
// form would accept, so anything less certain is left as it is.
func qualsSelfContained(n *pg.Node) bool {
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
	ok := true
	for _, q := range quals {
		walkColumnRefs(q, func(cr *pg.ColumnRef) {
			if len(cr.Fields) < 2 || cr.Fields[0].GetString_() == nil || !names[cr.Fields[0].GetString_().Sval] {
				ok = false
			}
		})
	}
	return ok
}

// lateralLeftmost says whether n is a join whose left spine holds only
// inner and left joins without USING or NATURAL and ends at a LATERAL item.
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
			return rf.Lateral
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

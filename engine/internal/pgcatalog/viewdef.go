package pgcatalog

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// ViewDef is pg_get_viewdef(oid) of a view: its query printed as
// PostgreSQL 15's ruleutils prints a view's rule (PRETTYFLAG_INDENT, one
// target a line): every column prefixed by its relation, relations
// schema-qualified where the search path does not find them, expressions
// in their analyzed form (deparse.go). ok is false for a query outside
// what is modelled — a single SELECT over tables and views joined with
// ON, with a WHERE — and callers print the query as written.
func (s *State) ViewDef(v *catalog.View) (out string, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = "", false
		}
	}()
	tree, err := pgtree.Parse(v.Query)
	if err != nil || len(tree.Stmts) != 1 {
		return "", false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || sel.Op != pg.SetOperation_SETOP_NONE || sel.WithClause != nil || len(sel.DistinctClause) > 0 ||
		len(sel.WindowClause) > 0 || sel.HavingClause != nil || sel.LimitCount != nil || sel.LimitOffset != nil ||
		len(sel.LockingClause) > 0 || sel.IntoClause != nil || len(sel.ValuesLists) > 0 || len(sel.FromClause) != 1 {
		return "", false
	}
	vd := &viewDeparse{s: s, view: v}
	item, ok := vd.fromItem(sel.FromClause[0], 0)
	if !ok {
		return "", false
	}
	var sc *deparseScope
	for i := len(vd.rels) - 1; i >= 0; i-- {
		r := vd.rels[i]
		n := s.newDeparseScope(r.ref, nil)
		n.cols = r.cols
		n.outer = sc
		sc = n
	}
	vd.scope = sc
	// the ON conditions print once every relation is in scope
	from, ok := vd.printFrom(item)
	if !ok {
		return "", false
	}
	var targets []string
	for _, t := range sel.TargetList {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil {
			return "", false
		}
		if cr := rt.Val.GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			expanded, ok := vd.star(cr)
			if !ok {
				return "", false
			}
			targets = append(targets, expanded...)
			continue
		}
		if agg, ok := vd.aggregate(rt.Val); ok {
			label := rt.Name
			if label == "" {
				label = figureColname(rt.Val)
			}
			targets = append(targets, agg+" AS "+QuoteIdent(label))
			continue
		}
		d, ok := sc.analyze(rt.Val)
		if !ok {
			return "", false
		}
		targets = append(targets, vd.print(d))
		label := rt.Name
		if dv, isVar := d.(*dVar); isVar && label == "" {
			label = dv.name
		} else if label == "" {
			label = figureColname(rt.Val)
		}
		if dv, isVar := d.(*dVar); !isVar || dv.name != label || rt.Name != "" && rt.Name != dv.name {
			targets[len(targets)-1] += " AS " + QuoteIdent(label)
		}
	}
	if len(v.Columns) == len(targets) {
		// CREATE VIEW v (a, b) renames the columns: the labels are the view's
		for i, c := range v.Columns {
			if !strings.HasSuffix(targets[i], "."+QuoteIdent(c)) && !strings.HasSuffix(targets[i], " AS "+QuoteIdent(c)) {
				if j := strings.LastIndex(targets[i], " AS "); j >= 0 {
					targets[i] = targets[i][:j]
				}
				targets[i] += " AS " + QuoteIdent(c)
			}
		}
	}
	var b strings.Builder
	b.WriteString(" SELECT " + strings.Join(targets, ",\n    "))
	b.WriteString("\n   FROM " + from)
	if sel.WhereClause != nil {
		d, ok := sc.analyze(sel.WhereClause)
		if !ok {
			return "", false
		}
		b.WriteString("\n  WHERE " + vd.print(d))
	}
	if len(sel.GroupClause) > 0 {
		var keys []string
		for _, g := range sel.GroupClause {
			d, ok := sc.analyze(g)
			if !ok {
				return "", false
			}
			keys = append(keys, vd.print(d))
		}
		b.WriteString("\n  GROUP BY " + strings.Join(keys, ", "))
	}
	if len(sel.SortClause) > 0 {
		var keys []string
		for _, n := range sel.SortClause {
			sb := n.GetSortBy()
			if sb == nil || len(sb.UseOp) > 0 {
				return "", false
			}
			d, ok := sc.analyze(sb.Node)
			if !ok {
				return "", false
			}
			k := vd.print(d)
			desc := sb.SortbyDir == pg.SortByDir_SORTBY_DESC
			if desc {
				k += " DESC"
			}
			// NULLS shows only where it is not the direction's default
			switch sb.SortbyNulls {
			case pg.SortByNulls_SORTBY_NULLS_FIRST:
				if !desc {
					k += " NULLS FIRST"
				}
			case pg.SortByNulls_SORTBY_NULLS_LAST:
				if desc {
					k += " NULLS LAST"
				}
			}
			keys = append(keys, k)
		}
		b.WriteString("\n  ORDER BY " + strings.Join(keys, ", "))
	}
	b.WriteString(";")
	return b.String(), true
}

// viewDeparse is the state of one view's printing.
type viewDeparse struct {
	s     *State
	view  *catalog.View
	rels  []viewRel
	scope *deparseScope
}

// viewRel is a relation of the view's FROM.
type viewRel struct {
	shown, ref string
	names      []string // columns in order
	cols       map[string]*types.Type
}

// fromNode is a FROM item before its ON conditions print.
type fromNode struct {
	rel         int // index in rels, for a relation
	join        *pg.JoinExpr
	left, right *fromNode
}

// fromItem resolves a FROM item's relations.
func (vd *viewDeparse) fromItem(n *pg.Node, depth int) (*fromNode, bool) {
	switch x := n.Node.(type) {
	case *pg.Node_RangeVar:
		rv := x.RangeVar
		if !rv.Inh || rv.Alias != nil && len(rv.Alias.Colnames) > 0 {
			return nil, false
		}
		r, ok := vd.relation(rv.Schemaname, rv.Relname)
		if !ok {
			return nil, false
		}
		r.ref = rv.Relname
		if rv.Alias != nil {
			r.ref = rv.Alias.Aliasname
			r.shown += " " + QuoteIdent(rv.Alias.Aliasname)
		}
		vd.rels = append(vd.rels, r)
		return &fromNode{rel: len(vd.rels) - 1}, true
	case *pg.Node_JoinExpr:
		j := x.JoinExpr
		if j.IsNatural || len(j.UsingClause) > 0 || j.Alias != nil || j.Quals == nil {
			return nil, false
		}
		switch j.Jointype {
		case pg.JoinType_JOIN_INNER, pg.JoinType_JOIN_LEFT, pg.JoinType_JOIN_RIGHT, pg.JoinType_JOIN_FULL:
		default:
			return nil, false
		}
		l, ok := vd.fromItem(j.Larg, depth+1)
		if !ok {
			return nil, false
		}
		r, ok := vd.fromItem(j.Rarg, depth+1)
		if !ok || r.join != nil {
			return nil, false
		}
		return &fromNode{join: j, left: l, right: r}, true
	}
	return nil, false
}

// printFrom prints a FROM item as get_from_clause_item does with
// PRETTYFLAG_INDENT: a join in parentheses, each JOIN on its own line.
func (vd *viewDeparse) printFrom(f *fromNode) (string, bool) {
	if f.join == nil {
		return vd.rels[f.rel].shown, true
	}
	l, ok := vd.printFrom(f.left)
	if !ok {
		return "", false
	}
	word := map[pg.JoinType]string{pg.JoinType_JOIN_INNER: "JOIN", pg.JoinType_JOIN_LEFT: "LEFT JOIN",
		pg.JoinType_JOIN_RIGHT: "RIGHT JOIN", pg.JoinType_JOIN_FULL: "FULL JOIN"}[f.join.Jointype]
	on, ok := vd.scope.analyze(f.join.Quals)
	if !ok {
		return "", false
	}
	return "(" + l + "\n     " + word + " " + vd.rels[f.right.rel].shown + " ON (" + vd.print(on) + "))", true
}

// relation resolves a table or view the query reads.
func (vd *viewDeparse) relation(schema, name string) (viewRel, bool) {
	s := vd.s
	search := append([]string(nil), s.SearchPath...)
	if schema != "" {
		search = []string{schema}
	} else {
		// where the name resolved when the view was made, which the
		// search path now may not reach (pg_dump empties it)
		for _, q := range vd.view.Tables {
			if q.Name == name {
				search = append(search, q.Schema)
			}
		}
	}
	for _, sc := range search {
		q := catalog.QName{Schema: sc, Name: name}
		r := viewRel{cols: map[string]*types.Type{}}
		if v, ok := s.Catalog.View(q); ok {
			for i, c := range v.Columns {
				if i < len(v.Types) {
					r.cols[c], r.names = v.Types[i], append(r.names, c)
				}
			}
		} else if t, ok, err := s.DB.Table(s.Ctx, sc, name); err == nil && ok {
			for _, c := range t.Schema() {
				if ct, ok := c.Type.(*types.Type); ok {
					r.cols[c.Name], r.names = ct, append(r.names, c.Name)
				}
			}
		} else {
			continue
		}
		r.shown = QuoteIdent(name)
		if !vd.firstOnPath(sc, name) {
			r.shown = QuoteIdent(sc) + "." + r.shown
		}
		return r, true
	}
	return viewRel{}, false
}

// firstOnPath reports whether the search path finds schema.name by its
// bare name (generate_relation_name prints it unqualified then).
func (vd *viewDeparse) firstOnPath(schema, name string) bool {
	s := vd.s
	for _, p := range s.SearchPath {
		if _, ok := s.Catalog.View(catalog.QName{Schema: p, Name: name}); ok {
			return p == schema
		}
		if _, ok, err := s.DB.Table(s.Ctx, p, name); err == nil && ok {
			return p == schema
		}
	}
	return false
}

// star expands `*` or `rel.*` into the relations' columns, in order.
func (vd *viewDeparse) star(cr *pg.ColumnRef) ([]string, bool) {
	var out []string
	qual := ""
	if len(cr.Fields) == 2 {
		qual = cr.Fields[0].GetString_().GetSval()
	}
	for _, r := range vd.rels {
		if qual != "" && r.ref != qual {
			continue
		}
		for _, c := range r.names {
			out = append(out, QuoteIdent(r.ref)+"."+QuoteIdent(c))
		}
	}
	return out, len(out) > 0
}

// print prints an analyzed expression of the view: non-pretty, columns
// prefixed.
func (vd *viewDeparse) print(d dnode) string {
	p := &printer{varPrefix: true, qualifyPublic: !vd.s.visible("public")}
	p.expr(d, false)
	return p.b.String()
}

// aggregate prints a plain aggregate call of the target list — count(*),
// or count / sum / avg / min / max / bool_and / bool_or / array_agg /
// string_agg of columns and constants — as ruleutils prints it; ok is
// false for anything else (FILTER, ORDER BY, DISTINCT, windows).
func (vd *viewDeparse) aggregate(n *pg.Node) (string, bool) {
	f := n.GetFuncCall()
	if f == nil || f.Over != nil || f.AggFilter != nil || len(f.AggOrder) > 0 || f.AggDistinct || f.FuncVariadic || len(f.Funcname) != 1 {
		return "", false
	}
	name := f.Funcname[0].GetString_().GetSval()
	switch name {
	case "count", "sum", "avg", "min", "max", "bool_and", "bool_or", "array_agg", "string_agg":
	default:
		return "", false
	}
	if f.AggStar {
		return name + "(*)", name == "count"
	}
	var args []string
	for _, a := range f.Args {
		d, ok := vd.scope.analyze(a)
		if !ok {
			return "", false
		}
		if c, isConst := d.(*dConst); isConst && c.t.Kind == types.KindUnknown {
			// an untyped literal argument (string_agg's delimiter) is text
			d = &dConst{t: types.Text, val: c.val, text: c.text}
		}
		args = append(args, vd.print(d))
	}
	return name + "(" + strings.Join(args, ", ") + ")", len(args) > 0
}

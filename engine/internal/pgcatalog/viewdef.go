package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// ViewDef is pg_get_viewdef(oid) of a view: its query printed as
// PostgreSQL 15's ruleutils prints a view's rule (PRETTYFLAG_INDENT, one
// target a line): every column prefixed by its relation, relations
// schema-qualified where the search path does not find them, expressions
// in their analyzed form (deparse.go, viewquery.go). ok is false for a
// query outside what is modelled, and callers print the query as
// written.
func (s *State) ViewDef(v *catalog.View) (out string, ok bool) {
	return s.ViewDefPretty(v, false)
}

// ViewDefPretty is pg_get_viewdef(oid, pretty): pretty output also
// leaves out the parentheses precedence does not need (PRETTYFLAG_PAREN).
func (s *State) ViewDefPretty(v *catalog.View, pretty bool) (out string, ok bool) {
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
	if sel == nil {
		return "", false
	}
	vd := &viewDeparse{s: s, view: v}
	q, ok := vd.selectQuery(sel, nil, nil)
	if !ok {
		return "", false
	}
	names := q.names
	if len(v.Columns) == len(names) {
		// the view's own column names (CREATE VIEW v (a, b), renames)
		names = v.Columns
	}
	p := &printer{pretty: pretty, varPrefix: true, state: s}
	p.query(q, 0, names, true)
	return p.b.String() + ";", true
}

// viewDeparse is the state of one view's printing.
type viewDeparse struct {
	s    *State
	view *catalog.View
	// cur and qs are the query level being analyzed: where a window
	// function's named window is found, and the CTEs and refnames a
	// sub-link's query sees
	cur *aQuery
	qs  *qscope
}

// viewRel is a relation of the view's FROM.
type viewRel struct {
	shown string
	names []string // columns in order
	cols  map[string]*types.Type
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

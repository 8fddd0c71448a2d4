package session

import (
	"encoding/json"
	"github.com/tinybase/tinybase/internal/pgtree"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func (s *Session) createView(c *translate.CreateView) error {
	cat := s.catalog()
	schema, err := s.creationSchema(c.Name.Schema)
	if err != nil {
		return err
	}
	q := catalog.QName{Schema: schema, Name: c.Name.Name}
	old, oldExists := cat.View(q)
	if oldExists && !c.Replace {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	if !oldExists && s.relationExists(cat, q) {
		if c.Replace {
			return pgerror.New(pgerror.WrongObjectType, "%q is not a view", q.Name)
		}
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	cols, colTypes, err := s.queryColumns(c.Query)
	if err != nil {
		return s.viewQueryError(err) // errpos.go
	}
	if len(c.Columns) > len(cols) {
		return pgerror.New(pgerror.SyntaxError, "CREATE VIEW specifies more column names than columns")
	}
	copy(cols, c.Columns)
	seen := map[string]bool{}
	for _, col := range cols {
		if seen[col] {
			return pgerror.New(pgerror.DuplicateColumn, "column %q specified more than once", col)
		}
		seen[col] = true
	}
	if oldExists {
		if len(cols) < len(old.Columns) {
			return pgerror.New(pgerror.InvalidTableDefinition, "cannot drop columns from view")
		}
		for i, oc := range old.Columns {
			if cols[i] != oc {
				return pgerror.New(pgerror.InvalidTableDefinition, "cannot change name of view column %q to %q", oc, cols[i]).
					WithHint("Use ALTER VIEW ... RENAME COLUMN ... to change name of view column instead.")
			}
		}
	}
	v := catalog.View{Schema: schema, Name: q.Name, Query: c.Query, Columns: cols, Types: colTypes, Tables: s.queryRelations(c.Query)}
	if oldExists {
		v.OID = old.OID
	}
	s.setCatalog(cat.PutView(v))
	return nil
}

// queryColumns plans a view's SELECT (reporting its errors) and returns
// its column names and types (an unknown-typed literal column is text, as
// PostgreSQL resolves it).
func (s *Session) queryColumns(query string) ([]string, []*types.Type, error) {
	tree, err := pgtree.Parse(query)
	if err != nil {
		return nil, nil, syntaxError(err, query)
	}
	tr := &translate.Translator{Env: &s.env, Tables: s, Catalog: s.translatorCatalog()}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil {
		return nil, nil, err
	}
	ctx := s.gmsContext()
	schema, iter, _, err := s.eng.gms.QueryWithBindings(ctx, query, res.Stmt, nil, nil)
	if err != nil {
		return nil, nil, mapError(err)
	}
	if iter != nil {
		_ = iter.Close(ctx)
	}
	cols := make([]string, len(schema))
	colTypes := make([]*types.Type, len(schema))
	for i, c := range schema {
		cols[i] = c.Name
		colTypes[i] = expr.FromGMSType(c.Type)
		if colTypes[i].Kind == types.KindUnknown {
			colTypes[i] = types.Text
		}
	}
	return cols, colTypes, nil
}

// queryRelations lists the existing tables and views a query reads, for
// DROP dependencies.
func (s *Session) queryRelations(query string) []catalog.QName {
	js, err := pg.ParseToJSON(query)
	if err != nil {
		return nil
	}
	var tree any
	if json.Unmarshal([]byte(js), &tree) != nil {
		return nil
	}
	seen := map[catalog.QName]bool{}
	var out []catalog.QName
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if rv, ok := x["RangeVar"].(map[string]any); ok {
				name, _ := rv["relname"].(string)
				schema, _ := rv["schemaname"].(string)
				if q, err := s.resolveRelation(catalog.QName{Schema: schema, Name: name}); err == nil && !seen[q] {
					seen[q] = true
					out = append(out, q)
				}
			}
			for _, c := range x {
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(tree)
	return out
}

func (s *Session) renameRelation(c *translate.RenameRelation) error {
	cat := s.catalog()
	switch c.Kind {
	case "view":
		v, isTable := s.findView(cat, c.Name)
		if v == nil {
			if c.IfExists {
				return nil
			}
			if isTable {
				return pgerror.New(pgerror.WrongObjectType, "%q is not a view", c.Name.Name)
			}
			return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Name)
		}
		nq := catalog.QName{Schema: v.Schema, Name: c.NewName}
		if s.relationExists(cat, nq) {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", c.NewName)
		}
		nv := *v
		nv.Name = c.NewName
		s.setCatalog(cat.DropView(catalog.QName{Schema: v.Schema, Name: v.Name}).PutView(nv).CopyRelationSecurity(cat, catalog.QName{Schema: v.Schema, Name: v.Name}, nq))
	case "sequence":
		seq, err := s.resolveSequence(cat, c.Name)
		if err != nil {
			if c.IfExists {
				return nil
			}
			return err
		}
		nq := catalog.QName{Schema: seq.Schema, Name: c.NewName}
		if s.relationExists(cat, nq) {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", c.NewName)
		}
		ns := *seq
		ns.Name = c.NewName
		before := cat
		cat = cat.DropSequence(catalog.QName{Schema: seq.Schema, Name: seq.Name})
		cat, _ = cat.PutSequence(ns)
		s.setCatalog(cat.CopyRelationSecurity(before, catalog.QName{Schema: seq.Schema, Name: seq.Name}, nq))
	}
	return nil
}

package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgTables is the pg_catalog.pg_tables view: one row per ordinary table
// (relkind r; materialized and foreign tables are listed elsewhere).
var pgTables = &def{
	cols: []column{
		{"schemaname", types.Name}, {"tablename", types.Name}, {"tableowner", types.Name},
		{"tablespace", types.Name}, {"hasindexes", types.Bool}, {"hasrules", types.Bool},
		{"hastriggers", types.Bool}, {"rowsecurity", types.Bool},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		_, triggers, err := s.tableFlags(rels) // pg_class_flags.go
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			q := catalog.QName{Schema: r.Schema, Name: r.Name}
			if _, mv := s.Catalog.Matview(q); mv || s.isForeign(r.Schema, r.Name) {
				continue
			}
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			owner := s.Catalog.Owner(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: r.Schema, Name: r.Name})
			out = append(out, []any{r.Schema, r.Name, owner, nil, len(idx) > 0, len(s.Catalog.Rules(q)) > 0,
				triggers[r.Schema+"."+r.Name], s.Catalog.RowSecurity(q).Enabled})
		}
		for _, r := range systemRelations() {
			if r.Kind == 'r' {
				out = append(out, []any{r.Schema, r.Name, catalog.BootstrapSuperuser, nil, true, false, false, false})
			}
		}
		return out, nil
	},
}

// pgMatviews is the pg_catalog.pg_matviews view: one row per materialized
// view, its definition as pg_get_viewdef prints it.
var pgMatviews = &def{
	cols: []column{
		{"schemaname", types.Name}, {"matviewname", types.Name}, {"matviewowner", types.Name},
		{"tablespace", types.Name}, {"hasindexes", types.Bool}, {"ispopulated", types.Bool},
		{"definition", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			q := catalog.QName{Schema: r.Schema, Name: r.Name}
			query, ok := s.Catalog.Matview(q)
			if !ok {
				continue
			}
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			owner := s.Catalog.Owner(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: r.Schema, Name: r.Name})
			out = append(out, []any{r.Schema, r.Name, owner, nil, len(idx) > 0, true,
				s.viewDefinition(&catalog.View{Schema: r.Schema, Name: r.Name, Query: query})})
		}
		return out, nil
	},
}

// viewDefinition is pg_get_viewdef(oid) of v, or its query as written
// when the deparser does not model it.
func (s *State) viewDefinition(v *catalog.View) string {
	if def, ok := s.ViewDef(v); ok {
		return def
	}
	return " " + v.Query + ";"
}

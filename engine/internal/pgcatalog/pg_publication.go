package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The publication catalogs, from the catalog's publications
// (catalog/publications.go). Row filters and column lists are not kept:
// prqual, prattrs and rowfilter are null, attnames every column.

// pgPublication is pg_catalog.pg_publication.
var pgPublication = &def{
	cols: []column{
		{"oid", types.Oid}, {"pubname", types.Name}, {"pubowner", types.Oid}, {"puballtables", types.Bool},
		{"pubinsert", types.Bool}, {"pubupdate", types.Bool}, {"pubdelete", types.Bool},
		{"pubtruncate", types.Bool}, {"pubviaroot", types.Bool},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, p := range s.Catalog.Publications() {
			out = append(out, []any{p.OID, p.Name, s.RoleOID(p.Owner), p.AllTables, p.Insert, p.Update, p.Delete, p.Truncate, p.ViaRoot})
		}
		return out, nil
	},
}

// pgPublicationNamespace is pg_catalog.pg_publication_namespace.
var pgPublicationNamespace = &def{
	cols: []column{{"oid", types.Oid}, {"pnpubid", types.Oid}, {"pnnspid", types.Oid}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, p := range s.Catalog.Publications() {
			for i, sc := range p.Schemas {
				out = append(out, []any{p.SchemaOIDs[i], p.OID, NamespaceOID(sc)})
			}
		}
		return out, nil
	},
}

// pgPublicationRel is pg_catalog.pg_publication_rel.
var pgPublicationRel = &def{
	cols: []column{{"oid", types.Oid}, {"prpubid", types.Oid}, {"prrelid", types.Oid}, {"prqual", types.Text}, {"prattrs", int2Array}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, p := range s.Catalog.Publications() {
			for i, t := range p.Tables {
				out = append(out, []any{p.RelOIDs[i], p.OID, RelationOID(t.Schema, t.Name), nil, nil})
			}
		}
		return out, nil
	},
}

// pgPublicationTables is the pg_catalog.pg_publication_tables view: each
// publication's tables (every user table for FOR ALL TABLES, a schema's
// tables for FOR TABLES IN SCHEMA) with their columns.
var pgPublicationTables = &def{
	cols: []column{
		{"pubname", types.Name}, {"schemaname", types.Name}, {"tablename", types.Name},
		{"attnames", types.ArrayOf(types.Name)}, {"rowfilter", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		pubs := s.Catalog.Publications()
		if len(pubs) == 0 {
			return nil, nil
		}
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, p := range pubs {
			for _, r := range rels {
				if r.Schema == "pg_catalog" || r.Schema == "information_schema" {
					continue
				}
				if !p.AllTables && !publishes(p, r.Schema, r.Name) {
					continue
				}
				var cols []any
				for _, c := range r.Table.Schema() {
					cols = append(cols, c.Name)
				}
				out = append(out, []any{p.Name, r.Schema, r.Name, types.NewArray(types.Name, cols), nil})
			}
		}
		return out, nil
	},
}

func publishes(p *catalog.Publication, schema, name string) bool {
	for _, sc := range p.Schemas {
		if sc == schema {
			return true
		}
	}
	for _, t := range p.Tables {
		if t.Schema == schema && t.Name == name {
			return true
		}
	}
	return false
}

package pgcatalog

import (
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The publication catalogs, from the catalog's publications
// (catalog/publications.go). A row filter is kept as its source text and
// shown (prqual, rowfilter) as PostgreSQL prints the analyzed expression;
// a column list as column names, shown as numbers in prattrs.

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
		var cols map[catalog.QName]sql.Schema
		for _, p := range s.Catalog.Publications() {
			for i, t := range p.Tables {
				o := p.TableOpt(i)
				var qual, attrs any
				if o.Where != "" || o.Columns != nil {
					if cols == nil {
						var err error
						if cols, err = s.tableSchemas(); err != nil {
							return nil, err
						}
					}
					qual, attrs = s.rowFilter(o, t, cols[t]), columnNumbers(o, cols[t])
				}
				out = append(out, []any{p.RelOIDs[i], p.OID, RelationOID(t.Schema, t.Name), qual, attrs})
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
				if !s.publishesRelation(p, catalog.QName{Schema: r.Schema, Name: r.Name}) {
					continue
				}
				var o catalog.PublicationTableOpts
				// a table the publication takes with its whole schema
				// shows no row filter, as pg_get_publication_tables
				// ignores its own member then
				if i := slices.Index(p.Tables, catalog.QName{Schema: r.Schema, Name: r.Name}); i >= 0 && !slices.Contains(p.Schemas, r.Schema) {
					o = p.TableOpt(i)
				}
				var cols []any
				for _, c := range r.Table.Schema() {
					if o.Columns == nil || slices.Contains(o.Columns, c.Name) {
						cols = append(cols, c.Name)
					}
				}
				out = append(out, []any{p.Name, r.Schema, r.Name, types.NewArray(types.Name, cols), s.rowFilter(o, catalog.QName{Schema: r.Schema, Name: r.Name}, r.Table.Schema())})
			}
		}
		return out, nil
	},
}

// publishesRelation reports whether pg_publication_tables lists q under
// p, as pg_get_publication_tables does: a partitioned table's changes
// are published as its leaf partitions' unless p publishes via the
// partition root, when the root is listed instead of its partitions.
func (s *State) publishesRelation(p *catalog.Publication, q catalog.QName) bool {
	cat := s.Catalog
	_, parted := cat.Partitioned(q)
	_, isPart := cat.PartitionParent(q)
	if p.AllTables || slices.Contains(p.Schemas, q.Schema) {
		if p.ViaRoot {
			return !isPart
		}
		return !parted
	}
	if slices.Contains(p.Tables, q) {
		return p.ViaRoot || !parted
	}
	if p.ViaRoot || parted {
		return false
	}
	// a leaf of a listed partitioned table
	for a, ok := cat.PartitionParent(q); ok; a, ok = cat.PartitionParent(a) {
		if slices.Contains(p.Tables, a) {
			return true
		}
	}
	return false
}

// tableSchemas maps each table to its columns.
func (s *State) tableSchemas() (map[catalog.QName]sql.Schema, error) {
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	out := make(map[catalog.QName]sql.Schema, len(rels))
	for _, r := range rels {
		out[catalog.QName{Schema: r.Schema, Name: r.Name}] = r.Table.Schema()
	}
	return out, nil
}

// rowFilter is a member's row filter as PostgreSQL prints it
// (pg_get_expr of prqual), nil without one.
func (s *State) rowFilter(o catalog.PublicationTableOpts, t catalog.QName, cols sql.Schema) any {
	if o.Where == "" {
		return nil
	}
	if out, ok := s.DeparseStored(o.Where, t.Name, cols, false); ok {
		return out
	}
	return o.Where
}

// columnNumbers is a member's column list as prattrs holds it: the
// columns' numbers, ascending; nil without a list.
func columnNumbers(o catalog.PublicationTableOpts, cols sql.Schema) any {
	if o.Columns == nil {
		return nil
	}
	var nums []any
	for i, c := range cols {
		if slices.Contains(o.Columns, c.Name) {
			nums = append(nums, int16(i+1))
		}
	}
	return types.NewArray(types.Int2, nums)
}

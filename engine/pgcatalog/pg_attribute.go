package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/types"
)

// pgAttribute is pg_catalog.pg_attribute: the columns of tables, views
// and composite types (system columns and dropped columns are not kept,
// so not listed).
var pgAttribute = &def{
	cols: []column{
		{"attrelid", types.Oid}, {"attname", types.Name}, {"atttypid", types.Oid}, {"attstattarget", types.Int4},
		{"attlen", types.Int2}, {"attnum", types.Int2}, {"attndims", types.Int4}, {"attcacheoff", types.Int4},
		{"atttypmod", types.Int4}, {"attbyval", types.Bool}, {"attalign", types.Char}, {"attstorage", types.Char},
		{"attcompression", types.Char}, {"attnotnull", types.Bool}, {"atthasdef", types.Bool},
		{"atthasmissing", types.Bool}, {"attidentity", types.Char}, {"attgenerated", types.Char},
		{"attisdropped", types.Bool}, {"attislocal", types.Bool}, {"attinhcount", types.Int4},
		{"attcollation", types.Oid}, {"attoptions", types.ArrayOf(types.Text)},
		{"attacl", types.ArrayOf(types.Text)}, {"attfdwoptions", types.ArrayOf(types.Text)}, {"attmissingval", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		// identity columns, looked up once per scan (the first owned
		// sequence in name order, as Catalog.ColumnSequence picks)
		identities := map[[3]string]byte{}
		for _, q := range s.Catalog.Sequences() {
			if q.OwnedBy == nil {
				continue
			}
			k := [3]string{q.OwnedBy.Schema, q.OwnedBy.Table, q.OwnedBy.Column}
			if _, seen := identities[k]; !seen {
				identities[k] = q.Identity
			}
		}
		var out [][]any
		for _, r := range rels {
			oid := RelationOID(r.Schema, r.Name)
			for i, col := range r.Table.Schema() {
				t, _ := col.Type.(*types.Type)
				if t == nil {
					t = types.Unknown
				}
				identity, generated := "", ""
				if id := identities[[3]string{r.Schema, r.Name, col.Name}]; id != 0 {
					identity = string(id)
				}
				if col.Generated != nil {
					generated = "s"
				}
				out = append(out, attributeRow(oid, col.Name, i+1, t, !col.Nullable,
					(col.Default != nil || col.Generated != nil) && identity == "", identity, generated))
			}
		}
		out = append(out, viewAttributes(s)...)
		out = append(out, compositeAttributes(s)...) // composite.go
		return out, nil
	},
}

// viewAttributes are the columns of views, with the types they were
// created with: never NOT NULL, without defaults, and no array dimensions
// (PostgreSQL records attndims only for table columns).
func viewAttributes(s *State) [][]any {
	var out [][]any
	for _, v := range s.Catalog.Views() {
		if len(v.Types) != len(v.Columns) {
			continue
		}
		for i, name := range v.Columns {
			r := attributeRow(v.OID, name, i+1, v.Types[i], false, false, "", "")
			r[attNDimsCol] = int32(0)
			out = append(out, r)
		}
	}
	return out
}

// attNDimsCol is pg_attribute.attndims' position.
const attNDimsCol = 6

// attributeRow is one pg_attribute row.
func attributeRow(rel uint32, name string, num int, t *types.Type, notNull, hasDef bool, identity, generated string) []any {
	ndims := int32(0)
	if t.Kind == types.KindArray {
		ndims = 1
	}
	var coll uint32
	if t.Base().IsString() {
		coll = 100
	}
	return []any{rel, name, t.OID, int32(-1), t.Len, int16(num), ndims, int32(-1),
		t.Mod, t.Len > 0 && t.Len <= 8, "i", storageOf(t), "", notNull, hasDef, false, identity, generated,
		false, true, int32(0), coll, nil, nil, nil, nil}
}

package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgAttribute is pg_catalog.pg_attribute: the columns of tables, views
// and composite types, and the system columns of the relations that have
// them (dropped columns are not kept, so not listed).
var pgAttribute = &def{
	cols: []column{
		{"attrelid", types.Oid}, {"attname", types.Name}, {"atttypid", types.Oid}, {"attstattarget", types.Int4},
		{"attlen", types.Int2}, {"attnum", types.Int2}, {"attndims", types.Int4}, {"attcacheoff", types.Int4},
		{"atttypmod", types.Int4}, {"attbyval", types.Bool}, {"attalign", types.Char}, {"attstorage", types.Char},
		{"attcompression", types.Char}, {"attnotnull", types.Bool}, {"atthasdef", types.Bool},
		{"atthasmissing", types.Bool}, {"attidentity", types.Char}, {"attgenerated", types.Char},
		{"attisdropped", types.Bool}, {"attislocal", types.Bool}, {"attinhcount", types.Int4},
		{"attcollation", types.Oid}, {"attoptions", types.ArrayOf(types.Text)},
		{"attacl", aclitemArray}, {"attfdwoptions", types.ArrayOf(types.Text)}, {"attmissingval", types.Text},
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
		var b attributeRows
		for _, r := range rels {
			oid := any(RelationOID(r.Schema, r.Name))
			q := catalog.QName{Schema: r.Schema, Name: r.Name}
			inh := s.inheritedColumnCounts(q) // attribute_settings.go
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
				row := b.row(oid, col.Name, i+1, t, !col.Nullable,
					(col.Default != nil && !nullDefault(col.Default, col.Type) || col.Generated != nil) && identity == "", identity, generated)
				// column privileges (GRANT ... (col)); NULL once none are left
				if a := s.Catalog.ACL(catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: r.Schema, Name: r.Name, Column: col.Name}); len(a) > 0 {
					row[attACLCol] = aclArray(s.aclStrings(a))
				}
				s.columnSettings(q, col.Name, inh, row) // attribute_settings.go
				out = append(out, row)
			}
			out = append(out, b.heapSystemColumns(oid)...)
		}
		ixRows, err := b.indexAttributes(s, rels) // index_attributes.go
		if err != nil {
			return nil, err
		}
		out = append(out, ixRows...)
		out = append(out, b.sequenceAttributes(s)...)
		out = append(out, b.viewAttributes(s)...)
		out = append(out, b.systemAttributes()...)
		out = append(out, compositeAttributes(s)...) // composite.go
		return out, nil
	},
}

// viewAttributes are the columns of views, with the types they were
// created with: never NOT NULL, without defaults, and no array dimensions
// (PostgreSQL records attndims only for table columns).
func (b *attributeRows) viewAttributes(s *State) [][]any {
	var out [][]any
	for _, v := range s.Catalog.Views() {
		if len(v.Types) != len(v.Columns) {
			continue
		}
		oid := any(v.OID)
		for i, name := range v.Columns {
			r := b.row(oid, name, i+1, v.Types[i], false, false, "", "")
			r[attNDimsCol] = int32(0)
			out = append(out, r)
		}
	}
	return out
}

// sequenceAttributes are the columns of sequences: a sequence reads as a
// one-row relation of its state (sequence_relation.go), every column NOT
// NULL.
func (b *attributeRows) sequenceAttributes(s *State) [][]any {
	var out [][]any
	for _, q := range s.Catalog.Sequences() {
		oid := any(q.OID)
		for i, c := range sequenceColumns {
			out = append(out, b.row(oid, c.name, i+1, c.typ, true, false, "", ""))
		}
		out = append(out, b.heapSystemColumns(oid)...)
	}
	return out
}

// systemAttributes are the columns of the system catalogs. A catalog
// table's column is NOT NULL when it and every column before it have a
// fixed width, the rule PostgreSQL's genbki applies to its catalogs
// (pg_type.typname is NOT NULL, pg_type.typdefault is not).
func (b *attributeRows) systemAttributes() [][]any {
	var out [][]any
	for _, r := range systemRelations() { // registry.go
		oid := any(r.OID)
		fixed := r.Kind == 'r'
		for i, c := range r.def.cols {
			fixed = fixed && c.typ.Len > 0
			out = append(out, b.row(oid, c.name, i+1, c.typ, fixed, false, "", ""))
		}
		if r.Kind == 'r' {
			out = append(out, b.heapSystemColumns(oid)...)
		}
	}
	return out
}

// heapSystemColumns are the system columns of relation rel (docs 5.5),
// which PostgreSQL lists for every relation with storage of its own
// rows: tables, partitioned tables, materialized views, foreign tables,
// sequences and the catalogs' tables (not views, composite types or
// indexes). Numbered -1 (ctid) to -6 (tableoid) as PostgreSQL 12 on
// numbers them, NOT NULL, with a statistics target of 0.
func (b *attributeRows) heapSystemColumns(rel any) [][]any {
	out := make([][]any, len(systemAttrs))
	for i, c := range systemAttrs {
		r := b.row(rel, c.name, -(i + 1), c.typ, true, false, "", "")
		r[attStatTargetCol] = int32(0)
		out[i] = r
	}
	return out
}

// systemAttrs are the system columns in attnum order from -1.
var systemAttrs = []struct {
	name string
	typ  *types.Type
}{{"ctid", types.TIDType}, {"xmin", types.Xid}, {"cmin", types.Cid}, {"xmax", types.Xid}, {"cmax", types.Cid}, {"tableoid", types.Oid}}

// attNDimsCol, attCollationCol and attACLCol are pg_attribute's
// attndims', attcollation's and attacl's positions (attStatTargetCol:
// attribute_settings.go).
const (
	attNDimsCol     = 6
	attCollationCol = 21
	attACLCol       = 23
)

// attributeRows builds pg_attribute rows, boxing what a type contributes
// to them once per type rather than once per column.
type attributeRows struct {
	types map[*types.Type][]any
	slab  []any // room for the next rows
}

// Positions in a type's boxed values.
const (
	boxOID = iota
	boxLen
	boxMod
	boxByVal
	boxStorage
	boxNDims
	boxColl
	boxAlign
)

func (b *attributeRows) boxed(t *types.Type) []any {
	if v, ok := b.types[t]; ok {
		return v
	}
	ndims := int32(0)
	if t.Kind == types.KindArray {
		ndims = 1
	}
	coll := typCollation(t) // pg_type.go
	// attlen, attbyval, attalign and attstorage copy pg_type's row
	io := ioOf(t) // builtin_types.go
	v := []any{t.OID, t.Len, t.Mod, io.byVal, string(rune(io.storage)), ndims, coll, string(rune(io.align))}
	if b.types == nil {
		b.types = map[*types.Type][]any{}
	}
	b.types[t] = v
	return v
}

// row is one pg_attribute row; rel is the relation's OID (a uint32).
func (b *attributeRows) row(rel any, name string, num int, t *types.Type, notNull, hasDef bool, identity, generated string) []any {
	x := b.boxed(t)
	const n = attColumns
	if len(b.slab) < n {
		b.slab = make([]any, n*rowsPerSlab)
	}
	r := b.slab[:n:n]
	b.slab = b.slab[n:]
	copy(r, []any{rel, name, x[boxOID], int32(-1), x[boxLen], int16(num), x[boxNDims], int32(-1),
		x[boxMod], x[boxByVal], x[boxAlign], x[boxStorage], "", notNull, hasDef, false, identity, generated,
		false, true, int32(0), x[boxColl], nil, nil, nil, nil})
	return r
}

// rowsPerSlab is how many rows attributeRows allocates at once: a
// catalog of a few hundred tables has thousands of columns, and one
// allocation per row was most of the cost of listing them.
const rowsPerSlab = 128

// attColumns is the number of pg_attribute's columns.
const attColumns = 26

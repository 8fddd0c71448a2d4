package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgIndex is pg_catalog.pg_index. indkey is smallint[] here (tinybase has
// no int2vector); key columns of expression indexes are 0 as in
// PostgreSQL. indclass names each column's default btree operator class,
// indoption is 0 (ASC NULLS LAST) per column; indexprs and indpred hold
// the key expressions and the predicate in pg_get_expr's form, which is
// what pg_get_expr(indpred, indrelid) then prints (tinybase keeps
// expressions as text, not node trees).
var pgIndex = &def{
	cols: []column{
		{"indexrelid", types.Oid}, {"indrelid", types.Oid}, {"indnatts", types.Int2}, {"indnkeyatts", types.Int2},
		{"indisunique", types.Bool}, {"indnullsnotdistinct", types.Bool}, {"indisprimary", types.Bool},
		{"indisexclusion", types.Bool}, {"indimmediate", types.Bool}, {"indisclustered", types.Bool},
		{"indisvalid", types.Bool}, {"indcheckxmin", types.Bool}, {"indisready", types.Bool},
		{"indislive", types.Bool}, {"indisreplident", types.Bool}, {"indkey", types.ArrayOf(types.Int2)},
		{"indcollation", types.ArrayOf(types.Oid)}, {"indclass", types.ArrayOf(types.Oid)},
		{"indoption", types.ArrayOf(types.Int2)}, {"indexprs", types.Text}, {"indpred", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			ords := map[string]int16{}
			colType := map[string]*types.Type{}
			for i, c := range r.Table.Schema() {
				ords[c.Name] = int16(i + 1)
				if t, ok := c.Type.(*types.Type); ok {
					colType[c.Name] = t
				}
			}
			flags := s.Catalog.RowSecurity(catalog.QName{Schema: r.Schema, Name: r.Name})
			for _, ix := range idx {
				replident := flags.ReplicaIdentity() == 'i' && flags.ReplicaIndex == ix.Name
				var key, coll, class, opt []any
				for i, part := range s.indexParts(r, ix, colType) {
					key = append(key, ords[part.col]) // 0 for an expression
					var typeOID, collOID uint32
					if t := part.typ; t != nil {
						typeOID, collOID = t.Base().OID, typCollation(t) // pg_type.go
					}
					coll = append(coll, collOID)
					class = append(class, s.indexOpclass(ix.AM, i, typeOID))
					opt = append(opt, int16(0))
				}
				if len(key) == 0 {
					key, coll, class, opt = []any{int16(0)}, []any{uint32(0)}, []any{uint32(0)}, []any{int16(0)}
				}
				n := int16(len(key))
				exprs, pred := s.indexExprs(r, ix)
				out = append(out, []any{RelationOID(r.Schema, ix.Name), RelationOID(r.Schema, r.Name), n, n,
					ix.Unique, false, ix.PrimaryKey, s.isExclusion(r, ix.Name), true, flags.ClusterIndex == ix.Name, true, false, true, true, replident,
					vector(types.Int2, key), vector(types.Oid, coll), vector(types.Oid, class),
					vector(types.Int2, opt), exprs, pred})
			}
		}
		return out, nil
	},
}

// indexPart is one key part of an index: a column, or an expression
// (col empty) of type typ.
type indexPart struct {
	col string
	typ *types.Type
}

// indexParts are an index's key parts: its columns, or for an expression
// index each part of its key, a bare column reference as that column.
func (s *State) indexParts(r Relation, ix storage.IndexInfo, colType map[string]*types.Type) []indexPart {
	var parts []indexPart
	if !ix.Expression {
		for _, c := range ix.Columns {
			parts = append(parts, indexPart{col: c, typ: colType[c]})
		}
		return parts
	}
	cols := r.Table.Schema()
	for _, src := range ix.Source {
		n, err := s.parseExpr(src)
		if err != nil {
			parts = append(parts, indexPart{})
			continue
		}
		if c := n.GetColumnRef(); c != nil && len(c.Fields) == 1 && c.Fields[0].GetString_() != nil {
			name := c.Fields[0].GetString_().Sval
			parts = append(parts, indexPart{col: name, typ: colType[name]})
			continue
		}
		var t *types.Type
		if d, ok := s.deparseNode(n, r.Name, cols); ok {
			t = d.dtype()
		}
		parts = append(parts, indexPart{typ: t})
	}
	return parts
}

// indexExprs are pg_index.indexprs and indpred: an expression index's
// key expressions (its plain-column parts are in indkey) and a partial
// index's predicate, nil when there are none or they cannot be printed.
func (s *State) indexExprs(r Relation, ix storage.IndexInfo) (exprs, pred any) {
	cols := r.Table.Schema()
	if ix.Expression {
		var parts []string
		for _, src := range ix.Source {
			n, err := s.parseExpr(src)
			if err != nil {
				parts = nil
				break
			}
			if c := n.GetColumnRef(); c != nil && len(c.Fields) == 1 {
				continue
			}
			d, ok := s.deparseNode(n, r.Name, cols)
			if !ok {
				parts = nil
				break
			}
			parts = append(parts, printExpr(d, false))
		}
		if len(parts) > 0 {
			exprs = strings.Join(parts, ", ")
		}
	}
	if ix.Partial && ix.WhereSource != "" {
		if w, ok := s.DeparseStoredIn(ix.WhereSource, r.Schema, r.Name, cols, false); ok {
			pred = w
		}
	}
	return exprs, pred
}

// vector is an int2vector or oidvector value: an array whose subscripts
// start at 0, as PostgreSQL's do (indkey[0] is the first key column).
func vector(elem *types.Type, vals []any) *types.Array {
	a := types.NewArray(elem, vals)
	if len(vals) == 0 {
		// an empty vector still has its one dimension (array_lower is 0,
		// array_upper -1)
		a.Dims, a.Lower = []int{0}, []int{0}
	}
	for i := range a.Lower {
		a.Lower[i] = 0
	}
	a.Vector = true
	return a
}

// indexOpclass is pg_index.indclass of key part i: the operator class
// CREATE INDEX named (a user one or PostgreSQL's), else the type's
// default btree class.
func (s *State) indexOpclass(am storage.IndexAM, i int, typeOID uint32) uint32 {
	if i < len(am.Opclass) && am.Opclass[i] != "" {
		if oid := userOpclassOID(s.Catalog, am.Method, am.Opclass[i]); oid != 0 {
			return oid
		}
		method := am.Method
		if method == "" {
			method = "btree"
		}
		if oid, _, ok := BuiltinOpclass(method, am.Opclass[i]); ok {
			return oid
		}
	}
	return btreeOpclass(typeOID)
}

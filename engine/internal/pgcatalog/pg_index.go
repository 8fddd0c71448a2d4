package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgIndex is pg_catalog.pg_index. indkey is an int2vector (under its own
// OID, so clients that parse smallint[] leave it as text: Sequelize
// splits it on spaces). Key columns of expression indexes are 0 as in
// PostgreSQL. indclass, indcollation and indoption cover the key
// columns, indkey the INCLUDE columns too; indexprs and indpred hold
// the key expressions and the predicate in pg_get_expr's form, which is
// what pg_get_expr(indpred, indrelid) then prints (tinybase keeps
// expressions as text, not node trees).
var pgIndex = &def{
	cols: []column{
		{"indexrelid", types.Oid}, {"indrelid", types.Oid}, {"indnatts", types.Int2}, {"indnkeyatts", types.Int2},
		{"indisunique", types.Bool}, {"indnullsnotdistinct", types.Bool}, {"indisprimary", types.Bool},
		{"indisexclusion", types.Bool}, {"indimmediate", types.Bool}, {"indisclustered", types.Bool},
		{"indisvalid", types.Bool}, {"indcheckxmin", types.Bool}, {"indisready", types.Bool},
		{"indislive", types.Bool}, {"indisreplident", types.Bool}, {"indkey", types.Int2Vector},
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
					collOID := keyCollation(part.typ) // indexdef.go
					if i < len(ix.AM.Collation) && ix.AM.Collation[i] != "" && collOID != 0 {
						collOID = collationOID(ix.AM.Collation[i])
					}
					coll = append(coll, collOID)
					class = append(class, s.indexOpclass(ix.AM, i, part.typ))
					opt = append(opt, indexOption(ix.AM, i))
				}
				if len(key) == 0 {
					key, coll, class, opt = []any{int16(0)}, []any{uint32(0)}, []any{uint32(0)}, []any{int16(0)}
				}
				nkey := int16(len(key))
				// INCLUDE columns are in indkey only: indcollation,
				// indclass and indoption cover the key columns
				for _, c := range ix.AM.Include {
					key = append(key, ords[c])
				}
				n := int16(len(key))
				exprs, pred := s.indexExprs(r, ix)
				out = append(out, []any{RelationOID(r.Schema, ix.Name), RelationOID(r.Schema, r.Name), n, nkey,
					ix.Unique, false, ix.PrimaryKey, s.isExclusion(r, ix.Name), true, flags.ClusterIndex == ix.Name,
					s.Catalog.IndexValid(catalog.IndexKey(catalog.QName{Schema: r.Schema, Name: r.Name}, ix.Name)), false, true, true, replident,
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
		if d, ok := s.deparseNode(n, r.Schema, r.Name, cols); ok {
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
			d, ok := s.deparseNode(n, r.Schema, r.Name, cols)
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

// indexOption is pg_index.indoption of key part i: INDOPTION_DESC (1)
// and INDOPTION_NULLS_FIRST (2), DESC meaning NULLS FIRST unless it says
// NULLS LAST (PostgreSQL docs: CREATE INDEX).
func indexOption(am storage.IndexAM, i int) int16 {
	if i >= len(am.Ordering) {
		return 0
	}
	switch am.Ordering[i] {
	case "DESC":
		return 3
	case "DESC NULLS LAST":
		return 1
	case "NULLS FIRST":
		return 2
	}
	return 0
}

// indexOpclass is pg_index.indclass of key part i of type t: the
// operator class CREATE INDEX named (a user one, PostgreSQL's or an
// extension's), else the access method's default class for t (a user
// default, PostgreSQL's for t itself, then one for a polymorphic type t
// fits, then an extension's); 0 when there is none.
func (s *State) indexOpclass(am storage.IndexAM, i int, t *types.Type) uint32 {
	method := am.Method
	if method == "" {
		method = "btree"
	}
	if i < len(am.Opclass) && am.Opclass[i] != "" {
		name := am.Opclass[i]
		if oid := userOpclassOID(s.Catalog, method, name); oid != 0 {
			return oid
		}
		if oid, _, ok := BuiltinOpclass(method, name); ok {
			return oid
		}
		if _, schema, ok := extensions.InstalledOpClass(s.Catalog, method, name); ok {
			return extOpclassOID(schema, method, name)
		}
		return 0
	}
	if t == nil {
		return 0
	}
	b := t.Base()
	for _, o := range s.Catalog.OpClasses() {
		if o.Method == method && o.Default && o.InType == b.OID {
			return o.OID
		}
	}
	if method == "btree" {
		if oid := btreeOpclass(b.OID); oid != 0 {
			return oid
		}
	}
	amOID := extAmOID(method)
	for _, o := range opclasses {
		if o.method == amOID && o.def && o.intype == b.OID {
			return o.oid
		}
	}
	for _, o := range opclasses {
		if o.method == amOID && o.def && opclassAccepts(o.intype, t) { // index_attributes.go
			return o.oid
		}
	}
	classes, schemas := extensions.InstalledOpClasses(s.Catalog, method)
	for j, o := range classes {
		if !o.Default {
			continue
		}
		if in := o.InType(s.Catalog, schemas[j]); in != nil && opclassAccepts(in.OID, t) {
			return extOpclassOID(schemas[j], method, o.Name)
		}
	}
	return 0
}

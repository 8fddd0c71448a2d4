package pgcatalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgInherits is pg_catalog.pg_inherits: one row per parent of a table
// (INHERITS, in the clause's order) or of a partition (docs: 53.27).
var pgInherits = &def{
	cols: []column{{"inhrelid", types.Oid}, {"inhparent", types.Oid}, {"inhseqno", types.Int4}, {"inhdetachpending", types.Bool}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, i := range s.Catalog.Inheritances() {
			for n, p := range i.Parents {
				out = append(out, []any{RelationOID(i.Table.Schema, i.Table.Name), RelationOID(p.Schema, p.Name), int32(n + 1), false})
			}
		}
		ix, err := s.indexInheritsRows() // index_inherits.go
		return append(out, ix...), err
	},
}

// pgPartitionedTable is pg_catalog.pg_partitioned_table: a partitioned
// table's strategy and key parts (partattrs 0 for an expression, which
// partexprs holds) with their types' default operator classes (btree,
// hash for HASH partitioning) and collations.
var pgPartitionedTable = &def{
	cols: []column{{"partrelid", types.Oid}, {"partstrat", types.Char}, {"partnatts", types.Int2},
		{"partdefid", types.Oid}, {"partattrs", int2Array}, {"partclass", oidArray}, {"partcollation", oidArray},
		{"partexprs", types.Text}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, k := range s.Catalog.PartitionKeys() {
			t, ok, err := s.DB.Table(s.Ctx, k.Table.Schema, k.Table.Name)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			sch := t.Schema()
			parts := s.partitionKeyParts(k, sch, false)
			var attrs, class, coll []any
			var exprs []string
			for i, p := range parts {
				if p.typ == nil {
					continue
				}
				attr := int16(0)
				if k.Expr(i) == "" {
					attr = int16(sch.IndexOfColName(k.Columns[i]) + 1)
				} else {
					exprs = append(exprs, p.expr)
				}
				attrs = append(attrs, attr)
				typOID := p.typ.Base().OID
				if p.typ.Base().Kind == types.KindArray {
					typOID = 2277 // anyarray's operator classes
				}
				oc := btreeOpclass(typOID)
				if k.Strategy == 'h' {
					oc = hashOpclass(typOID)
				}
				class = append(class, oc)
				var cl uint32
				if p.typ.Base().Category == 'S' {
					cl = 100 // the default collation
				}
				coll = append(coll, cl)
			}
			var def uint32
			for _, c := range s.Catalog.Children(k.Table) {
				if i := s.Catalog.Inherits(c); i != nil && i.Bound == "DEFAULT" {
					def = RelationOID(c.Schema, c.Name)
				}
			}
			var partexprs any
			if len(exprs) > 0 {
				partexprs = strings.Join(exprs, ", ")
			}
			out = append(out, []any{RelationOID(k.Table.Schema, k.Table.Name), string(k.Strategy), int16(len(attrs)), def,
				vector(types.Int2, attrs), vector(types.Oid, class), vector(types.Oid, coll), partexprs})
		}
		return out, nil
	},
}

// keyPart is one part of a partition key as the catalogs show it: its
// type (nil when it cannot be told), the expression as pg_get_expr
// prints it ("" for a column), and the part as pg_get_partkeydef prints
// it (a column or function call bare, another expression in
// parentheses).
type keyPart struct {
	typ        *types.Type
	expr, text string
}

// partitionKeyParts are key k's parts over its table's columns sch;
// pretty is ruleutils' pretty-print flag (a routing error's detail sets
// it).
func (s *State) partitionKeyParts(k *catalog.PartitionKey, sch sql.Schema, pretty bool) []keyPart {
	out := make([]keyPart, len(k.Columns))
	for i, c := range k.Columns {
		src := k.Expr(i)
		if src == "" {
			out[i].text = pgident.QuoteIfNeeded(c)
			if j := sch.IndexOfColName(c); j >= 0 {
				out[i].typ = expr.FromGMSType(sch[j].Type)
			}
			continue
		}
		out[i].text = "(" + src + ")"
		n, err := parseStoredExpr(src)
		if err != nil {
			continue
		}
		d, ok := s.deparseNode(n, k.Table.Schema, k.Table.Name, sch)
		if !ok {
			continue
		}
		out[i].typ, out[i].expr = d.dtype(), printExprIn(s, d, pretty)
		switch d.(type) {
		case *dFunc, *dCoalesce, *dSQLFunc:
			out[i].text = out[i].expr
		default:
			out[i].text = "(" + out[i].expr + ")"
		}
	}
	return out
}

// PartitionKeyColumns is the key of partitioned table q as
// pg_get_partkeydef_columns prints it ("lower(email)", a routing error's
// detail with pretty set); ok is false when q is not partitioned.
func (s *State) PartitionKeyColumns(q catalog.QName, pretty bool) (string, bool) {
	k, ok := s.Catalog.Partitioned(q)
	if !ok {
		return "", false
	}
	t, ok, err := s.DB.Table(s.Ctx, q.Schema, q.Name)
	if err != nil || !ok {
		return "", false
	}
	var texts []string
	for _, p := range s.partitionKeyParts(k, t.Schema(), pretty) {
		texts = append(texts, p.text)
	}
	return strings.Join(texts, ", "), true
}

// hashOpclass is the default hash operator class of a column type
// (varchar's is text's, as for btree).
func hashOpclass(typeOID uint32) uint32 {
	if typeOID == 1043 {
		typeOID = 25
	}
	for _, o := range opclasses {
		if o.method == 405 && o.def && o.intype == typeOID {
			return o.oid
		}
	}
	return 0
}

// inheritFlags are the pg_class columns inheritance sets: relkind p for
// a partitioned table, relhassubclass for a parent, relispartition and
// relpartbound for a partition.
func (s *State) inheritFlags(schema, name string, row []any) {
	q := catalog.QName{Schema: schema, Name: name}
	if _, ok := s.Catalog.Partitioned(q); ok {
		row[relKindCol], row[relAmCol], row[relFilenodeCol] = "p", uint32(0), uint32(0)
	}
	row[relHasSubclassCol] = len(s.Catalog.Children(q)) > 0
	if i := s.Catalog.Inherits(q); i != nil && i.Bound != "" {
		row[relIsPartitionCol], row[relPartBoundCol] = true, i.Bound
	}
}

// PartitionKeyDef is pg_get_partkeydef: a partitioned table's key as
// "RANGE (id)" or "RANGE (lower(email))"; ok is false for any other
// relation.
func (s *State) PartitionKeyDef(oid uint32) (string, bool) {
	for _, k := range s.Catalog.PartitionKeys() {
		if RelationOID(k.Table.Schema, k.Table.Name) != oid {
			continue
		}
		cols, _ := s.PartitionKeyColumns(k.Table, false)
		return map[byte]string{'r': "RANGE", 'l': "LIST", 'h': "HASH"}[k.Strategy] + " (" + cols + ")", true
	}
	return "", false
}

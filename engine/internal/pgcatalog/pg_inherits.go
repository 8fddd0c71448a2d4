package pgcatalog

import (
	"strings"

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
		return out, nil
	},
}

// pgPartitionedTable is pg_catalog.pg_partitioned_table: a partitioned
// table's strategy and key columns with their default operator classes
// (btree, hash for HASH partitioning) and collations.
var pgPartitionedTable = &def{
	cols: []column{{"partrelid", types.Oid}, {"partstrat", types.Char}, {"partnatts", types.Int2},
		{"partdefid", types.Oid}, {"partattrs", int2Array}, {"partclass", oidArray}, {"partcollation", oidArray}},
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
			var attrs, class, coll []any
			for _, c := range k.Columns {
				i := sch.IndexOfColName(c)
				if i < 0 {
					continue
				}
				typ := expr.FromGMSType(sch[i].Type)
				attrs = append(attrs, int16(i+1))
				oc := btreeOpclass(typ.Base().OID)
				if k.Strategy == 'h' {
					oc = hashOpclass(typ.Base().OID)
				}
				class = append(class, oc)
				var cl uint32
				if typ.Base().Category == 'S' {
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
			out = append(out, []any{RelationOID(k.Table.Schema, k.Table.Name), string(k.Strategy), int16(len(attrs)), def,
				vector(types.Int2, attrs), vector(types.Oid, class), vector(types.Oid, coll)})
		}
		return out, nil
	},
}

// hashOpclass is the default hash operator class of a column type
// (PostgreSQL 15's OIDs).
func hashOpclass(typeOID uint32) uint32 {
	return map[uint32]uint32{1082: 10011, 21: 10019, 23: 10020, 20: 10021, 1700: 10030, 25: 10037, 1043: 10037,
		1184: 10040, 1114: 10046, 2950: 10066}[typeOID]
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
// "RANGE (id)"; ok is false for any other relation.
func (s *State) PartitionKeyDef(oid uint32) (string, bool) {
	for _, k := range s.Catalog.PartitionKeys() {
		if RelationOID(k.Table.Schema, k.Table.Name) != oid {
			continue
		}
		cols := make([]string, len(k.Columns))
		for i, c := range k.Columns {
			cols[i] = pgident.QuoteIfNeeded(c)
		}
		return map[byte]string{'r': "RANGE", 'l': "LIST", 'h': "HASH"}[k.Strategy] + " (" + strings.Join(cols, ", ") + ")", true
	}
	return "", false
}

package pgcatalog

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Every oid and name column of a catalog relation is offered to GMS as an
// index, so the joins clients write over the catalogs (pg_class.oid =
// pg_index.indrelid, pg_attribute.attrelid = ..., a relation's OID given
// as a literal) and the names they look objects up by (information_schema
// table_name = $1 in a loop over tables, pg_indexes.tablename) are planned
// as lookups into rows computed once per statement (memo.go) instead of
// scans of every row. A lookup returns the rows whose column equals the
// key; any other range returns every row, and GMS keeps the filter
// (PreciseMatch is false).

var (
	_ sql.IndexAddressable = (*Table)(nil)
	_ sql.IndexedTable     = (*indexedTable)(nil)
	_ sql.Index            = (*oidIndex)(nil)
)

// GetIndexes implements sql.IndexAddressable: one index per oid column and
// per name column that names an object. A schema's or database's name
// (table_schema, schemaname, table_catalog) selects whole schemas, and the
// planner takes the first of equally good indexes: with one on it, a
// query naming both would look up the schema instead of the object.
func (t *Table) GetIndexes(*sql.Context) ([]sql.Index, error) {
	var out []sql.Index
	for i, c := range t.def.cols {
		if c.typ.Kind == types.KindOid || c.typ.Kind == types.KindName && !namesSchema(c.name) {
			out = append(out, &oidIndex{t: t, col: i})
		}
	}
	return out, nil
}

// namesSchema reports whether a name column holds a schema's or a
// database's name.
func namesSchema(col string) bool {
	return strings.HasSuffix(col, "_schema") || strings.HasSuffix(col, "_catalog") || strings.HasSuffix(col, "schemaname") ||
		col == "nspname" || col == "datname"
}

// PreciseMatch implements sql.IndexAddressable: ranges that are not
// single OIDs return every row, so GMS must keep its filter.
func (t *Table) PreciseMatch() bool { return false }

// IndexedAccess implements sql.IndexAddressable.
func (t *Table) IndexedAccess(_ *sql.Context, lookup sql.IndexLookup) sql.IndexedTable {
	return &indexedTable{Table: t}
}

// indexedTable is a catalog relation read through a lookup.
type indexedTable struct{ *Table }

// LookupPartitions implements sql.IndexedTable.
func (it *indexedTable) LookupPartitions(_ *sql.Context, lookup sql.IndexLookup) (sql.PartitionIter, error) {
	return &lookupPartitions{lookup: lookup}, nil
}

type lookupPartition struct{ lookup sql.IndexLookup }

func (*lookupPartition) Key() []byte { return []byte("lookup") }

type lookupPartitions struct {
	lookup sql.IndexLookup
	done   bool
}

func (p *lookupPartitions) Next(*sql.Context) (sql.Partition, error) {
	if p.done {
		return nil, errEOF
	}
	p.done = true
	return &lookupPartition{lookup: p.lookup}, nil
}

func (p *lookupPartitions) Close(*sql.Context) error { return nil }

// lookupRows returns the rows of a lookup: those matching its OIDs when
// every range is one non-NULL OID, otherwise all of them.
func (t *Table) lookupRows(st *State, lookup sql.IndexLookup) ([]sql.Row, error) {
	ix, ok := lookup.Index.(*oidIndex)
	ranges, isMySQL := lookup.Ranges.(sql.MySQLRangeCollection)
	if lookup.IsEmptyRange {
		return nil, nil
	}
	if !ok || !isMySQL {
		return st.rowsOf(t.def)
	}
	byName := t.def.cols[ix.col].typ.Kind == types.KindName
	var keys []any
	for _, r := range ranges {
		if len(r) != 1 {
			return st.rowsOf(t.def)
		}
		var k any
		var ok bool
		if byName {
			k, ok = pointName(r[0])
		} else {
			k, ok = pointOID(r[0])
		}
		if !ok {
			return st.rowsOf(t.def)
		}
		keys = append(keys, k)
	}
	var out []sql.Row
	seen := map[any]bool{}
	for _, k := range keys {
		if seen[k] {
			continue
		}
		seen[k] = true
		rows, err := st.rowsWhere(t.def, ix.col, k)
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}

// pointOID returns the OID of a range holding exactly one non-NULL value.
func pointOID(r sql.MySQLRangeColumnExpr) (uint32, bool) {
	lo, ok1 := r.LowerBound.(sql.Below)
	hi, ok2 := r.UpperBound.(sql.Above)
	if !ok1 || !ok2 {
		return 0, false
	}
	a, ok1 := oidKey(lo.Key)
	b, ok2 := oidKey(hi.Key)
	return a, ok1 && ok2 && a == b
}

// pointName returns the name of a range holding exactly one non-NULL
// text value (a name column's rows hold strings).
func pointName(r sql.MySQLRangeColumnExpr) (string, bool) {
	lo, ok1 := r.LowerBound.(sql.Below)
	hi, ok2 := r.UpperBound.(sql.Above)
	if !ok1 || !ok2 {
		return "", false
	}
	a, ok1 := lo.Key.(string)
	b, ok2 := hi.Key.(string)
	return a, ok1 && ok2 && a == b
}

// oidKey reads a lookup key as an OID.
func oidKey(v any) (uint32, bool) {
	var n int64
	switch x := v.(type) {
	case uint32:
		return x, true
	case int64:
		n = x
	case int32:
		n = int64(x)
	case int16:
		n = int64(x)
	case int8:
		n = int64(x)
	case int:
		n = int64(x)
	case uint64:
		if x > 1<<32-1 {
			return 0, false
		}
		return uint32(x), true
	case uint16:
		return uint32(x), true
	case uint8:
		return uint32(x), true
	case string:
		u, err := strconv.ParseUint(x, 10, 32)
		return uint32(u), err == nil
	default:
		return 0, false
	}
	if n < 0 || n > 1<<32-1 {
		return 0, false
	}
	return uint32(n), true
}

// oidIndex is the index GetIndexes offers on one oid or name column.
type oidIndex struct {
	t   *Table
	col int
}

func (ix *oidIndex) colName() string { return ix.t.def.cols[ix.col].name }

// ID implements sql.Index.
func (ix *oidIndex) ID() string { return ix.t.name + "_" + ix.colName() + "_index" }

// Database implements sql.Index.
func (ix *oidIndex) Database() string { return ix.t.schema }

// Table implements sql.Index.
func (ix *oidIndex) Table() string { return ix.t.name }

// Expressions implements sql.Index.
func (ix *oidIndex) Expressions() []string { return []string{ix.t.name + "." + ix.colName()} }

// IsUnique implements sql.Index.
func (ix *oidIndex) IsUnique() bool { return false }

// IsSpatial implements sql.Index.
func (ix *oidIndex) IsSpatial() bool { return false }

// IsFullText implements sql.Index.
func (ix *oidIndex) IsFullText() bool { return false }

// IsVector implements sql.Index.
func (ix *oidIndex) IsVector() bool { return false }

// Comment implements sql.Index.
func (ix *oidIndex) Comment() string { return "" }

// IndexType implements sql.Index.
func (ix *oidIndex) IndexType() string { return "HASH" }

// IsGenerated implements sql.Index.
func (ix *oidIndex) IsGenerated() bool { return false }

// ColumnExpressionTypes implements sql.Index.
func (ix *oidIndex) ColumnExpressionTypes() []sql.ColumnExpressionType {
	return []sql.ColumnExpressionType{{Expression: ix.Expressions()[0], Type: ix.t.def.cols[ix.col].typ}}
}

// CanSupport implements sql.Index: single-column MySQL ranges.
func (ix *oidIndex) CanSupport(_ *sql.Context, ranges ...sql.Range) bool {
	for _, r := range ranges {
		if mr, ok := r.(sql.MySQLRange); !ok || len(mr) != 1 {
			return false
		}
	}
	return true
}

// CanSupportOrderBy implements sql.Index.
func (ix *oidIndex) CanSupportOrderBy(sql.Expression) bool { return false }

// PrefixLengths implements sql.Index.
func (ix *oidIndex) PrefixLengths() []uint16 { return nil }

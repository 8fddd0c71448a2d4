package types

import (
	"hash/fnv"
	"strings"
)

// RecordVal is a composite value: a whole-row reference, a ROW(...)
// constructor or a table's row type (PostgreSQL docs 8.16). Names and
// Types describe the fields; Vals holds one value per field.
type RecordVal struct {
	Names []string
	Types []*Type
	Vals  []any
}

// Field is one column of a composite type.
type Field struct {
	Name string
	Type *Type
	// Attnum is the field's pg_attribute.attnum once an attribute before
	// it was dropped (ALTER TYPE ... DROP ATTRIBUTE keeps the numbers of
	// the others); 0 means its 1-based position.
	Attnum int16
}

// RowType is the composite type named after a table (or view), which
// pg_typeof(t) and format_type report for a whole-row reference to it.
// Its OIDs are RowTypeOIDs(schema, name); a row type without a schema
// (a PL/pgSQL record's shape) has OID 0 and borrows record[]'s array OID.
func RowType(schema, name string, fields []Field) *Type {
	t := &Type{Kind: KindRecord, Name: name, SQLName: name, Schema: schema, Category: 'C', Mod: -1, Len: -1, Fields: fields, ArrayOID: Record.ArrayOID}
	if schema != "" {
		t.OID, t.ArrayOID = RowTypeOIDs(schema, name)
	}
	return t
}

// RowTypeOIDs are the pg_type OIDs of relation schema.name's row type and
// of its array type: stable hashes of the qualified name in the range
// PostgreSQL gives user objects, as tinybase's table OIDs are (package
// pgcatalog), so every catalog and every session agrees on them.
func RowTypeOIDs(schema, name string) (row, array uint32) {
	return stableOID("t:" + schema + "." + name), stableOID("ta:" + schema + "." + name)
}

// IsTableRowType reports whether t is a table's or view's row type
// (RowType), not a CREATE TYPE composite or the anonymous record.
func (t *Type) IsTableRowType() bool {
	return t.Kind == KindRecord && t.RelOID == 0 && t.Schema != "" && t.OID != Record.OID
}

func stableOID(key string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(key))
	return 16384 + h.Sum32()%(1<<31-16384)
}

// formatRecord renders r as record_out does: fields in parentheses,
// NULL as nothing, a field quoted when it is empty or holds a quote,
// backslash, parenthesis, comma or white space, with quotes and
// backslashes doubled inside.
func formatRecord(r *RecordVal, env *Env) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, v := range r.Vals {
		if i > 0 {
			b.WriteByte(',')
		}
		if v == nil {
			continue
		}
		var t *Type
		if i < len(r.Types) {
			t = r.Types[i]
		}
		s := Output(t, v, env)
		if s != "" && !strings.ContainsAny(s, "\"\\(), \t\n\r\v\f") {
			b.WriteString(s)
			continue
		}
		b.WriteByte('"')
		for _, c := range s {
			if c == '"' || c == '\\' {
				b.WriteRune(c)
			}
			b.WriteRune(c)
		}
		b.WriteByte('"')
	}
	b.WriteByte(')')
	return b.String()
}

// compareRecords orders two records field by field, as the btree
// record_cmp does; NULL fields sort after non-NULL ones.
func compareRecords(a, b *RecordVal) int {
	for i := 0; i < len(a.Vals) && i < len(b.Vals); i++ {
		var t *Type
		if i < len(a.Types) {
			t = a.Types[i]
		}
		var c int
		if t == nil {
			c = Compare(Unknown, a.Vals[i], b.Vals[i])
		} else {
			c = Compare(t, a.Vals[i], b.Vals[i])
		}
		if c != 0 {
			return c
		}
	}
	return cmpInt(len(a.Vals), len(b.Vals))
}

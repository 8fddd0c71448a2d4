package types

import "strings"

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
}

// RowType is the composite type named after a table (or view), which
// pg_typeof(t) and format_type report for a whole-row reference to it.
// tinybase keeps no pg_type rows for tables, so its OID is 0 and its
// array type borrows record[]'s OID.
func RowType(schema, name string, fields []Field) *Type {
	return &Type{Kind: KindRecord, Name: name, SQLName: name, Schema: schema, Category: 'C', Mod: -1, Len: -1, Fields: fields, ArrayOID: Record.ArrayOID}
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

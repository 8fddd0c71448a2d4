package postgrest

import "strings"

// Computed fields and computed relationships (PostgREST docs: Computed
// Fields; Resource Embedding, "Computed Relationships"): a function in an
// exposed schema whose single argument is a table's row type is a virtual
// column of that table when it returns a scalar (usable in select=,
// filters and order=, never part of *), and an embeddable resource when
// it returns a table's rows — to-many for SETOF, to-one for a single row
// or SETOF ... ROWS 1. The function is called with the row:
// "schema"."f"("alias").

// linkComputed attaches each one-argument function over a row type to its
// table.
func (c *schemaCache) linkComputed() {
	for _, fs := range c.funcs {
		for _, f := range fs {
			if len(f.Args) != 1 || f.RetVoid {
				continue
			}
			t := c.rowTypeTable(f.Args[0].Type, f.Schema)
			if t == nil {
				continue
			}
			if f.RetTable != nil {
				if t.computedRels == nil {
					t.computedRels = map[string]*Function{}
				}
				t.computedRels[f.Name] = f
				continue
			}
			if f.RetSet {
				continue
			}
			if t.computed == nil {
				t.computed = map[string]*Function{}
			}
			t.computed[f.Name] = f
		}
	}
}

// rowTypeTable finds the table whose row type format_type printed as typ
// (schema-qualified when the schema is not on the search path).
func (c *schemaCache) rowTypeTable(typ, funcSchema string) *Table {
	parts := splitQualified(typ)
	switch len(parts) {
	case 1:
		if t := c.table(funcSchema, parts[0]); t != nil {
			return t
		}
		return c.table("public", parts[0])
	case 2:
		return c.table(parts[0], parts[1])
	}
	return nil
}

// splitQualified splits a possibly quoted, possibly qualified name.
func splitQualified(s string) []string {
	var out []string
	var b strings.Builder
	quoted := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '"' && quoted && i+1 < len(s) && s[i+1] == '"':
			b.WriteByte('"')
			i++
		case ch == '"':
			quoted = !quoted
		case ch == '.' && !quoted:
			out = append(out, b.String())
			b.Reset()
		default:
			b.WriteByte(ch)
		}
	}
	return append(out, b.String())
}

// computedField returns the computed field name of t, if it is one and
// not a column.
func (t *Table) computedField(name string) *Function {
	if t == nil || t.Column(name) != nil {
		return nil
	}
	return t.computed[name]
}

// call renders f applied to the row of alias.
func (f *Function) call(alias string) string {
	return qi(f.Schema) + "." + qi(f.Name) + "(" + qi(alias) + ")"
}

package ddl

import (
	"slices"
	"sort"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// Descriptions of dropped objects as PostgreSQL's getObjectDescription
// writes them for "drop cascades to ..." (PostgreSQL docs: Dependency
// Tracking): "table t", "view v", "constraint c on table t", "column c of
// table t", "default value for column c of table t", "type t",
// "function f(integer)". A name is qualified with its schema when the
// schema is not on the search path, as an object that is not visible is.

// visibleName is schema.name as getObjectDescription prints it.
func visibleName(h Host, schema, name string) string {
	if schema == "pg_catalog" || slices.Contains(h.SearchPath(), schema) {
		return pgident.QuoteIfNeeded(name)
	}
	return pgident.QuoteIfNeeded(schema) + "." + pgident.QuoteIfNeeded(name)
}

// relationDesc is "table t" / "view v" / "sequence s".
func relationDesc(h Host, kind, schema, name string) string {
	return kind + " " + visibleName(h, schema, name)
}

// columnDesc is "column c of table t".
func columnDesc(h Host, schema, table, column string) string {
	return "column " + column + " of " + relationDesc(h, "table", schema, table)
}

// schemaContents describes the objects of a schema DROP SCHEMA ...
// CASCADE removes, in about the order PostgreSQL lists them (the order
// they were created in): types, tables, then views, sequences and
// routines. Objects dropped with another (a table's row type, a serial
// column's sequence) are not listed, as PostgreSQL does not report them.
func schemaContents(h Host, cat *catalog.Catalog, schema string, tables []string) []string {
	var out []string
	for _, d := range cat.Types() {
		if d.Type.Schema == schema && (d.Type.Elem == nil || d.Type.Domain != nil) {
			out = append(out, "type "+visibleName(h, schema, d.Type.Name))
		}
	}
	for _, t := range tables {
		out = append(out, relationDesc(h, "table", schema, t))
	}
	type object struct {
		oid  uint32
		desc string
	}
	var rest []object
	for _, v := range cat.Views() {
		if v.Schema == schema {
			rest = append(rest, object{v.OID, relationDesc(h, "view", schema, v.Name)})
		}
	}
	for _, s := range cat.Sequences() {
		if s.Schema == schema && s.OwnedBy == nil {
			rest = append(rest, object{s.OID, relationDesc(h, "sequence", schema, s.Name)})
		}
	}
	for _, f := range cat.AllFunctions() {
		if f.Schema == schema {
			sig := f.DescribedSignature() // a procedure is a "function" here too (PostgreSQL 15)
			if visibleName(h, schema, "x") != "x" {
				sig = pgident.QuoteIfNeeded(schema) + "." + sig
			}
			rest = append(rest, object{f.OID, "function " + sig})
		}
	}
	sort.SliceStable(rest, func(i, j int) bool { return rest[i].oid < rest[j].oid })
	for _, o := range rest {
		out = append(out, o.desc)
	}
	return out
}

// tableNames lists a schema's tables by name.
func tableNames(txn *storage.Txn, schema string) []string {
	names, err := txn.TableNames(schema)
	if err != nil {
		return nil
	}
	sort.Strings(names)
	return names
}

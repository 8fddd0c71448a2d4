package ddl

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// LookupSchemas is where an optionally qualified name is looked up.
func LookupSchemas(h Host, schema string) []string {
	if schema == "pg_temp" {
		// the alias of the session's temporary schema, in names given as
		// text too (nextval('pg_temp.s')); the search path holds it once
		// the session made it
		for _, sc := range h.SearchPath() {
			if pgident.IsTempSchema(sc) {
				return []string{sc}
			}
		}
	}
	if schema != "" {
		return []string{schema}
	}
	return h.SearchPath()
}

// CreationSchema is the schema an unqualified CREATE puts objects in: the
// first existing schema of the search path, never the session's temporary
// schema (PostgreSQL creates there only when asked by name or TEMP).
func CreationSchema(h Host, schema string) (string, error) {
	txn := h.StorageTxn()
	if schema != "" {
		if !txn.HasSchema(schema) {
			return "", pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
		}
		return schema, nil
	}
	for _, sc := range h.SearchPath() {
		if sc != "pg_catalog" && !pgident.IsTempSchema(sc) && txn.HasSchema(sc) {
			return sc, nil
		}
	}
	return "", pgerror.New(pgerror.InvalidSchemaName, "no schema has been selected to create in")
}

// FindTable resolves a table through the search path.
func FindTable(h Host, schema, name string) (*storage.Table, bool) {
	var ctx *sql.Context
	for _, sc := range LookupSchemas(h, schema) {
		if !h.StorageTxn().HasSchema(sc) {
			continue
		}
		if ctx == nil {
			ctx = h.SQLContext()
		}
		t, ok, err := h.Database().Table(ctx, sc, name)
		if err == nil && ok {
			return t, true
		}
	}
	return nil, false
}

// RelationExists reports whether a table, sequence or view q exists.
func RelationExists(h Host, cat *catalog.Catalog, q catalog.QName) bool {
	if cat.RelationExists(q) {
		return true
	}
	_, ok := FindTable(h, q.Schema, q.Name)
	return ok
}

// ResolveSequence finds a sequence by optionally qualified name; a missing
// one is 42P01, and a relation of another kind 42809.
func ResolveSequence(h Host, cat *catalog.Catalog, q catalog.QName) (*catalog.Sequence, error) {
	for _, sc := range LookupSchemas(h, q.Schema) {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if seq, ok := cat.Sequence(n); ok {
			return seq, nil
		}
		if RelationExists(h, cat, n) {
			return nil, pgerror.New(pgerror.WrongObjectType, "%q is not a sequence", q.Name)
		}
	}
	return nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", q.Display())
}

// FindView resolves a view through the search path; a table found first
// is reported as isTable.
func FindView(h Host, cat *catalog.Catalog, q catalog.QName) (v *catalog.View, isTable bool) {
	for _, sc := range LookupSchemas(h, q.Schema) {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if _, ok := FindTable(h, sc, q.Name); ok {
			return nil, true
		}
		if v, ok := cat.View(n); ok {
			return v, false
		}
	}
	return nil, false
}

package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// The functions below keep the catalog in step with DDL that other parts
// of the engine run on tables and schemas. They change the session
// transaction's catalog, so they roll back with the statement.

// TableRenamed follows ALTER TABLE ... RENAME TO: owned sequences,
// views (their dependencies and query text), comments and the regclass
// constants of stored expressions name the table by its new name.
func TableRenamed(h Host, schema, oldName, newName string) error {
	old, q := catalog.QName{Schema: schema, Name: oldName}, catalog.QName{Schema: schema, Name: newName}
	cat, err := followRegclass(h, h.Catalog(), old, q) // regclass_refs.go
	if err != nil {
		return err
	}
	h.SetCatalog(renameInViews(cat.RenameTable(old, q), q, oldName, "", newName))
	return nil
}

// ColumnRenamed follows ALTER TABLE ... RENAME COLUMN, in the catalog and
// in the text of the views that read the table.
func ColumnRenamed(h Host, schema, table, oldName, newName string) {
	q := catalog.QName{Schema: schema, Name: table}
	cat := h.Catalog().RenameColumn(q, oldName, newName).RewritePublicationFilters(q, func(w string) (string, bool) {
		return translate.RenameColumnRef(w, oldName, newName)
	})
	h.SetCatalog(renameInViews(cat, q, table, oldName, newName))
}

// followInViews rewrites the query text of the views reading relation
// now, renamed or moved from old, to name it as now.
func followInViews(cat *catalog.Catalog, old, now catalog.QName) *catalog.Catalog {
	if old.Name != now.Name {
		cat = renameInViews(cat, now, old.Name, "", now.Name)
	}
	if old.Schema == now.Schema {
		return cat
	}
	for _, v := range cat.Dependents(now) {
		text, changed, ok := translate.MoveInView(v.Query, old.Schema, now.Name, now.Schema)
		if ok && changed {
			nv := *v
			nv.Query = text
			cat = cat.PutView(nv)
		}
	}
	return cat
}

// renameInViews rewrites the query text of the views reading table q
// (translate.RenameInView), whose name in that text is name.
func renameInViews(cat *catalog.Catalog, q catalog.QName, name, column, newName string) *catalog.Catalog {
	for _, v := range cat.Dependents(q) {
		text, changed, ok := translate.RenameInView(v.Query, q.Schema, name, column, newName)
		if ok && changed {
			nv := *v
			nv.Query = text
			cat = cat.PutView(nv)
		}
	}
	return cat
}

// DropSchemaObjects runs before DROP SCHEMA: the schema's types,
// sequences, views and comments go with it under CASCADE; without it
// their presence is 2BP01.
func DropSchemaObjects(h Host, schema string, cascade bool) error {
	cat := h.Catalog()
	if cat.SchemaInUse(schema) && !cascade {
		return dependError("schema", schema)
	}
	tsSchemaCascades(h, schema) // text_search.go
	h.SetCatalog(cat.DropSchema(schema))
	return nil
}

// RestartIdentity is in sequences.go (TRUNCATE ... RESTART IDENTITY).

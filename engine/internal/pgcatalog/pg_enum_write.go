package pgcatalog

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// A superuser may write the system catalogs (docs 53.1: "a superuser can
// ... UPDATE them directly"); tinybase applies the writes that keep the
// catalog meaningful, of pg_enum: a label's enumsortorder (which reorders
// the enum, as pgTAP's own tests do to mimic ADD VALUE) and its label.

// EnumLabelOID is the pg_enum.oid of the label at index i of enum typ's
// Labels. PostgreSQL gives CREATE TYPE's labels even OIDs ascending in
// label order (pg_enum.c, EnumValuesCreate), and tools list labels by
// them (SQLAlchemy's get_enums orders by pg_enum.oid); a renamed label
// keeps its OID, as there.
func EnumLabelOID(typ uint32, i int) uint32 {
	return stableOID("l:"+itoa(typ))&^1 + 2*uint32(i)
}

// EnumRow is one pg_enum row.
type EnumRow struct {
	OID, TypeOID uint32
	SortOrder    float32
	Label        string
}

// CatalogWriter applies writes to the catalogs: the session's, which
// checks the role and installs the changed catalog in its transaction.
type CatalogWriter interface {
	// UpdateEnumRows applies one statement's changes to pg_enum rows
	// (each old row with its new values), or refuses them.
	UpdateEnumRows(ctx *sql.Context, changes [][2]EnumRow) error
}

// updater is the editor of a catalog relation: pg_enum's when the
// session writes catalogs, otherwise one refusing every change.
func (t *Table) updater(ctx *sql.Context) sql.RowUpdater {
	if t.schema == "pg_catalog" && t.name == "pg_enum" {
		if st, err := t.source(ctx); err == nil && st.Writer != nil {
			return &enumEditor{readOnly: readOnly{t}, w: st.Writer}
		}
	}
	return readOnly{t}
}

// enumEditor collects a statement's changes of pg_enum rows and applies
// them together when it completes, so labels may swap places.
type enumEditor struct {
	readOnly
	w       CatalogWriter
	changes [][2]EnumRow
}

func enumRow(r sql.Row) EnumRow {
	var e EnumRow
	e.OID, _ = r[0].(uint32)
	e.TypeOID, _ = r[1].(uint32)
	e.SortOrder, _ = r[2].(float32)
	e.Label, _ = r[3].(string)
	return e
}

func (e *enumEditor) Update(_ *sql.Context, old, new sql.Row) error {
	e.changes = append(e.changes, [2]EnumRow{enumRow(old), enumRow(new)})
	return nil
}

func (e *enumEditor) StatementBegin(*sql.Context) { e.changes = nil }

func (e *enumEditor) DiscardChanges(*sql.Context, error) error {
	e.changes = nil
	return nil
}

func (e *enumEditor) StatementComplete(ctx *sql.Context) error {
	ch := e.changes
	e.changes = nil
	if len(ch) == 0 {
		return nil
	}
	return e.w.UpdateEnumRows(ctx, ch)
}

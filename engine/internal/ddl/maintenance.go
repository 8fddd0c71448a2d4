package ddl

import (
	"fmt"
	"slices"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Maintenance runs VACUUM / ANALYZE and returns its command tag. There is
// nothing to reclaim in tinybase's storage: VACUUM records each table's
// row count and pages (pg_class.reltuples, relpages) and ANALYZE its
// column statistics (storage.Table.Analyze; docs: sql-analyze), every
// table when none is named. Targets must exist and VACUUM refuses to run
// in a transaction block, as in PostgreSQL.
func Maintenance(h Host, m *translate.Maintenance) (string, error) {
	tag := "ANALYZE"
	if m.Vacuum {
		tag = "VACUUM"
		if h.InTransactionBlock() {
			return "", pgerror.New(pgerror.ActiveSQLTransaction, "VACUUM cannot run inside a transaction block")
		}
		if !m.Analyze {
			for _, cols := range m.Columns {
				if len(cols) > 0 {
					return "", pgerror.New(pgerror.FeatureNotSupported, "ANALYZE option must be specified when a column list is provided")
				}
			}
		}
	}
	ctx := h.SQLContext()
	type target struct {
		t    *storage.Table
		cols []string
	}
	var targets []target
	for i, r := range m.Tables {
		t, ok := h.Table(ctx, r.Schemaname, r.Relname)
		if !ok {
			name := r.Relname
			if r.Schemaname != "" {
				name = r.Schemaname + "." + name
			}
			return "", pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", name)
		}
		var cols []string
		if i < len(m.Columns) {
			cols = m.Columns[i]
		}
		for _, c := range cols {
			found := false
			for _, sc := range t.Schema() {
				found = found || sc.Name == c
			}
			if !found {
				return "", pgerror.New(pgerror.UndefinedColumn, "column \"%s\" of relation \"%s\" does not exist", c, r.Relname)
			}
		}
		targets = append(targets, target{t: t, cols: cols})
	}
	if len(m.Tables) == 0 { // the whole database
		txn := h.StorageTxn()
		for _, schema := range txn.SchemaNames() {
			names, err := txn.TableNames(schema)
			if err != nil {
				return "", err
			}
			for _, n := range names {
				if t, ok := h.Table(ctx, schema, n); ok {
					targets = append(targets, target{t: t})
				}
			}
		}
	}
	verb := "analyze"
	if m.Vacuum {
		verb = "vacuum"
	}
	for _, tg := range targets {
		// only the owner (or a superuser) maintains a table: others are
		// skipped, with a warning when they named it
		key := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: tg.t.SchemaName(), Name: tg.t.Name()}
		if h.CheckOwner(key, "table", tg.t.Name()) != nil {
			if len(m.Tables) > 0 {
				h.Notice("WARNING", "01000", fmt.Sprintf("skipping \"%s\" --- only table or database owner can %s it", tg.t.Name(), verb))
			}
			continue
		}
		var err error
		if m.Analyze {
			err = tg.t.Analyze(ctx, tg.cols, h.Env().Now)
		} else {
			err = tg.t.SetRowEstimate(ctx)
		}
		if err != nil {
			return "", h.MapError(err)
		}
	}
	return tag, nil
}

// Reindex runs REINDEX: its target must exist and be of the kind named,
// be the role's own (or a superuser's), and CONCURRENTLY, SCHEMA,
// DATABASE and SYSTEM refuse a transaction block, as in PostgreSQL; the
// indexes themselves never need rebuilding here.
func Reindex(h Host, r *translate.Reindex) error {
	what := map[pg.ReindexObjectType]string{pg.ReindexObjectType_REINDEX_OBJECT_SCHEMA: "REINDEX SCHEMA",
		pg.ReindexObjectType_REINDEX_OBJECT_DATABASE: "REINDEX DATABASE", pg.ReindexObjectType_REINDEX_OBJECT_SYSTEM: "REINDEX SYSTEM"}[r.Kind]
	if r.Concurrently {
		if r.Kind == pg.ReindexObjectType_REINDEX_OBJECT_SYSTEM {
			return pgerror.New(pgerror.FeatureNotSupported, "cannot reindex system catalogs concurrently")
		}
		what = "REINDEX CONCURRENTLY"
	}
	if what != "" && h.InTransactionBlock() {
		return pgerror.New(pgerror.ActiveSQLTransaction, "%s cannot run inside a transaction block", what)
	}
	ctx := h.SQLContext()
	switch r.Kind {
	case pg.ReindexObjectType_REINDEX_OBJECT_INDEX:
		t, isTable := findIndex(h, ctx, r.Relation.Schemaname, r.Relation.Relname)
		if t == nil {
			if isTable {
				return pgerror.New(pgerror.WrongObjectType, "%q is not an index", r.Relation.Relname)
			}
			return undefinedRelation(r.Relation)
		}
		return h.CheckOwner(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: t.SchemaName(), Name: t.Name()}, "index", r.Relation.Relname)
	case pg.ReindexObjectType_REINDEX_OBJECT_TABLE:
		t, ok := h.Table(ctx, r.Relation.Schemaname, r.Relation.Relname)
		if !ok {
			for _, sc := range LookupSchemas(h, r.Relation.Schemaname) {
				if RelationExists(h, h.Catalog(), catalog.QName{Schema: sc, Name: r.Relation.Relname}) {
					return pgerror.New(pgerror.WrongObjectType, "%q is not a table or materialized view", r.Relation.Relname)
				}
			}
			return undefinedRelation(r.Relation)
		}
		if err := h.CheckOwner(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: t.SchemaName(), Name: t.Name()}, "table", t.Name()); err != nil {
			return err
		}
		if ixs, err := t.Indexes(ctx); err == nil && !slices.ContainsFunc(ixs, func(ix storage.IndexInfo) bool { return !ix.ForFK }) {
			h.Notice("NOTICE", "00000", fmt.Sprintf("table %q has no indexes to reindex", t.Name()))
		}
	case pg.ReindexObjectType_REINDEX_OBJECT_SCHEMA:
		if !h.StorageTxn().HasSchema(r.Name) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", r.Name)
		}
	case pg.ReindexObjectType_REINDEX_OBJECT_DATABASE, pg.ReindexObjectType_REINDEX_OBJECT_SYSTEM:
		if r.Name != pgcatalog.DatabaseName {
			return pgerror.New(pgerror.FeatureNotSupported, "can only reindex the currently open database")
		}
	}
	return nil
}

func undefinedRelation(rv *pg.RangeVar) error {
	name := rv.Relname
	if rv.Schemaname != "" {
		name = rv.Schemaname + "." + name
	}
	return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", name)
}

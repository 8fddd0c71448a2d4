package ddl

import (
	"slices"

	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TableDDL runs one table DDL command directly on storage and returns
// its command tag (CREATE TABLE AS reports its row count). The session
// runs it inside a savepoint, so a failure rolls back to the statement's
// start; errors come back unmapped.
func TableDDL(h Host, ctx *sql.Context, c *translate.TableDDL, tag string) (string, error) {
	var err error
	switch c.Kind {
	case "rename_table":
		if err = h.Database().Schema(c.Schema).RenameTable(ctx, c.Table, c.To); err == nil {
			// the other stored expressions followed before (TableRenamed)
			err = followRegclassInIndexes(h, catalog.QName{Schema: c.Schema, Name: c.Table}, catalog.QName{Schema: c.Schema, Name: c.To})
		}
	case "rename_constraint":
		err = renameConstraint(h, ctx, c)
	case "rename_index":
		err = renameIndex(h, ctx, c)
	case "set_schema":
		err = setSchema(h, c)
	case "create_index":
		err = createIndex(h, ctx, c)
	case "create_as":
		var n int
		if n, err = createAs(h, ctx, c); err == nil {
			switch {
			case !c.NoData:
				tag = fmt.Sprintf("SELECT %d", n)
			case tag != "CREATE MATERIALIZED VIEW":
				tag = "CREATE TABLE AS"
			}
		}
	case "alter_type":
		err = alterType(h, ctx, c)
	case "using_index":
		err = constraintUsingIndex(h, ctx, c) // using_index.go
	case "refresh_matview":
		err = refreshMatview(h, ctx, c) // matview.go
	case "rename_column":
		err = renameColumn(h, ctx, c)
	case "sequence":
		for i, n := range c.Notices {
			h.Notice("NOTICE", c.NoticeCodeAt(i), n)
		}
		checksBefore := partitionChecksBefore(h, ctx, c.Schema, c.Table) // partition_checks.go
		if len(c.Retypes) > 0 {                                          // ALTER COLUMN TYPE with other actions
			err = alterType(h, ctx, c)
		}
		if err == nil && len(c.DropForeignKeys) > 0 {
			err = dropForeignKeys(h, ctx, c)
		}
		var before map[string]bool
		if c.IndexLinks != "" {
			before = indexNames(h, ctx, c.Schema, c.Table)
		}
		if err == nil {
			err = runSequence(h, ctx, c.Stmts)
		}
		if err == nil && c.PKName != "" {
			var t *storage.Table
			if t, err = mustTable(h, ctx, c.Schema, c.Table); err == nil {
				err = t.SetPrimaryKeyName(ctx, c.PKName)
			}
		}
		if err == nil && len(c.NotValid)+len(c.Validated) > 0 {
			err = markChecksValidated(h, ctx, c)
		}
		if err == nil && len(c.Exclusions) > 0 {
			err = addExclusions(h, ctx, c) // exclusion.go
		}
		if err == nil && len(c.Includes) > 0 {
			err = setIncludes(h, ctx, c) // index.go
		}
		if err == nil && c.IndexLinks != "" {
			err = linkNewKeyIndexes(h, ctx, c, before) // index_attach.go
		}
		if err == nil && c.Partition {
			err = clonePartitionIndexes(h, ctx, c.Schema, c.Table) // partition_index.go
		}
		if err == nil && c.Partition {
			err = cloneNewPartitionTriggers(h, c.Schema, c.Table)
		}
		if err == nil && c.Partition {
			err = clonePartitionForeignKeys(h, ctx, c.Schema, c.Table) // partition_fks.go
		}
		if err == nil && c.Partition {
			err = inheritPartitionChecks(h, ctx, c.Schema, c.Table)
		}
		if err == nil {
			err = syncPartitionChecks(h, ctx, c.Schema, c.Table, checksBefore)
		}
	case "drop_index":
		err = dropIndexes(h, ctx, c)
	case "drop_table":
		err = dropTables(h, ctx, c)
	case "truncate":
		err = truncate(h, ctx, c)
	default:
		err = fmt.Errorf("engine: unknown table DDL %q", c.Kind)
	}
	return tag, err
}

// dropForeignKeys drops foreign keys of c's table, found by its schema
// (a search_path without it, as pg_dump's, still reaches it), and the
// clones its partitions have of them (clonePartitionForeignKeys).
func dropForeignKeys(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	for _, name := range c.DropForeignKeys {
		if err := t.DropForeignKey(ctx, name); err != nil {
			return err
		}
	}
	return dropPartitionForeignKeys(h, ctx, catalog.QName{Schema: c.Schema, Name: c.Table}, c.DropForeignKeys)
}

// dropPartitionForeignKeys drops the named foreign keys from the
// partitions under partitioned table q, which hold them as clones.
func dropPartitionForeignKeys(h Host, ctx *sql.Context, q catalog.QName, names []string) error {
	cat := h.Catalog()
	if _, ok := cat.Partitioned(q); !ok {
		return nil
	}
	for _, child := range cat.Children(q) {
		ct, ok := h.Table(ctx, child.Schema, child.Name)
		if !ok {
			continue
		}
		have, err := ct.GetDeclaredForeignKeys(ctx)
		if err != nil {
			return err
		}
		for _, name := range names {
			for _, fk := range have {
				if fk.Name != name {
					continue
				}
				if err := ct.DropForeignKey(ctx, name); err != nil {
					return err
				}
			}
		}
		if err := dropPartitionForeignKeys(h, ctx, child, names); err != nil {
			return err
		}
	}
	return nil
}

// runSequence plans and runs GMS statements one after another, each seeing
// the previous one's changes.
func runSequence(h Host, ctx *sql.Context, stmts []sqlparser.Statement) error {
	for _, st := range stmts {
		_, iter, err := h.QueryGMS(ctx, sqlparser.String(st), st)
		if err != nil {
			return err
		}
		for {
			if _, err = iter.Next(ctx); err != nil {
				break
			}
		}
		cerr := iter.Close(ctx)
		if err != io.EOF {
			return err
		}
		if cerr != nil {
			return cerr
		}
	}
	return nil
}

func mustTable(h Host, ctx *sql.Context, schema, name string) (*storage.Table, error) {
	t, ok := h.Table(ctx, schema, name)
	if !ok {
		if schema != "" {
			name = schema + "." + name
		}
		return nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", name)
	}
	return t, nil
}

func renameConstraint(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	// a DEFERRABLE constraint stays so under its new name (deferrable.go)
	q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
	h.SetCatalog(h.Catalog().RenameConstraint(q, c.From, c.To).RenameIndex(q, c.From, c.To)) // the constraint's index too
	if _, ok := h.Catalog().Exclusion(q, c.To); ok {
		return t.RenameIndex(ctx, c.From, c.To) // exclusion.go: its index has its name
	}
	switch TableInfo(ctx, t).Constraints[c.From] {
	case 'p':
		return t.SetPrimaryKeyName(ctx, c.To)
	case 'u':
		return t.RenameIndex(ctx, c.From, c.To)
	case 'f':
		fks, err := t.GetDeclaredForeignKeys(ctx)
		if err != nil {
			return err
		}
		for _, fk := range fks {
			if fk.Name == c.From {
				fk.Name = c.To
				return t.UpdateForeignKey(ctx, c.From, fk)
			}
		}
	case 'c':
		checks, err := t.StoredChecks(ctx)
		if err != nil {
			return err
		}
		notValid, err := t.NotValidChecks(ctx)
		if err != nil {
			return err
		}
		for _, ch := range checks {
			if ch.Name == c.From {
				if err := t.DropCheck(ctx, c.From); err != nil {
					return err
				}
				ch.Name = c.To
				if err := t.CreateCheck(ctx, &ch); err != nil || !slices.Contains(notValid, c.From) {
					return err
				}
				return t.SetCheckValidated(ctx, c.To, false)
			}
		}
	}
	return pgerror.New(pgerror.UndefinedObject, "constraint %q for table %q does not exist", c.From, c.Table)
}

// Referencing returns the foreign keys of other tables (not in skip) that
// reference t.
func Referencing(ctx *sql.Context, t *storage.Table, skip map[string]bool) ([]sql.ForeignKeyConstraint, error) {
	fks, err := t.GetReferencedForeignKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []sql.ForeignKeyConstraint
	for _, fk := range fks {
		if !skip[fk.SchemaName+"."+fk.Table] {
			out = append(out, fk)
		}
	}
	return out, nil
}

func dropTables(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	var tables []*storage.Table
	dropping := map[string]bool{}
	for _, o := range c.Objects {
		t, ok := h.Table(ctx, o[0], o[1])
		if !ok {
			if c.MissingOK {
				continue
			}
			return pgerror.New(pgerror.UndefinedTable, "table %q does not exist", o[1])
		}
		tables = append(tables, t)
		dropping[t.SchemaName()+"."+t.Name()] = true
	}
	tables, err := withDescendants(h, ctx, tables, dropping, c.Cascade) // inherits.go
	if err != nil {
		return err
	}
	for _, t := range tables {
		fks, err := Referencing(ctx, t, dropping)
		if err != nil {
			return err
		}
		if len(fks) > 0 && !c.Cascade {
			var detail []string
			for _, fk := range fks {
				detail = append(detail, fmt.Sprintf("constraint %s on table %s depends on table %s", fk.Name, fk.Table, t.Name()))
			}
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.DependentObjectsStillExist,
				Message: fmt.Sprintf("cannot drop table %s because other objects depend on it", t.Name()),
				Detail:  strings.Join(detail, "\n"), Hint: "Use DROP ... CASCADE to drop the dependent objects too."}
		}
		for _, fk := range fks {
			child, ok := h.Table(ctx, fk.SchemaName, fk.Table)
			if !ok {
				continue
			}
			h.DropCascades("constraint " + fk.Name + " on " + relationDesc(h, "table", child.SchemaName(), child.Name()))
			if err := child.DropForeignKey(ctx, fk.Name); err != nil {
				return err
			}
		}
	}
	for _, t := range tables {
		if err := h.Database().Schema(t.SchemaName()).DropTable(ctx, t.Name()); err != nil {
			return err
		}
	}
	return nil
}

// truncate is TRUNCATE [CASCADE]: a table referenced by a foreign key may
// only be truncated together with the referencing tables.
func truncate(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	var tables []*storage.Table
	set := map[string]bool{}
	for _, o := range c.Objects {
		t, err := mustTable(h, ctx, o[0], o[1])
		if err != nil {
			return err
		}
		if !set[t.SchemaName()+"."+t.Name()] {
			set[t.SchemaName()+"."+t.Name()] = true
			tables = append(tables, t)
		}
	}
	for i := 0; i < len(tables); i++ {
		t := tables[i]
		fks, err := Referencing(ctx, t, set)
		if err != nil {
			return err
		}
		for _, fk := range fks {
			if fk.SchemaName == t.SchemaName() && fk.Table == t.Name() {
				continue
			}
			if !c.Cascade {
				return &pgerror.Error{Severity: "ERROR", Code: pgerror.FeatureNotSupported,
					Message: "cannot truncate a table referenced in a foreign key constraint",
					Detail:  fmt.Sprintf("Table %q references %q.", fk.Table, t.Name()),
					Hint:    fmt.Sprintf("Truncate table %q at the same time, or use TRUNCATE ... CASCADE.", fk.Table)}
			}
			child, ok := h.Table(ctx, fk.SchemaName, fk.Table)
			if !ok || set[child.SchemaName()+"."+child.Name()] {
				continue
			}
			set[child.SchemaName()+"."+child.Name()] = true
			tables = append(tables, child)
		}
	}
	if err := h.FireTruncateTriggers(ctx, tables, catalog.TimingBefore); err != nil {
		return err
	}
	for _, t := range tables {
		if _, err := t.TruncateStatement(ctx); err != nil {
			return err
		}
	}
	if err := h.FireTruncateTriggers(ctx, tables, catalog.TimingAfter); err != nil {
		return err
	}
	if c.Restart {
		for _, t := range tables {
			RestartIdentity(h, t.SchemaName(), t.Name())
		}
	}
	return nil
}

// DropSchemaTables empties a schema of its tables for DROP SCHEMA: with
// CASCADE they are dropped (and foreign keys elsewhere referencing them),
// else their existence is 2BP01.
func DropSchemaTables(h Host, schema string, cascade bool) error {
	txn := h.StorageTxn()
	names := tableNames(txn, schema)
	if !cascade {
		// the schema's members and what other schemas hold on them
		// (drop_schema.go); the catalog objects not listed there refuse
		// the DROP in DropSchemaObjects
		if detail := schemaDependencyDetail(h, h.Catalog(), schema, names); len(detail) > 0 {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.DependentObjectsStillExist,
				Message: fmt.Sprintf("cannot drop schema %s because other objects depend on it", schema),
				Detail:  strings.Join(detail, "\n"), Hint: "Use DROP ... CASCADE to drop the dependent objects too."}
		}
		return nil
	}
	routines, err := dropSchemaRoutines(h, schema) // drop_schema.go
	if err != nil {
		return err
	}
	for _, d := range schemaContents(h, h.Catalog(), schema, names) { // describe.go
		h.DropCascades(d)
	}
	for _, d := range routines {
		h.DropCascades(d)
	}
	if err := dropSchemaOutsiders(h, schema, names); err != nil { // drop_schema.go
		return err
	}
	if len(names) == 0 {
		return nil
	}
	c := &translate.TableDDL{Kind: "drop_table", Cascade: true}
	deps := &translate.DropTableDeps{Cascade: true}
	for _, n := range names {
		c.Objects = append(c.Objects, []string{schema, n})
		deps.Tables = append(deps.Tables, catalog.QName{Schema: schema, Name: n})
	}
	// views elsewhere that read the schema's tables go with them
	if err := DropTableDeps(h, deps); err != nil {
		return err
	}
	mark := txn.Savepoint()
	if err := dropTables(h, h.SQLContext(), c); err != nil {
		txn.RollbackTo(mark)
		return h.MapError(err)
	}
	return nil
}

// markChecksValidated records the CHECK constraints an ALTER TABLE added
// NOT VALID or validated (pg_constraint.convalidated).
func markChecksValidated(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	for _, n := range c.NotValid {
		if err := t.SetCheckValidated(ctx, n, false); err != nil {
			return err
		}
	}
	for _, n := range c.Validated {
		if err := t.SetCheckValidated(ctx, n, true); err != nil {
			return err
		}
	}
	return nil
}

package session

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// constraintError maps GMS's CHECK and FOREIGN KEY errors to PostgreSQL's
// 23514 and 23503 (and DDL errors of table constraints); ok is false for
// other errors.
func constraintError(err error) (*pgerror.Error, bool) {
	var wrapped sql.WrappedInsertError
	if errors.As(err, &wrapped) {
		err = wrapped.Cause
	}
	msg := err.Error()
	switch {
	case sql.ErrCheckConstraintViolated.Is(err):
		// The table is filled in by Session.relationError.
		name := quotedArg(msg)
		if pe, ok := rlsViolation(name); ok { // rls_rewrite.go
			return pe, true
		}
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Constraint: name,
			Message: "new row violates check constraint " + quoteIdent(name)}, true
	case sql.ErrInsertIntoNonNullableProvidedNull.Is(err), sql.ErrInsertIntoNonNullableDefaultNullColumn.Is(err):
		// The table is filled in by Session.relationError.
		col := quotedArg(msg)
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.NotNullViolation, Column: col,
			Message: "null value in column " + quoteIdent(col) + " violates not-null constraint"}, true
	case sql.ErrForeignKeyChildViolation.Is(err):
		q := backquoted(msg)
		if len(q) >= 3 {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: q[1], Constraint: q[0],
				Message: "insert or update on table " + quoteIdent(q[1]) + " violates foreign key constraint " + quoteIdent(q[0])}, true
		}
	case sql.ErrForeignKeyParentViolation.Is(err):
		q := backquoted(msg)
		if len(q) >= 3 {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: q[1], Constraint: q[0],
				Message: "update or delete on table " + quoteIdent(q[2]) + " violates foreign key constraint " + quoteIdent(q[0]) + " on table " + quoteIdent(q[1])}, true
		}
	case sql.ErrForeignKeyColumnTypeMismatch.Is(err):
		return pgerror.New(pgerror.DatatypeMismatch, "foreign key constraint cannot be implemented"), true
	case sql.ErrForeignKeySetDefault.Is(err):
		return pgerror.New(pgerror.FeatureNotSupported, "ON DELETE/UPDATE SET DEFAULT is not supported yet"), true
	case sql.ErrForeignKeyMissingReferenceIndex.Is(err):
		q := backquoted(msg)
		if len(q) >= 2 {
			return pgerror.New(pgerror.InvalidForeignKey, "there is no unique constraint matching given keys for referenced table %q", q[1]), true
		}
	case sql.ErrForeignKeyDropTable.Is(err):
		q := backquoted(msg)
		if len(q) >= 2 {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.DependentObjectsStillExist,
				Message: "cannot drop table " + q[0] + " because other objects depend on it",
				Hint:    "Use DROP ... CASCADE to drop the dependent objects too."}, true
		}
	case sql.ErrUnknownColumn.Is(err):
		if q := singleQuoted(msg); len(q) >= 2 {
			return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", q[0], q[1]), true
		}
	case sql.ErrTableColumnNotFound.Is(err):
		// a qualified reference: SELECT t.nope
		if q := doubleQuoted(msg); len(q) >= 2 {
			return pgerror.New(pgerror.UndefinedColumn, "column %s.%s does not exist", q[0], q[1]), true
		}
	case sql.ErrTableAlreadyExists.Is(err):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "table with name "), " already exists")
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", name), true
	case sql.ErrGeneratedColumnValue.Is(err):
		// only INSERT gets here: translate refuses UPDATE's own way
		if q := doubleQuoted(msg); len(q) >= 1 {
			return pgerror.New(pgerror.GeneratedAlways, "cannot insert a non-DEFAULT value into column %q", q[0]).
				WithDetail("Column %q is a generated column.", q[0]), true
		}
	case sql.ErrUnknownConstraint.Is(err):
		return pgerror.New(pgerror.UndefinedObject, "constraint %q does not exist", quotedArg(msg)), true
	}
	return nil, false
}

// backquoted returns the `quoted` parts of a GMS message in order.
func backquoted(msg string) []string { return between(msg, '`') }

func singleQuoted(msg string) []string { return between(msg, '\'') }
func doubleQuoted(msg string) []string { return between(msg, '"') }

// between returns the parts of msg enclosed in q, in order.
func between(msg string, q byte) []string {
	var out []string
	for {
		i := strings.IndexByte(msg, q)
		if i < 0 {
			return out
		}
		j := strings.IndexByte(msg[i+1:], q)
		if j < 0 {
			return out
		}
		out = append(out, msg[i+1:i+1+j])
		msg = msg[i+j+2:]
	}
}

func quoteIdent(s string) string { return `"` + s + `"` }

// relationError maps a GMS error (mapError) and completes a check or
// not-null violation with the relation and the failing row:
// GMS's errors name only the constraint or column. The relation is the
// statement's target table (INSERT / UPDATE) when it has that constraint or
// column, else the first table on the search path with such a check.
//
// kind is the statement's tag verb: a unique violation while ALTER TABLE
// adds a key is PostgreSQL's "could not create unique index".
func (s *Session) relationError(raw error, kind, query string) error {
	err := mapError(raw)
	pe, ok := pgerror.As(err)
	if ok && pe.Code == pgerror.ForeignKeyViolation && pe.Detail == "" {
		s.foreignKeyDetail(pe, raw)
		return pe
	}
	if !ok || pe.Table != "" {
		return err
	}
	switch pe.Code {
	case pgerror.UniqueViolation:
		if kind == "ALTER TABLE" && pe.Constraint != "" {
			pe.Message = fmt.Sprintf("could not create unique index %q", pe.Constraint)
		}
		return pe
	case pgerror.CheckViolation, pgerror.NotNullViolation, pgerror.WithCheckOptionViolation:
	default:
		return err
	}
	ctx := s.sqlContext()
	owns := func(t *storage.Table) bool {
		if pe.Code == pgerror.NotNullViolation {
			return t.Schema().IndexOfColName(pe.Column) >= 0
		}
		checks, _ := t.GetChecks(ctx)
		for _, c := range checks {
			if c.Name == pe.Constraint {
				return true
			}
		}
		return false
	}
	var found *storage.Table
	if schema, name, ok := statementTarget(query); ok {
		if t, ok := s.table(ctx, schema, name); ok && owns(t) {
			found = t
		}
	}
	if found == nil && (pe.Code == pgerror.CheckViolation || pe.Code == pgerror.WithCheckOptionViolation) {
		found = s.findCheckTable(ctx, owns)
	}
	if found == nil {
		return pe
	}
	var wrapped sql.WrappedInsertError
	hasRow := errors.As(raw, &wrapped)
	if hasRow && len(wrapped.OffendingRow) == len(found.Schema()) {
		// a row written through a partitioned table fails in its partition
		// (partition_funcs.go)
		if leaf := s.routedLeaf(ctx, found, wrapped.OffendingRow); leaf != nil && owns(leaf) {
			wrapped.OffendingRow = ddl.RemapRow(found.Schema(), leaf.Schema(), wrapped.OffendingRow)
			found = leaf
		}
	}
	pe.Schema, pe.Table = found.SchemaName(), found.Name()
	if hasRow && len(wrapped.OffendingRow) == len(found.Schema()) {
		pe.Detail = dml.FailingRow(found.Schema(), wrapped.OffendingRow, &s.env)
	}
	switch pe.Code {
	case pgerror.WithCheckOptionViolation:
		// names the view already; the table's schema and name stay unset,
		// as in PostgreSQL
		pe.Schema, pe.Table, pe.Constraint = "", "", ""
	case pgerror.NotNullViolation:
		pe.Message = "null value in column " + quoteIdent(pe.Column) + " of relation " + quoteIdent(pe.Table) + " violates not-null constraint"
	default:
		pe.Message = "new row for relation " + quoteIdent(pe.Table) + " violates check constraint " + quoteIdent(pe.Constraint)
	}
	return pe
}

// findCheckTable returns the first table on the search path that owns.
func (s *Session) findCheckTable(ctx *sql.Context, owns func(*storage.Table) bool) *storage.Table {
	txn := s.StorageTxn()
	db := s.eng.provider.DB()
	for _, schema := range s.SearchPath() {
		names, err := txn.TableNames(schema)
		if err != nil {
			continue
		}
		for _, n := range names {
			if t, ok, err := db.Table(ctx, schema, n); err == nil && ok && owns(t) {
				return t
			}
		}
	}
	return nil
}

// statementTarget returns the table an INSERT or UPDATE writes.
func statementTarget(query string) (schema, name string, ok bool) {
	if query == "" {
		return "", "", false
	}
	tree, err := pgtree.Parse(query)
	if err != nil || len(tree.Stmts) != 1 {
		return "", "", false
	}
	var rv *pg.RangeVar
	switch st := tree.Stmts[0].Stmt.Node.(type) {
	case *pg.Node_InsertStmt:
		rv = st.InsertStmt.Relation
	case *pg.Node_UpdateStmt:
		rv = st.UpdateStmt.Relation
	}
	if rv == nil {
		return "", "", false
	}
	return rv.Schemaname, rv.Relname, true
}

// foreignKeyDetail adds PostgreSQL's "Key (col)=(value) is not present in
// table ..." / "... is still referenced from table ..." detail. GMS prints
// the key with fmt, which matches PostgreSQL's output only for integers and
// text, so other keys get no detail.
func (s *Session) foreignKeyDetail(pe *pgerror.Error, raw error) {
	var wrapped sql.WrappedInsertError
	if errors.As(raw, &wrapped) {
		raw = wrapped.Cause
	}
	q := backquoted(raw.Error())
	if len(q) < 4 || !strings.HasPrefix(q[3], "[") || !strings.HasSuffix(q[3], "]") {
		return
	}
	ctx := s.sqlContext()
	child, ok := s.table(ctx, "", q[1])
	if !ok {
		return
	}
	fks, err := child.GetDeclaredForeignKeys(ctx)
	if err != nil {
		return
	}
	for _, fk := range fks {
		if fk.Name != q[0] || len(fk.Columns) != 1 {
			continue
		}
		i := child.Schema().IndexOfColName(fk.Columns[0])
		if i < 0 {
			return
		}
		switch expr.FromGMSType(child.Schema()[i].Type).Kind {
		case types.KindInt2, types.KindInt4, types.KindInt8, types.KindText, types.KindVarchar, types.KindName, types.KindUUID, types.KindEnum:
			// values kept as their output text (uuid, enum labels)
		default:
			return
		}
		key := q[3][1 : len(q[3])-1]
		if sql.ErrForeignKeyChildViolation.Is(raw) {
			pe.Detail = fmt.Sprintf("Key (%s)=(%s) is not present in table %s.", fk.Columns[0], key, quoteIdent(fk.ParentTable))
		} else {
			pe.Detail = fmt.Sprintf("Key (%s)=(%s) is still referenced from table %s.", fk.ParentColumns[0], key, quoteIdent(fk.Table))
		}
		return
	}
}

package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/pgerror"
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
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Constraint: name,
			Message: "new row violates check constraint " + quoteIdent(name)}, true
	case sql.ErrForeignKeyChildViolation.Is(err):
		q := backquoted(msg)
		if len(q) >= 3 {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: q[1], Constraint: q[0],
				Message: "insert or update on table " + quoteIdent(q[1]) + " violates foreign key constraint " + quoteIdent(q[0]),
				Detail:  "Key is not present in table " + quoteIdent(q[2]) + "."}, true
		}
	case sql.ErrForeignKeyParentViolation.Is(err):
		q := backquoted(msg)
		if len(q) >= 3 {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Table: q[1], Constraint: q[0],
				Message: "update or delete on table " + quoteIdent(q[2]) + " violates foreign key constraint " + quoteIdent(q[0]) + " on table " + quoteIdent(q[1]),
				Detail:  "Key is still referenced from table " + quoteIdent(q[1]) + "."}, true
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
		// GMS raises this for INSERT and UPDATE alike; PostgreSQL's UPDATE
		// wording ("can only be updated to DEFAULT") differs.
		if q := doubleQuoted(msg); len(q) >= 1 {
			return pgerror.New(pgerror.GeneratedAlways, "cannot insert a non-DEFAULT value into column %q", q[0]), true
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

// relationError completes a check violation with the relation that owns
// the constraint: GMS's error names only the constraint. The first table
// on the search path with a check of that name is taken.
//
// kind is the statement's tag verb: a unique violation while ALTER TABLE
// adds a key is PostgreSQL's "could not create unique index".
func (s *Session) relationError(err error, kind string) error {
	pe, ok := pgerror.As(err)
	if ok && pe.Code == pgerror.UniqueViolation && kind == "ALTER TABLE" && pe.Constraint != "" {
		pe.Message = fmt.Sprintf("could not create unique index %q", pe.Constraint)
		return pe
	}
	if !ok || pe.Code != pgerror.CheckViolation || pe.Table != "" || pe.Constraint == "" {
		return err
	}
	ctx := sql.NewContext(context.Background(), sql.WithSession(s))
	txn := s.StorageTxn()
	db := s.eng.provider.DB()
	for _, schema := range s.SearchPath() {
		names, terr := txn.TableNames(schema)
		if terr != nil {
			continue
		}
		for _, n := range names {
			t, ok, terr := db.Table(ctx, schema, n)
			if terr != nil || !ok {
				continue
			}
			checks, _ := t.GetChecks(ctx)
			for _, c := range checks {
				if c.Name == pe.Constraint {
					pe.Schema, pe.Table = schema, n
					pe.Message = "new row for relation " + quoteIdent(n) + " violates check constraint " + quoteIdent(pe.Constraint)
					return pe
				}
			}
		}
	}
	return pe
}

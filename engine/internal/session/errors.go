package session

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// mapError turns any error from planning or execution into *Error.
// go-mysql-server's error kinds are mapped to PostgreSQL's SQLSTATEs and
// wording; anything unknown becomes XX000 so tests can find it.
func mapError(err error) error {
	if err == nil {
		return nil
	}
	err = sql.UnwrapError(err)
	if pe, ok := pgerror.As(err); ok {
		return pe
	}
	if wie, ok := err.(sql.WrappedInsertError); ok && wie.Cause != nil {
		err = wie.Cause // GMS wraps row errors of INSERT with the offending row
	}
	if uv, ok := storage.AsUniqueViolation(err); ok {
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.UniqueViolation,
			Message: fmt.Sprintf("duplicate key value violates unique constraint %q", uv.Index),
			Detail:  uniqueDetail(uv), Schema: uv.Schema, Table: uv.Table, Constraint: uv.Index}
	}
	if pe, ok := constraintError(err); ok {
		return pe
	}
	if errors.Is(err, context.Canceled) {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to statement timeout")
	}
	if errors.Is(err, storage.ErrNoCreationSchema) {
		return pgerror.New(pgerror.InvalidSchemaName, "no schema has been selected to create in")
	}
	if errors.Is(err, storage.ErrWriteConflict) {
		return pgerror.New(pgerror.SerializationFailure, "could not serialize access due to concurrent update")
	}
	msg := err.Error()
	switch {
	case sql.ErrTableNotFound.Is(err):
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", quotedArg(msg))
	case sql.ErrColumnNotFound.Is(err), sql.ErrTableColumnNotFound.Is(err):
		return pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", quotedArg(msg))
	case sql.ErrTableAlreadyExists.Is(err):
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", quotedArg(msg))
	case sql.ErrUniqueKeyViolation.Is(err), sql.ErrDuplicateEntry.Is(err):
		return pgerror.New(pgerror.UniqueViolation, "duplicate key value violates unique constraint")
	case sql.ErrInsertIntoNonNullableProvidedNull.Is(err), sql.ErrInsertIntoNonNullableDefaultNullColumn.Is(err):
		return pgerror.New(pgerror.NotNullViolation, "null value in column %q violates not-null constraint", quotedArg(msg))
	case sql.ErrFunctionNotFound.Is(err):
		return pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", quotedArg(msg))
	case sql.ErrDatabaseSchemaNotFound.Is(err):
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", quotedArg(msg))
	case sql.ErrAmbiguousColumnName.Is(err):
		return pgerror.New(pgerror.AmbiguousColumn, "column reference %q is ambiguous", quotedArg(msg))
	case sql.ErrDuplicateColumn.Is(err):
		return pgerror.New(pgerror.DuplicateColumn, "column %q specified more than once", quotedArg(msg))
	case sql.ErrExpectedSingleRow.Is(err):
		return pgerror.New(pgerror.CardinalityViolation, "more than one row returned by a subquery used as an expression")
	case sql.ErrInvalidOperandColumns.Is(err):
		return pgerror.New(pgerror.SyntaxError, "subquery must return only one column")
	case sql.ErrColValCountMismatch.Is(err):
		return pgerror.New(pgerror.SyntaxError, "VALUES lists must all be the same length")
	case sql.ErrColumnCountMismatch.Is(err):
		return pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns")
	}
	var ue sql.UniqueKeyError
	if errors.As(err, &ue) {
		return pgerror.New(pgerror.UniqueViolation, "duplicate key value violates unique constraint")
	}
	return &pgerror.Error{Severity: "ERROR", Code: pgerror.InternalError, Message: msg}
}

// quotedArg pulls the first quoted name out of a GMS message.
func quotedArg(msg string) string {
	// GMS appends a spelling suggestion (", maybe you mean x?") to the
	// name; PostgreSQL's messages carry only the name.
	if i := strings.Index(msg, ", maybe you mean "); i >= 0 {
		msg = msg[:i]
	}
	for _, q := range []string{"`", "'", `"`} {
		if i := strings.Index(msg, q); i >= 0 {
			if j := strings.Index(msg[i+1:], q); j >= 0 {
				return msg[i+1 : i+1+j]
			}
		}
	}
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		return strings.TrimSpace(msg[i+2:])
	}
	return msg
}

// uniqueDetail is PostgreSQL's DETAIL of a unique violation,
// "Key (id)=(1) already exists.".
func uniqueDetail(uv *storage.UniqueViolation) string { return ddl.KeyDetail(uv, "already exists.") }

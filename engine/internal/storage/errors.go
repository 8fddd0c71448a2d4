package storage

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	goerrors "gopkg.in/src-d/go-errors.v1"
)

var (
	// ErrTxnDone is returned by operations on a committed or rolled back Txn.
	ErrTxnDone = errors.New("storage: transaction already finished")
	// ErrNoTxn is returned when the session of a *sql.Context carries no
	// storage transaction.
	ErrNoTxn = errors.New("storage: session has no storage transaction")
	// ErrTableChanged is returned when a table handle planned against one
	// column list is used after the table's columns changed.
	ErrTableChanged = errors.New("storage: table columns changed since the statement was planned")
	// ErrRowNotFound is returned when an update names a row that is not stored.
	ErrRowNotFound = errors.New("storage: row not found")
	// ErrSchemaExists is returned by CreateSchema for an existing schema.
	ErrSchemaExists = errors.New("storage: schema already exists")
	// ErrSchemaNotFound is returned for a schema that does not exist.
	ErrSchemaNotFound = errors.New("storage: schema does not exist")
	// ErrSchemaNotEmpty is returned by DropSchema for a schema holding tables.
	ErrSchemaNotEmpty = errors.New("storage: schema is not empty")
	// ErrNoCreationSchema is returned when no schema on the search path exists
	// to create an unqualified table in (PostgreSQL: 3F000).
	ErrNoCreationSchema = errors.New("storage: no schema has been selected to create in")
	// ErrWriteConflict is returned by a row write that had to take the
	// writer lock after its statement read an older committed state
	// (PostgreSQL: 40001); retrying the statement succeeds. See Txn.Lock.
	ErrWriteConflict = errors.New("storage: could not serialize access due to concurrent update")
	// ErrUnsupported is returned for index or key kinds tinybase does not store.
	ErrUnsupported = errors.New("storage: unsupported")
)

// UniqueViolation describes a primary key or unique index violation, decoded
// from the error GMS's machinery sees.
type UniqueViolation struct {
	Schema, Table string
	// Index is the index name; for a primary key, the constraint name
	// (default "<table>_pkey"), while GMS itself calls that index PRIMARY.
	Index      string
	PrimaryKey bool
	// Columns are the key columns; empty for an expression index.
	Columns []string
	// KeyText is the conflicting key in PostgreSQL's text format, values
	// separated by ", " and NULL as "null", as the DETAIL of PostgreSQL's
	// unique_violation shows it; use Table.IndexKey on Existing to get
	// typed values.
	KeyText string
	// Existing is the stored row the new row conflicts with.
	Existing sql.Row
}

// uniqueViolation builds the error GMS expects from a write that violates a
// unique index (ix) or the primary key (ix == nil): sql.NewUniqueKeyErr,
// unwrapped, so INSERT ... ON DUPLICATE KEY UPDATE and REPLACE can find the
// existing row. The key string encodes schema, table, index and columns
// for AsUniqueViolation.
func uniqueViolation(def *tableDef, ix *indexDef, key, existing sql.Row) error {
	name, cols := def.pkName, def.pkColumns()
	if ix != nil {
		name, cols = ix.name, ix.columns
	}
	var b strings.Builder
	b.WriteString(strconv.Quote(def.schema))
	b.WriteByte('.')
	b.WriteString(strconv.Quote(def.name))
	b.WriteByte('.')
	b.WriteString(strconv.Quote(name))
	b.WriteString(" (")
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(c))
	}
	b.WriteString(")=(")
	var keyTypes []sql.Type // the index's key types come first in its order
	if ix != nil && ix.order != nil {
		keyTypes = ix.order.types
	} else if ix == nil && def.pkOrder != nil {
		keyTypes = def.pkOrder.types
	}
	for i, v := range key {
		if i > 0 {
			b.WriteString(", ")
		}
		if v == nil {
			b.WriteString("NULL")
			continue
		}
		var t *types.Type
		if i < len(keyTypes) {
			t, _ = keyTypes[i].(*types.Type)
		}
		var text string
		if t != nil {
			text = types.Output(t, v, nil)
		} else {
			text = fmt.Sprint(v)
		}
		b.WriteString(strconv.Quote(text))
	}
	b.WriteByte(')')
	return sql.NewUniqueKeyErr(b.String(), ix == nil, existing.Copy())
}

// AsUniqueViolation reports whether err (or an error it wraps, including
// GMS's wrappers) is a unique or primary key violation raised by this
// package, and decodes it.
func AsUniqueViolation(err error) (*UniqueViolation, bool) {
	for err != nil {
		if ge, ok := err.(*goerrors.Error); ok {
			if ue, ok := ge.Cause().(sql.UniqueKeyError); ok && (sql.ErrUniqueKeyViolation.Is(ge) || sql.ErrPrimaryKeyViolation.Is(ge)) {
				v, ok := parseUniqueKey(ue.Error())
				if !ok {
					return nil, false
				}
				v.PrimaryKey = ue.IsPK
				v.Existing = ue.Existing
				return v, true
			}
		}
		err = Cause(err)
	}
	return nil, false
}

// Cause is the error err wraps, through GMS's wrappers too (nil when it
// wraps none).
func Cause(err error) error {
	switch e := err.(type) {
	case *goerrors.Error:
		return e.Cause()
	case sql.WrappedInsertError:
		return e.Cause
	case *sql.WrappedInsertError:
		return e.Cause
	}
	return errors.Unwrap(err)
}

func parseUniqueKey(s string) (*UniqueViolation, bool) {
	var parts [3]string
	for i := range parts {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return nil, false
		}
		parts[i], _ = strconv.Unquote(q)
		s = s[len(q):]
		if i < 2 {
			if !strings.HasPrefix(s, ".") {
				return nil, false
			}
			s = s[1:]
		}
	}
	v := &UniqueViolation{Schema: parts[0], Table: parts[1], Index: parts[2]}
	if !strings.HasPrefix(s, " (") {
		return nil, false
	}
	s = s[2:]
	for !strings.HasPrefix(s, ")") {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return nil, false
		}
		c, _ := strconv.Unquote(q)
		v.Columns = append(v.Columns, c)
		s = strings.TrimPrefix(s[len(q):], ", ")
	}
	s = strings.TrimPrefix(s, ")=(")
	var vals []string
	for !strings.HasPrefix(s, ")") && s != "" {
		if rest, ok := strings.CutPrefix(s, "NULL"); ok {
			vals = append(vals, "null")
			s = strings.TrimPrefix(rest, ", ")
			continue
		}
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return nil, false
		}
		val, _ := strconv.Unquote(q)
		vals = append(vals, val)
		s = strings.TrimPrefix(s[len(q):], ", ")
	}
	v.KeyText = strings.Join(vals, ", ")
	return v, true
}

package engine

import (
	"github.com/tinybase/tinybase/engine/internal/session"
)

// Rows streams one statement's result: Next, then Values or Text per
// row; Err, Tag and Notices once Next returns false. Close releases it
// early.
type Rows = session.Rows

// Column describes one result column as RowDescription does: name, type
// OID and typmod, and the type's name as format_type() prints it.
type Column = session.Column

// Result is one statement's materialised result, from Exec.
type Result = session.Result

// Prepared is a parsed statement with its parameter types and result
// columns, ready to run many times (the extended protocol's Parse).
type Prepared = session.Prepared

// Param is a typed statement argument; ParamFromText makes one.
type Param = session.Param

// Copy is a running COPY statement: Write feeds COPY FROM data, Done or
// Fail ends it; COPY TO streams through Rows.
type Copy = session.Copy

// Notification is one NOTIFY delivered to a listener.
type Notification = session.Notification

// CommittedChanges is one committed transaction's row changes
// (Engine.SubscribeChanges).
type CommittedChanges = session.CommittedChanges

// Change is one committed row change.
type Change = session.Change

// Statement is one statement of a script with its byte offset in it.
type Statement = session.Statement

// SplitStatements splits a script into statements with PostgreSQL's
// lexer, as psql sends them.
func SplitStatements(script string) ([]Statement, error) { return session.SplitStatements(script) }

// IsCopy reports whether sql is a COPY statement (which the wire protocol
// runs with its own sub-protocol).
func IsCopy(sql string) bool { return session.IsCopy(sql) }

package session

import (
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Error is the engine's error: SQLSTATE, message, detail, hint, position and
// object names. Every failure a statement can have is returned as *Error.
type Error = pgerror.Error

// Notice is a NOTICE / WARNING raised while a statement ran.
type Notice = pgerror.Notice

// Column describes one result column as the wire protocol's RowDescription
// does: name, type OID and typmod, plus the type's name as format_type()
// prints it (e.g. "character varying(20)", "numeric(10,2)", "integer[]").
type Column struct {
	Name     string
	TypeOID  uint32
	TypeMod  int32
	TypeName string
}

// Statement is one statement of a script with its byte offset in the script.
type Statement struct {
	SQL    string
	Offset int
}
